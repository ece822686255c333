/**
 * The reads of a company's current build: metrics, categories and users under the page's filters
 * (all SQL: `(source_mask & ?) <> 0`, `lifecycle in (...)`, `last_seen >= ?`), and one profile's
 * identity graph and recent events. Builds write each build as a new generation and switch to it at
 * the end (build.ts): every read here names the company's current generation, so it sees the
 * previous complete build until the switch. The unfiltered metrics and categories come from the
 * summary stored with the build (summary.ts), one row read.
 */
import {
  CATEGORY_IDS,
  CATEGORY_NAMES,
  type AudienceCategory,
  type AudienceMetrics,
  type AudienceQuery,
  type AudienceUser,
  type AudienceUserDetail,
  type AudienceUsersPage,
  type CategoryId,
  type LifecycleStage,
  type PredictedSegment,
  type RiskLevel,
} from '@domain/audience/contract';
import { categoryBit, categoriesOfMask, categoryDefinition } from '@domain/audience/categories';
import { sourceKindsOfMask } from '@domain/audience/sources';
import { apiError } from '../../platform/errors';
import { type DatabaseKind, type ResultsDialect, timeOf } from '../../platform/sql';
import { API_SOURCE_NAME } from './build';
import { audienceCondition } from './filters';
import { countsOfSummary, meanCoverage, type AudienceCounts } from './summary';

type Row = Record<string, unknown>;
const RECENT_EVENTS = 20;
const TOP_SEGMENTS = 5;
const TOP_TRAITS = 3;

/** The service's database and clock, as the reads (and the saved views' counts) use them. */
export interface AudienceDb {
  query: (sql: string, params: unknown[]) => Promise<Row[]>;
  kind: DatabaseKind;
  now: () => Date;
  dialect: ResultsDialect;
}

/** The company's current build: the generation its reads see, and that build's time and summary. */
export interface CurrentBuild {
  generation: number;
  computedAt: string | null;
  summary: unknown;
}

interface Where {
  sql: string;
  params: unknown[];
}

const iso = (value: unknown): string | null => {
  const time = timeOf(value);
  return time === null ? null : new Date(time).toISOString();
};
const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole ? round1((part / whole) * 100) : 0);

function parsed<Value>(db: AudienceDb, value: unknown, fallback: Value): Value {
  return value === null || value === undefined ? fallback : (db.dialect.parsedJson<Value>(value) ?? fallback);
}

const isUnfiltered = (filters: AudienceQuery) =>
  !filters.dataSource.length && !filters.lifecycle.length && !filters.risk.length && !filters.recency.length && !filters.search.trim();

export async function currentBuild(db: AudienceDb, companyId: string): Promise<CurrentBuild> {
  const row = (await db.query('select generation, computed_at, summary from audience_builds where company_id = ?', [companyId]))[0];
  // Without a build row, generation 0: rows from before generations, or written by hand.
  if (!row) return { generation: 0, computedAt: null, summary: null };
  return { generation: Number(row.generation), computedAt: iso(row.computed_at), summary: parsed<unknown>(db, row.summary, null) };
}

/** The page's filters (filters.ts, shared with survey targeting's membership) on the generation read. */
function whereOf(db: AudienceDb, companyId: string, generation: number, filters: AudienceQuery, categoryId: CategoryId | null = null): Where {
  const condition = audienceCondition(db.kind, db.now(), companyId, filters, categoryId);
  return { sql: `${condition.sql} and generation = ?`, params: [...condition.params, generation] };
}

const categorySums = CATEGORY_IDS.map((id) => `sum(case when (category_mask & ${categoryBit(id)}) <> 0 then 1 else 0 end) as "c_${id}"`).join(', ');

