/**
 * Builds a company's unified profiles from everything it knows about people: people records and
 * events of its connected sources and imports, survey responses, and events sent to the
 * prediction API. Two passes over the records, each in keyset pages (so a million events never sit
 * in memory at once): the first resolves identities (src/domain/audience/identity.ts), the second
 * adds every record to its profile's running totals. Profiles, identifiers and joins are then
 * written as a new generation in short transactions and switched to in one more (writeProfiles).
 * Plain SQL with `?` placeholders, so both SQLite and PostgreSQL run it: in the server's build
 * worker (buildWorker.ts) over its own connection, or in process (the demo seeder).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import { type AudienceJobSummary, type CountChange, CATEGORY_IDS, CATEGORY_NAMES, LIFECYCLE_STAGES, LIFECYCLE_LABELS, RISK_LEVELS, RISK_LABELS, type LifecycleStage, type RiskLevel, type SourceKind } from '@domain/audience/contract';
import { categoryBit, categoryContext, categoriesOf, type ProfileFacts } from '@domain/audience/categories';
import { IdentityGraph, identifierKindOfKey, normaliseIdentifier, type Identifier, type IdentifierFieldNames } from '@domain/audience/identity';
import { lifecycleStage, riskLevel, riskScore, DAY_MS, RISK_WINDOW_DAYS } from '@domain/audience/scoring';
import { predictedSegments } from '@domain/audience/segments';
import { coverageOfMask, sourceBit, sourceKindOfApiEvent, sourceKindOfDataSource, sourceKindOfResponse } from '@domain/audience/sources';
import type { RecordKind } from '@domain/data/unifiedModel';
import { DEFAULT_IDENTIFIER_FIELDS } from '@domain/survey/defaults';
import type { Question, Survey } from '@domain/survey/types';
import { resultsDialect, type DatabaseKind } from '../../platform/sql';
import { summaryCounter } from './summary';
import { jsonOf, numberOf, rowsOf, timeOf } from '../../platform/rawRows';

type Row = Record<string, unknown>;
const PAGE_ROWS = 5_000;
const INSERT_CHUNK = 200;
/**
 * Rows per write transaction of a new generation. Each holds SQLite's write lock while it runs,
 * and the server's writes wait for it synchronously (better-sqlite3's busy wait stops the event
 * loop), so a batch's length is the longest a respondent's request can stand still behind the
 * build. Measured on two busy cores: 2,000 profile rows held the lock 80-400 ms, 500 rows 10-90
 * ms, for about a sixth more time writing the whole generation.
 */
const WRITE_BATCH = 500;
/** Rows per delete of an old generation, each its own statement, for the same reason: 5,000 held the lock 100-250 ms, 1,000 under 80 ms. */
const DELETE_BATCH = 1_000;
export const API_SOURCE_NAME = 'Prediction API';
const RECENT_WINDOW_MS = RISK_WINDOW_DAYS * DAY_MS;

export interface BuildInput {
  knex: Knex;
  kind: DatabaseKind;
  companyId: string;
  now: Date;
  maxProfilesPerMerge: number;
  /** Called after each page read: records processed so far, of about `total` (two passes). */
  onProgress?: (processed: number, total: number) => Promise<void> | void;
  /** Called after each batch of the new generation is written, before the switch to it. */
  onBatch?: (batch: { generation: number; table: string; rows: number }) => Promise<void> | void;
  /** Called once the new generation is current, before the previous one is deleted. */
  onSwitched?: (result: BuildResult) => Promise<void> | void;
  /** How long the previous generation outlives the switch, for readers in the middle of a request. */
  previousGenerationGraceMs?: number;
}

export interface BuildResult {
  profiles: number;
  /** The generation written, now the current one. */
  generation: number;
  watermark: number | null;
  summary: AudienceJobSummary;
  /** Joins refused as too large, for the log. */
  refused: Array<{ kind: string; value: string; source: string; profilesJoined: number }>;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value.trim() || null : typeof value === 'number' ? String(value) : null);
