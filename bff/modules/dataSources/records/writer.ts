/**
 * Writing data_records rows in bulk on the import transaction's own connection, with bound
 * parameters, the fastest safe way per engine:
 *
 * - SQLite: one prepared single-row statement run per row. better-sqlite3 is synchronous and
 *   in-process, so a row costs microseconds; knex would instead compile a 500-row SELECT-UNION
 *   that SQLite parses anew for every batch (most of the time the import took).
 * - PostgreSQL: multi-row INSERT ... VALUES of PG_STATEMENT_ROWS records, prepared once per
 *   connection. (unnest() over one array per column was no faster, and pg escapes every JSON
 *   value again to write an array literal: garbage the collector must clear.)
 *
 * The column names come from the entity's metadata, the one place that maps properties to columns.
 */
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import { DataRecord } from '../../../entities';
import type { SpooledRecord } from './spool';

type ColumnKind = 'text' | 'json' | 'time' | 'integer';

/** Columns whose value differs per record, in the order of unnest()'s arrays. */
const RECORD_COLUMNS = [
  ['id', 'text'],
  ['recordKey', 'text'],
  ['data', 'json'],
  ['unified', 'json'],
  ['recordIndex', 'integer'],
  ['userId', 'text'],
  ['email', 'text'],
  ['anonymousId', 'text'],
  ['eventType', 'text'],
  ['eventTime', 'time'],
  ['itemId', 'text'],
] as const satisfies ReadonlyArray<readonly [string, ColumnKind]>;

/** Columns with one value for the whole import. */
const IMPORT_COLUMNS = [
  ['createdAt', 'time'],
  ['updatedAt', 'time'],
  ['importedAt', 'time'],
  ['companyId', 'text'],
  ['sourceId', 'text'],
  ['kind', 'text'],
  ['importId', 'text'],
  ['sourceFile', 'text'],
  ['sourceType', 'text'],
] as const satisfies ReadonlyArray<readonly [string, ColumnKind]>;

/**
 * Rows per PostgreSQL statement (11 bound values each): more are not faster, the server's index
 * upkeep dominates.
 */
const PG_STATEMENT_ROWS = 125;
const EVENT_TIME_POSITION = RECORD_COLUMNS.findIndex(([property]) => property === 'eventTime');

/** A record keeps these when a re-import replaces it: its identity, company, source and creation time. */
const KEPT_ON_UPDATE = new Set<string>(['id', 'createdAt', 'companyId', 'sourceId']);

export interface ImportValues {
  now: Date;
  companyId: string;
  sourceId: string;
  kind: string;
  /** Null for records that came in no batch (the demo's visitor events). */
  importId: string | null;
  sourceFile: string | null;
  sourceType: string;
}

/** Writes a batch: `ids[i]` is the id of `records[i]` (an existing record's, for an update). */
export type RecordWriter = (records: readonly SpooledRecord[], ids: readonly string[], upsert: boolean) => Promise<void>;

