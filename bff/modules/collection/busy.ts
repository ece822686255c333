/**
 * A respondent's write that met a busy database or lost its connection is run again rather than
 * answered 500: losing it loses what the respondent sent.
 *
 * On SQLite the server's transactions wait for the write lock (busy_timeout, and BEGIN IMMEDIATE so
 * that wait covers the whole transaction: bff/mikro-orm.config.ts), so a busy error left over means
 * the lock was held longer than that wait; on PostgreSQL a deadlock or a serialization failure is
 * the engine asking for the transaction to be run again. Either way the transaction was rolled
 * back whole, so running it again from its start is safe. A connection terminated, reset or lost
 * to a failover is tried once more on a new connection; a second loss is answered 503 with
 * Retry-After (platform/errors.ts). Recognised by the driver's code, never by the message
 * (platform/busyDatabase.ts).
 */
import { isBusy, isConnectionLost } from '../../platform/busyDatabase';

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

/** Runs `work` (a whole transaction: it must begin and end inside) again while it fails busy, at most `attempts` times (twice for a lost connection). */
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