/** Running totals of one profile while the records are read. */
interface Accumulator {
  userId: string | null;
  email: string | null;
  name: string | null;
  account: string | null;
  age: number | null;
  location: string | null;
  createdAt: number | null;
  firstSeen: number | null;
  lastSeen: number | null;
  lastLogin: number | null;
  subscriptionStatus: string | null;
  subscriptionAt: number;
  declaredLtv: number;
  eventRevenue: number;
  deviceType: string | null;
  deviceAt: number;
  ipAddress: string | null;
  ipAt: number;
  sourceMask: number;
  sourceNames: Set<string>;
  surveyCount: number;
  completionSeconds: number;
  eventCount: number;
  recentEvents: number;
  previousEvents: number;
  activeDays: Set<number>;
  mobileEvents: number;
  desktopEvents: number;
  weekendEvents: number;
  weekdayEvents: number;
  cartAdds: number;
  purchases: number;
  categoryViews: Record<string, number>;
  identifierKinds: Set<string>;
  identifierCount: number;
  attributes: Record<string, string | number | boolean>;
}

const newAccumulator = (): Accumulator => ({
  userId: null, email: null, name: null, account: null, age: null, location: null, createdAt: null, firstSeen: null, lastSeen: null,
  lastLogin: null, subscriptionStatus: null, subscriptionAt: -Infinity, declaredLtv: 0, eventRevenue: 0, deviceType: null, deviceAt: -Infinity,
  ipAddress: null, ipAt: -Infinity, sourceMask: 0, sourceNames: new Set(), surveyCount: 0, completionSeconds: 0, eventCount: 0, recentEvents: 0,
  previousEvents: 0, activeDays: new Set(), mobileEvents: 0, desktopEvents: 0, weekendEvents: 0, weekdayEvents: 0, cartAdds: 0, purchases: 0,
  categoryViews: {}, identifierKinds: new Set(), identifierCount: 0, attributes: {},
});

const seen = (profile: Accumulator, at: number | null) => {
  if (at === null) return;
  if (profile.firstSeen === null || at < profile.firstSeen) profile.firstSeen = at;
  if (profile.lastSeen === null || at > profile.lastSeen) profile.lastSeen = at;
};

const isHandheld = (device: string | null) => device === 'mobile' || device === 'tablet';
const CART = /cart/i;
const PURCHASE = /purchase|order|checkout|conversion|payment|charge/i;

/** What the build needs to know of the company besides its records. */
interface CompanyContext {
  sources: Map<string, { name: string; kind: SourceKind }>;
  surveys: Map<string, { name: string; fieldOfQuestion: Map<string, string> }>;
  identifierFields: IdentifierFieldNames;
  itemCategory: Map<string, string>;
}

async function companyContext(query: (sql: string, params: unknown[]) => Promise<Row[]>, companyId: string, dialect: ReturnType<typeof resultsDialect>): Promise<CompanyContext> {
  const sources = new Map<string, { name: string; kind: SourceKind }>();
  for (const row of await query('select id, name, catalogue_id, record_kind from data_sources where company_id = ?', [companyId])) {
    sources.set(String(row.id), { name: String(row.name), kind: sourceKindOfDataSource(String(row.catalogue_id), row.record_kind as RecordKind) });
  }
  const fieldOfType = new Map<string, string>();
  for (const row of await query('select id, data_field_name from data_types where company_id = ? or company_id is null', [companyId])) {
    fieldOfType.set(String(row.id), String(row.data_field_name));
  }
  const surveys = new Map<string, { name: string; fieldOfQuestion: Map<string, string> }>();
  for (const row of await query('select id, name, survey from published_surveys where company_id = ?', [companyId])) {
    const survey = dialect.parsedJson<Survey | null>(row.survey);
    const fieldOfQuestion = new Map<string, string>();
    for (const question of (survey?.questions ?? []) as Question[]) {
      const field = question.dataType ? fieldOfType.get(question.dataType) : undefined;
      if (field) fieldOfQuestion.set(question.id, field);
    }
    surveys.set(String(row.id), { name: String(row.name), fieldOfQuestion });
  }
  const settings = (await query('select global_identifiers from company_survey_settings where company_id = ?', [companyId]))[0];
  const fields = settings ? dialect.parsedJson<{ identifierFields?: { email?: string; uuid?: string } } | null>(settings.global_identifiers)?.identifierFields : undefined;
  const identifierFields = { email: fields?.email || DEFAULT_IDENTIFIER_FIELDS.email, uuid: fields?.uuid || DEFAULT_IDENTIFIER_FIELDS.uuid };
  const itemCategory = new Map<string, string>();
  const categorySql = `select id, item_id, ${dialect.jsonScalarText('unified')} as category from data_records where company_id = ? and kind = 'items'`;
  let after = '';
  for (;;) {
    const rows = await query(`${categorySql} and id > ? order by id limit ${PAGE_ROWS}`, [dialect.jsonKey('category'), companyId, after]);
    for (const row of rows) {
      const itemId = textOf(row.item_id);
      const category = textOf(row.category);
      if (itemId && category) itemCategory.set(itemId, category);
    }
    if (rows.length < PAGE_ROWS) break;
    after = String(rows[rows.length - 1]!.id);
  }
  return { sources, surveys, identifierFields, itemCategory };
}

