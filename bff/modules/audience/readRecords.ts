/**
 * The build's one pass over a company's records, in keyset pages: people, then events, then
 * survey responses. Each record's identifiers go into the identity graph and what it gives its
 * profile into the ledger (totals.ts); once all are read the graph is resolved and the ledger
 * added up into every profile's totals.
 */
import type { SourceKind } from '@domain/audience/contract';
import { IdentityGraph, identifierKindOfKey, normaliseIdentifier, type Identifier, type IdentifierFieldNames, type ResolvedIdentities } from '@domain/audience/identity';
import { DAY_MS, RISK_WINDOW_DAYS } from '@domain/audience/scoring';
import { sourceBit, sourceKindOfApiEvent, sourceKindOfResponse } from '@domain/audience/sources';
import { type DatabaseKind, jsonOf, numberOf, resultsDialect, type ResultsDialect, timeOf } from '../../platform/sql';
import type { BuildInput } from './buildInput';
import { pages, rawQuery, textOf, type RawQuery, type Row } from './buildRows';
import { companyContext, type CompanyContext } from './companyContext';
import { RecordLedger, type EventFacts, type PersonFacts, type ProfileTotals, type RecordIds } from './totals';

export const API_SOURCE_NAME = 'Prediction API';
const RECENT_WINDOW_MS = RISK_WINDOW_DAYS * DAY_MS;
const CART = /cart/i;
const PURCHASE = /purchase|order|checkout|conversion|payment|charge/i;

/** What the read leaves for the writes; `totals` is let go once the profiles are written. */
export interface ReadRecords {
  resolved: ResolvedIdentities;
  totals: ProfileTotals | null;
  /** The interned source names of the totals. */
  sourceNames: readonly string[];
  watermark: number | null;
}

/**
 * A record's source: its name (the graph's), its interned number (the totals') and its kind's
 * bit; one object per source, made once. The loops below make no object of their own per
 * record: V8 allocates straight into the old generation at a site whose objects it saw survive,
 * and a million records' worth would then pile up there until a full collection.
 */
type RecordSource = { name: string; source: number; sourceBit: number };

/** The pass under way: what it fills, what it knows of the company, and how far it has got. */
interface RecordPass {
  input: BuildInput;
  query: RawQuery;
  dialect: ResultsDialect;
  context: CompanyContext;
  graph: IdentityGraph;
  ledger: RecordLedger;
  apiSources: { web: RecordSource; mobile: RecordSource };
  unknownSource: RecordSource;
  connectedSources: Map<string, RecordSource>;
  total: number;
  processed: number;
  /** The latest update time of a record read. */
  watermark: number | null;
}

function recordIdentifiers(row: Row): Identifier[] {
  return [normaliseIdentifier('user_id', row.user_id), normaliseIdentifier('email', row.email), normaliseIdentifier('anonymous_id', row.anonymous_id)].filter(
    (identifier): identifier is Identifier => identifier !== null,
  );
}

