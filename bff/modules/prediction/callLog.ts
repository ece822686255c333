/**
 * The prediction API's call log, written off the request path. A call is buffered and counted
 * into its minute's rollup in memory; every second (and on shutdown) the buffer goes to
 * prediction_calls a slice at a time, and this replica's touched minutes are written to
 * prediction_call_minutes with their absolute totals (each replica owns its rows, so nothing is
 * read back or merged under contention), as are each company's served predict calls of the month
 * to prediction_call_months (the plan's allowance). A failed flush keeps the calls for the next one.
 * Keys' last_used_at is written at most once a minute per key. The key itself is never written.
 */
import type { CallEntry, CallLogOptions } from './callEntry';
import { countCall, countServed, minuteCalls } from './callMinutes';
import { callsWriter, writeCallLog, type CallLogState } from './callLogWrite';

export { bucketOf, HISTOGRAM_LENGTH, LATENCY_BUCKETS_MS, percentileOf } from './callLatency';
export { countsAgainstQuota } from './callMinutes';
export type { CallEndpoint, CallEntry, CallLogOptions } from './callEntry';

export const FLUSH_INTERVAL_MS = 1_000;

/** The log over its state (callLogWrite.ts): calls are counted into their minutes (callMinutes.ts) as they are recorded. */
export function createCallLog(options: CallLogOptions) {
  const state: CallLogState = { buffer: [], minutes: new Map(), months: new Map(), lastUsed: new Map(), lastUsedWritten: new Map() };
  const writeCalls = callsWriter(options.orm);
  let flushing: Promise<void> | null = null;

  const log = {
    record(entry: CallEntry): void {
      state.buffer.push(entry);
      countCall(state.minutes, entry);
      countServed(state.months, entry);
      if (entry.apiKeyId) state.lastUsed.set(entry.apiKeyId, entry.at);
    },

    /** This replica's calls of a key in the current minute (the rate limit's own share). */
    minuteCalls(apiKeyId: string, companyId: string, at: Date): number {
      return minuteCalls(state.minutes, apiKeyId, companyId, at);
    },

    /**
     * Writes what is buffered, once the write under way (another caller's, or the job's) has ended:
     * its failure is that caller's to see, and what it put back is written here.
     */
    async flush(): Promise<void> {
      while (flushing) await flushing.catch(() => undefined);
      flushing = writeCallLog(state, options, writeCalls).finally(() => {
        flushing = null;
      });
      await flushing;
    },

    /** Writes everything left (graceful shutdown), with one more attempt: the process is stopping. */
    async close(): Promise<void> {
      try {
        await log.flush();
      } catch {
        await log.flush();
      }
    },

    get buffered(): number {
      return state.buffer.length;
    },
  };
  return log;
}

export type CallLog = ReturnType<typeof createCallLog>;