function recordIdentifiers(row: Row): Identifier[] {
  return [normaliseIdentifier('user_id', row.user_id), normaliseIdentifier('email', row.email), normaliseIdentifier('anonymous_id', row.anonymous_id)].filter(
    (identifier): identifier is Identifier => identifier !== null,
  );
}

function responseIdentifiers(row: Row, fields: IdentifierFieldNames, dialect: ReturnType<typeof resultsDialect>): Identifier[] {
  const identifiers: Identifier[] = [];
  const given = dialect.parsedJson<Record<string, unknown> | null>(row.identifiers) ?? {};
  for (const [key, value] of Object.entries(given)) {
    const identifier = normaliseIdentifier(identifierKindOfKey(key, fields), value);
    if (identifier) identifiers.push(identifier);
  }
  const visitor = normaliseIdentifier('anonymous_id', row.visitor_id);
  if (visitor) identifiers.push(visitor);
  return identifiers;
}

/** Reads a query in pages by id; `sql` ends in a where clause. */
async function* pages(query: (sql: string, params: unknown[]) => Promise<Row[]>, sql: string, params: unknown[]): AsyncGenerator<Row[]> {
  let after = '';
  for (;;) {
    const rows = await query(`${sql} and id > ? order by id limit ${PAGE_ROWS}`, [...params, after]);
    if (!rows.length) return;
    yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = String(rows[rows.length - 1]!.id);
  }
}

const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function countChanges<Id extends string>(ids: readonly Id[], name: (id: Id) => string, before: Map<string, number>, after: Map<string, number>): CountChange[] {
  return ids.map((id) => ({ id, name: name(id), before: before.get(id) ?? 0, after: after.get(id) ?? 0 }));
}

const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

