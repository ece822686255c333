import type { Router } from '@koa/router';
import { serviceRequestSchema } from '@domain/requests';
import { userActorOf } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import type { RequestService } from './service';

export function createRequestRouter(requests: RequestService): Router<AppState> {
  const routes = new ApiRouter('/api/requests');

  routes.post('/', async (ctx) => {
    const input = await validateBody(serviceRequestSchema, ctx.request.body);
    ctx.body = await requests.create(ctx.state.em, userActorOf(ctx), input);
    ctx.status = 201;
  });

  routes.get('/', async (ctx) => {
    ctx.body = await requests.list(ctx.state.em);
  });

  return routes.router;
}
