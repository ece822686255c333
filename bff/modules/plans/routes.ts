import type { Router } from '@koa/router';
import { companyFilterQuery } from '@domain/params';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { companyToRead } from '../../middleware/tenant';
import type { PlanUsageService } from './service';

export function createPlanRouter(plans: PlanUsageService): Router<AppState> {
  const routes = new ApiRouter('/api/plans');

  routes.get('/usage', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await plans.usage(ctx.state.em, await companyToRead(ctx));
  });

  return routes.router;
}
