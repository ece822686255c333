import type { Router } from '@koa/router';
import { isDatabaseUp } from '../../db';
import { ApiRouter } from '../../routing';
import type { AppState, Orm } from '../../types';

export function createHealthRouter(orm: Orm): Router<AppState> {
  const routes = new ApiRouter();
  routes.get('/api/health', async (ctx) => {
    const up = await isDatabaseUp(orm.em);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = up ? 200 : 503;
    ctx.body = up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
  });
  return routes.router;
}
