/**
 * SQLite's write lock, waited for off the event loop. better-sqlite3 is synchronous, and SQLite's
 * busy handler sleeps in the calling thread (1, 2, 5, 10 ms ... between its tries) while another
 * connection holds the lock (another web process, `npm run worker`, the audience build), so every
 * request of the process stood still behind someone else's write for as long as it lasted. Here a
 * busy lock fails at once and is tried again a millisecond later, the event loop serving requests
 * meanwhile, for as long as the connection's busy_timeout would have waited; then the last
 * SQLITE_BUSY stands, as it would have.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { isBusy } from './busyDatabase';

/** Between tries for the lock. */
const RETRY_MS = 1;

export interface BusyTimeoutConnection {
  pragma(source: string, options?: { simple: true }): unknown;
}

/** What one try did: its value, or the lock was busy (with the failure and how long busy_timeout allows). */
export type Tried<T> = { busy: false; value: T } | { busy: true; failure: unknown; busyTimeout: number };

/** Runs `work`, which takes the write lock, once on `connection` with its busy handler off. */
export async function tryWithoutBusyWait<T>(connection: BusyTimeoutConnection, work: () => T | Promise<T>): Promise<Tried<T>> {
  const busyTimeout = Number(connection.pragma('busy_timeout', { simple: true }));
  connection.pragma('busy_timeout = 0');
  try {
    return { busy: false, value: await work() };
  } catch (failure) {
    if (isBusy(failure)) return { busy: true, failure, busyTimeout };
    throw failure;
  } finally {
    connection.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/** Tries again each millisecond while `attempt` finds the lock busy, as long as busy_timeout allows. */
export async function untilNotBusy<T>(attempt: () => Promise<Tried<T>>): Promise<T> {
  const started = performance.now();
  for (;;) {
    const tried = await attempt();
    if (!tried.busy) return tried.value;
    if (performance.now() - started >= tried.busyTimeout) throw tried.failure;
    await delay(RETRY_MS);
  }
}
