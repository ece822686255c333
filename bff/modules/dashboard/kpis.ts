/**
 * The overview's figures (DashboardMetrics): per bucket and in total against the comparison
 * period, calls, items served and average latency from the call rollups (callHours.ts); clicks,
 * holdout clicks and conversions from the hourly outcome rollup; the users block per default
 * category, cached per scope and audience build; and whether the scope has any data at all.
 */
import { partialBucketOf, type ResolvedRange } from '@domain/dashboard/buckets';
import { DEFAULT_SEGMENT_CATEGORIES, type DashboardMetrics, type HeadlineFigure } from '@domain/dashboard/contract';
import { knexOf, timeOf, toNumber } from '../../platform/sql';
import { audienceVersion, countByCategory } from './audienceReads';
import { bucketCase, byBucket, percent, PREVIOUS, round1 } from './buckets';
import { callTotalsByBucket } from './callHours';
import type { Read } from './reads';
import { companyClause, resolveScopeRange, type DashboardScope, type RangeQuery, type RequestDeps } from './scope';

/** Users blocks kept in memory, keyed by scope and audience build. */
const USERS_CACHE_MAX = 500;

/** The service's users blocks by scope and audience build: at most USERS_CACHE_MAX, then emptied. */
export type UsersCache = Map<string, DashboardMetrics['users']>;

async function usersBlock(read: Read, usersCache: UsersCache, scope: DashboardScope): Promise<DashboardMetrics['users']> {
  const version = await audienceVersion(read, scope.companyId);
  const cacheKey = `${scope.companyId ?? 'all'}|${version.key}`;
  const cached = usersCache.get(cacheKey);
  if (cached) return cached;
  const categories = DEFAULT_SEGMENT_CATEGORIES.map((category) => category.id);
  const counts = await countByCategory(read, scope.companyId, categories);
  const block = {
    categories: DEFAULT_SEGMENT_CATEGORIES.map((category) => category.label),
    categoryIds: [...categories],
    conversionRates: counts.map((count) => percent(count.converted, count.users) ?? 0),
    userCounts: counts.map((count) => count.users),
    builtAt: version.builtAt,
  };
  if (usersCache.size >= USERS_CACHE_MAX) usersCache.clear();
  usersCache.set(cacheKey, block);
  return block;
}

/** Whether the scope has anything at all: a logged call, a stored API event or a profile. */
async function anythingStored(read: Read, scope: DashboardScope): Promise<boolean> {
  const company = companyClause(scope);
  const probes = [
    `select 1 as found from prediction_call_minutes where 1 = 1${company.sql} limit 1`,
    `select 1 as found from data_records where kind = 'events'${company.sql} limit 1`,
    `select 1 as found from audience_profiles where 1 = 1${company.sql} limit 1`,
  ];
  for (const sql of probes) if ((await read(sql, company.params)).length) return true;
  return false;
}

/**
 * The first hour the scope has figures for (sealed call hours or attributed outcomes); null when
 * none. Both tables are keyed by company and hour, so each minimum is one index probe.
 */
async function firstFiguresAt(read: Read, scope: DashboardScope): Promise<number | null> {
  const company = companyClause(scope);
  const firsts = await Promise.all(
    ['dashboard_call_hours', 'recommendation_outcome_hours'].map(async (table) => {
      const rows = await read(`select min(hour) as first from ${table} where 1 = 1${company.sql}`, company.params);
      return timeOf(rows[0]?.first);
    }),
  );
  const known = firsts.filter((first): first is number => first !== null);
  return known.length ? Math.min(...known) : null;
}

/** The attributed outcomes' sums per bucket, from the hourly rollup. */
async function outcomesByBucket({ read, kind }: RequestDeps, scope: DashboardScope, resolved: ResolvedRange): Promise<Map<number, Record<string, unknown>>> {
  const company = companyClause(scope);
  const hourCase = bucketCase(kind, 'hour', resolved);
  return byBucket(
    await read(
      `select ${hourCase.sql} as bucket, sum(clicks) as clicks, sum(holdout_clicks) as holdout_clicks,
              sum(conversions) as conversions, sum(holdout_conversions) as holdout_conversions
         from recommendation_outcome_hours where hour >= ? and hour < ?${company.sql} group by 1`,
      [...hourCase.params, hourCase.start, hourCase.end, ...company.params],
    ),
  );
}

