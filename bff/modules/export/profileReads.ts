/**
 * The reads of the unified profiles (audience_profiles) behind Export Data: of one company's
 * current generation, seen profiles newest first (then by id) and never-seen ones by id, in
 * keyset pages on the (company_id, generation, last_seen) index, and their count.
 */
import type { Knex } from '@mikro-orm/knex';
import type { ExportFieldId } from '@domain/audience/export';
import type { Orm } from '../../types';
import { currentGenerationOf } from '../audience';
import { knexOf, resultsDialect, toNumber, type DatabaseKind, type ResultsDialect } from '../../platform/sql';
import { FIELD_COLUMNS, type ProfileRow } from './rows';

const TABLE = 'audience_profiles';

/** The database an export reads, with the dialect its dates and JSON come back in. */
export interface ExportDb {
  knex: Knex;
  kind: DatabaseKind;
  dialect: ResultsDialect;
}

export type Columns = Array<string | Knex.Raw>;

/** Where a keyset page continues: the last row's stored last_seen and id. */
export type Cursor = { at: unknown; id: string };

export function exportDbOf(orm: Orm, kind: DatabaseKind): ExportDb {
  return { knex: knexOf(orm), kind, dialect: resultsDialect(kind) };
}

export const cursorOf = (row: ProfileRow): Cursor => ({ at: row.cursor_at, id: row.id });

/** The select list the chosen fields need; id and the cursor always. */
export function columnsFor({ knex, kind, dialect }: ExportDb, fields: readonly ExportFieldId[]): Columns {
  const wanted = new Set(fields.flatMap((field) => FIELD_COLUMNS[field]));
  // PostgreSQL keeps microseconds, which a JavaScript Date would drop: its cursor travels as text.
  const cursor = kind === 'postgresql' ? knex.raw('last_seen::text as cursor_at') : 'last_seen as cursor_at';
  const columns: Columns = ['id', cursor];
  for (const plain of ['user_id', 'email', 'name', 'age', 'location', 'subscription_status', 'ltv', 'source_names']) {
    if (wanted.has(plain)) columns.push(plain);
  }
  for (const [alias, column] of [['first_seen_at', 'first_seen'], ['last_seen_at', 'last_seen'], ['last_login_at', 'last_login']] as const) {
    if (wanted.has(alias)) columns.push(knex.raw(`${dialect.isoTime(column)} as ${alias}`));
  }
  return columns;
}

// Only the company's current generation: a rebuild writes the next one beside it (audience/build.ts).
const ofCompany = (knex: Knex, companyId: string) => knex(TABLE).where('company_id', companyId).where('generation', currentGenerationOf(knex, companyId));

function presented(dialect: ResultsDialect, rows: ProfileRow[]): ProfileRow[] {
  for (const row of rows) if (row.source_names !== undefined) row.source_names = dialect.parsedJson<string[] | null>(row.source_names);
  return rows;
}

/** Seen profiles: last_seen descending, then id; `after` continues past the last row read. */
export function seenPage({ knex, dialect }: ExportDb, companyId: string, since: Date | null, columns: Columns, after: Cursor | null, limit: number): Promise<ProfileRow[]> {
  const query = ofCompany(knex, companyId).whereNotNull('last_seen').select(columns).orderBy([{ column: 'last_seen', order: 'desc' }, { column: 'id', order: 'asc' }]).limit(limit);
  if (since) query.where('last_seen', '>=', since);
  if (after) {
    const at = after.at as Knex.Value;
    // "last_seen <= at" bounds the index range, so each page starts where the last one ended
    // (the OR alone is only a filter: every page would rescan the rows before it).
    query.where('last_seen', '<=', at).where((next) => next.where('last_seen', '<', at).orWhere((tie) => tie.where('last_seen', at).where('id', '>', after.id)));
  }
  return (query as Promise<ProfileRow[]>).then((rows) => presented(dialect, rows));
}

/** Never-seen profiles, by id; only "all time" covers them. */
export function unseenPage({ knex, dialect }: ExportDb, companyId: string, columns: Columns, after: Cursor | null, limit: number): Promise<ProfileRow[]> {
  const query = ofCompany(knex, companyId).whereNull('last_seen').select(columns).orderBy('id', 'asc').limit(limit);
  if (after) query.where('id', '>', after.id);
  return (query as Promise<ProfileRow[]>).then((rows) => presented(dialect, rows));
}

/** The profiles an export of the range holds: seen since `since`, or every one when it is null. */
export async function profileCount({ knex }: ExportDb, companyId: string, since: Date | null): Promise<number> {
  const query = ofCompany(knex, companyId);
  if (since) query.where('last_seen', '>=', since);
  const row = (await query.count({ total: '*' }).first()) as { total: number | string } | undefined;
  return toNumber(row?.total);
}
