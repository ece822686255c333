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

/** Runs, in all, at most this many times: each SQLite attempt has already waited busy_timeout for the lock. */
export const BUSY_ATTEMPTS = 3;
/** Runs at most this many times while the connection is lost: once again, on a new connection. */
export const CONNECTION_LOST_ATTEMPTS = 2;
/** The first pause between attempts, doubled each time, with jitter so waiting writers do not retry in step. */
export const BUSY_BACKOFF_MS = 25;
/**
 * The pause before the second try on a lost connection. The pool learns that a terminated
 * connection is gone when its socket closes, which can come just after the failed query's error: a
 * try sooner could be handed the same dead connection and fail at once, losing the answer.
 */
export const CONNECTION_LOST_PAUSE_MS = 200;

export interface BusyRetry {
  attempts?: number;
  backoffMs?: number;
}

/**
 * A write that met a busy database or lost its connection is run again rather than answered 500:
 * losing it loses what was sent (a respondent's answer, an integrator's events).
 *
 * On SQLite the server's transactions wait for the write lock (busy_timeout, and BEGIN IMMEDIATE so
 * that wait covers the whole transaction: bff/mikro-orm.config.ts), so a busy error left over means
 * the lock was held longer than that wait; on PostgreSQL a deadlock or a serialization failure is
 * the engine asking for the transaction to be run again. Either way the transaction was rolled
 * back whole, so running it again from its start is safe. A connection terminated, reset or lost
 * to a failover is tried once more on a new connection; a second loss is answered 503 with
 * Retry-After (platform/errors.ts). Recognised by isBusy and isConnectionLost above.
 *
 * Runs `work` (a whole transaction: it must begin and end inside) again while it fails busy, at
 * most `attempts` times (twice for a lost connection).
 */
export async function retryWhenBusy<T>(work: () => Promise<T>, { attempts = BUSY_ATTEMPTS, backoffMs = BUSY_BACKOFF_MS }: BusyRetry = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (failure) {
      const lost = isConnectionLost(failure);
      if (!(lost ? attempt < Math.min(attempts, CONNECTION_LOST_ATTEMPTS) : attempt < attempts && isBusy(failure))) throw failure;
      // Jitter, 0.5 to 1.5 times the backoff: writers that met the same lock do not retry in step.
      const pause = (lost ? CONNECTION_LOST_PAUSE_MS : backoffMs * 2 ** (attempt - 1)) * (0.5 + Math.random());
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