async function readAndWrite(input: BuildInput): Promise<BuildResult> {
  const { knex, kind, companyId } = input;
  const now = input.now.getTime();
  const dialect = resultsDialect(kind);
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
  const context = await companyContext(query, companyId, dialect);

  const counted = await query("select count(*) as n from data_records where company_id = ? and kind in ('people', 'events')", [companyId]);
  const countedResponses = await query('select count(*) as n from survey_responses where company_id = ?', [companyId]);
  const total = 2 * (Number(counted[0]?.n ?? 0) + Number(countedResponses[0]?.n ?? 0));
  let processed = 0;
  const progress = async (count: number) => {
    processed += count;
    await input.onProgress?.(Math.min(processed, total), total);
  };

  let watermark: number | null = null;
  const touch = (value: unknown) => {
    const time = timeOf(value);
    if (time !== null && (watermark === null || time > watermark)) watermark = time;
  };
  const sourceOf = (row: Row) =>
    row.source_type === 'api' ? { name: API_SOURCE_NAME, kind: sourceKindOfApiEvent(textOf(row.device_type)) } : (context.sources.get(String(row.source_id)) ?? { name: 'Unknown source', kind: 'analytics' as SourceKind });
  const surveySource = (row: Row) => `Survey: ${context.surveys.get(String(row.survey_id))?.name ?? 'Deleted survey'}`;

  // People first (they carry the fullest identity), then events; both ordered by id within a kind.
  const recordSql = (columns: string) => `select ${columns} from data_records where company_id = ? and kind = ?`;
  const identityColumns = 'id, source_id, source_type, user_id, email, anonymous_id, event_time, updated_at';
  const responseSql = 'select id, survey_id, identifiers, visitor_id, device_type, ip_address, answers, completion_time_seconds, started_at, completed_at, updated_at from survey_responses where company_id = ?';

  // Pass 1: the identity graph.
  const graph = new IdentityGraph(input.maxProfilesPerMerge);
  for (const recordKind of ['people', 'events'] as const) {
    for await (const rows of pages(query, recordSql(identityColumns), [companyId, recordKind])) {
      for (const row of rows) {
        touch(row.updated_at);
        // A record without a time of its own (an imported person) was first seen when it arrived.
        graph.add(recordIdentifiers(row), sourceOf(row).name, timeOf(row.event_time) ?? timeOf(row.updated_at));
      }
      await progress(rows.length);
    }
  }
  for await (const rows of pages(query, responseSql.replace('answers, ', ''), [companyId])) {
    for (const row of rows) {
      touch(row.updated_at);
      graph.add(responseIdentifiers(row, context.identifierFields, dialect), surveySource(row), timeOf(row.started_at));
    }
    await progress(rows.length);
  }
  const resolved = graph.resolve();

  // Pass 2: every record into its profile's totals. Records with no identifier are profiles of their own.
  const profiles: Accumulator[] = [];
  const profileOf = (identifiers: Identifier[]): Accumulator => {
    const index = resolved.profileOf(identifiers) ?? resolved.profileCount + profiles.length;
    let profile = profiles[index];
    if (!profile) profiles[index] = profile = newAccumulator();
    return profile;
  };
  const recentSince = now - RECENT_WINDOW_MS;
  const previousSince = now - 2 * RECENT_WINDOW_MS;
  const activity = (profile: Accumulator, at: number | null, device: string | null) => {
    if (device) {
      if (isHandheld(device)) profile.mobileEvents++;
      else if (device === 'desktop') profile.desktopEvents++;
    }
    if (at === null) return;
    seen(profile, at);
    profile.activeDays.add(Math.floor(at / DAY_MS));
  };

  const peopleColumns = `${identityColumns}, unified`;
  for await (const rows of pages(query, recordSql(peopleColumns), [companyId, 'people'])) {
    for (const row of rows) {
      const profile = profileOf(recordIdentifiers(row));
      const source = sourceOf(row);
      const unified = dialect.parsedJson<Record<string, unknown> | null>(row.unified) ?? jsonOf(row.unified);
      const updated = timeOf(row.updated_at) ?? 0;
      profile.sourceMask |= sourceBit(source.kind);
      profile.sourceNames.add(source.name);
      profile.userId ??= textOf(row.user_id);
      profile.email ??= normaliseIdentifier('email', row.email)?.value ?? null;
      profile.name ??= textOf(unified.name);
      profile.account ??= textOf(unified.account);
      profile.age ??= numberOf(unified.age) !== null ? Math.round(numberOf(unified.age)!) : null;
      profile.location ??= textOf(unified.location);
      const created = timeOf(unified.created_at);
      if (created !== null && (profile.createdAt === null || created < profile.createdAt)) profile.createdAt = created;
      const login = timeOf(unified.last_login);
      if (login !== null && (profile.lastLogin === null || login > profile.lastLogin)) profile.lastLogin = login;
      const status = textOf(unified.subscription_status);
      if (status && updated >= profile.subscriptionAt) {
        profile.subscriptionStatus = status.slice(0, 40);
        profile.subscriptionAt = updated;
      }
      profile.declaredLtv = Math.max(profile.declaredLtv, numberOf(unified.ltv) ?? 0, numberOf(unified.revenue) ?? 0);
      const device = textOf(unified.device_type)?.toLowerCase() ?? null;
      if (device && updated >= profile.deviceAt) {
        profile.deviceType = device.slice(0, 10);
        profile.deviceAt = updated;
      }
    }
    await progress(rows.length);
  }

  const eventColumns = `${identityColumns}, event_type, item_id, ${dialect.jsonScalarText('unified')} as device_type, ${dialect.jsonScalarText('unified')} as revenue`;
  for await (const rows of pages(query, recordSql(eventColumns), [dialect.jsonKey('device_type'), dialect.jsonKey('revenue'), companyId, 'events'])) {
    for (const row of rows) {
      const profile = profileOf(recordIdentifiers(row));
      const source = sourceOf(row);
      const at = timeOf(row.event_time);
      const device = textOf(row.device_type)?.toLowerCase() ?? null;
      profile.sourceMask |= sourceBit(source.kind);
      profile.sourceNames.add(source.name);
      profile.userId ??= textOf(row.user_id);
      profile.email ??= normaliseIdentifier('email', row.email)?.value ?? null;
      profile.eventCount++;
      activity(profile, at, device);
      if (device && at !== null && at >= profile.deviceAt) {
        profile.deviceType = device.slice(0, 10);
        profile.deviceAt = at;
      }
      if (at !== null) {
        if (at >= recentSince) profile.recentEvents++;
        else if (at >= previousSince) profile.previousEvents++;
        const weekday = new Date(at).getUTCDay();
        if (weekday === 0 || weekday === 6) profile.weekendEvents++;
        else profile.weekdayEvents++;
      }
      const type = textOf(row.event_type) ?? '';
      if (CART.test(type)) profile.cartAdds++;
      if (PURCHASE.test(type)) {
        profile.purchases++;
        profile.eventRevenue += numberOf(row.revenue) ?? 0;
      }
      const itemId = textOf(row.item_id);
      const category = itemId ? context.itemCategory.get(itemId) : undefined;
      if (category) profile.categoryViews[category] = (profile.categoryViews[category] ?? 0) + 1;
    }
    await progress(rows.length);
  }

  for await (const rows of pages(query, responseSql, [companyId])) {
    for (const row of rows) {
      const identifiers = responseIdentifiers(row, context.identifierFields, dialect);
      const profile = profileOf(identifiers);
      const device = textOf(row.device_type)?.toLowerCase() ?? null;
      const at = timeOf(row.completed_at) ?? timeOf(row.started_at);
      profile.sourceMask |= sourceBit(sourceKindOfResponse(device));
      profile.sourceNames.add(surveySource(row));
      profile.surveyCount++;
      profile.completionSeconds += Math.max(0, Math.round(numberOf(row.completion_time_seconds) ?? 0));
      activity(profile, at, device);
      for (const identifier of identifiers) {
        if (identifier.kind === 'user_id') profile.userId ??= identifier.value;
        else if (identifier.kind === 'email') profile.email ??= identifier.value;
        else if (identifier.kind !== 'anonymous_id') profile.attributes[identifier.kind] = identifier.value;
      }
      if (device && (at ?? 0) >= profile.deviceAt) {
        profile.deviceType = device.slice(0, 10);
        profile.deviceAt = at ?? 0;
      }
      const ip = textOf(row.ip_address);
      if (ip && (at ?? 0) >= profile.ipAt) {
        profile.ipAddress = ip.slice(0, 64);
        profile.ipAt = at ?? 0;
      }
      const fields = context.surveys.get(String(row.survey_id))?.fieldOfQuestion;
      if (fields?.size) {
        const answers = dialect.parsedJson<Record<string, unknown> | null>(row.answers) ?? {};
        for (const [questionId, field] of fields) {
          const answer = answers[questionId];
          if (typeof answer === 'string' || typeof answer === 'number' || typeof answer === 'boolean') profile.attributes[field] = answer;
          else if (Array.isArray(answer)) profile.attributes[field] = answer.map(String).join(', ');
        }
      }
    }
    await progress(rows.length);
  }

  for (const identifier of resolved.identifiers) {
    const profile = profiles[identifier.profile];
    if (!profile) continue;
    profile.identifierCount++;
    profile.identifierKinds.add(identifier.identifier.kind);
  }

  return writeProfiles({ ...input, now, resolved, profiles, watermark });
}

