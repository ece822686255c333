/**
 * Builds a company's unified profiles from everything it knows about people: people records and
 * events of its connected sources and imports, survey responses, and events sent to the
 * prediction API. One pass over the records, in keyset pages (so a million events never sit in
 * memory at once): each record's identifiers go into the identity graph
 * (src/domain/audience/identity.ts) and what it gives its profile into a compact ledger
 * (totals.ts). Once every record is read, the graph is resolved and the ledger added up into each
 * profile's totals in the order the records were read: the totals of reading every record a
 * second time, without the second read. Profiles, identifiers and joins are then written as a new
 * generation in short batches and switched to in one transaction (writeProfiles). Plain SQL with `?`
 * placeholders, so both SQLite and PostgreSQL run it: in the server's build worker
 * (buildWorker.ts) over its own connection, or in process (the demo seeder).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import { type AudienceJobSummary, type CountChange, CATEGORY_IDS, CATEGORY_NAMES, LIFECYCLE_STAGES, LIFECYCLE_LABELS, RISK_LEVELS, RISK_LABELS, type LifecycleStage, type RiskLevel, type SourceKind } from '@domain/audience/contract';
import { categoryBit, categoryContext, categoriesOf, type ProfileFacts } from '@domain/audience/categories';
import { IdentityGraph, identifierKindOfKey, normaliseIdentifier, outranksAsAnchor, refusalReason, type Identifier, type IdentifierFieldNames, type ResolvedIdentities } from '@domain/audience/identity';
import { lifecycleStage, riskLevel, riskScore, DAY_MS, RISK_WINDOW_DAYS } from '@domain/audience/scoring';
import { predictedSegments } from '@domain/audience/segments';
import { coverageOfMask, sourceBit, sourceKindOfApiEvent, sourceKindOfDataSource, sourceKindOfResponse } from '@domain/audience/sources';
import type { RecordKind } from '@domain/data/unifiedModel';
import { DEFAULT_IDENTIFIER_FIELDS } from '@domain/survey/defaults';
import type { Question, Survey } from '@domain/survey/types';
import { resultsDialect, type DatabaseKind } from '../../platform/sql';
import { summaryCounter } from './summary';
import { RecordLedger, type EventFacts, type PersonFacts, type ProfileTotals, type RecordIds } from './totals';
import { jsonOf, numberOf, rowsOf, timeOf } from '../../platform/rawRows';

type Row = Record<string, unknown>;
/** Rows per keyset page read: a page of events is a few megabytes while it is read (two at once, see pages). */
const PAGE_ROWS = 5_000;
/**
 * Rows per write transaction of a new generation on SQLite. Each holds SQLite's write lock while it
 * runs, and the server's writes wait for it synchronously (better-sqlite3's busy wait stops the
 * event loop), so a batch's length is the longest a respondent's request can stand still behind
 * the build. Measured on two busy cores: 2,000 profile rows held the lock 80-400 ms, 500 rows
 * 10-90 ms, for about a sixth more time writing the whole generation.
 */
const WRITE_BATCH = 500;
/**
 * Rows per write on PostgreSQL, one statement of one array per column (insertRows): its writers do
 * not wait for each other's rows, so the batch is as long as keeps a statement's arrays at a few
 * megabytes.
 */
const POSTGRES_WRITE_BATCH = 5_000;
/** Batches written at once on PostgreSQL, each on its own connection (the build worker's pool has three: one holds the company's lock). */
const POSTGRES_WRITERS = 2;
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
  /** Called after each page read: records read so far, of about `total`. */
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

/**
 * Reads a query in pages by id; `sql` ends in a where clause. The next page is asked for as soon as
 * a page arrives, so the database reads it while the caller works through this one.
 */
