/**
 * Whether any user, company or API key row may have changed since a given moment: what lets a
 * process keep the caller's row in memory (bff/middleware/auth.ts: a signed-in user, or an API key)
 * and still never serve one that a suspension, deletion, role change, password reset, paused or
 * revoked key has replaced. Database triggers report every change, whichever write path made it
 * (Migration20270112000000_account_changes; for keys, only the columns that decide whether they
 * authenticate: Migration20270114000000_api_key_changes):
 *
 * - SQLite: a counter row the triggers increase, shared by every process using the file. A process
 *   reads it again as soon as it has run a statement that may write (so its own changes count at
 *   once), and otherwise at most every SQLITE_RECHECK_MS (another process's change counts within
 *   that, as PostgreSQL's notification arrives within a millisecond or so): on a signed-in read
 *   path, the counter's read was about a sixth of each request.
 * - PostgreSQL: a count in memory, moved on by the notice a connection of this process receives
 *   when its statement changed such a row (before the statement answers, so this process's next
 *   request already sees the change) and by the notification every listening process receives when
 *   another process's or replica's change commits (a millisecond or so on one machine). While the
 *   listening connection is down, nothing can be known: the version is null and nothing is kept.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config';
import type { Orm } from '../types';
import { preparedRowReader } from './preparedRows';

/** The trigger's notice and channel (Migration20270112000000_account_changes). */
export const ACCOUNT_CHANGED_NOTICE = 'navout: account changed';
export const ACCOUNT_CHANGES_CHANNEL = 'navout_account_changes';

/** Waits between attempts to listen again after the connection was lost (doubling up to the last). */
const RELISTEN_DELAYS_MS = [100, 1_000, 5_000, 30_000];

export interface AccountChanges {
  /**
   * A number that differs from any earlier one once a user, company or API key row has changed
   * since; null when changes cannot be followed now. Read it before reading a row: the row is at
   * least as new.
   */
  version(): Promise<number | null>;
  close(): Promise<void>;
}

/** Changes made through this process's own PostgreSQL connections, counted from their notices. */
let noticedChanges = 0;

/** For each connection of the ORM's pool (PostgreSQL): counts the trigger's notice when it arrives. */
export function countAccountChangeNotices(connection: pg.Client): void {
  connection.on('notice', (notice) => {
    if (notice.message === ACCOUNT_CHANGED_NOTICE) noticedChanges++;
  });
}

/** How long a SQLite process that has written nothing since trusts the counter it read last. */
export const SQLITE_RECHECK_MS = 1;

/** Statements run on this process's SQLite connections that may have written (countSqliteWrites). */
let sqliteWrites = 0;
export const sqliteWriteCount = () => sqliteWrites;

/** How a statement runs; `readonly` is false for any that may write (an insert with `returning` too). */
const STATEMENT_RUNS = ['run', 'get', 'all', 'iterate'] as const;

type SqliteStatement = { readonly readonly: boolean } & Record<(typeof STATEMENT_RUNS)[number], (...values: unknown[]) => unknown>;

export interface SqliteWriter {
  prepare(source: string): SqliteStatement;
  exec(source: string): unknown;
}

/**
 * Counts every statement that may write on a connection of the ORM's pool (SQLite): each one the
 * connection prepares that SQLite does not call read-only, each time it runs, and each script it
 * executes. That is every way the ORM, knex and this server's prepared statements write,
 * transactions included.
 */
export function countSqliteWrites(connection: SqliteWriter): void {
  const prepare = connection.prepare.bind(connection);
  const exec = connection.exec.bind(connection);
  connection.prepare = (source) => {
    const statement = prepare(source);
    if (statement.readonly) return statement;
    for (const method of STATEMENT_RUNS) {
      const runs = statement[method].bind(statement);
      statement[method] = (...values) => {
        sqliteWrites++;
        return runs(...values);
      };
    }
    return statement;
  };
  connection.exec = (source) => {
    sqliteWrites++;
    return exec(source);
  };
}

/**
 * `read`'s answer, read again only once `writes` has moved on or `recheckMs` have passed since the
 * last read began. A read that begins before a write ends sees it or is followed by another; of
 * reads that overlap, the one begun last is kept, whichever answers last.
 */
