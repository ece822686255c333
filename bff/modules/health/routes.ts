import { Router } from '@koa/router';
import { isDatabaseUp, type Orm } from '../../db';
import type { AppState } from '../../types';

export function createHealthRouter(orm: Orm): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/api/health', async (ctx) => {
    const up = await isDatabaseUp(orm.em);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = up ? 200 : 503;
    ctx.body = up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
  });
  return router;
}
