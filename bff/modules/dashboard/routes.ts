/**
 * The dashboard overview (/): metrics, the per-user preferences, the Users tab's category lookup,
 * a drilled-in category's series and the per-key breakdown. Any signed-in user reads their own
 * company's dashboard; a global admin reads the company named by companyFilter, or every company
 * together without one. A company user naming another company gets 404 (middleware/tenant.ts).
 */
import type { Router } from '@koa/router';
import { ALL_COMPANIES, companyFilterQuery, PARAM_MESSAGES } from '@domain/params';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@domain/dashboard/buckets';
import type { DashboardPreferences } from '@domain/dashboard/contract';
import { categoryLookupQuerySchema, dashboardMetricsQuerySchema, dashboardPreferencesSchema, isCategoryRef } from '@domain/dashboard/schemas';
import { Company } from '../../entities';
import { userActorOf } from '../../middleware/auth';
import { companiesFor } from '../../middleware/tenant';
import { apiError } from '../../platform/errors';
import { queryOf, validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import { ALL_COMPANIES_NAME, type DashboardScope, type DashboardService } from './service';

/** A stored name this runtime does not know still answers, in UTC. */
const validTimeZone = (name: string | null | undefined) => (name && isValidTimeZone(name) ? name : DEFAULT_TIME_ZONE);

/** The company whose dashboard is read, from the caller and their companyFilter. */
export async function dashboardScopeOf(ctx: AppContext, companyFilter: string | undefined): Promise<DashboardScope> {
  const actor = userActorOf(ctx);
  const em = ctx.state.em;
  const companyId = await companiesFor(em, actor, companyFilter);
  if (!actor.isGlobalAdmin) return { companyId: actor.companyId, name: actor.company.name, timeZone: validTimeZone(actor.company.timeZone) };
  if (!companyId) return { companyId: null, name: ALL_COMPANIES_NAME, timeZone: DEFAULT_TIME_ZONE };
  const company = await em.findOneOrFail(Company, { id: companyId }, { fields: ['id', 'name', 'timeZone'] });
  return { companyId: company.id, name: company.name, timeZone: validTimeZone(company.timeZone) };
}

const seriesQuery = dashboardMetricsQuerySchema;

export function createDashboardRouter(dashboard: DashboardService): Router<AppState> {
  const routes = new ApiRouter('/api/dashboard');

  routes.get('/metrics', { query: dashboardMetricsQuerySchema }, async (ctx) => {
    const query = queryOf(ctx, dashboardMetricsQuerySchema);
    ctx.body = await dashboard.metrics(ctx.state.em, await dashboardScopeOf(ctx, query.companyFilter), query);
  });

  routes.get('/preferences', { query: companyFilterQuery }, async (ctx) => {
    const scope = await dashboardScopeOf(ctx, queryOf(ctx, companyFilterQuery).companyFilter);
    ctx.body = await dashboard.preferences(ctx.state.em, userActorOf(ctx).id, scope.companyId ?? ALL_COMPANIES);
  });

  routes.put('/preferences', { query: companyFilterQuery }, async (ctx) => {
    const scope = await dashboardScopeOf(ctx, queryOf(ctx, companyFilterQuery).companyFilter);
    const input = (await validateBody(dashboardPreferencesSchema, ctx.request.body)) as DashboardPreferences;
    // Rebuilt field by field: only what the schema knows is stored.
    const preferences: DashboardPreferences = {
      savedCharts: input.savedCharts.map((chart) => ({
        id: chart.id,
        label: chart.label.trim(),
        category: { kind: chart.category.kind, id: chart.category.id, name: chart.category.name },
        mode: chart.mode,
        options: { chartType: chart.options.chartType },
        createdAt: chart.createdAt,
      })),
      gridOrder: [...input.gridOrder],
      chartTypes: { ...input.chartTypes },
      extraCategories: input.extraCategories.map((category) => ({ kind: category.kind, id: category.id, name: category.name })),
    };
    ctx.body = await dashboard.savePreferences(ctx.state.em, userActorOf(ctx).id, scope.companyId ?? ALL_COMPANIES, preferences);
  });

  routes.get('/categories', { query: companyFilterQuery }, async (ctx) => {
    const query = queryOf(ctx, companyFilterQuery);
    ctx.body = await dashboard.categoryChoices(ctx.state.em, await dashboardScopeOf(ctx, query.companyFilter));
  });

  // Declared before the :kind routes so "lookup" is never read as a kind.
  routes.get('/categories/lookup', { query: categoryLookupQuerySchema }, async (ctx) => {
    const query = queryOf(ctx, categoryLookupQuerySchema);
    ctx.body = await dashboard.lookup(ctx.state.em, await dashboardScopeOf(ctx, query.companyFilter), query.name);
  });

  routes.get('/categories/:categoryKind/:categoryRef/series', { query: seriesQuery }, async (ctx) => {
    const query = queryOf(ctx, seriesQuery);
    const { categoryKind, categoryRef } = ctx.params as { categoryKind: 'category' | 'view'; categoryRef: string };
    if (!isCategoryRef(categoryKind, categoryRef)) {
      throw apiError('invalid_parameter', { message: 'Check these parameters: categoryRef.', fields: { categoryRef: PARAM_MESSAGES.categoryRef } });
    }
    ctx.body = await dashboard.series(ctx.state.em, await dashboardScopeOf(ctx, query.companyFilter), categoryKind, categoryRef, query);
  });

  routes.get('/api-keys', { query: dashboardMetricsQuerySchema }, async (ctx) => {
    const query = queryOf(ctx, dashboardMetricsQuerySchema);
    ctx.body = await dashboard.apiKeys(ctx.state.em, await dashboardScopeOf(ctx, query.companyFilter), query);
  });

  return routes.router;
}