function responseIdentifiers(row: Row, fields: IdentifierFieldNames, dialect: ResultsDialect): Identifier[] {
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
 * A stored time as epoch milliseconds, computed by the database: PostgreSQL's timestamps then
 * arrive as numbers instead of Dates parsed from text, two per record. Floored, as the driver's
 * Date drops a timestamp's microseconds; SQLite stores milliseconds already.
 */
const epochMsOf = (kind: DatabaseKind, column: string) => (kind === 'postgresql' ? `floor(extract(epoch from ${column}) * 1000)::float8 as ${column}` : column);

async function progress(pass: RecordPass, count: number): Promise<void> {
  pass.processed += count;
  await pass.input.onProgress?.(Math.min(pass.processed, pass.total), pass.total);
}

function touch(pass: RecordPass, value: unknown): void {
  const time = timeOf(value);
  if (time !== null && (pass.watermark === null || time > pass.watermark)) pass.watermark = time;
}

function sourceOf(pass: RecordPass, row: Row, device: unknown): RecordSource {
  return row.source_type === 'api'
    ? sourceKindOfApiEvent(textOf(device)) === 'mobile'
      ? pass.apiSources.mobile
      : pass.apiSources.web
    : (pass.connectedSources.get(String(row.source_id)) ?? pass.unknownSource);
}

/**
 * A record's identifiers into the graph, and into `facts` the user id and e-mail its profile may
 * take, as the graph's nodes (or a user id that is no identifier as text); answers its anchor node.
 */
function addRecord(graph: IdentityGraph, row: Row, source: string, facts: RecordIds): number {
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
}

const recordSql = (columns: string) => `select ${columns} from data_records where company_id = ? and kind = ?`;
const identityColumns = (kind: DatabaseKind) =>
  `id, source_id, source_type, user_id, email, anonymous_id, ${epochMsOf(kind, 'event_time')}, ${epochMsOf(kind, 'updated_at')}`;

async function readPeople(pass: RecordPass): Promise<void> {
  const { input, dialect, graph, ledger } = pass;
  // One object, filled record by record (the ledger copies it into its columns).
  const person: PersonFacts = {
    userIdNode: -1, userIdText: null, emailNode: -1, source: 0, sourceBit: 0, name: null, account: null, age: null, location: null, createdAt: null, lastLogin: null,
    subscriptionStatus: null, updatedAt: 0, declaredLtv: 0, deviceType: null,
  };
  for await (const rows of pages(pass.query, recordSql(`${identityColumns(input.kind)}, unified`), [input.companyId, 'people'])) {
    for (const row of rows) {
      touch(pass, row.updated_at);
      const source = sourceOf(pass, row, null);
      const anchor = addRecord(graph, row, source.name, person);
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
    await progress(pass, rows.length);
  }
}

async function readEvents(pass: RecordPass): Promise<void> {
  const { input, dialect, graph, ledger, context } = pass;
  const eventColumns = `${identityColumns(input.kind)}, event_type, item_id, ${dialect.jsonScalarText('unified')} as device_type, ${dialect.jsonScalarText('unified')} as revenue`;
  // One object, filled record by record (the ledger copies it into its columns).
  const event: EventFacts = { userIdNode: -1, userIdText: null, emailNode: -1, source: 0, sourceBit: 0, at: null, device: null, isCart: false, isPurchase: false, revenue: 0, category: null };
  for await (const rows of pages(pass.query, recordSql(eventColumns), [dialect.jsonKey('device_type'), dialect.jsonKey('revenue'), input.companyId, 'events'])) {
    for (const row of rows) {
      touch(pass, row.updated_at);
      const source = sourceOf(pass, row, row.device_type);
      const anchor = addRecord(graph, row, source.name, event);
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
    await progress(pass, rows.length);
  }
}

/** A response's answers to the questions whose data types fill profile fields, as [field, value]. */
function fieldAnswers(row: Row, fields: Map<string, string> | undefined, dialect: ResultsDialect): Array<[string, string | number | boolean]> {
  const answers: Array<[string, string | number | boolean]> = [];
  if (fields?.size) {
    const given = dialect.parsedJson<Record<string, unknown> | null>(row.answers) ?? {};
    for (const [questionId, field] of fields) {
      const answer = given[questionId];
      if (typeof answer === 'string' || typeof answer === 'number' || typeof answer === 'boolean') answers.push([field, answer]);
      else if (Array.isArray(answer)) answers.push([field, answer.map(String).join(', ')]);
    }
  }
  return answers;
}

async function readResponses(pass: RecordPass): Promise<void> {
  const { input, dialect, graph, ledger, context } = pass;
  const { kind } = input;
  const responseSql = `select id, survey_id, identifiers, visitor_id, device_type, ip_address, answers, completion_time_seconds, ${epochMsOf(kind, 'started_at')},
    ${epochMsOf(kind, 'completed_at')}, ${epochMsOf(kind, 'updated_at')} from survey_responses where company_id = ?`;
  for await (const rows of pages(pass.query, responseSql, [input.companyId])) {
    for (const row of rows) {
      touch(pass, row.updated_at);
      const identifiers = responseIdentifiers(row, context.identifierFields, dialect);
      const survey = context.surveys.get(String(row.survey_id));
      const name = `Survey: ${survey?.name ?? 'Deleted survey'}`;
      const anchor = graph.add(identifiers, name, timeOf(row.started_at));
      const device = textOf(row.device_type)?.toLowerCase() ?? null;
      const answers = fieldAnswers(row, survey?.fieldOfQuestion, dialect);
      ledger.addResponse(anchor, {
        source: ledger.sources.id(name), sourceBit: sourceBit(sourceKindOfResponse(device)), identifiers, device, at: timeOf(row.completed_at) ?? timeOf(row.started_at),
        completionSeconds: Math.max(0, Math.round(numberOf(row.completion_time_seconds) ?? 0)), ipAddress: textOf(row.ip_address)?.slice(0, 64) ?? null, answers,
      });
    }
    await progress(pass, rows.length);
  }
}

async function startPass(input: BuildInput, query: RawQuery): Promise<RecordPass> {
  const { companyId } = input;
  const dialect = resultsDialect(input.kind);
  const context = await companyContext(query, companyId, dialect);
  const counted = await query("select count(*) as n from data_records where company_id = ? and kind in ('people', 'events')", [companyId]);
  const countedResponses = await query('select count(*) as n from survey_responses where company_id = ?', [companyId]);
  const total = Number(counted[0]?.n ?? 0) + Number(countedResponses[0]?.n ?? 0);
  const ledger = new RecordLedger();
  const recordSource = (name: string, kindOf: SourceKind): RecordSource => ({ name, source: ledger.sources.id(name), sourceBit: sourceBit(kindOf) });
  return {
    input,
    query,
    dialect,
    context,
    graph: new IdentityGraph(input.maxProfilesPerMerge),
    ledger,
    apiSources: { web: recordSource(API_SOURCE_NAME, sourceKindOfApiEvent(null)), mobile: recordSource(API_SOURCE_NAME, 'mobile') },
    unknownSource: recordSource('Unknown source', 'analytics'),
    connectedSources: new Map([...context.sources].map(([id, found]) => [id, recordSource(found.name, found.kind)])),
    total,
    processed: 0,
    watermark: null,
  };
}

/** Reads every record once into the identity graph and the ledger; answers the resolved graph and every profile's totals. */
export async function readRecords(input: BuildInput): Promise<ReadRecords> {
  const pass = await startPass(input, rawQuery(input.knex));
  // People first (they carry the fullest identity), then events, then survey responses; each by id.
  await readPeople(pass);
  await readEvents(pass);
  await readResponses(pass);
  const { graph, ledger, watermark } = pass;
  const resolved = graph.resolve();
  // The ledger is let go with the pass: the writes have the totals alone.
  return { resolved, totals: ledger.totals(resolved, input.now.getTime(), RECENT_WINDOW_MS), sourceNames: ledger.sources.names, watermark };
}
