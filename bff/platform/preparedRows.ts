import { createHash } from 'node:crypto';
import type { AbstractSqlConnection, Knex } from '@mikro-orm/knex';
import type { Orm } from '../types';
import { tryWithoutBusyWait, untilNotBusy, type Tried } from './sqliteWriteLock';

type Row = unknown[];
interface SqliteStatement {
  get(...values: unknown[]): Row | undefined;
  all(...values: unknown[]): Row[];
}
interface SqliteConnection {
  prepare(sql: string): { raw(toggle: boolean): SqliteStatement; run(...values: unknown[]): unknown };
  pragma(source: string, options?: { simple: true }): unknown;
  transaction<Args extends unknown[]>(body: (...args: Args) => void): { immediate(...args: Args): void };
}
interface PgConnection {
  query(query: { name?: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: Row[] }>;
}

type Connection = SqliteConnection | PgConnection;

/**
 * Runs `work` on a driver connection from the ORM's own pool (so it shares its limits and sees every
 * committed write), handing the connection back afterwards.
 */
function driverConnections(orm: Orm): <Result>(work: (connection: Connection) => Result | Promise<Result>) => Promise<Result> {
  const client = (orm.config.getDriver().getConnection() as AbstractSqlConnection).getKnex().client;
  return async (work) => {
    const connection = (await client.acquireConnection()) as Connection;
    try {
      return await work(connection);
    } finally {
      await client.releaseConnection(connection);
    }
  };
}

/** PostgreSQL's form of a statement written with `?` placeholders: $1, $2, ... */
function numberedPlaceholders(sql: string): string {
  let position = 0;
  return sql.replace(/\?/g, () => `$${++position}`);
}

/**
 * A read prepared once per database connection and run on the driver directly: the queries that
 * run on every request skip the ORM's query building and entity mapping, which cost many times the
 * read itself. Rows come back as arrays of the selected columns, in order (cheaper than an object
 * with a key per column). The connection comes from the ORM's own pool, so it shares its limits and
 * sees every committed write. `sql` uses `?` placeholders.
 */
function preparedRead<Result>(orm: Orm, name: string, sql: string, read: { sqlite: (statement: SqliteStatement, values: unknown[]) => Result; pg: (rows: Row[]) => Result }) {
  const withConnection = driverConnections(orm);
  const numbered = numberedPlaceholders(sql);
  const statements = new WeakMap<object, SqliteStatement>();
  return (...values: unknown[]): Promise<Result> =>
    withConnection(async (connection) => {
      if ('prepare' in connection) {
        let statement = statements.get(connection);
        if (!statement) {
          statement = connection.prepare(sql).raw(true);
          statements.set(connection, statement);
        }
        return read.sqlite(statement, values);
      }
      // pg prepares a named statement once per connection and reuses it afterwards.
      return read.pg((await connection.query({ name, text: numbered, values, rowMode: 'array' })).rows);
    });
}

/** The first row of a prepared read (above), or undefined. */
export function preparedRowReader(orm: Orm, name: string, sql: string): (...values: unknown[]) => Promise<Row | undefined> {
  return preparedRead(orm, name, sql, { sqlite: (statement, values) => statement.get(...values), pg: (rows) => rows[0] });
}

/** Every row of a prepared read (above): for a few rows read on every request. */
export function preparedRowsReader(orm: Orm, name: string, sql: string): (...values: unknown[]) => Promise<Row[]> {
  return preparedRead(orm, name, sql, { sqlite: (statement, values) => statement.all(...values), pg: (rows) => rows });
}

/** The most statement texts kept named: far more than the fixed shapes the callers build. */
const MAX_NAMED_TEXTS = 256;
const namedTexts = new Map<string, { name: string; text: string }>();

/** A text's statement name (from its digest, so two texts never share one) and its `$n` form. */
function namedText(sql: string): { name: string; text: string } {
  let named = namedTexts.get(sql);
  if (!named) {
    named = { name: `navout_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`, text: numberedPlaceholders(sql) };
    if (namedTexts.size >= MAX_NAMED_TEXTS) namedTexts.clear();
    namedTexts.set(sql, named);
  }
  return named;
}

/**
 * PostgreSQL statements run on the driver as named prepared statements: each text is parsed and
 * planned once per connection, then only bound and executed. For the writes on the public paths
 * (a respondent's answer: a statement of several inserts), where PostgreSQL's parse and plan of an
 * unnamed statement cost more than writing its rows. Each distinct text stays prepared on every
 * connection of the pool, so callers build their texts from a fixed set of shapes, with every
 * value bound. `sql` uses `?` placeholders; rows come back as arrays.
 */
export function pgPreparedStatements(orm: Orm): (sql: string, values: readonly unknown[]) => Promise<Row[]> {
  const withConnection = driverConnections(orm);
  return (sql, values) =>
    withConnection(async (connection) => {
      if ('prepare' in connection) throw new Error('pgPreparedStatements runs on PostgreSQL only');
      const { name, text } = namedText(sql);
      return (await connection.query({ name, text, values: [...values], rowMode: 'array' })).rows;
    });
}

/** A value bound as knex binds it for better-sqlite3, which takes neither a Date nor a boolean. */
const sqliteValue = (value: unknown) => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value);

