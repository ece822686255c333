/**
 * Whether a database failure is one that running the work again can cure: SQLite's write lock held
 * by another connection, or PostgreSQL asking for the transaction again (isBusy); or the connection
 * itself lost (isConnectionLost). Recognised by the driver's code, never by the message, except
 * the PostgreSQL driver's own errors for a connection that has gone, which carry none.
 */

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT). */
const SQLITE_BUSY_PREFIX = 'SQLITE_BUSY';
/** PostgreSQL's serialization_failure and deadlock_detected. */
const POSTGRES_RETRYABLE = new Set(['40001', '40P01']);

/**
 * A connection that is gone: PostgreSQL's admin_shutdown (pg_terminate_backend), crash_shutdown,
 * cannot_connect_now (a server starting or failing over), connection_exception,
 * connection_does_not_exist and connection_failure; the socket reset or refused.
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);
/** node-postgres's own errors for a connection closed under it: they have no code (knex puts the query before the words). */
const CONNECTION_LOST_MESSAGES = /(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/** The failure and what it wraps: MikroORM and knex keep the driver's error as `cause` or copy its code. */
function anyInChain(failure: unknown, test: (error: { code?: unknown; message?: unknown }) => boolean): boolean {
  let current: unknown = failure;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (test(current as { code?: unknown; message?: unknown })) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether a failure is a busy database. */
export function isBusy(failure: unknown): boolean {
  return anyInChain(failure, ({ code }) => typeof code === 'string' && (code.startsWith(SQLITE_BUSY_PREFIX) || POSTGRES_RETRYABLE.has(code)));
}

/**
 * Whether a failure is a lost database connection. The transaction it ran was rolled back with it
 * (unless the connection went while its COMMIT was on the way, which nothing can tell), and the
 * pool hands the next attempt a new connection.
 */
export function isConnectionLost(failure: unknown): boolean {
  return anyInChain(
    failure,
    ({ code, message }) => (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) || (code === undefined && typeof message === 'string' && CONNECTION_LOST_MESSAGES.test(message)),
  );
}