export async function dashboardMetrics(deps: RequestDeps, usersCache: UsersCache, scope: DashboardScope, request: RangeQuery): Promise<DashboardMetrics> {
  const { orm, kind, now, read } = deps;
  const resolved = resolveScopeRange(now, scope, request);
  const count = resolved.buckets.length;

  const bounds = {
    caseOf: (column: string) => bucketCase(kind, column, resolved),
    start: resolved.previous.start,
    end: resolved.buckets[resolved.buckets.length - 1]!.end,
  };
  const callTotals = await callTotalsByBucket(knexOf(orm), read, kind, scope.companyId, bounds, now().getTime());
  const minutes = new Map([...callTotals].map(([bucket, totals]) => [bucket, totals as unknown as Record<string, unknown>]));
  const outcomes = await outcomesByBucket(deps, scope, resolved);

  // A period before the scope's first figures would read as growth from nothing: compared only
  // when the figures began before the previous period did.
  const firstAt = await firstFiguresAt(read, scope);
  const comparable = firstAt !== null && firstAt <= resolved.previous.start;

  const series = (rows: Map<number, Record<string, unknown>>, column: string) => Array.from({ length: count }, (_, index) => toNumber(rows.get(index)?.[column]));
  const previousOf = (rows: Map<number, Record<string, unknown>>, column: string) => toNumber(rows.get(PREVIOUS)?.[column]);
  const totalOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const headline = (values: number[], previous: number): HeadlineFigure => ({ value: totalOf(values), previous: comparable ? previous : null });
  const calls = series(minutes, 'calls');
  const recommendations = series(minutes, 'items');
  const latency = series(minutes, 'latency');
  const timed = series(minutes, 'timed');
  const clicks = series(outcomes, 'clicks');
  const holdoutClicks = series(outcomes, 'holdout_clicks');
  const conversions = series(outcomes, 'conversions').map((value, index) => value + series(outcomes, 'holdout_conversions')[index]!);
  const previousConversions = previousOf(outcomes, 'conversions') + previousOf(outcomes, 'holdout_conversions');
  const averageOf = (total: number, weight: number) => (weight > 0 ? round1(total / weight) : null);

  const users = await usersBlock(read, usersCache, scope);
  const hasData =
    totalOf(calls) + totalOf(clicks) + totalOf(holdoutClicks) + totalOf(conversions) > 0 || users.userCounts.some((value) => value > 0) || (await anythingStored(read, scope));

  return {
    companyInfo: { name: scope.name, timeZone: scope.timeZone },
    range: { range: resolved.range, bucket: resolved.bucket, from: resolved.from, to: resolved.to },
    bucketStarts: resolved.buckets.map((bucket) => new Date(bucket.start).toISOString()),
    labels: resolved.buckets.map((bucket) => bucket.label),
    partial: partialBucketOf(resolved, now().getTime()),
    recommendations,
    conversion: conversions.map((value, index) => percent(value, recommendations[index]!)),
    clicks,
    holdoutClicks,
    calls,
    averageCallDurationMs: latency.map((value, index) => averageOf(value, timed[index]!)),
    totals: {
      recommendations: headline(recommendations, previousOf(minutes, 'items')),
      conversion: { value: percent(totalOf(conversions), totalOf(recommendations)), previous: comparable ? percent(previousConversions, previousOf(minutes, 'items')) : null },
      clicks: headline(clicks, previousOf(outcomes, 'clicks')),
      holdoutClicks: headline(holdoutClicks, previousOf(outcomes, 'holdout_clicks')),
      calls: headline(calls, previousOf(minutes, 'calls')),
      averageCallDurationMs: {
        value: averageOf(totalOf(latency), totalOf(timed)),
        previous: comparable ? averageOf(previousOf(minutes, 'latency'), previousOf(minutes, 'timed')) : null,
      },
    },
    comparable,
    users,
    hasData,
  };
}