/**
 * Every row of a query built with knex, run on the driver directly as arrays of the selected
 * columns in the select's order: for reads of many rows (the responses CSV), where making an
 * object with a key per column for every row was a third of the read's time. Values come back as
 * the ORM's own reads get them (the same connections, so the same type parsers).
 */
export function arrayRowsReader(orm: Orm): (query: Knex.QueryBuilder) => Promise<Row[]> {
  const withConnection = driverConnections(orm);
  return (query) => {
    const { sql, bindings } = query.toSQL().toNative();
    return withConnection(async (connection) => {
      if ('prepare' in connection) return connection.prepare(sql).raw(true).all(...bindings.map(sqliteValue));
      return (await connection.query({ text: sql, values: [...bindings], rowMode: 'array' })).rows;
    });
  };
}

/**
 * Rows appended to `table` off the ORM, atomically: on SQLite one prepared statement per row in one
 * IMMEDIATE transaction of the driver (synchronous, so nothing else runs on the connection
 * meanwhile), on PostgreSQL one multi-row statement. For logs written in bulk every second, where
 * the unit of work costs several times the insert. Values are bound as the ORM binds them
 * (SQLite: a Date as epoch milliseconds, a boolean as 0 or 1); a JSON column takes its text.
 * SQLite's write lock is waited for off the event loop (sqliteWriteLock.ts), the connection handed
 * back to the pool between tries.
 */
export function preparedInserter(orm: Orm, table: string, columns: string[]): (rows: unknown[][]) => Promise<void> {
  const withConnection = driverConnections(orm);
  const names = columns.join(', ');
  const inserts = new WeakMap<object, (rows: unknown[][]) => void>();

  function sqliteInsert(connection: SqliteConnection): (rows: unknown[][]) => void {
    let insert = inserts.get(connection);
    if (!insert) {
      const statement = connection.prepare(`insert into ${table} (${names}) values (${columns.map(() => '?').join(', ')})`);
      const many = connection.transaction((all: unknown[][]) => {
        for (const row of all) statement.run(...row.map(sqliteValue));
      });
      insert = (all) => many.immediate(all);
      inserts.set(connection, insert);
    }
    return insert;
  }

  const tryInsert = (rows: unknown[][]) =>
    withConnection(async (connection): Promise<Tried<void>> => {
      if ('prepare' in connection) return tryWithoutBusyWait(connection, () => sqliteInsert(connection)(rows));
      let position = 0;
      const tuples = rows.map((row) => `(${row.map(() => `$${++position}`).join(', ')})`);
      await connection.query({ text: `insert into ${table} (${names}) values ${tuples.join(', ')}`, values: rows.flat(), rowMode: 'array' });
      return { busy: false, value: undefined };
    });

  return async (rows) => {
    if (rows.length) await untilNotBusy(() => tryInsert(rows));
  };
}