interface SqliteStatement {
  run(values: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface PgConnection {
  query(query: { name: string; text: string; values: unknown[] }): Promise<unknown>;
}

function perRecord(record: SpooledRecord, id: string): unknown[] {
  return [id, record.key, record.data, record.unified, record.index, record.userId, record.email, record.anonymousId, record.eventType, record.eventTime, record.itemId];
}

function perImport(values: ImportValues, time: (date: Date) => unknown): unknown[] {
  const now = time(values.now);
  return [now, now, now, values.companyId, values.sourceId, values.kind, values.importId, values.sourceFile, values.sourceType];
}

function tableOf(em: SqlEntityManager) {
  const meta = em.getMetadata().find(DataRecord.meta.className)!;
  const column = (property: string) => meta.properties[property as keyof typeof meta.properties].fieldNames[0]!;
  const all = [...RECORD_COLUMNS, ...IMPORT_COLUMNS].map(([property]) => property);
  const updated = all.filter((property) => !KEPT_ON_UPDATE.has(property)).map(column);
  return {
    table: meta.tableName,
    recordColumns: RECORD_COLUMNS.map(([property]) => column(property)),
    importColumns: IMPORT_COLUMNS.map(([property]) => column(property)),
    onConflict: ` on conflict (${column('id')}) do update set ${updated.map((name) => `${name} = excluded.${name}`).join(', ')}`,
  };
}

function sqliteWriter(connection: SqliteConnection, em: SqlEntityManager, values: ImportValues): RecordWriter {
  const { table, recordColumns, importColumns, onConflict } = tableOf(em);
  const columns = [...recordColumns, ...importColumns];
  const sql = `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`;
  const insert = connection.prepare(sql);
  const upsert = connection.prepare(sql + onConflict);
  // MikroORM keeps SQLite datetimes as epoch milliseconds.
  const constants = perImport(values, (date) => date.getTime());
  return async (records, ids, merge) => {
    const statement = merge ? upsert : insert;
    records.forEach((record, position) => statement.run([...perRecord(record, ids[position]!), ...constants]));
  };
}

function postgresWriter(connection: PgConnection, em: SqlEntityManager, values: ImportValues): RecordWriter {
  const { table, recordColumns, importColumns, onConflict } = tableOf(em);
  const perRow = RECORD_COLUMNS.length;
  const constants = perImport(values, (date) => date);
  const statement = (rows: number, merge: boolean) => {
    // The import's own values are bound once, after the records' ($n where n > rows × perRow).
    const shared = IMPORT_COLUMNS.map((_, position) => `$${rows * perRow + position + 1}`);
    const tuples = Array.from({ length: rows }, (_, row) => {
      const own = RECORD_COLUMNS.map(([, kind], column) => `$${row * perRow + column + 1}${kind === 'json' ? '::json' : ''}`);
      return `(${[...own, ...shared].join(', ')})`;
    });
    return `insert into ${table} (${[...recordColumns, ...importColumns].join(', ')}) values ${tuples.join(', ')}${merge ? onConflict : ''}`;
  };
  const full = { insert: statement(PG_STATEMENT_ROWS, false), upsert: statement(PG_STATEMENT_ROWS, true) };
  const write = async (records: readonly SpooledRecord[], ids: readonly string[], merge: boolean) => {
    const bound: unknown[] = [];
    records.forEach((record, position) => {
      const row = perRecord(record, ids[position]!);
      // eventTime travels as epoch milliseconds in the spool.
      row[EVENT_TIME_POSITION] = record.eventTime === null ? null : new Date(record.eventTime);
      bound.push(...row);
    });
    bound.push(...constants);
    // Full statements are prepared once per connection; the last, shorter one of an import is not.
    const isFull = records.length === PG_STATEMENT_ROWS;
    const text = isFull ? (merge ? full.upsert : full.insert) : statement(records.length, merge);
    await connection.query({ name: isFull ? `navout_import_${merge ? 'upsert' : 'insert'}_${PG_STATEMENT_ROWS}` : '', text, values: bound });
    // Let go of the records' text as soon as the statement is answered. Measured with --trace-gc
    // (bench/import.mjs): without this, each young-generation collection while the records were
    // stored promoted about 3 MB of them to the old generation, garbage until its next full
    // collection (about 75 MB over 100,000 records); with it, almost none. What held them past the
    // statement was not found (a heap snapshot, which collects first, shows nothing).
    bound.length = 0;
  };
  return async (records, ids, merge) => {
    for (let start = 0; start < records.length; start += PG_STATEMENT_ROWS) {
      await write(records.slice(start, start + PG_STATEMENT_ROWS), ids.slice(start, start + PG_STATEMENT_ROWS), merge);
    }
  };
}

/** A writer on the connection of the transaction `em` runs in. */
export async function recordWriter(em: SqlEntityManager, values: ImportValues): Promise<RecordWriter> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error('Records are written inside the import transaction');
  // Inside a knex transaction, acquireConnection answers the transaction's own connection.
  const connection = (await trx.client.acquireConnection()) as SqliteConnection | PgConnection;
  return 'prepare' in connection ? sqliteWriter(connection, em, values) : postgresWriter(connection, em, values);
}