async function* pages(query: (sql: string, params: unknown[]) => Promise<Row[]>, sql: string, params: unknown[]): AsyncGenerator<Row[]> {
  const page = (after: string) => query(`${sql} and id > ? order by id limit ${PAGE_ROWS}`, [...params, after]);
  let next: Promise<Row[]> | null = page('');
  while (next) {
    const rows: Row[] = await next;
    if (!rows.length) return;
    next = rows.length < PAGE_ROWS ? null : page(String(rows[rows.length - 1]!.id));
    // A failure of the page read ahead surfaces when it is awaited, not as an unhandled rejection meanwhile.
    next?.catch(() => undefined);
    yield rows;
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

/**
 * A stored time as epoch milliseconds, computed by the database: PostgreSQL's timestamps then
 * arrive as numbers instead of Dates parsed from text, two per record. Floored, as the driver's
 * Date drops a timestamp's microseconds; SQLite stores milliseconds already.
 */
const epochMsOf = (kind: DatabaseKind, column: string) => (kind === 'postgresql' ? `floor(extract(epoch from ${column}) * 1000)::float8 as ${column}` : column);

/** What the read leaves for the writes; `totals` is let go once the profiles are written. */
interface ReadRecords {
  resolved: ResolvedIdentities;
  totals: ProfileTotals | null;
  /** The interned source names of the totals. */
  sourceNames: readonly string[];
  watermark: number | null;
}

/** Reads every record once into the identity graph and the ledger; answers the resolved graph and every profile's totals. */
async function readRecords(input: BuildInput): Promise<ReadRecords> {
  const { knex, kind, companyId } = input;
  const now = input.now.getTime();
  const dialect = resultsDialect(kind);
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
  const context = await companyContext(query, companyId, dialect);

  const counted = await query("select count(*) as n from data_records where company_id = ? and kind in ('people', 'events')", [companyId]);
  const countedResponses = await query('select count(*) as n from survey_responses where company_id = ?', [companyId]);
  const total = Number(counted[0]?.n ?? 0) + Number(countedResponses[0]?.n ?? 0);
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
  const ledger = new RecordLedger();
  /**
   * A record's source: its name (the graph's), its interned number (the totals') and its kind's
   * bit; one object per source, made once. The loops below make no object of their own per
   * record: V8 allocates straight into the old generation at a site whose objects it saw survive,
   * and a million records' worth would then pile up there until a full collection.
   */
  type RecordSource = { name: string; source: number; sourceBit: number };
  const recordSource = (name: string, kindOf: SourceKind): RecordSource => ({ name, source: ledger.sources.id(name), sourceBit: sourceBit(kindOf) });
  const apiSources = { web: recordSource(API_SOURCE_NAME, sourceKindOfApiEvent(null)), mobile: recordSource(API_SOURCE_NAME, 'mobile') };
  const unknownSource = recordSource('Unknown source', 'analytics');
  const connectedSources = new Map([...context.sources].map(([id, found]) => [id, recordSource(found.name, found.kind)]));
  const sourceOf = (row: Row, device: unknown): RecordSource =>
    row.source_type === 'api' ? (sourceKindOfApiEvent(textOf(device)) === 'mobile' ? apiSources.mobile : apiSources.web) : (connectedSources.get(String(row.source_id)) ?? unknownSource);
  const surveySource = (row: Row) => `Survey: ${context.surveys.get(String(row.survey_id))?.name ?? 'Deleted survey'}`;

  const graph = new IdentityGraph(input.maxProfilesPerMerge);
  /**
   * A record's identifiers into the graph, and into `facts` the user id and e-mail its profile may
   * take, as the graph's nodes (or a user id that is no identifier as text); answers its anchor node.
   */
  const addRecord = (row: Row, source: string, facts: RecordIds): number => {
    const identifiers = recordIdentifiers(row);
    // A record without a time of its own (an imported person) was first seen when it arrived.
    const anchor = graph.add(identifiers, source, timeOf(row.event_time) ?? timeOf(row.updated_at));
    facts.userIdNode = -1;
    facts.emailNode = -1;
    for (const identifier of identifiers) {
      if (identifier.kind === 'user_id') facts.userIdNode = graph.nodeOf(identifier);
      else if (identifier.kind === 'email') facts.emailNode = graph.nodeOf(identifier);
    }
    facts.userIdText = facts.userIdNode === -1 ? textOf(row.user_id) : null;
    return anchor;
  };

  // People first (they carry the fullest identity), then events, then survey responses; each by id.
  const recordSql = (columns: string) => `select ${columns} from data_records where company_id = ? and kind = ?`;
  const identityColumns = `id, source_id, source_type, user_id, email, anonymous_id, ${epochMsOf(kind, 'event_time')}, ${epochMsOf(kind, 'updated_at')}`;
  // One object each, filled record by record (the ledger copies it into its columns).
  const person: PersonFacts = {
    userIdNode: -1, userIdText: null, emailNode: -1, source: 0, sourceBit: 0, name: null, account: null, age: null, location: null, createdAt: null, lastLogin: null,
    subscriptionStatus: null, updatedAt: 0, declaredLtv: 0, deviceType: null,
  };
  for await (const rows of pages(query, recordSql(`${identityColumns}, unified`), [companyId, 'people'])) {
    for (const row of rows) {
      touch(row.updated_at);
      const source = sourceOf(row, null);
      const anchor = addRecord(row, source.name, person);
      const unified = dialect.parsedJson<Record<string, unknown> | null>(row.unified) ?? jsonOf(row.unified);
      const age = numberOf(unified.age);
      person.source = source.source;
      person.sourceBit = source.sourceBit;
      person.name = textOf(unified.name);
      person.account = textOf(unified.account);
      person.age = age !== null ? Math.round(age) : null;
      person.location = textOf(unified.location);
      person.createdAt = timeOf(unified.created_at);
      person.lastLogin = timeOf(unified.last_login);
      person.subscriptionStatus = textOf(unified.subscription_status)?.slice(0, 40) ?? null;
      person.updatedAt = timeOf(row.updated_at) ?? 0;
      person.declaredLtv = Math.max(0, numberOf(unified.ltv) ?? 0, numberOf(unified.revenue) ?? 0);
      person.deviceType = textOf(unified.device_type)?.toLowerCase().slice(0, 10) ?? null;
      ledger.addPerson(anchor, person);
    }
    await progress(rows.length);
  }

  const eventColumns = `${identityColumns}, event_type, item_id, ${dialect.jsonScalarText('unified')} as device_type, ${dialect.jsonScalarText('unified')} as revenue`;
  const event: EventFacts = { userIdNode: -1, userIdText: null, emailNode: -1, source: 0, sourceBit: 0, at: null, device: null, isCart: false, isPurchase: false, revenue: 0, category: null };
  for await (const rows of pages(query, recordSql(eventColumns), [dialect.jsonKey('device_type'), dialect.jsonKey('revenue'), companyId, 'events'])) {
    for (const row of rows) {
      touch(row.updated_at);
      const source = sourceOf(row, row.device_type);
      const anchor = addRecord(row, source.name, event);
      const type = textOf(row.event_type) ?? '';
      const itemId = textOf(row.item_id);
      event.source = source.source;
      event.sourceBit = source.sourceBit;
      event.at = timeOf(row.event_time);
      event.device = textOf(row.device_type)?.toLowerCase() ?? null;
      event.isCart = CART.test(type);
      event.isPurchase = PURCHASE.test(type);
      event.revenue = event.isPurchase ? (numberOf(row.revenue) ?? 0) : 0;
      event.category = (itemId ? context.itemCategory.get(itemId) : undefined) ?? null;
      ledger.addEvent(anchor, event);
    }
    await progress(rows.length);
  }

  const responseSql = `select id, survey_id, identifiers, visitor_id, device_type, ip_address, answers, completion_time_seconds, ${epochMsOf(kind, 'started_at')},
    ${epochMsOf(kind, 'completed_at')}, ${epochMsOf(kind, 'updated_at')} from survey_responses where company_id = ?`;
  for await (const rows of pages(query, responseSql, [companyId])) {
    for (const row of rows) {
      touch(row.updated_at);
      const identifiers = responseIdentifiers(row, context.identifierFields, dialect);
      const name = surveySource(row);
      const anchor = graph.add(identifiers, name, timeOf(row.started_at));
      const device = textOf(row.device_type)?.toLowerCase() ?? null;
      const answers: Array<[string, string | number | boolean]> = [];
      const fields = context.surveys.get(String(row.survey_id))?.fieldOfQuestion;
      if (fields?.size) {
        const given = dialect.parsedJson<Record<string, unknown> | null>(row.answers) ?? {};
        for (const [questionId, field] of fields) {
          const answer = given[questionId];
          if (typeof answer === 'string' || typeof answer === 'number' || typeof answer === 'boolean') answers.push([field, answer]);
          else if (Array.isArray(answer)) answers.push([field, answer.map(String).join(', ')]);
        }
      }
      ledger.addResponse(anchor, {
        source: ledger.sources.id(name), sourceBit: sourceBit(sourceKindOfResponse(device)), identifiers, device, at: timeOf(row.completed_at) ?? timeOf(row.started_at),
        completionSeconds: Math.max(0, Math.round(numberOf(row.completion_time_seconds) ?? 0)), ipAddress: textOf(row.ip_address)?.slice(0, 64) ?? null, answers,
      });
    }
    await progress(rows.length);
  }

  const resolved = graph.resolve();
  // The ledger is let go with this function's scope: the writes have the totals alone.
  return { resolved, totals: ledger.totals(resolved, now, RECENT_WINDOW_MS), sourceNames: ledger.sources.names, watermark };
}

/** Rebuilds the company's profiles as a new generation; answers how many and what changed. */
export function buildAudience(input: BuildInput): Promise<BuildResult> {
  return withCompanyLock(input.knex, input.kind, input.companyId, async () => writeProfiles(input, await readRecords(input)));
}

type SqliteConnection = { prepare(sql: string): { run(values: unknown[]): unknown } };
type PostgresConnection = { query(sql: string, values: unknown[]): Promise<{ rows: Row[] }> };

/** The type of each column of a PostgreSQL table, without its length (a value too long for its column fails as it would in a plain insert). */
async function postgresColumnTypes(knex: Knex, table: string): Promise<Map<string, string>> {
  const rows = rowsOf(await knex.raw('select attname as name, format_type(atttypid, null) as type from pg_attribute where attrelid = ?::regclass and attnum > 0 and not attisdropped', [table]));
  return new Map(rows.map((row) => [String(row.name), String(row.type)]));
}

/** Rows of one write, as one array of values per column. */
interface ColumnBatch {
  columns: string[];
  values: unknown[][];
  rows: number;
}

/** The rows `rowOf(index)` for indexes from `from` to `to` - 1 (null: none), each row let go as soon as its values are in the columns. */
function columnBatch(from: number, to: number, rowOf: (index: number) => Record<string, unknown> | null): ColumnBatch {
  let columns: string[] = [];
  let values: unknown[][] = [];
  let rows = 0;
  for (let index = from; index < to; index++) {
    const row = rowOf(index);
    if (!row) continue;
    if (!rows) {
      columns = Object.keys(row);
      values = columns.map(() => []);
    }
    for (let column = 0; column < columns.length; column++) values[column]!.push(row[columns[column]!] ?? null);
    rows++;
  }
  return { columns, values, rows };
}

/**
 * Inserts a batch. On SQLite in a transaction, one prepared statement run per row (better-sqlite3
 * runs it in microseconds, where a multi-row insert compiles a long statement that costs more than
 * the rows). On PostgreSQL one statement, atomic by itself, with an array per column unnested (one
 * short statement whatever the rows, where a multi-row VALUES has a parameter per value that knex
 * builds and PostgreSQL parses one by one); `postgresTypes` are the table's column types.
 */
async function insertBatch(knex: Knex, table: string, batch: ColumnBatch, postgresTypes: Map<string, string> | null): Promise<void> {
  if (!batch.rows) return;
  const { columns, values } = batch;
  if (!postgresTypes) {
    await knex.transaction(async (trx) => {
      const connection = (await trx.client.acquireConnection()) as SqliteConnection;
      const insert = connection.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      const row = new Array<unknown>(columns.length);
      for (let index = 0; index < batch.rows; index++) {
        for (let column = 0; column < columns.length; column++) row[column] = values[column]![index];
        insert.run(row);
      }
    });
    return;
  }
  const unnested = columns.map((column, index) => {
    const type = postgresTypes.get(column);
    if (!type) throw new Error(`${table} has no column ${column}`);
    return `$${index + 1}::${type}[]`;
  });
  const connection = (await knex.client.acquireConnection()) as PostgresConnection;
  try {
    await connection.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${unnested.join(', ')})`, values);
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

function refusals(resolved: ResolvedIdentities): BuildResult['refused'] {
  const refused: BuildResult['refused'] = [];
  for (let index = 0; index < resolved.joinCount; index++) {
    if (!resolved.joinRefused(index)) continue;
    const join = resolved.join(index);
    refused.push({ kind: join.identifier.kind, value: join.identifier.value, source: join.source, profilesJoined: join.profilesJoined });
  }
  return refused;
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
 * batches (WRITE_BATCH rows a transaction on SQLite, POSTGRES_WRITE_BATCH rows a statement on
 * PostgreSQL), then switches the company to it in one short transaction:
 * readers see the previous complete generation until then. The previous one is deleted in batches
 * afterwards; rows of a build that failed or stopped are deleted by the next one.
 */
async function writeProfiles(input: BuildInput, records: ReadRecords): Promise<BuildResult> {
  const { knex, kind, companyId } = input;
  const now = input.now.getTime();
  const { resolved, sourceNames, watermark } = records;
  const profileCount = records.totals!.count;
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
  // PostgreSQL's instants as ISO text: the driver would format a Date in the local time zone, value by value.
  const stamp = (ms: number | null) => (ms === null ? null : kind === 'sqlite' ? ms : new Date(ms).toISOString());
  const flag = (value: boolean) => (kind === 'sqlite' ? Number(value) : value);
  const json = (value: unknown) => JSON.stringify(value);
  const orNull = (time: number) => (Number.isNaN(time) ? null : time);

  const current = await currentGeneration(knex, companyId);
  await deleteGenerations(knex, companyId, { except: current });
  const generation = current + 1;

  // Each profile's anchor: its strongest identifier, whose previous profile id it keeps.
  const anchorOf = new Int32Array(profileCount).fill(-1);
  const { profileOfNode } = resolved;
  for (let node = 0; node < resolved.nodeCount; node++) {
    const profile = profileOfNode[node]!;
    const anchor = anchorOf[profile]!;
    if (anchor === -1 || outranksAsAnchor({ kind: resolved.kindOf(node), value: resolved.valueOf(node) }, { kind: resolved.kindOf(anchor), value: resolved.valueOf(anchor) })) {
      anchorOf[profile] = node;
    }
  }
  const isAnchor = (node: number) => anchorOf[profileOfNode[node]!] === node;

  // Profile ids stay the same across rebuilds where the profile's anchor identifier does; only
  // the anchors' previous owners are kept in memory.
  const previousIdOf: Array<string | undefined> = [];
  for await (const rows of pages(query, 'select id, profile_id, kind, value from audience_identities where company_id = ? and generation = ?', [companyId, current])) {
    for (const row of rows) {
      const node = resolved.nodeOf({ kind: String(row.kind), value: String(row.value) });
      if (node !== -1 && isAnchor(node)) previousIdOf[profileOfNode[node]!] = String(row.profile_id);
    }
  }
  resolved.forgetIdentifiers();
  /** The previous generation's profiles: category mask, risk and lifecycle in one number each. */
  const before = new Map<string, number>();
  const beforeCategories = new Map<string, number>();
  const beforeRisk = new Map<string, number>();
  const beforeLifecycle = new Map<string, number>();
  const packed = (categoryMask: number, risk: string, lifecycle: string) => categoryMask * 1024 + RISK_LEVELS.indexOf(risk as RiskLevel) * 32 + LIFECYCLE_STAGES.indexOf(lifecycle as LifecycleStage) + 33;
  for await (const rows of pages(query, 'select id, category_mask, risk, lifecycle from audience_profiles where company_id = ? and generation = ?', [companyId, current])) {
    for (const row of rows) {
      const categoryMask = Number(row.category_mask);
      before.set(String(row.id), packed(categoryMask, String(row.risk), String(row.lifecycle)));
      for (const id of CATEGORY_IDS) if (categoryMask & categoryBit(id)) bump(beforeCategories, id);
      bump(beforeRisk, String(row.risk));
      bump(beforeLifecycle, String(row.lifecycle));
    }
  }

  const present: number[] = [];
  for (let index = 0; index < profileCount; index++) if (records.totals!.present[index]) present.push(index);
  const ids: string[] = [];
  const reused = new Set<string>();
  for (const index of present) {
    const previous = previousIdOf[index];
    if (previous && !reused.has(previous)) {
      reused.add(previous);
      ids[index] = previous;
    } else ids[index] = randomUUID();
  }
  previousIdOf.length = 0;
  let previousKept = 0;
  for (const id of reused) if (before.has(id)) previousKept++;

  const afterCategories = new Map<string, number>();
  const afterRisk = new Map<string, number>();
  const afterLifecycle = new Map<string, number>();
  const counter = summaryCounter();
  let profilesChanged = 0;
  const stampNow = stamp(now);
  const identityRow = (node: number) => {
    return {
      id: randomUUID(), generation, company_id: companyId, profile_id: ids[profileOfNode[node]!]!, kind: resolved.kindOf(node).slice(0, 100), value: resolved.valueOf(node),
      source: resolved.firstSourceOf(node).slice(0, 255), first_seen: stamp(resolved.firstSeenOf(node)), created_at: stampNow, updated_at: stampNow,
    };
  };
  const mergeRow = (index: number) => {
    const node = resolved.joinNode(index);
    const refused = resolved.joinRefused(index);
    const people = resolved.joinPeople(index);
    return {
      id: randomUUID(), generation, company_id: companyId, profile_id: ids[resolved.joinProfile(index)]!, at: stamp(resolved.joinAt(index)),
      identifier_kind: resolved.kindOf(node).slice(0, 100), identifier_value: resolved.valueOf(node), source: resolved.joinSource(index).slice(0, 255), profiles_joined: people,
      refused: flag(refused), reason: refused ? refusalReason(people, input.maxProfilesPerMerge) : null, created_at: stampNow, updated_at: stampNow,
    };
  };

  /**
   * Writes `rowOf(index)` for every index from 0 to `count` - 1 (null: none) in short
   * transactions; the next batch's rows are made while the database writes the last. On
   * PostgreSQL two batches are written at once, on two connections (its writers do not wait for
   * each other, and a build has both cores of a small server to itself where it would have one);
   * onBatch still hears of them in order.
   */
  const writeInBatches = async (table: string, count: number, rowOf: (index: number) => Record<string, unknown> | null) => {
    const batchRows = kind === 'postgresql' ? POSTGRES_WRITE_BATCH : WRITE_BATCH;
    const writers = kind === 'postgresql' ? POSTGRES_WRITERS : 1;
    const types = kind === 'postgresql' ? await postgresColumnTypes(knex, table) : null;
    const writing: Array<Promise<void>> = [];
    try {
      for (let start = 0; start < count; start += batchRows) {
        // A batch is made once a writer is free and sent at once: its values are not kept
        // waiting (long enough to be moved to the old generation of the heap and pile up there).
        if (writing.length >= writers) await writing.shift();
        const batch = columnBatch(start, Math.min(count, start + batchRows), rowOf);
        const written = insertBatch(knex, table, batch, types);
        const rows = batch.rows;
        const previous = writing.at(-1);
        const reported = (async () => {
          await written;
          await previous;
          await input.onBatch?.({ generation, table, rows });
        })();
        // Awaited in turn; a failure meanwhile is not an unhandled rejection.
        reported.catch(() => undefined);
        writing.push(reported);
      }
      for (const reported of writing) await reported;
    } finally {
      // A failed build answers once none of its batches is still being written.
      await Promise.allSettled(writing);
    }
  };
  /** The profiles' rows, scored and classified from their totals: the only use of the totals, let go after it. */
  const writeProfileRows = async (totals: ProfileTotals) => {
    // Company-relative thresholds, then every profile's scores and categories.
    const ltvOf = (profile: number) => Math.round(Math.max(totals.declaredLtv[profile]!, totals.eventRevenue[profile]!) * 100) / 100;
    const context = categoryContext(now, present.map(ltvOf), present.map((index) => totals.recentEvents[index]!));
    const accountSize = new Map<string, number>();
    for (const index of present) {
      const account = totals.account[index];
      if (account) bump(accountSize, account.toLowerCase());
    }
    const medianOrderValue = median(present.filter((index) => totals.purchases[index]! > 0).map((index) => ltvOf(index) / totals.purchases[index]!));

    // Profiles that joined records through an identifier, or that span several sources, are unified.
    const joined = new Uint8Array(totals.count);
    for (let index = 0; index < resolved.joinCount; index++) if (!resolved.joinRefused(index)) joined[resolved.joinProfile(index)] = 1;
    // Identifiers per profile, and whether any is more than a device or cookie id.
    const identifierCount = new Int32Array(totals.count);
    const knownBy = new Uint8Array(totals.count);
    for (let node = 0; node < resolved.nodeCount; node++) {
      const profile = profileOfNode[node]!;
      identifierCount[profile]!++;
      if (resolved.kindOf(node) !== 'anonymous_id') knownBy[profile] = 1;
    }
    const profileRow = (index: number) => {
      const ltv = ltvOf(index);
      const createdAt = orNull(totals.createdAt[index]!);
      const seenFirst = orNull(totals.firstSeen[index]!);
      const firstSeen = createdAt !== null && (seenFirst === null || createdAt < seenFirst) ? createdAt : seenFirst;
      const lastLogin = orNull(totals.lastLogin[index]!);
      const seenLast = orNull(totals.lastSeen[index]!);
      const lastSeen = [seenLast, lastLogin].filter((value): value is number => value !== null).reduce<number | null>((latest, value) => (latest === null || value > latest ? value : latest), null);
      const recentEvents = totals.recentEvents[index]!;
      const previousEvents = totals.previousEvents[index]!;
      const eventCount = totals.eventCount[index]!;
      const subscriptionStatus = totals.subscriptionStatus[index]!;
      const account = totals.account[index]!;
      const activeDays = totals.activeDays[index]!;
      const signals = { now, firstSeen, lastSeen, recentEvents, previousEvents, eventCount, subscriptionStatus };
      const score = riskScore(signals);
      const risk: RiskLevel = riskLevel(score);
      const lifecycle: LifecycleStage = lifecycleStage(signals, risk);
      const facts: ProfileFacts = {
        ltv, risk, lifecycle, firstSeen, account, accountSize: account ? (accountSize.get(account.toLowerCase()) ?? 1) : 0, subscriptionStatus, activeDays,
        mobileEvents: totals.mobileEvents[index]!, desktopEvents: totals.desktopEvents[index]!, weekendEvents: totals.weekendEvents[index]!, weekdayEvents: totals.weekdayEvents[index]!,
        recentEvents,
      };
      const categories = categoriesOf(facts, context);
      const categoryMask = categories.reduce((mask, id) => mask | categoryBit(id), 0);
      for (const id of categories) bump(afterCategories, id);
      bump(afterRisk, risk);
      bump(afterLifecycle, lifecycle);
      const id = ids[index]!;
      if (before.get(id) !== packed(categoryMask, risk, lifecycle)) profilesChanged++;
      const purchases = totals.purchases[index]!;
      const segments = predictedSegments({
        now, lastSeen, ltv, riskScore: score, recentEvents, previousEvents, activeDays, cartAdds: totals.cartAdds[index]!, purchases,
        categoryViews: totals.categoryViews.get(index) ?? {}, medianOrderValue,
      });
      // Known by no user id, e-mail or custom identifier: at most a device or cookie id.
      const isUnknown = !knownBy[index];
      const sources = totals.sourcesOf(index).map((source) => sourceNames[source]!);
      const isUnified = joined[index] === 1 || sources.length > 1;
      const sourceMask = totals.sourceMask[index]!;
      const coverage = coverageOfMask(sourceMask);
      counter.add({ categoryMask, coverage, isUnified, isUnknown });
      const name = totals.name[index]!;
      const email = totals.email[index]!;
      return {
        id, generation, company_id: companyId, user_id: totals.userId[index], email, name, account, age: orNull(totals.age[index]!), location: totals.location[index],
        first_seen: stamp(firstSeen), last_seen: stamp(lastSeen), last_login: stamp(lastLogin), subscription_status: subscriptionStatus, ltv, device_type: totals.deviceType[index],
        ip_address: totals.ipAddress[index], source_mask: sourceMask, source_names: json(sources.sort()), category_mask: categoryMask, lifecycle, risk, risk_score: score, coverage,
        survey_count: totals.surveyCount[index], completion_seconds: totals.completionSeconds[index], event_count: eventCount, recent_events: recentEvents,
        previous_events: previousEvents, identifier_count: identifierCount[index], is_unknown: flag(isUnknown), is_unified: flag(isUnified),
        attributes: json(totals.attributes.get(index) ?? {}), segments: json(segments), search_text: [name, email, account].filter(Boolean).join(' ').toLowerCase(),
        created_at: stampNow, updated_at: stampNow,
      };
    };
    await writeInBatches('audience_profiles', present.length, (position) => profileRow(present[position]!));
  };
  await writeProfileRows(records.totals!);
  records.totals = null;
  await writeInBatches('audience_identities', resolved.nodeCount, (node) => (ids[profileOfNode[node]!] === undefined ? null : identityRow(node)));
  await writeInBatches('audience_merges', resolved.joinCount, (index) => (ids[resolved.joinProfile(index)] === undefined ? null : mergeRow(index)));

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
    refused: refusals(resolved),
    summary: {
      profiles: present.length,
      // Changed too: every previous profile whose id no profile kept.
      profilesChanged: profilesChanged + before.size - previousKept,
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
