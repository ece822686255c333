/**
 * A drilled-in category's or saved view's points per bucket (CategorySeries): the survey
 * responses of its people, its people active through events, their clicks and the share of them
 * who bought or converted. The people are the profiles of the company's current audience build
 * that the category's bit or the view's filters select.
 */
import { CATEGORY_IDS, type CategoryId } from '@domain/audience/contract';
import { partialBucketOf, type ResolvedRange } from '@domain/dashboard/buckets';
import type { CategorySeries, TimeSeriesPoint } from '@domain/dashboard/contract';
import { apiError } from '../../platform/errors';
import { bindTime, type DatabaseKind, toNumber } from '../../platform/sql';
import { viewProfileCondition } from './audienceReads';
import { bucketCase, byBucket, percent } from './buckets';
import { categoryDisplayName, storedView } from './categories';
import { resolveScopeRange, type DashboardDeps, type DashboardScope, type RangeQuery, type RequestDeps } from './scope';

/** (company_id, user_id, kind, event_time, event_type) on data_records: bff/entities/DataRecord.ts. */
export const PERSON_EVENTS_INDEX = 'data_records_company_id_user_id_kind_event_time_index';

/** Whose points: the display name, the profile condition (on alias p) and the company it reads. */
export interface SeriesTarget {
  name: string;
  profiles: { sql: string; params: unknown[] };
  companyId: string | null;
}

export async function seriesTarget({ em, kind, now }: DashboardDeps, scope: DashboardScope, refKind: 'category' | 'view', id: string): Promise<SeriesTarget> {
  if (refKind === 'category') {
    const category = id as CategoryId;
    return { name: categoryDisplayName(category), profiles: { sql: '(p.category_mask & ?) <> 0', params: [(1 << CATEGORY_IDS.indexOf(category))] }, companyId: scope.companyId };
  }
  const view = await storedView(em, scope, id);
  if (!view) throw apiError('not_found', { error: 'View not found', message: 'No such saved view exists in your reach.' });
  return { name: view.name, profiles: viewProfileCondition(kind, now(), view), companyId: view.companyId };
}

/**
 * The drill-down's one statement. The earlier single join of every event in range to identities
 * and profiles let SQLite loop over the company's user identities and scan every event in range
 * for each (163 s on the demo's data), and let PostgreSQL, before its statistics, look profiles up
 * by (company_id, generation) and test every one of the generation for each event (over 60 s).
 * Now every step is bounded by an index and by what it reads:
 *
 * 1. members: the company's user_id identities of the current generation ((company_id, kind,
 *    value)), each with its profile by the primary key (id, generation), kept when the profile is
 *    in the category (or view); computed once (materialized);
 * 2. active: the members' events in the range's buckets, aggregated per profile and bucket. Both
 *    ways to find them read the index alone (Migration20270102000000_dashboard_drilldown): one
 *    seek per member in the person index (company_id, user_id, kind, event_time, event_type, ...), or
 *    the range once in (company_id, kind, event_time, user_id, event_type) hash-joined to the
 *    members. SQLite, which has no hash join, always seeks; PostgreSQL picks the cheaper;
 * 3. visits and responded: the range's survey responses of each of the company's surveys
 *    ((survey_id, created_at)), aggregated per visitor and bucket first, then each visitor's
 *    anonymous_id identity by (company_id, kind, value) and its profile by the primary key.
 *
 * Each join is written driving table first. SQLite keeps a `cross join` in the order written and
 * reads each inner table `indexed by` its index, so its plan cannot change with statistics (stale
 * ones, or none: nothing runs ANALYZE on SQLite), and a missing index fails the query instead of
 * making it slow. PostgreSQL reads `cross join` as a join; the reader keeps the written join tree
 * (joinOrderAsWritten: join_collapse_limit 1) and the planner picks each join's method and side
 * from its statistics, among plans that are all linear here. A profile is only ever looked up by
 * its whole primary key: with no company or constant generation on it, no (company_id,
 * generation, …) index can be chosen to scan a generation per row. The comparison period is not
 * read: the series has none.
 */
