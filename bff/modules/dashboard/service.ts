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
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import { CATEGORY_IDS, CATEGORY_NAMES, type CategoryId } from '@domain/audience/contract';
import { resolveRange, type RangeRequest, type ResolvedRange } from '@domain/dashboard/buckets';
import {
  DASHBOARD_MESSAGES,
  DEFAULT_DASHBOARD_RANGE,
  DEFAULT_SEGMENT_CATEGORIES,
  type ApiKeyBreakdownRow,
  type CategoryLookup,
  type CategorySeries,
  type DashboardMetrics,
  type DashboardPreferences,
  type DashboardRange,
  type HeadlineFigure,
  type TimeSeriesPoint,
} from '@domain/dashboard/contract';
import { DEFAULT_DASHBOARD_PREFERENCES } from '@domain/dashboard/schemas';
import type { Orm } from '../../types';
import { ApiKey, AudienceView, DashboardPreference } from '../../entities';
import { apiError } from '../../platform/errors';
import { LATENCY_BUCKETS_MS, percentileOf } from '../prediction';
import { audienceVersion, countByCategory, countView, currentGeneration, viewProfileCondition, type CategoryCounts, type StoredView } from './audienceReads';
import { callTotalsByBucket } from './callHours';
import { bindTime, rowsOf } from '../../platform/rawRows';
import type { DatabaseKind } from '../../platform/sql';

/** Whose dashboard: one company, or every company together (a global admin's "All Companies"). */
export interface DashboardScope {
  companyId: string | null;
  name: string;
  timeZone: string;
}

export interface RangeQuery {
  range?: string;
  from?: string;
  to?: string;
}

export const ALL_COMPANIES_NAME = 'All Companies';
const PREVIOUS = -1;
/** Users blocks kept in memory, keyed by scope and audience build. */
const USERS_CACHE_MAX = 500;
const NO_KEY_NAME = 'Calls without a key';
const DELETED_KEY_NAME = 'Deleted key';

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number): number | null => (whole > 0 ? round1((part / whole) * 100) : null);
const toNumber = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

export function rangeRequestOf(query: RangeQuery): RangeRequest {
  const range = (query.range ?? DEFAULT_DASHBOARD_RANGE) as DashboardRange;
  return range === 'custom' ? { range, from: query.from, to: query.to } : { range };
}

/** `case when column < b1 then -1 when column < b2 then 0 … else n-1 end`, with the bounds it binds. */
function bucketCase(kind: DatabaseKind, column: string, resolved: ResolvedRange): { sql: string; params: unknown[]; start: unknown; end: unknown } {
  const bounds = resolved.buckets.map((bucket) => bucket.start);
  const branches = bounds.map((_, index) => `when ${column} < ? then ${index - 1}`).join(' ');
  return {
    sql: `case ${branches} else ${resolved.buckets.length - 1} end`,
    params: bounds.map((bound) => bindTime(kind, bound)),
    start: bindTime(kind, resolved.previous.start),
    end: bindTime(kind, resolved.buckets[resolved.buckets.length - 1]!.end),
  };
}

/** Rows of a grouped query by bucket index (PREVIOUS for the comparison period). */
function byBucket(rows: Array<Record<string, unknown>>): Map<number, Record<string, unknown>> {
  return new Map(rows.map((row) => [Number(row.bucket), row]));
}

function headline(values: number[], previous: number): HeadlineFigure {
  return { value: values.reduce((sum, value) => sum + value, 0), previous };
}

function lookupCategory(needle: string): CategoryId | null {
  for (const id of CATEGORY_IDS) {
    const names = [id, CATEGORY_NAMES[id], DEFAULT_SEGMENT_CATEGORIES.find((category) => category.id === id)?.label].filter(Boolean) as string[];
    if (names.some((name) => name.toLowerCase() === needle)) return id;
  }
  return null;
}

export const categoryDisplayName = (id: CategoryId) => DEFAULT_SEGMENT_CATEGORIES.find((category) => category.id === id)?.label ?? CATEGORY_NAMES[id];

export interface DashboardServiceOptions {
  orm: Orm;
  kind: DatabaseKind;
  now: () => Date;
}

