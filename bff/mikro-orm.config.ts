/**
 * The one place that knows which database engine runs: entities and services only see
 * @mikro-orm/core, so SQLite and PostgreSQL swap by DATABASE_URL alone.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Options } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import { BetterSqliteKnexDialect } from '@mikro-orm/knex';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { DatabaseConfig } from './config';
import { ENTITIES } from './entities';
import { countAccountChangeNotices, countSqliteWrites, type SqliteWriter } from './platform/accountChanges';
import { tryWithoutBusyWait, untilNotBusy, type BusyTimeoutConnection } from './platform/sqliteWriteLock';
import { MIGRATIONS } from './migrations';

const shared = {
  entities: ENTITIES,
  // Entities are declared with defineEntity: no decorators and no reflection to discover.
  discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
  // Entities have no class initialisers: ids, timestamps and defaults come from onCreate, and
  // services read them (a new company's id) before the flush.
  processOnCreateHooksEarly: true,
  extensions: [Migrator],
  migrations: {
    migrationsList: MIGRATIONS,
    transactional: true,
    allOrNothing: true,
    snapshot: false,
    silent: true,
  },
  // Every request and job works in an EntityManager it is handed (a fork: middleware/requestContext.ts,
  // runtime.ts); a query on the global manager is a bug, so it refuses one.
  allowGlobalContext: false,
  debug: false,
} satisfies Partial<Options>;

/**
 * How long a SQLite connection waits for another connection's write lock before failing busy. The
 * other writers are the audience build worker's connection (its batches hold the lock for
 * milliseconds), other web processes and `npm run worker` processes. Transactions and the call
 * log wait off the event loop (sqliteWriteLock.ts); better-sqlite3 makes a single statement outside
 * a transaction wait synchronously, so this is also the longest the event loop can stand still
 * behind one of them. The build worker's connection waits as long (builder.ts passes it on).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Knex's better-sqlite3 client whose transactions begin IMMEDIATE: they take the write lock as
 * they begin, waiting up to the busy timeout for it. A plain (deferred) BEGIN takes it only at the
 * first write, and a transaction that has read first (a completion reads the survey, then counts
 * on it) cannot wait then: SQLite answers SQLITE_BUSY at once when another connection holds the
 * lock, or SQLITE_BUSY_SNAPSHOT when one wrote since the read, without calling the busy handler.
 * That is how a completion met an audience build's batch and answered 500. The server has one
 * connection, so its own transactions already ran one at a time; only their wait on other
 * connections changes. Savepoints (nested transactions) are unchanged.
 */
class ImmediateTransactionsDialect extends BetterSqliteKnexDialect {
  transaction(...args: unknown[]) {
    const transaction = super.transaction(...args);
    // Called once the connection is acquired, after this returns (knex's Transaction runs it from a
    // promise). Run on the transaction's client rather than through transaction.query, which would
    // swallow a failure (SQLITE_BUSY after the wait) and hand out a transaction already ended: the
    // caller then sees "Transaction query already complete" instead of the busy error it can retry.
    // The lock is waited for off the event loop (sqliteWriteLock.ts), not in SQLite's busy handler.
    transaction.begin = (connection: BusyTimeoutConnection) =>
      untilNotBusy(() => tryWithoutBusyWait(connection, () => transaction.trxClient.query(connection, 'BEGIN IMMEDIATE;')));
    return transaction;
  }

  /**
   * A write outside a transaction (one statement: the health check's probe, an upsert) waits for
   * the lock off the event loop as well. better-sqlite3 would wait in SQLite's busy handler, the
   * whole process standing still for as long as another process (the server's jobs process, `npm
   * run worker`) holds the lock. Reads take no lock (write-ahead log); in a transaction the lock is
   * already held.
   */
  _query(connection: BusyTimeoutConnection & { inTransaction?: boolean }, query: { sql?: string }): Promise<unknown> {
    const run = () => knexQuery.call(this, connection, query);
    if (connection.inTransaction || READS.test(query.sql ?? '')) return run();
    return untilNotBusy(() => tryWithoutBusyWait(connection, run));
  }
}

/** knex's own statement runner, which the dialect above wraps. */
const knexQuery = (BetterSqliteKnexDialect.prototype as unknown as { _query: (connection: unknown, query: unknown) => Promise<unknown> })._query;
/** Statements that take no write lock. */
const READS = /^\s*(select|pragma)\b/i;

/**
 * Every SQLite connection, the first and any the pool makes again, waits for the lock, enforces
 * foreign keys and counts its writes (so this process sees its own account changes at once).
 */
function prepareSqliteConnection(connection: BusyTimeoutConnection & SqliteWriter, done: (failure: Error | null, connection: BusyTimeoutConnection) => void): void {
  try {
    connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    connection.pragma('foreign_keys = on');
    countSqliteWrites(connection);
    done(null, connection);
  } catch (failure) {
    done(failure as Error, connection);
  }
}

/** Every PostgreSQL connection tells this process when one of its statements changed a user or company. */
function preparePostgresConnection(connection: pg.Client, done: (failure: Error | null, connection: pg.Client) => void): void {
  countAccountChangeNotices(connection);
  done(null, connection);
}

export function buildOrmOptions(database: DatabaseConfig): Options {
  if (database.kind === 'postgresql') {
    return { ...shared, driver: PostgreSqlDriver, clientUrl: database.url, pool: { min: 0, max: 10, afterCreate: preparePostgresConnection } } as Options;
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  return {
    ...shared,
    driver: BetterSqliteDriver,
    dbName: database.file,
    pool: { afterCreate: prepareSqliteConnection },
    // Passed to knex over the driver's own client: the same client, with immediate transactions.
    driverOptions: { client: ImmediateTransactionsDialect },
  } as Options;
}