async function counts(db: AudienceDb, where: Where): Promise<AudienceCounts> {
  const row =
    (
      await db.query(
        `select count(*) as total, sum(round(coverage * 10)) as coverage_tenths, sum(case when is_unified then 1 else 0 end) as unified, ` +
          `sum(case when is_unknown then 1 else 0 end) as unknown, ${categorySums} from audience_profiles where ${where.sql}`,
        where.params,
      )
    )[0] ?? {};
  const categories = Object.fromEntries(CATEGORY_IDS.map((id) => [id, Number(row[`c_${id}`] ?? 0)])) as Record<CategoryId, number>;
  return { total: Number(row.total ?? 0), coverage: meanCoverage(Number(row.coverage_tenths ?? 0), Number(row.total ?? 0)), unified: Number(row.unified ?? 0), unknown: Number(row.unknown ?? 0), categories };
}

function userOf(row: Row): AudienceUser {
  const sourceMask = Number(row.source_mask);
  return {
    id: String(row.id),
    name: (row.name as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    account: (row.account as string | null) ?? null,
    categories: categoriesOfMask(Number(row.category_mask)),
    ltv: Number(row.ltv),
    risk: row.risk as RiskLevel,
    riskScore: Number(row.risk_score),
    lifecycle: row.lifecycle as LifecycleStage,
    lastSeen: iso(row.last_seen),
    dataSourceCoverage: Number(row.coverage),
    sources: sourceKindsOfMask(sourceMask),
    ip_address: (row.ip_address as string | null) ?? null,
    device_type: (row.device_type as string | null) ?? null,
    surveyCount: Number(row.survey_count),
    totalCompletionTime: Number(row.completion_seconds),
  };
}

const USER_COLUMNS = 'id, name, email, account, category_mask, ltv, risk, risk_score, lifecycle, last_seen, coverage, source_mask, ip_address, device_type, survey_count, completion_seconds';

/** The counts of the profiles matching: from the build's summary when nothing narrows them, else counted in SQL. */
export async function countsOf(db: AudienceDb, companyId: string, build: CurrentBuild, filters: AudienceQuery, categoryId: CategoryId | null = null): Promise<AudienceCounts> {
  const stored = isUnfiltered(filters) ? countsOfSummary(build.summary, categoryId) : null;
  return stored ?? counts(db, whereOf(db, companyId, build.generation, filters, categoryId));
}

export async function audienceMetrics(db: AudienceDb, companyId: string, filters: AudienceQuery): Promise<AudienceMetrics> {
  const build = await currentBuild(db, companyId);
  const counted = await countsOf(db, companyId, build, filters);
  const topSegments = CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id], userCount: counted.categories[id] }))
    .filter((segment) => segment.userCount > 0)
    .sort((a, b) => b.userCount - a.userCount || CATEGORY_IDS.indexOf(a.id) - CATEGORY_IDS.indexOf(b.id))
    .slice(0, TOP_SEGMENTS);
  return {
    totalUsers: counted.total,
    unifiedIdentities: percent(counted.unified, counted.total),
    unknowns: percent(counted.unknown, counted.total),
    dataSourceCoverage: counted.coverage,
    topSegments,
    computedAt: build.computedAt,
  };
}

export async function audienceCategories(db: AudienceDb, companyId: string, filters: AudienceQuery): Promise<AudienceCategory[]> {
  const build = await currentBuild(db, companyId);
  const categories: AudienceCategory[] = [];
  for (const id of CATEGORY_IDS) {
    const counted = await countsOf(db, companyId, build, filters, id);
    const topTraits = CATEGORY_IDS.filter((other) => other !== id && counted.categories[other] > 0)
      .map((other) => ({ name: CATEGORY_NAMES[other], share: percent(counted.categories[other], counted.total) }))
      .sort((a, b) => b.share - a.share || (a.name < b.name ? -1 : 1))
      .slice(0, TOP_TRAITS)
      .map((trait) => `${trait.name} ${Math.round(trait.share)} %`);
    categories.push({ ...categoryDefinition(id), coverage: counted.coverage, userCount: counted.total, topTraits });
  }
  return categories;
}

