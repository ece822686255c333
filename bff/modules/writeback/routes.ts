import type { Router } from '@koa/router';
import { writebackDestinationSchemaFor, writebackDestinationUpdateSchemaFor, writebackRequestSchema } from '@domain/audience/writeback';
import { companyFilterQuery } from '@domain/params';
import type { Config } from '../../config';
import { actorOf } from '../../middleware/auth';
import { companyToRead, companyToWrite } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import type { WritebackService } from './service';

const actorId = (ctx: AppContext) => {
  const actor = actorOf(ctx);
  return actor.kind === 'user' ? actor.id : null;
};

/**
 * Write Back (global admins, for the company chosen with companyFilter or the body's companyId).
 * The destination's secret is in the creation's answer only; API answers are never cached and
 * bodies never logged.
 */
export function createWritebackRouter(writeback: WritebackService, config: Pick<Config, 'webhookAllowPrivate'>): Router<AppState> {
  const routes = new ApiRouter('/api/audience-intelligence');
  const schemaOptions = { allowHttp: config.webhookAllowPrivate };
  const destinationSchema = writebackDestinationSchemaFor(schemaOptions);
  const destinationUpdateSchema = writebackDestinationUpdateSchemaFor(schemaOptions);

  routes.get('/destinations', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await writeback.destinations(ctx.state.em, await companyToRead(ctx));
  });

  routes.post('/destinations', async (ctx) => {
    const input = await validateBody(destinationSchema, ctx.request.body);
    const companyId = await companyToWrite(ctx, input.companyId);
    ctx.status = 201;
    ctx.body = await writeback.createDestination(ctx.state.em, companyId, input);
  });

  routes.put('/destinations/:id', async (ctx) => {
    const input = await validateBody(destinationUpdateSchema, ctx.request.body);
    ctx.body = await writeback.updateDestination(ctx.state.em, await companyToWrite(ctx, input.companyId), ctx.params.id!, input);
  });

  routes.delete('/destinations/:id', { query: companyFilterQuery }, async (ctx) => {
    await writeback.deleteDestination(ctx.state.em, await companyToRead(ctx), ctx.params.id!);
    ctx.status = 204;
  });

  routes.post('/writeback', async (ctx) => {
    const input = await validateBody(writebackRequestSchema, ctx.request.body);
    const job = await writeback.start(ctx.state.em, await companyToWrite(ctx, input.companyId), input, actorId(ctx));
    ctx.status = 202;
    ctx.body = job;
  });

  routes.get('/writeback/jobs', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await writeback.jobs(ctx.state.em, await companyToRead(ctx));
  });

  routes.get('/writeback/jobs/:id', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await writeback.job(ctx.state.em, await companyToRead(ctx), ctx.params.id!);
  });

  return routes.router;
}
