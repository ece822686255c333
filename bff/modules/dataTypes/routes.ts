import type { Router } from '@koa/router';
import { dataTypeListQuery, dataTypeSchema } from '@domain/dataTypes/dataTypes';
import { userActorOf } from '../../middleware/auth';
import { queryOf, validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import type { DataTypeService } from './service';

/** The :id of the route; its shape was checked by the router before the route runs. */
const idOf = (ctx: AppContext) => (ctx as { params?: Record<string, string> }).params?.id ?? '';

export function createDataTypeRouter(dataTypes: DataTypeService): Router<AppState> {
  const routes = new ApiRouter('/api/data-types');

  routes.get('/', { query: dataTypeListQuery }, async (ctx) => {
    ctx.body = await dataTypes.list(ctx.state.em, userActorOf(ctx), queryOf(ctx, dataTypeListQuery).companyFilter);
  });

  routes.post('/', async (ctx) => {
    const input = await validateBody(dataTypeSchema, ctx.request.body);
    ctx.body = await dataTypes.create(ctx.state.em, userActorOf(ctx), input);
    ctx.status = 201;
  });

  // Reach first, then protection, then the body: another company's id is a 404 whatever is sent.
  routes.put('/:id', async (ctx) => {
    const actor = userActorOf(ctx);
    const type = await dataTypes.find(ctx.state.em, actor, idOf(ctx));
    dataTypes.assertMayChange(actor, type);
    const input = await validateBody(dataTypeSchema, ctx.request.body);
    ctx.body = await dataTypes.update(ctx.state.em, type, input);
  });

  routes.delete('/:id', async (ctx) => {
    const actor = userActorOf(ctx);
    const type = await dataTypes.find(ctx.state.em, actor, idOf(ctx));
    dataTypes.assertMayChange(actor, type);
    await dataTypes.remove(ctx.state.em, type);
    ctx.status = 204;
  });

  return routes.router;
}
