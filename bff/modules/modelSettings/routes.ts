import type { Router } from '@koa/router';
import { companyFilterQuery } from '@domain/params';
import { evaluateModelSettingsSchema, resetModelSettingsSchema, saveModelSettingsSchema } from '@domain/prediction/keySchemas';
import { actorOf } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import { companyToRead, companyToWrite } from '../../middleware/tenant';
import type { ModelSettingsService } from './service';

/** The user who saved a version; API keys never reach these routes (their capabilities need a permission). */
const authorOf = (ctx: AppContext) => {
  const actor = actorOf(ctx);
  return actor.kind === 'user' ? actor.id : null;
};

export function createModelSettingsRouter(settings: ModelSettingsService): Router<AppState> {
  const routes = new ApiRouter('/api/model-settings');

  routes.get('/', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await settings.view(ctx.state.em, await companyToRead(ctx));
  });

  routes.put('/', async (ctx) => {
    const { companyId, ...input } = await validateBody(saveModelSettingsSchema, ctx.request.body);
    ctx.body = await settings.save(ctx.state.em, await companyToWrite(ctx, companyId), input, authorOf(ctx));
  });

  routes.post('/reset', async (ctx) => {
    const { companyId } = await validateBody(resetModelSettingsSchema, ctx.request.body);
    ctx.body = await settings.reset(ctx.state.em, await companyToWrite(ctx, companyId), authorOf(ctx));
  });

  routes.get('/versions', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await settings.versions(ctx.state.em, await companyToRead(ctx));
  });

  routes.post('/evaluate', async (ctx) => {
    const { companyId, settings: candidate } = await validateBody(evaluateModelSettingsSchema, ctx.request.body);
    ctx.body = await settings.evaluate(ctx.state.em, await companyToWrite(ctx, companyId), candidate);
  });

  return routes.router;
}
