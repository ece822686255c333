/**
 * A company's profile generations: which one readers see, writing a new one in short batches,
 * deleting old ones, and the lock that keeps two builds of one company apart.
 */
import type { Knex } from '@mikro-orm/knex';
import { type DatabaseKind, rowsOf } from '../../platform/sql';
import type { BuildInput } from './buildInput';
import type { Row } from './buildRows';

/**
 * Rows per write transaction of a new generation on SQLite. Each holds SQLite's write lock while it
 * runs, and the server's writes wait for it (its transactions off the event loop, holding its one
 * connection: platform/sqliteWriteLock.ts), so a batch's length is the longest a respondent's
 * request can wait behind the build. Measured on two busy cores: 2,000 profile rows held the lock
 * 80-400 ms, 500 rows 10-90 ms, for about a sixth more time writing the whole generation.
 */
const WRITE_BATCH = 500;
/**
 * Rows per write on PostgreSQL, one statement of one array per column (insertBatch): its writers do
 * not wait for each other's rows, so the batch is as long as keeps a statement's arrays at a few
 * megabytes.
 */
const POSTGRES_WRITE_BATCH = 5_000;
/** Batches written at once on PostgreSQL, each on its own connection (the build worker's pool has three: one holds the company's lock). */
const POSTGRES_WRITERS = 2;
/** Rows per delete of an old generation, each its own statement, for the same reason: 5,000 held the lock 100-250 ms, 1,000 under 80 ms. */
const DELETE_BATCH = 1_000;

/** How a row's values are written on each database. */
export interface ColumnValues {
  stamp: (ms: number | null) => number | string | null;
  flag: (value: boolean) => number | boolean;
}

export function columnValues(kind: DatabaseKind): ColumnValues {
  return {
    // PostgreSQL's instants as ISO text: the driver would format a Date in the local time zone, value by value.
    stamp: (ms) => (ms === null ? null : kind === 'sqlite' ? ms : new Date(ms).toISOString()),
    flag: (value) => (kind === 'sqlite' ? Number(value) : value),
  };
}

/** The generation readers see: the company's build row's, or 0 (rows written before generations, or by hand) without one. */
const CURRENT_GENERATION_SQL = 'coalesce((select b.generation from audience_builds b where b.company_id = ?), 0)';

/**
 * The company's current generation as a value inside another statement (`where('generation',
 * currentGenerationOf(knex, companyId))`): read by that statement itself, so a rebuild switching
 * generations meanwhile never splits what it reads.
 */
export const currentGenerationOf = (knex: Knex, companyId: string): Knex.Raw => knex.raw(CURRENT_GENERATION_SQL, [companyId]);

export async function currentGeneration(knex: Knex, companyId: string): Promise<number> {
  const rows = rowsOf(await knex.raw(`select ${CURRENT_GENERATION_SQL} as generation`, [companyId]));
  return Number(rows[0]?.generation ?? 0);
}

/** Deletes a company's rows of the generations chosen, in short statements of DELETE_BATCH rows (no long write lock). */
export async function deleteGenerations(knex: Knex, companyId: string, which: { only: number } | { except: number }): Promise<void> {
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
export async function withCompanyLock<T>(knex: Knex, kind: DatabaseKind, companyId: string, work: () => Promise<T>): Promise<T> {
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

/** The generation being written, where, and who hears of each batch. */
export interface GenerationWrite {
  input: Pick<BuildInput, 'knex' | 'kind' | 'onBatch'>;
  generation: number;
}

/**
 * Writes `rowOf(index)` for every index from 0 to `count` - 1 (null: none) in short
 * transactions; the next batch's rows are made while the database writes the last. On
 * PostgreSQL two batches are written at once, on two connections (its writers do not wait for
 * each other, and a build has both cores of a small server to itself where it would have one);
 * onBatch still hears of them in order.
 */
export async function writeInBatches(write: GenerationWrite, table: string, count: number, rowOf: (index: number) => Record<string, unknown> | null): Promise<void> {
  const { input, generation } = write;
  const { knex, kind } = input;
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