export function createDashboardService({ orm, kind, now }: DashboardServiceOptions) {
  const knex = (): Knex => (orm.em as SqlEntityManager).getKnex();
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex().raw(sql, params as Knex.RawBinding[]));
  const usersCache = new Map<string, DashboardMetrics['users']>();
  const companyClause = (scope: DashboardScope, column = 'company_id') => (scope.companyId ? { sql: ` and ${column} = ?`, params: [scope.companyId] } : { sql: '', params: [] as unknown[] });

  function resolve(scope: DashboardScope, request: RangeQuery): ResolvedRange {
    return resolveRange(rangeRequestOf(request), now().getTime(), scope.timeZone);
  }

  async function usersBlock(scope: DashboardScope): Promise<DashboardMetrics['users']> {
    const version = await audienceVersion(knex(), scope.companyId);
    const cacheKey = `${scope.companyId ?? 'all'}|${version.key}`;
    const cached = usersCache.get(cacheKey);
    if (cached) return cached;
    const categories = DEFAULT_SEGMENT_CATEGORIES.map((category) => category.id);
    const counts = await countByCategory(knex(), scope.companyId, categories);
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
  async function anythingStored(scope: DashboardScope): Promise<boolean> {
    const company = companyClause(scope);
    const probes = [
      `select 1 as found from prediction_call_minutes where 1 = 1${company.sql} limit 1`,
      `select 1 as found from data_records where kind = 'events'${company.sql} limit 1`,
      `select 1 as found from audience_profiles where 1 = 1${company.sql} limit 1`,
    ];
    for (const sql of probes) if ((await query(sql, company.params)).length) return true;
    return false;
  }

  async function storedView(scope: DashboardScope, id: string): Promise<StoredView | null> {
    const view = await orm.em.fork().findOne(AudienceView, scope.companyId ? { id, companyId: scope.companyId } : { id });
    return view ? { id: view.id, companyId: view.companyId, name: view.name, filters: view.filters, search: view.search, categoryId: view.categoryId } : null;
  }

  function categoryNotFound(name: string) {
    return apiError('not_found', { error: 'Category not found', message: DASHBOARD_MESSAGES.categoryNotFound(name) });
  }

  return {
    resolve,

    async metrics(scope: DashboardScope, request: RangeQuery): Promise<DashboardMetrics> {
      const resolved = resolve(scope, request);
      const count = resolved.buckets.length;
      const company = companyClause(scope);

      const bounds = {
        caseOf: (column: string) => bucketCase(kind, column, resolved),
        start: resolved.previous.start,
        end: resolved.buckets[resolved.buckets.length - 1]!.end,
      };
      const callTotals = await callTotalsByBucket(knex(), kind, scope.companyId, bounds, now().getTime());
      const minutes = new Map([...callTotals].map(([bucket, totals]) => [bucket, totals as unknown as Record<string, unknown>]));
      const hourCase = bucketCase(kind, 'hour', resolved);
      const outcomes = byBucket(
        await query(
          `select ${hourCase.sql} as bucket, sum(clicks) as clicks, sum(holdout_clicks) as holdout_clicks,
                  sum(conversions) as conversions, sum(holdout_conversions) as holdout_conversions
             from recommendation_outcome_hours where hour >= ? and hour < ?${company.sql} group by 1`,
          [...hourCase.params, hourCase.start, hourCase.end, ...company.params],
        ),
      );

      const series = (rows: Map<number, Record<string, unknown>>, column: string) => Array.from({ length: count }, (_, index) => toNumber(rows.get(index)?.[column]));
      const previousOf = (rows: Map<number, Record<string, unknown>>, column: string) => toNumber(rows.get(PREVIOUS)?.[column]);
      const calls = series(minutes, 'calls');
      const recommendations = series(minutes, 'items');
      const latency = series(minutes, 'latency');
      const timed = series(minutes, 'timed');
      const clicks = series(outcomes, 'clicks');
      const holdoutClicks = series(outcomes, 'holdout_clicks');
      const conversions = series(outcomes, 'conversions').map((value, index) => value + series(outcomes, 'holdout_conversions')[index]!);
      const previousConversions = previousOf(outcomes, 'conversions') + previousOf(outcomes, 'holdout_conversions');
      const totalOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
      const averageOf = (total: number, weight: number) => (weight > 0 ? round1(total / weight) : null);

      const users = await usersBlock(scope);
      const hasData =
        totalOf(calls) + totalOf(clicks) + totalOf(holdoutClicks) + totalOf(conversions) > 0 || users.userCounts.some((value) => value > 0) || (await anythingStored(scope));

      return {
        companyInfo: { name: scope.name, timeZone: scope.timeZone },
        range: { range: resolved.range, bucket: resolved.bucket, from: resolved.from, to: resolved.to },
        bucketStarts: resolved.buckets.map((bucket) => new Date(bucket.start).toISOString()),
        labels: resolved.buckets.map((bucket) => bucket.label),
        recommendations,
        conversion: conversions.map((value, index) => percent(value, recommendations[index]!)),
        clicks,
        holdoutClicks,
        calls,
        averageCallDurationMs: latency.map((value, index) => averageOf(value, timed[index]!)),
        totals: {
          recommendations: headline(recommendations, previousOf(minutes, 'items')),
          conversion: { value: percent(totalOf(conversions), totalOf(recommendations)), previous: percent(previousConversions, previousOf(minutes, 'items')) },
          clicks: headline(clicks, previousOf(outcomes, 'clicks')),
          holdoutClicks: headline(holdoutClicks, previousOf(outcomes, 'holdout_clicks')),
          calls: headline(calls, previousOf(minutes, 'calls')),
          averageCallDurationMs: {
            value: averageOf(totalOf(latency), totalOf(timed)),
            previous: averageOf(previousOf(minutes, 'latency'), previousOf(minutes, 'timed')),
          },
        },
        users,
        hasData,
      };
    },

    async lookup(scope: DashboardScope, name: string): Promise<CategoryLookup> {
      const wanted = name.trim();
      const needle = wanted.toLowerCase();
      const category = lookupCategory(needle);
      if (category) {
        const [counts] = await countByCategory(knex(), scope.companyId, [category]);
        return { kind: 'category', id: category, name: categoryDisplayName(category), userCount: counts!.users, conversionRate: percent(counts!.converted, counts!.users) ?? 0 };
      }
      const company = companyClause(scope);
      const rows = await query(`select id from audience_views where lower(name) = ?${company.sql} order by created_at, id limit 1`, [needle, ...company.params]);
      const view = rows.length ? await storedView(scope, String(rows[0]!.id)) : null;
      if (!view) throw categoryNotFound(wanted);
      const counts: CategoryCounts = await countView(knex(), kind, now(), view);
      return { kind: 'view', id: view.id, name: view.name, userCount: counts.users, conversionRate: percent(counts.converted, counts.users) ?? 0 };
    },

    /**
     * A drilled-in category or view per bucket: survey responses of its people (matched by the
     * response's visitor id), its distinct people with an event (matched by user id), their click
     * events, and the share of those active people with a purchase or conversion event.
     */
    async series(scope: DashboardScope, refKind: 'category' | 'view', id: string, request: RangeQuery): Promise<CategorySeries> {
      const resolved = resolve(scope, request);
      let name: string;
      let profiles: { sql: string; params: unknown[] };
      let companyId = scope.companyId;
      if (refKind === 'category') {
        const category = id as CategoryId;
        name = categoryDisplayName(category);
        profiles = { sql: '(p.category_mask & ?) <> 0', params: [(1 << CATEGORY_IDS.indexOf(category))] };
      } else {
        const view = await storedView(scope, id);
        if (!view) throw apiError('not_found', { error: 'View not found', message: 'No such saved view exists in your reach.' });
        name = view.name;
        companyId = view.companyId;
        profiles = viewProfileCondition(kind, now(), view);
      }
      const company = companyId ? { sql: ' and r.company_id = ?', params: [companyId] } : { sql: '', params: [] as unknown[] };
      const generation = currentGeneration('p');

      const eventCase = bucketCase(kind, 'r.event_time', resolved);
      const events = byBucket(
        await query(
          `select ${eventCase.sql} as bucket, count(distinct p.id) as users,
                  sum(case when r.event_type = 'click' then 1 else 0 end) as clicks,
                  count(distinct case when r.event_type in ('purchase', 'conversion') then p.id end) as converters
             from data_records r
             join audience_identities i on i.company_id = r.company_id and i.kind = 'user_id' and i.value = r.user_id
             join audience_profiles p on p.company_id = i.company_id and p.id = i.profile_id and p.generation = i.generation
             ${generation.join}
            where r.kind = 'events' and r.event_time >= ? and r.event_time < ?${company.sql}
              and ${generation.condition} and ${profiles.sql}
            group by 1`,
          [...eventCase.params, eventCase.start, eventCase.end, ...company.params, ...profiles.params],
        ),
      );
      const responseCase = bucketCase(kind, 's.created_at', resolved);
      const responseCompany = companyId ? { sql: ' and s.survey_id in (select id from published_surveys where company_id = ?)', params: [companyId] } : { sql: '', params: [] as unknown[] };
      const responses = byBucket(
        await query(
          `select ${responseCase.sql} as bucket, count(*) as responses
             from survey_responses s
             join audience_identities i on i.company_id = s.company_id and i.kind = 'anonymous_id' and i.value = s.visitor_id
             join audience_profiles p on p.company_id = i.company_id and p.id = i.profile_id and p.generation = i.generation
             ${generation.join}
            where s.created_at >= ? and s.created_at < ?${responseCompany.sql}
              and ${generation.condition} and ${profiles.sql}
            group by 1`,
          [...responseCase.params, responseCase.start, responseCase.end, ...responseCompany.params, ...profiles.params],
        ),
      );
      const points: TimeSeriesPoint[] = resolved.buckets.map((bucket, index) => {
        const active = toNumber(events.get(index)?.users);
        return {
          date: new Date(bucket.start).toISOString(),
          label: bucket.label,
          responses: toNumber(responses.get(index)?.responses),
          users: active,
          conversion: percent(toNumber(events.get(index)?.converters), active),
          clicks: toNumber(events.get(index)?.clicks),
        };
      });
      return { kind: refKind, id, name, points };
    },

    /** Per key: calls, errors, items served and p50/p95 latency from the summed histograms of the minute rollup. */
    async apiKeys(scope: DashboardScope, request: RangeQuery): Promise<ApiKeyBreakdownRow[]> {
      const resolved = resolve(scope, request);
      const company = companyClause(scope);
      const element = (index: number) => (kind === 'postgresql' ? `coalesce((latency_histogram->>${index})::integer, 0)` : `coalesce(json_extract(latency_histogram, '$[${index}]'), 0)`);
      const histogramColumns = Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, (_, index) => `sum(${element(index)}) as h${index}`);
      const rows = await query(
        `select api_key_id, sum(calls) as calls, sum(errors) as errors, sum(items_served) as items, ${histogramColumns.join(', ')}
           from prediction_call_minutes where minute >= ? and minute < ?${company.sql} group by api_key_id`,
        [bindTime(kind, resolved.buckets[0]!.start), bindTime(kind, resolved.buckets[resolved.buckets.length - 1]!.end), ...company.params],
      );
      const ids = rows.map((row) => String(row.api_key_id)).filter(Boolean);
      const keys = ids.length ? await orm.em.fork().find(ApiKey, { id: { $in: ids } }, { fields: ['id', 'name'] }) : [];
      const names = new Map(keys.map((key) => [key.id, key.name]));
      return rows
        .map((row) => {
          const apiKeyId = String(row.api_key_id);
          const histogram = histogramColumns.map((_, index) => toNumber(row[`h${index}`]));
          return {
            apiKeyId,
            name: apiKeyId ? (names.get(apiKeyId) ?? DELETED_KEY_NAME) : NO_KEY_NAME,
            calls: toNumber(row.calls),
            errors: toNumber(row.errors),
            p50Ms: percentileOf(histogram, 0.5),
            p95Ms: percentileOf(histogram, 0.95),
            itemsServed: toNumber(row.items),
          };
        })
        .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
    },

    async preferences(userId: string, scopeKey: string): Promise<DashboardPreferences> {
      const row = await orm.em.fork().findOne(DashboardPreference, { userId, scope: scopeKey });
      return row ? { ...DEFAULT_DASHBOARD_PREFERENCES, ...row.preferences } : structuredClone(DEFAULT_DASHBOARD_PREFERENCES);
    },

    async savePreferences(userId: string, scopeKey: string, preferences: DashboardPreferences): Promise<DashboardPreferences> {
      const at = new Date();
      await orm.em.fork().upsert(
        DashboardPreference,
        { id: randomUUID(), userId, scope: scopeKey, preferences, createdAt: at, updatedAt: at },
        { onConflictFields: ['userId', 'scope'], onConflictAction: 'merge', onConflictMergeFields: ['preferences', 'updatedAt'] },
      );
      return preferences;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
