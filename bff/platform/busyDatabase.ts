/**
 * Whether a database failure is one that running the work again can cure: SQLite's write lock held
 * by another connection, or PostgreSQL asking for the transaction again. Recognised by the driver's
 * code, never by the message.
 */

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT). */
const SQLITE_BUSY_PREFIX = 'SQLITE_BUSY';
/** PostgreSQL's serialization_failure and deadlock_detected. */
const POSTGRES_RETRYABLE = new Set(['40001', '40P01']);

/** Whether a failure (or what it wraps: MikroORM and knex keep the driver's error as `cause` or copy its code) is a busy database. */
export function isBusy(failure: unknown): boolean {
  let current: unknown = failure;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith(SQLITE_BUSY_PREFIX) || POSTGRES_RETRYABLE.has(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
