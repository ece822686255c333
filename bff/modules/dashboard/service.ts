/**
 * The dashboard overview's figures, computed by the database per range and bucket:
 *
 * - calls, items served (recommendations) and average latency from the call log's per-minute
 *   rollup (prediction_call_minutes; latency from its latency_total_ms sums, rows written before
 *   that column existed left out of averages), summed by the hour for hours that are over
 *   (callHours.ts);
 * - clicks, holdout clicks and conversions from the hourly rollup of attributed outcomes
 *   (recommendation_outcome_hours, see prediction/outcomes.ts);
 * - the users block from the audience's current profiles (audienceReads.ts), cached per build.
 *
 * Buckets are cut in the company's time zone by src/domain/dashboard/buckets.ts; each query sums
 * its rollup grouped by a CASE over the bucket boundaries (bound values, so both engines run the
 * same SQL and no row leaves the database). The comparison period is one more CASE branch.
 *
 * The reads live in kpis.ts, categories.ts, series.ts, apiKeys.ts and preferences.ts, over
 * scope.ts and buckets.ts; this file binds them to the service's ORM, database kind and clock,
 * and gives each request its reads with one time budget (reads.ts: over it, 503 dashboard_timeout).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { ApiKeyBreakdownRow, CategoryChoice, CategoryLookup, CategorySeries, DashboardMetrics, DashboardPreferences } from '@domain/dashboard/contract';
import type { ResolvedRange } from '@domain/dashboard/buckets';
import { apiKeyBreakdown } from './apiKeys';
import { categoryChoices, lookupCategoryOrView } from './categories';
import { dashboardMetrics, type UsersCache } from './kpis';
import { loadPreferences, savePreferences } from './preferences';
import { createDashboardReader, type DashboardReader } from './reads';
import { resolveScopeRange, type DashboardDeps, type DashboardScope, type RangeQuery, type RequestDeps } from './scope';
import { knexOf } from '../../platform/sql';
import { categorySeries } from './series';

export { categoryDisplayName } from './categories';
export { ALL_COMPANIES_NAME, rangeRequestOf, type DashboardScope, type RangeQuery } from './scope';

export interface DashboardServiceOptions extends Omit<DashboardDeps, 'em'> {
  /** Every request's reads together; READ_BUDGET_MS unless given (tests). */
  readBudgetMs?: number;
  /** How the reads run; made from the ORM's connection unless given (tests). */
  reader?: DashboardReader;
}

export function createDashboardService({ orm, kind, now, readBudgetMs, reader: givenReader }: DashboardServiceOptions) {
  const reader =
    givenReader ?? createDashboardReader({ knex: knexOf(orm), kind, sqliteFile: kind === 'sqlite' ? String(orm.config.get('dbName')) : undefined, budgetMs: readBudgetMs });
  /** A request's dependencies: its reads start their budget now. */
  const requestDeps = (em: EntityManager): RequestDeps => ({ orm, em, kind, now, read: reader.session() });
  const usersCache: UsersCache = new Map();
  return {
    reader,
    resolve: (scope: DashboardScope, request: RangeQuery): ResolvedRange => resolveScopeRange(now, scope, request),
    metrics: (em: EntityManager, scope: DashboardScope, range: RangeQuery): Promise<DashboardMetrics> => dashboardMetrics(requestDeps(em), usersCache, scope, range),
    lookup: (em: EntityManager, scope: DashboardScope, name: string): Promise<CategoryLookup> => lookupCategoryOrView(requestDeps(em), scope, name),
    categoryChoices: (em: EntityManager, scope: DashboardScope): Promise<CategoryChoice[]> => categoryChoices(requestDeps(em), scope),
    series: (em: EntityManager, scope: DashboardScope, refKind: 'category' | 'view', id: string, range: RangeQuery): Promise<CategorySeries> =>
      categorySeries(requestDeps(em), scope, refKind, id, range),
    apiKeys: (em: EntityManager, scope: DashboardScope, range: RangeQuery): Promise<ApiKeyBreakdownRow[]> => apiKeyBreakdown(requestDeps(em), scope, range),
    preferences: (em: EntityManager, userId: string, scopeKey: string): Promise<DashboardPreferences> => loadPreferences(em, userId, scopeKey),
    savePreferences: (em: EntityManager, userId: string, scopeKey: string, preferences: DashboardPreferences): Promise<DashboardPreferences> => savePreferences(em, userId, scopeKey, preferences),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
