/**
 * Privacy (a company's admins, or a global admin for the company named; admin-scoped API keys
 * under /api/v1/privacy): erasing a person, the erasure jobs, the suppression list, and the export
 * of what is stored about a person.
 */
import type { Router } from '@koa/router';
import { erasureRequestSchema, personQuerySchema } from '@domain/privacy/contract';
import { companyFilterQuery } from '@domain/params';
import { actorOf } from '../../middleware/auth';
import { companyToRead, companyToWrite } from '../../middleware/tenant';
import { STREAMED_FILE_COMPRESSION } from '../../middleware/compression';
import { queryOf, validateBody } from '../../middleware/validate';
import { csvPagesStream } from '../../platform/csvPage';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import { recordNow } from '../audit';
import { normalizeIdentifier } from '../suppression';
import type { PrivacyService } from './service';

const actorId = (ctx: AppContext) => {
  const actor = actorOf(ctx);
  return actor.kind === 'user' ? actor.id : null;
};

const exportQuery = personQuerySchema.concat(companyFilterQuery);

function privacyRoutes(privacy: PrivacyService, prefix: string): Router<AppState> {
  const routes = new ApiRouter(prefix);

  routes.post('/erasures', async (ctx) => {
    const input = await validateBody(erasureRequestSchema, ctx.request.body);
    const companyId = await companyToWrite(ctx, input.companyId);
    ctx.status = 202;
    ctx.body = await privacy.erase(ctx.state.em, companyId, input.identifier, actorId(ctx));
  });

  routes.get('/erasures', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await privacy.erasures(ctx.state.em, await companyToRead(ctx));
  });

  routes.get('/erasures/:id', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await privacy.erasure(ctx.state.em, await companyToRead(ctx), ctx.params.id!);
  });

  routes.get('/suppressions', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await privacy.suppressions(ctx.state.em, await companyToRead(ctx));
  });

  routes.delete('/suppressions/:id', { query: companyFilterQuery }, async (ctx) => {
    await privacy.removeSuppression(ctx.state.em, await companyToRead(ctx), ctx.params.id!);
    ctx.status = 204;
  });

  // Written as it is read (export.ts); who asked for whom is recorded before the first byte.
  routes.get('/people/export', { query: exportQuery }, async (ctx) => {
    const query = queryOf(ctx, exportQuery);
    const companyId = await companyToRead(ctx);
    const pages = await privacy.exportPerson(ctx.state.em, companyId, String(query.value));
    await recordNow(ctx.state.em, { action: 'person_exported', companyId, target: { type: 'person', label: normalizeIdentifier(String(query.value)) }, changes: { after: { identifierType: query.type } } });
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', 'attachment; filename="person-export.json"');
    ctx.type = 'application/json; charset=utf-8';
    ctx.compress = STREAMED_FILE_COMPRESSION;
    const document = csvPagesStream(pages, (failure) => privacy.logger.error({ err: failure, companyId }, "The person's export stopped"));
    ctx.res.once('close', () => document.destroy());
    ctx.body = document;
  });

  return routes.router;
}

export function createPrivacyRouters(privacy: PrivacyService): Array<Router<AppState>> {
  return [privacyRoutes(privacy, '/api/privacy'), privacyRoutes(privacy, '/api/v1/privacy')];
}
