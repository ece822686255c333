/**
 * The prediction API's call log, written off the request path. A call is buffered and counted
 * into its minute's rollup in memory; every second (and on shutdown) the buffer goes to
 * prediction_calls in one transaction, and this replica's touched minutes are written to
 * prediction_call_minutes with their absolute totals (each replica owns its rows, so nothing is
 * read back or merged under contention). A failed flush keeps the calls for the next one.
 * Keys' last_used_at is written at most once a minute per key. The key itself is never written.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { PredictionCallRecord } from '@domain/prediction/contract';
import type { Orm } from '../../types';
import { ApiKey, Company, PredictionCall, PredictionCallMinute } from '../../entities';

/**
 * Upper bounds (ms) of the latency histogram's buckets; one more bucket counts everything slower.
 * Fine below 20 ms, where the prediction API's target is.
 */
export const LATENCY_BUCKETS_MS = [0.5, 1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1_000, 2_000, 5_000, 10_000] as const;
export const HISTOGRAM_LENGTH = LATENCY_BUCKETS_MS.length + 1;
export const FLUSH_INTERVAL_MS = 1_000;
const LAST_USED_INTERVAL_MS = 60_000;
const MINUTE_MS = 60_000;
/** Calls held while the database refuses them; beyond this the oldest are dropped (and logged). */
const BUFFER_MAX = 200_000;
const INSERT_ROWS = 500;

export type CallEndpoint = PredictionCallRecord['endpoint'];

/** A call as the log receives it: the record the dashboard reads, before it has an id and a key name. */
export type CallEntry = Omit<PredictionCallRecord, 'id' | 'apiKeyName' | 'createdAt'> & {
  companyId: string;
  userId: string | null;
  at: Date;
};

interface MinuteTotals {
  companyId: string;
  apiKeyId: string;
  minute: number;
  calls: number;
  errors: number;
  zeroResults: number;
  itemsServed: number;
  histogram: number[];
  /** Sum of the latencies (ms): the dashboard's average call duration. */
  latencyTotal: number;
  dirty: boolean;
}

export function bucketOf(latencyMs: number): number {
  const position = LATENCY_BUCKETS_MS.findIndex((bound) => latencyMs <= bound);
  return position === -1 ? LATENCY_BUCKETS_MS.length : position;
}

/** The latency below which `share` (0-1) of the histogram's calls fall, interpolated within its bucket. */
export function percentileOf(histogram: readonly number[], share: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (!total) return null;
  const rank = share * total;
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    const count = histogram[bucket] ?? 0;
    if (!count) continue;
    if (seen + count >= rank) {
      const lower = bucket === 0 ? 0 : LATENCY_BUCKETS_MS[bucket - 1]!;
      const upper = LATENCY_BUCKETS_MS[Math.min(bucket, LATENCY_BUCKETS_MS.length - 1)]!;
      if (bucket >= LATENCY_BUCKETS_MS.length) return upper;
      const within = (rank - seen) / count;
      return Math.round((lower + (upper - lower) * within) * 100) / 100;
    }
    seen += count;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}

export interface CallLogOptions {
  orm: Orm;
  logger: Logger;
  replicaId: string;
  /** Told how many served predict calls of a company reached the database (the quota's counter). */
  onFlushed?: (servedByCompany: Map<string, number>) => void;
}

/** Whether a call counts against the month's allowance: a predict call that was answered. */
export const countsAgainstQuota = (entry: Pick<CallEntry, 'endpoint' | 'status'>) => entry.endpoint === 'predict' && entry.status < 400;