export function recheckedCounter(read: () => Promise<number>, writes: () => number, monotonic = () => performance.now(), recheckMs = SQLITE_RECHECK_MS): () => Promise<number> {
  let known: { value: number; writes: number; at: number; read: number } | null = null;
  let reads = 0;
  return async () => {
    if (known && known.writes === writes() && monotonic() - known.at < recheckMs) return known.value;
    const began = { writes: writes(), at: monotonic(), read: ++reads };
    const value = await read();
    if (!known || began.read > known.read) known = { value, ...began };
    return value;
  };
}

/** The counter, read by a statement prepared once per connection of the ORM's pool. */
function sqliteAccountChanges(orm: Orm): AccountChanges {
  const read = preparedRowReader(orm, 'navout_account_changes', 'select version from account_changes where id = 1');
  return {
    version: recheckedCounter(async () => Number((await read())?.[0]), sqliteWriteCount),
    close: async () => {},
  };
}

/**
 * Listens on its own connection from the first version asked for (a process that serves no
 * signed-in user holds none), and again after losing it: every change meanwhile is unknown, so the
 * count moves on when listening starts again.
 */
function postgresAccountChanges(url: string, logger: Pick<Logger, 'warn'>): AccountChanges {
  let notified = 0;
  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  /** Ends a listening connection that is no longer wanted, whatever state it is in. */
  function hangUp(client: pg.Client): Promise<void> {
    client.removeAllListeners();
    client.on('error', () => {});
    return client.end().catch(() => {});
  }

  function lost(client: pg.Client, failure?: Error) {
    if (listener !== client) return;
    listener = null;
    listening = false;
    void hangUp(client);
    if (closed) return;
    if (failure) logger.warn({ err: failure }, 'Listening for account changes failed; signed-in callers are read from the database until it is back');
    const delay = RELISTEN_DELAYS_MS[Math.min(failures++, RELISTEN_DELAYS_MS.length - 1)];
    retry = setTimeout(listen, delay);
    retry.unref();
  }

  function listen() {
    retry = undefined;
    if (closed || listener) return;
    const client = new pg.Client({ connectionString: url });
    listener = client;
    client.on('notification', () => {
      notified++;
    });
    client.on('error', (failure) => lost(client, failure));
    client.on('end', () => lost(client));
    client
      .connect()
      .then(() => client.query(`listen ${ACCOUNT_CHANGES_CHANNEL}`))
      .then(() => {
        if (listener !== client) return;
        // Whatever changed before this moment (while not listening, say) is unknown: nothing kept before is trusted.
        notified++;
        listening = true;
        failures = 0;
      })
      .catch((failure: Error) => lost(client, failure));
  }

  return {
    async version() {
      if (!listening) {
        if (!listener && !retry && !closed) listen();
        return null;
      }
      return notified + noticedChanges;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      listening = false;
      if (client) await hangUp(client);
    },
  };
}

/** Rows kept by one reader at most (it starts over beyond). */
const KEPT_MAX = 10_000;

/** Kept rows are shared by every request that finds them: none may change them. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * `read` (a caller's row read by a key: a user's or an API key's, with its company), its rows kept
 * in memory for as long as the version of `changes` stays the same, and nothing kept while it is
 * null. Rows are kept frozen.
 */
export function keptWhileAccountsUnchanged<Row extends object>(read: (key: string) => Promise<Row | null>, changes: Pick<AccountChanges, 'version'>): (key: string) => Promise<Row | null> {
  const kept = new Map<string, Row>();
  let keptVersion: number | null = null;
  return async (key) => {
    const version = await changes.version();
    if (version === null) return read(key);
    if (version !== keptVersion) {
      kept.clear();
      keptVersion = version;
    }
    const known = kept.get(key);
    if (known) return known;
    // Read after the version was: the row is at least that new, so it may be kept under it ...
    const found = await read(key);
    // ... unless a request has seen a newer version meanwhile (and cleared what was kept).
    if (found && keptVersion === version) {
      if (kept.size >= KEPT_MAX) kept.clear();
      kept.set(key, frozen(found));
    }
    return found;
  };
}

export function followAccountChanges(orm: Orm, database: DatabaseConfig, logger: Pick<Logger, 'warn'>): AccountChanges {
  return database.kind === 'postgresql' ? postgresAccountChanges(database.url, logger) : sqliteAccountChanges(orm);
}