/** Rebuilds the company's profiles as a new generation; answers how many and what changed. */
export function buildAudience(input: BuildInput): Promise<BuildResult> {
  return withCompanyLock(input.knex, input.kind, input.companyId, () => readAndWrite(input));
}

type SqliteConnection = { prepare(sql: string): { run(values: unknown[]): unknown } };

/**
 * Inserts rows on the transaction's own connection: on SQLite one prepared statement run per row
 * (better-sqlite3 runs it in microseconds, where a multi-row insert compiles a long statement
 * that costs more than the rows), on PostgreSQL multi-row inserts of INSERT_CHUNK rows.
 */
export async function insertRows(trx: Knex.Transaction, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const connection = (await trx.client.acquireConnection()) as SqliteConnection | object;
  if ('prepare' in connection) {
    const insert = connection.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(columns.map((column) => row[column]));
    return;
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await trx(table).insert(rows.slice(start, start + INSERT_CHUNK));
}

interface WriteInput extends Omit<BuildInput, 'now'> {
  now: number;
  resolved: ReturnType<IdentityGraph['resolve']>;
  profiles: Accumulator[];
  watermark: number | null;
}

/** The generation readers see: the company's build row's, or 0 (rows written before generations, or by hand) without one. */
export const CURRENT_GENERATION_SQL = 'coalesce((select b.generation from audience_builds b where b.company_id = ?), 0)';

export async function currentGeneration(knex: Knex, companyId: string): Promise<number> {
  const rows = rowsOf(await knex.raw(`select ${CURRENT_GENERATION_SQL} as generation`, [companyId]));
  return Number(rows[0]?.generation ?? 0);
}

/** Deletes a company's rows of the generations chosen, in short statements of DELETE_BATCH rows (no long write lock). */
async function deleteGenerations(knex: Knex, companyId: string, which: { only: number } | { except: number }): Promise<void> {
  const [operator, generation] = 'only' in which ? ['=', which.only] : ['<>', which.except];
  for (const table of ['audience_merges', 'audience_identities', 'audience_profiles']) {
    for (;;) {
      const chosen = knex(table).select('id').where('company_id', companyId).where('generation', operator, generation).limit(DELETE_BATCH);
      const deleted = await knex(table).where('company_id', companyId).where('generation', operator, generation).whereIn('id', chosen).delete();
      if (deleted < DELETE_BATCH) break;
    }
  }
}

/**
 * Runs `work` holding the company's build lock. On PostgreSQL a session advisory lock on a
 * connection kept for the whole build: replicas each run a refresher, and two of them never build
 * one company at once (the second waits, then builds on the first's generation). SQLite has one
 * server process, whose build queue already runs one build at a time.
 */
async function withCompanyLock<T>(knex: Knex, kind: DatabaseKind, companyId: string, work: () => Promise<T>): Promise<T> {
  if (kind !== 'postgresql') return work();
  const key = `navout:audience:${companyId}`;
  const connection: unknown = await knex.client.acquireConnection();
  try {
    await knex.raw('select pg_advisory_lock(hashtext(?))', [key]).connection(connection);
    try {
      return await work();
    } finally {
      await knex.raw('select pg_advisory_unlock(hashtext(?))', [key]).connection(connection);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/**
 * Writes the profiles, identities and joins as a new generation beside the current one, in short
 * transactions of WRITE_BATCH rows, then switches the company to it in one short transaction:
 * readers see the previous complete generation until then. The previous one is deleted in batches
 * afterwards; rows of a build that failed or stopped are deleted by the next one.
 */
async function writeProfiles(input: WriteInput): Promise<BuildResult> {
  const { knex, kind, companyId, now, resolved, profiles, watermark } = input;
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
  const stamp = (ms: number | null) => (ms === null ? null : kind === 'sqlite' ? ms : new Date(ms));
  const flag = (value: boolean) => (kind === 'sqlite' ? Number(value) : value);
  const json = (value: unknown) => JSON.stringify(value);

  const current = await currentGeneration(knex, companyId);
  await deleteGenerations(knex, companyId, { except: current });
  const generation = current + 1;

  const ids: string[] = [];
  const claimed = new Set<string>();
  const anchorRank = (kindOf: string) => (kindOf === 'user_id' ? 0 : kindOf === 'email' ? 1 : kindOf === 'anonymous_id' ? 3 : 2);
  const anchors = new Map<number, { rank: number; key: string }>();
  for (const identifier of resolved.identifiers) {
    const rank = anchorRank(identifier.identifier.kind);
    const key = `${identifier.identifier.kind}\u0000${identifier.identifier.value}`;
    const currentAnchor = anchors.get(identifier.profile);
    if (!currentAnchor || rank < currentAnchor.rank || (rank === currentAnchor.rank && key < currentAnchor.key)) anchors.set(identifier.profile, { rank, key });
  }

  // Profile ids stay the same across rebuilds where the profile's anchor identifier does; only
  // the anchors' previous owners are kept in memory.
  const anchorKeys = new Set<string>([...anchors.values()].map((anchor) => anchor.key));
  const previousIdOf = new Map<string, string>();
  for await (const rows of pages(query, 'select id, profile_id, kind, value from audience_identities where company_id = ? and generation = ?', [companyId, current])) {
    for (const row of rows) {
      const key = `${String(row.kind)}\u0000${String(row.value)}`;
      if (anchorKeys.has(key)) previousIdOf.set(key, String(row.profile_id));
    }
  }
  anchorKeys.clear();
  const before = new Map<string, { categoryMask: number; risk: string; lifecycle: string }>();
  const beforeCategories = new Map<string, number>();
  const beforeRisk = new Map<string, number>();
  const beforeLifecycle = new Map<string, number>();
  for await (const rows of pages(query, 'select id, category_mask, risk, lifecycle from audience_profiles where company_id = ? and generation = ?', [companyId, current])) {
    for (const row of rows) {
      const categoryMask = Number(row.category_mask);
      before.set(String(row.id), { categoryMask, risk: String(row.risk), lifecycle: String(row.lifecycle) });
      for (const id of CATEGORY_IDS) if (categoryMask & categoryBit(id)) bump(beforeCategories, id);
      bump(beforeRisk, String(row.risk));
      bump(beforeLifecycle, String(row.lifecycle));
    }
  }

  for (let index = 0; index < profiles.length; index++) {
    if (!profiles[index]) continue;
    const anchor = anchors.get(index);
    const previous = anchor ? previousIdOf.get(anchor.key) : undefined;
    const id = previous && !claimed.has(previous) ? previous : randomUUID();
    claimed.add(id);
    ids[index] = id;
  }
  previousIdOf.clear();
  anchors.clear();

  // Company-relative thresholds, then every profile's scores and categories.
  const present: number[] = [];
  for (let index = 0; index < profiles.length; index++) if (profiles[index]) present.push(index);
  const ltvOf = (profile: Accumulator) => Math.round(Math.max(profile.declaredLtv, profile.eventRevenue) * 100) / 100;
  const context = categoryContext(now, present.map((index) => ltvOf(profiles[index]!)), present.map((index) => profiles[index]!.recentEvents));
  const accountSize = new Map<string, number>();
  for (const index of present) {
    const account = profiles[index]!.account;
    if (account) bump(accountSize, account.toLowerCase());
  }
  const medianOrderValue = median(present.filter((index) => profiles[index]!.purchases > 0).map((index) => ltvOf(profiles[index]!) / profiles[index]!.purchases));

  // Profiles that joined records through an identifier, or that span several sources, are unified.
  const joinedProfiles = new Set(resolved.joins.filter((join) => !join.refused).map((join) => join.profile));
  const afterCategories = new Map<string, number>();
  const afterRisk = new Map<string, number>();
  const afterLifecycle = new Map<string, number>();
  const counter = summaryCounter();
  let profilesChanged = 0;
  const stampNow = stamp(now);
  const profileRow = (index: number) => {
    const profile = profiles[index]!;
    const ltv = ltvOf(profile);
    const firstSeen = profile.createdAt !== null && (profile.firstSeen === null || profile.createdAt < profile.firstSeen) ? profile.createdAt : profile.firstSeen;
    const lastSeen = [profile.lastSeen, profile.lastLogin].filter((value): value is number => value !== null).reduce<number | null>((latest, value) => (latest === null || value > latest ? value : latest), null);
    const signals = { now, firstSeen, lastSeen, recentEvents: profile.recentEvents, previousEvents: profile.previousEvents, eventCount: profile.eventCount, subscriptionStatus: profile.subscriptionStatus };
    const score = riskScore(signals);
    const risk: RiskLevel = riskLevel(score);
    const lifecycle: LifecycleStage = lifecycleStage(signals, risk);
    const facts: ProfileFacts = {
      ltv, risk, lifecycle, firstSeen, account: profile.account, accountSize: profile.account ? (accountSize.get(profile.account.toLowerCase()) ?? 1) : 0,
      subscriptionStatus: profile.subscriptionStatus, activeDays: profile.activeDays.size, mobileEvents: profile.mobileEvents, desktopEvents: profile.desktopEvents,
      weekendEvents: profile.weekendEvents, weekdayEvents: profile.weekdayEvents, recentEvents: profile.recentEvents,
    };
    const categories = categoriesOf(facts, context);
    const categoryMask = categories.reduce((mask, id) => mask | categoryBit(id), 0);
    for (const id of categories) bump(afterCategories, id);
    bump(afterRisk, risk);
    bump(afterLifecycle, lifecycle);
    const id = ids[index]!;
    const old = before.get(id);
    if (!old || old.categoryMask !== categoryMask || old.risk !== risk || old.lifecycle !== lifecycle) profilesChanged++;
    const segments = predictedSegments({
      now, lastSeen, ltv, riskScore: score, recentEvents: profile.recentEvents, previousEvents: profile.previousEvents, activeDays: profile.activeDays.size,
      cartAdds: profile.cartAdds, purchases: profile.purchases, categoryViews: profile.categoryViews, medianOrderValue,
    });
    const known = profile.identifierKinds;
    // Known by no user id, e-mail or custom identifier: at most a device or cookie id.
    const isUnknown = [...known].every((kindOf) => kindOf === 'anonymous_id');
    const isUnified = joinedProfiles.has(index) || profile.sourceNames.size > 1;
    const coverage = coverageOfMask(profile.sourceMask);
    counter.add({ categoryMask, coverage, isUnified, isUnknown });
    return {
      id, generation, company_id: companyId, user_id: profile.userId, email: profile.email, name: profile.name, account: profile.account, age: profile.age,
      location: profile.location, first_seen: stamp(firstSeen), last_seen: stamp(lastSeen), last_login: stamp(profile.lastLogin),
      subscription_status: profile.subscriptionStatus, ltv, device_type: profile.deviceType, ip_address: profile.ipAddress,
      source_mask: profile.sourceMask, source_names: json([...profile.sourceNames].sort()), category_mask: categoryMask, lifecycle, risk,
      risk_score: score, coverage, survey_count: profile.surveyCount, completion_seconds: profile.completionSeconds,
      event_count: profile.eventCount, recent_events: profile.recentEvents, previous_events: profile.previousEvents, identifier_count: profile.identifierCount,
      is_unknown: flag(isUnknown), is_unified: flag(isUnified), attributes: json(profile.attributes), segments: json(segments),
      search_text: [profile.name, profile.email, profile.account].filter(Boolean).join(' ').toLowerCase(),
      created_at: stampNow, updated_at: stampNow,
    };
  };
  const identityRow = (identifier: (typeof resolved.identifiers)[number]) => ({
    id: randomUUID(), generation, company_id: companyId, profile_id: ids[identifier.profile]!, kind: identifier.identifier.kind.slice(0, 100), value: identifier.identifier.value,
    source: identifier.source.slice(0, 255), first_seen: stamp(identifier.firstSeen), created_at: stampNow, updated_at: stampNow,
  });
  const mergeRow = (join: (typeof resolved.joins)[number]) => ({
    id: randomUUID(), generation, company_id: companyId, profile_id: ids[join.profile]!, at: stamp(join.at), identifier_kind: join.identifier.kind.slice(0, 100),
    identifier_value: join.identifier.value, source: join.source.slice(0, 255), profiles_joined: join.profilesJoined, refused: flag(join.refused),
    reason: join.reason, created_at: stampNow, updated_at: stampNow,
  });

  /** Writes `rows(index)` for every index in short transactions of WRITE_BATCH rows. */
  const writeInBatches = async <Item>(table: string, items: readonly Item[], rowOf: (item: Item) => Record<string, unknown> | null) => {
    for (let start = 0; start < items.length; start += WRITE_BATCH) {
      const rows: Array<Record<string, unknown>> = [];
      for (const item of items.slice(start, start + WRITE_BATCH)) {
        const row = rowOf(item);
        if (row) rows.push(row);
      }
      await knex.transaction((trx) => insertRows(trx, table, rows));
      await input.onBatch?.({ generation, table, rows: rows.length });
    }
  };
  await writeInBatches('audience_profiles', present, profileRow);
  await writeInBatches('audience_identities', resolved.identifiers, (identifier) => (ids[identifier.profile] === undefined ? null : identityRow(identifier)));
  await writeInBatches('audience_merges', resolved.joins, (join) => (ids[join.profile] === undefined ? null : mergeRow(join)));

  const summary = counter.summary();
  await knex.transaction(async (trx) => {
    const build = { computed_at: stampNow, watermark: stamp(watermark), profiles: present.length, generation, summary: json(summary), updated_at: stampNow };
    const updated = await trx('audience_builds').where({ company_id: companyId }).update(build);
    if (!updated) await trx('audience_builds').insert({ id: randomUUID(), company_id: companyId, created_at: stampNow, ...build });
  });

  const result: BuildResult = {
    profiles: present.length,
    generation,
    watermark,
    refused: resolved.joins.filter((join) => join.refused).map((join) => ({ kind: join.identifier.kind, value: join.identifier.value, source: join.source, profilesJoined: join.profilesJoined })),
    summary: {
      profiles: present.length,
      profilesChanged: profilesChanged + [...before.keys()].filter((id) => !claimed.has(id)).length,
      categories: countChanges(CATEGORY_IDS, (id) => CATEGORY_NAMES[id], beforeCategories, afterCategories),
      risk: countChanges(RISK_LEVELS, (id) => RISK_LABELS[id], beforeRisk, afterRisk),
      lifecycle: countChanges(LIFECYCLE_STAGES, (id) => LIFECYCLE_LABELS[id], beforeLifecycle, afterLifecycle),
    },
  };
  await input.onSwitched?.(result);
  // A reader that took the previous generation just before the switch finishes its statements first.
  if (input.previousGenerationGraceMs) await new Promise((resolve) => setTimeout(resolve, input.previousGenerationGraceMs));
  await deleteGenerations(knex, companyId, { only: current });
  return result;
}