export async function usersPage(
  db: AudienceDb,
  companyId: string,
  filters: AudienceQuery,
  paging: { page: number; limit: number },
  categoryId: CategoryId | null = null,
): Promise<AudienceUsersPage> {
  const build = await currentBuild(db, companyId);
  const where = whereOf(db, companyId, build.generation, filters, categoryId);
  // Unfiltered, the build's summary has the count: no count over every profile.
  const stored = isUnfiltered(filters) ? countsOfSummary(build.summary, categoryId) : null;
  const total = stored ? stored.total : Number((await db.query(`select count(*) as total from audience_profiles where ${where.sql}`, where.params))[0]?.total ?? 0);
  const rows = await db.query(`select ${USER_COLUMNS} from audience_profiles where ${where.sql} order by ltv desc, id limit ? offset ?`, [
    ...where.params,
    paging.limit,
    (paging.page - 1) * paging.limit,
  ]);
  return { users: rows.map(userOf), total, page: paging.page, limit: paging.limit };
}

/** The recent events of a profile: the company's event records whose user id, e-mail or anonymous id is one of its identities. */
async function recentEvents(db: AudienceDb, companyId: string, identityRows: Row[]): Promise<Row[]> {
  const valuesOf = (identityKind: string) => identityRows.filter((identity) => identity.kind === identityKind).map((identity) => String(identity.value));
  const matchers: string[] = [];
  const params: unknown[] = [companyId];
  for (const column of ['user_id', 'email', 'anonymous_id']) {
    const values = valuesOf(column);
    if (!values.length) continue;
    // Stored e-mails may keep their original case; identities are lower-cased.
    matchers.push(`${column === 'email' ? 'lower(r.email)' : `r.${column}`} in (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  }
  if (!matchers.length) return [];
  return db.query(
    `select r.event_type, r.event_time, r.source_type, s.name as source_name from data_records r left join data_sources s on s.id = r.source_id ` +
      `where r.company_id = ? and r.kind = 'events' and (${matchers.join(' or ')}) order by r.event_time desc, r.id limit ${RECENT_EVENTS}`,
    params,
  );
}

/** One profile of the current build, with its identities, the merges that made it and its recent events. */
export async function userDetail(db: AudienceDb, companyId: string, id: string): Promise<AudienceUserDetail> {
  const { generation } = await currentBuild(db, companyId);
  const row = (await db.query(`select ${USER_COLUMNS}, attributes, segments from audience_profiles where company_id = ? and generation = ? and id = ?`, [companyId, generation, id]))[0];
  if (!row) throw apiError('not_found', { error: 'Audience profile not found', message: 'No such profile exists in your reach.' });
  const identityRows = await db.query(
    'select kind, value, source, first_seen from audience_identities where company_id = ? and generation = ? and profile_id = ? order by kind, value',
    [companyId, generation, id],
  );
  const mergeRows = await db.query(
    'select at, identifier_kind, identifier_value, source, profiles_joined, refused, reason from audience_merges where company_id = ? and generation = ? and profile_id = ? order by at, id',
    [companyId, generation, id],
  );
  const eventRows = await recentEvents(db, companyId, identityRows);
  return {
    ...userOf(row),
    identities: identityRows.map((identity) => ({ kind: String(identity.kind), value: String(identity.value), source: String(identity.source), firstSeen: iso(identity.first_seen) })),
    merges: mergeRows.map((merge) => ({
      at: iso(merge.at) ?? '',
      identifierKind: String(merge.identifier_kind),
      identifierValue: String(merge.identifier_value),
      source: String(merge.source),
      profilesJoined: Number(merge.profiles_joined),
      refused: Boolean(merge.refused),
      reason: (merge.reason as string | null) ?? null,
    })),
    events: eventRows.map((event) => ({
      type: String(event.event_type ?? 'event'),
      source: event.source_type === 'api' ? API_SOURCE_NAME : String(event.source_name ?? 'Unknown source'),
      timestamp: iso(event.event_time) ?? '',
    })),
    segments: parsed<PredictedSegment[]>(db, row.segments, []),
    attributes: parsed<Record<string, string | number | boolean>>(db, row.attributes, {}),
  };
}
