import type { Router } from '@koa/router';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import type { HealthService } from './service';

export function createHealthRouter(health: HealthService): Router<AppState> {
  const routes = new ApiRouter();
  routes.get('/api/health', async (ctx) => {
    const up = await health.databaseUp();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = up ? 200 : 503;
    ctx.body = up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
  });
  return routes.router;
}