export function categorySeriesQuery(kind: DatabaseKind, resolved: ResolvedRange, target: Pick<SeriesTarget, 'profiles' | 'companyId'>): { sql: string; params: unknown[] } {
  const { profiles, companyId } = target;
  const by = (index: string) => (kind === 'sqlite' ? ` indexed by ${index}` : '');
  const first = bindTime(kind, resolved.buckets[0]!.start);
  const end = bindTime(kind, resolved.buckets[resolved.buckets.length - 1]!.end);
  const eventCase = bucketCase(kind, 'r.event_time', resolved);
  const responseCase = bucketCase(kind, 's.created_at', resolved);
  const company = (column: string) => (companyId ? { sql: `${column} = ? and `, params: [companyId] } : { sql: '', params: [] as unknown[] });
  const identities = company('i.company_id');
  // One company's events by the company itself, not through m.company_id: PostgreSQL would carry
  // the constant over to the members as a filter and estimate them at 0.5 % of their number.
  const events = companyId ? { sql: 'r.company_id = ?', params: [companyId] } : { sql: 'r.company_id = m.company_id', params: [] as unknown[] };
  // Every survey when All Companies: still one (survey_id, created_at) range per survey, never a scan.
  const surveys = company('ps.company_id');
  // One company's generation is read once; All Companies' per identity (a seek of audience_builds' unique index).
  const current = (alias: string) =>
    companyId
      ? { sql: 'coalesce((select b.generation from audience_builds b where b.company_id = ?), 0)', params: [companyId] }
      : { sql: `coalesce((select b.generation from audience_builds b where b.company_id = ${alias}.company_id), 0)`, params: [] as unknown[] };
  const membersGeneration = current('i');
  const respondedGeneration = current('i');
  const sql = `
    with members as materialized (
      select i.company_id, i.profile_id, i.value as user_id
        from audience_identities i${by('audience_identities_company_id_kind_value_index')}
       cross join audience_profiles p
       where ${identities.sql}i.kind = 'user_id' and i.generation = ${membersGeneration.sql}
         and p.id = i.profile_id and p.generation = i.generation and ${profiles.sql}
    ),
    active as (
      select ${eventCase.sql} as bucket, m.profile_id,
             sum(case when r.event_type = 'click' then 1 else 0 end) as clicks,
             max(case when r.event_type in ('purchase', 'conversion') then 1 else 0 end) as converted
        from members m
       cross join data_records r${by(PERSON_EVENTS_INDEX)}
       where ${events.sql} and r.user_id = m.user_id and r.kind = 'events' and r.event_time >= ? and r.event_time < ?
       group by 1, 2
    ),
    visits as (
      select ${responseCase.sql} as bucket, s.company_id, s.visitor_id, count(*) as responses
        from published_surveys ps
       cross join survey_responses s${by('survey_responses_survey_id_created_at_index')}
       where ${surveys.sql}s.survey_id = ps.id and s.created_at >= ? and s.created_at < ? and s.visitor_id is not null
       group by 1, 2, 3
    ),
    responded as (
      select v.bucket, v.responses
        from visits v
       cross join audience_identities i${by('audience_identities_company_id_kind_value_index')}
       cross join audience_profiles p
       where i.company_id = v.company_id and i.kind = 'anonymous_id' and i.value = v.visitor_id and i.generation = ${respondedGeneration.sql}
         and p.id = i.profile_id and p.generation = i.generation and ${profiles.sql}
    )
    select 'events' as part, bucket, count(*) as users, sum(clicks) as clicks, sum(converted) as converters, 0 as responses
      from active group by bucket
    union all
    select 'responses' as part, bucket, 0 as users, 0 as clicks, 0 as converters, sum(responses) as responses
      from responded group by bucket`;
  return {
    sql,
    params: [
      ...identities.params, ...membersGeneration.params, ...profiles.params,
      ...eventCase.params, ...events.params, first, end,
      ...responseCase.params, ...surveys.params, first, end,
      ...respondedGeneration.params, ...profiles.params,
    ],
  };
}

/**
 * A drilled-in category or view per bucket: survey responses of its people (matched by the
 * response's visitor id), its distinct people with an event (matched by user id), their click
 * events, and the share of those active people with a purchase or conversion event.
 */
export async function categorySeries(deps: RequestDeps, scope: DashboardScope, refKind: 'category' | 'view', id: string, request: RangeQuery): Promise<CategorySeries> {
  const { kind, now, read } = deps;
  const resolved = resolveScopeRange(now, scope, request);
  const target = await seriesTarget(deps, scope, refKind, id);
  const query = categorySeriesQuery(kind, resolved, target);
  const rows = await read(query.sql, query.params, { joinOrderAsWritten: true });
  const events = byBucket(rows.filter((row) => row.part === 'events'));
  const responses = byBucket(rows.filter((row) => row.part === 'responses'));
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
  return { kind: refKind, id, name: target.name, bucket: resolved.bucket, points, partial: partialBucketOf(resolved, now().getTime()) };
}
