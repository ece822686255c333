/**
 * The survey widget's public API under /api/public (no session; CORS open in
 * middleware/cors.ts; rate limited per client address and per survey) and the company embed
 * screen's settings under /api/companies/:id (tenant-guarded like the global identifiers).
 */
import type { Router } from '@koa/router';
import {
  audienceMembershipInputSchema,
  collectionSettingsBodySchema,
  displayInputSchema,
  responseInputSchema,
  responseUpdateSchema,
  triggerSettingsBodySchemaFor,
} from '@domain/survey/collectionSchemas';
import type { CollectionSettings, TriggerSettings } from '@domain/survey/collection';
import type { Config } from '../../config';
import { Company } from '../../entities';
import { inReach } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import { COMPANY_NOT_FOUND } from '../companies';
import type { RateLimitCheck, RateLimiter } from '../../platform/rateLimit';
import { idempotentRequest, requestIdempotencyKey, sendAnswer } from '../../platform/idempotency';
import type { CollectionService } from './service';
import type { CompanyCollectionService } from './settings';

/** The bundle may be reused for a minute; a changed survey reaches visitors within that. */
const BUNDLE_CACHE_CONTROL = 'public, max-age=60';

const pathId = (ctx: AppContext) => (ctx as AppContext & { params: Record<string, string> }).params.id!;

export interface CollectionRouterDependencies {
  collection: CollectionService;
  settings: CompanyCollectionService;
  limiter: RateLimiter;
  config: Pick<Config, 'publicRateLimit' | 'webhookAllowPrivate'>;
}

function publicRoutes({ collection, limiter, config }: CollectionRouterDependencies): Router<AppState> {
  const routes = new ApiRouter('/api/public');
  const byAddress = (ctx: AppContext): RateLimitCheck => ({
    key: `address:${ctx.ip}`,
    limit: config.publicRateLimit.perAddress,
    refusal: (seconds) => `Too many requests from this address. Please try again in ${seconds} seconds.`,
  });
  const bySurvey = (surveyId: string): RateLimitCheck => ({
    key: `survey:${surveyId}`,
    limit: config.publicRateLimit.perSurvey,
    refusal: (seconds) => `This survey is receiving too many requests. Please try again in ${seconds} seconds.`,
  });

  routes.get('/companies/:id/surveys', async (ctx) => {
    await limiter.check([byAddress(ctx)]);
    const bundle = await collection.bundle(pathId(ctx));
    ctx.set('Cache-Control', BUNDLE_CACHE_CONTROL);
    ctx.vary('Accept-Encoding');
    ctx.etag = bundle.etag;
    ctx.type = 'application/json';
    ctx.body = bundle.json;
    // Koa compares If-None-Match with the ETag; 304 drops the body.
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    // Compressed once per build (bundleCache.ts) rather than on every page view.
    // Brotli whenever accepted: browsers list it beside gzip with the same weight.
    const encoding = ctx.acceptsEncodings('br') || ctx.acceptsEncodings('gzip');
    if (encoding === 'br' || encoding === 'gzip') {
      ctx.body = encoding === 'br' ? bundle.brotli : bundle.gzip;
      ctx.set('Content-Encoding', encoding);
      ctx.type = 'application/json';
    }
  });

  routes.post('/surveys/:id/displays', async (ctx) => {
    await limiter.check([byAddress(ctx), bySurvey(pathId(ctx))]);
    const input = await validateBody(displayInputSchema, ctx.request.body);
    await collection.recordDisplay(ctx.state.em, pathId(ctx), input);
    ctx.status = 204;
  });

  routes.post('/surveys/:id/responses', async (ctx) => {
    await limiter.check([byAddress(ctx), bySurvey(pathId(ctx))]);
    const key = requestIdempotencyKey(ctx);
    const input = await validateBody(responseInputSchema, ctx.request.body);
    const keyed = idempotentRequest('public.responses.start', `survey:${pathId(ctx)}`, key, ctx.request.body);
    sendAnswer(ctx, await collection.startResponse(pathId(ctx), input, { ip: ctx.ip, userAgent: ctx.get('user-agent') || undefined }, keyed));
  });

  // Counted apart from displays and responses: a targeted survey asks once per page view, and
  // those questions must not use up the survey's allowance for answers.
  routes.post('/surveys/:id/audience-membership', async (ctx) => {
    await limiter.check([byAddress(ctx), { ...bySurvey(pathId(ctx)), key: `audience:${pathId(ctx)}` }]);
    const input = await validateBody(audienceMembershipInputSchema, ctx.request.body);
    ctx.body = await collection.audienceMembership(ctx.state.em, pathId(ctx), input);
  });

  routes.patch('/responses/:id', async (ctx) => {
    await limiter.check([byAddress(ctx)]);
    const key = requestIdempotencyKey(ctx);
    const input = await validateBody(responseUpdateSchema, ctx.request.body);
    const response = await collection.responseFor(ctx.state.em, pathId(ctx), input.token);
    await limiter.check([bySurvey(response.surveyId)]);
    const keyed = idempotentRequest('public.responses.update', `response:${response.id}`, key, ctx.request.body);
    sendAnswer(ctx, await collection.updateResponse(ctx.state.em, response, input, keyed));
  });

  return routes.router;
}

function companyRoutes({ settings, config }: CollectionRouterDependencies): Router<AppState> {
  const routes = new ApiRouter('/api/companies');
  const company = inReach(Company, COMPANY_NOT_FOUND);
  const triggerSettingsBody = triggerSettingsBodySchemaFor({ allowHttpWebhook: config.webhookAllowPrivate });

  routes.get('/:id/trigger-settings', company, async (ctx) => {
    ctx.body = await settings.triggerSettings(ctx.state.em, company.of(ctx));
  });

  // Reach first, then the body: another company's id is a 404 whatever is sent.
  routes.put('/:id/trigger-settings', company, async (ctx) => {
    const { triggerSettings } = await validateBody(triggerSettingsBody, ctx.request.body);
    ctx.body = await settings.saveTriggerSettings(ctx.state.em, company.of(ctx), triggerSettings as TriggerSettings);
  });

  routes.post('/:id/trigger-settings/webhook-secret', company, async (ctx) => {
    ctx.body = await settings.rotateWebhookSecret(ctx.state.em, company.of(ctx));
  });

  routes.get('/:id/webhook-deliveries', company, async (ctx) => {
    ctx.body = await settings.deliveries(ctx.state.em, company.of(ctx));
  });

  routes.get('/:id/collection-settings', company, async (ctx) => {
    ctx.body = await settings.collectionSettings(ctx.state.em, company.of(ctx));
  });

  routes.put('/:id/collection-settings', company, async (ctx) => {
    const { collectionSettings } = await validateBody(collectionSettingsBodySchema, ctx.request.body);
    ctx.body = await settings.saveCollectionSettings(ctx.state.em, company.of(ctx), collectionSettings as CollectionSettings);
  });

  routes.get('/:id/surveys/active', company, async (ctx) => {
    ctx.body = await settings.activeSurveys(ctx.state.em, company.of(ctx));
  });

  routes.get('/:id/embed-code', company, (ctx) => {
    ctx.body = settings.embedCode(company.of(ctx));
  });

  return routes.router;
}

export function createCollectionRouters(dependencies: CollectionRouterDependencies): Array<Router<AppState>> {
  return [publicRoutes(dependencies), companyRoutes(dependencies)];
}