export function createCallLog(options: CallLogOptions) {
  const { orm, logger, replicaId } = options;
  let buffer: CallEntry[] = [];
  const minutes = new Map<string, MinuteTotals>();
  /** Keys used since their last_used_at was written, with their latest use; and when that was written. */
  const lastUsed = new Map<string, Date>();
  const lastUsedWritten = new Map<string, number>();
  let flushing: Promise<void> | null = null;

  function count(entry: CallEntry): void {
    const minute = Math.floor(entry.at.getTime() / MINUTE_MS) * MINUTE_MS;
    const apiKeyId = entry.apiKeyId ?? '';
    const key = `${entry.companyId}|${apiKeyId}|${minute}`;
    let totals = minutes.get(key);
    if (!totals) {
      totals = { companyId: entry.companyId, apiKeyId, minute, calls: 0, errors: 0, zeroResults: 0, itemsServed: 0, histogram: new Array<number>(HISTOGRAM_LENGTH).fill(0), latencyTotal: 0, dirty: true };
      minutes.set(key, totals);
    }
    totals.calls++;
    if (entry.status >= 400) totals.errors++;
    if (entry.zeroResults) totals.zeroResults++;
    totals.itemsServed += entry.itemsServed;
    totals.histogram[bucketOf(entry.latencyMs)]!++;
    totals.latencyTotal += entry.latencyMs;
    totals.dirty = true;
  }

  async function write(): Promise<void> {
    let calls = buffer;
    buffer = [];
    let touched = [...minutes.values()].filter((totals) => totals.dirty);
    for (const totals of touched) totals.dirty = false;
    const now = Date.now();
    const keysToMark = [...lastUsed.entries()].filter(([apiKeyId]) => now - (lastUsedWritten.get(apiKeyId) ?? 0) >= LAST_USED_INTERVAL_MS);
    if (!calls.length && !touched.length && !keysToMark.length) return;
    try {
      await orm.em.fork().transactional(async (tx) => {
        // A company deleted since its calls were buffered takes them with it; kept, they would fail every flush.
        const companyIds = [...new Set([...calls.map((call) => call.companyId), ...touched.map((totals) => totals.companyId)])];
        const existing = new Set((await tx.find(Company, { id: { $in: companyIds } }, { fields: ['id'] })).map((company) => company.id));
        if (existing.size < companyIds.length) {
          calls = calls.filter((call) => existing.has(call.companyId));
          touched = touched.filter((totals) => existing.has(totals.companyId));
          for (const [key, totals] of minutes) if (!existing.has(totals.companyId)) minutes.delete(key);
        }
        for (let start = 0; start < calls.length; start += INSERT_ROWS) {
          const rows = calls.slice(start, start + INSERT_ROWS).map(({ at, ...call }) => ({ id: randomUUID(), createdAt: at, updatedAt: at, ...call }));
          await tx.insertMany(PredictionCall, rows);
        }
        if (touched.length) {
          await tx.upsertMany(
            PredictionCallMinute,
            touched.map((totals) => ({
              id: randomUUID(),
              companyId: totals.companyId,
              apiKeyId: totals.apiKeyId,
              replicaId,
              minute: new Date(totals.minute),
              calls: totals.calls,
              errors: totals.errors,
              zeroResults: totals.zeroResults,
              itemsServed: totals.itemsServed,
              latencyHistogram: [...totals.histogram],
              latencyTotalMs: totals.latencyTotal,
            })),
            { onConflictFields: ['companyId', 'apiKeyId', 'minute', 'replicaId'], onConflictAction: 'merge', onConflictExcludeFields: ['id'] },
          );
        }
        for (const [apiKeyId, use] of keysToMark) {
          await tx.nativeUpdate(ApiKey, { id: apiKeyId }, { lastUsedAt: use });
        }
      });
    } catch (failure) {
      // Kept for the next flush: the log must not lose calls to a passing database failure.
      buffer = [...calls, ...buffer];
      if (buffer.length > BUFFER_MAX) {
        logger.error({ dropped: buffer.length - BUFFER_MAX }, 'Prediction call log buffer full; dropping the oldest calls');
        buffer = buffer.slice(buffer.length - BUFFER_MAX);
      }
      for (const totals of touched) totals.dirty = true;
      throw failure;
    }
    for (const [apiKeyId, use] of keysToMark) {
      lastUsedWritten.set(apiKeyId, now);
      if (lastUsed.get(apiKeyId) === use) lastUsed.delete(apiKeyId);
    }
    for (const [apiKeyId, written] of lastUsedWritten) if (now - written >= LAST_USED_INTERVAL_MS && !lastUsed.has(apiKeyId)) lastUsedWritten.delete(apiKeyId);
    // Minutes that can no longer change are forgotten once written.
    const current = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
    for (const [key, totals] of minutes) if (!totals.dirty && totals.minute < current - MINUTE_MS) minutes.delete(key);
    const served = new Map<string, number>();
    for (const call of calls) if (countsAgainstQuota(call)) served.set(call.companyId, (served.get(call.companyId) ?? 0) + 1);
    if (served.size) options.onFlushed?.(served);
  }

  const log = {
    record(entry: CallEntry): void {
      buffer.push(entry);
      count(entry);
      if (entry.apiKeyId) lastUsed.set(entry.apiKeyId, entry.at);
    },

    /** This replica's calls of a key in the current minute (the rate limit's own share). */
    minuteCalls(apiKeyId: string, companyId: string, at: Date): number {
      const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
      return minutes.get(`${companyId}|${apiKeyId}|${minute}`)?.calls ?? 0;
    },

    /** Writes what is buffered; concurrent callers share one write. */
    async flush(): Promise<void> {
      while (flushing) await flushing;
      flushing = write().finally(() => {
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
      return buffer.length;
    },
  };
  return log;
}

export type CallLog = ReturnType<typeof createCallLog>;
