import type { Router } from '@koa/router';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import type { HealthService } from './service';

/**
 * /api/health: the database answers (503 `error` when not) and accepts writes (503 `degraded`,
 * with the reason, when it refuses them). /api/health/live: the process answers, for a restart
 * policy. /api/health/ready: whether this process should get traffic, with each check and the
 * reasons it should not.
 */
export function createHealthRouter(health: HealthService): Router<AppState> {
  const routes = new ApiRouter();
  routes.get('/api/health', async (ctx) => {
    const report = await health.health();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.body = report;
  });
  routes.get('/api/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'live' };
  });
  routes.get('/api/health/ready', async (ctx) => {
    const { ready, checks, reasons } = await health.readiness();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks, reasons };
  });
  return routes.router;
}
