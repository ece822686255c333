import type { Router } from '@koa/router';
import type { CategoryId } from '@domain/audience/contract';
import { audienceJobSchema, audiencePageQuerySchema, audienceQueryOf, audienceQuerySchema, audienceViewSchema, pagingOf, type AudienceViewInput } from '@domain/audience/query';
import { companyFilterQuery } from '@domain/params';
import { actorOf } from '../../middleware/auth';
import { companyToRead, companyToWrite } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import type { AudienceService } from './service';

type RawQuery = Parameters<typeof audienceQueryOf>[0];
const rawQuery = (ctx: AppContext) => (ctx.state.query ?? {}) as RawQuery;
const actorId = (ctx: AppContext) => {
  const actor = actorOf(ctx);
  return actor.kind === 'user' ? actor.id : null;
};

export function createAudienceRouter(audience: AudienceService): Router<AppState> {
  const routes = new ApiRouter('/api/audience-intelligence');

  routes.get('/metrics', { query: audienceQuerySchema }, async (ctx) => {
    ctx.body = await audience.metrics(await companyToRead(ctx), audienceQueryOf(rawQuery(ctx)));
  });

  routes.get('/categories', { query: audienceQuerySchema }, async (ctx) => {
    ctx.body = await audience.categories(await companyToRead(ctx), audienceQueryOf(rawQuery(ctx)));
  });

  routes.get('/categories/:categoryId/users', { query: audiencePageQuerySchema }, async (ctx) => {
    const raw = rawQuery(ctx);
    ctx.body = await audience.users(await companyToRead(ctx), audienceQueryOf(raw), pagingOf(raw), ctx.params.categoryId as CategoryId);
  });

  routes.get('/users', { query: audiencePageQuerySchema }, async (ctx) => {
    const raw = rawQuery(ctx);
    ctx.body = await audience.users(await companyToRead(ctx), audienceQueryOf(raw), pagingOf(raw));
  });

  routes.get('/users/:id', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await audience.user(await companyToRead(ctx), ctx.params.id!);
  });

  routes.get('/views', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await audience.views(ctx.state.em, await companyToRead(ctx));
  });

  routes.post('/views', async (ctx) => {
    const input = (await validateBody(audienceViewSchema, ctx.request.body)) as AudienceViewInput;
    ctx.status = 201;
    ctx.body = await audience.saveView(ctx.state.em, await companyToWrite(ctx, input.companyId), input, actorId(ctx));
  });

  routes.delete('/views/:id', { query: companyFilterQuery }, async (ctx) => {
    await audience.deleteView(ctx.state.em, await companyToRead(ctx), ctx.params.id!);
    ctx.status = 204;
  });

  for (const kind of ['rebuild', 'reclassify'] as const) {
    routes.post(`/${kind}`, async (ctx) => {
      const { companyId } = await validateBody(audienceJobSchema, ctx.request.body);
      ctx.body = await audience.startJob(ctx.state.em, await companyToWrite(ctx, companyId), kind, actorId(ctx));
      ctx.status = 202;
    });
  }

  routes.get('/jobs/latest', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await audience.latestJob(ctx.state.em, await companyToRead(ctx));
  });

  routes.get('/jobs/:id', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await audience.job(ctx.state.em, await companyToRead(ctx), ctx.params.id!);
  });

  return routes.router;
}
