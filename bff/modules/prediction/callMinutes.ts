/**
 * The call log's minute rollups in memory: each company's and key's calls, errors, items and
 * latencies of one minute, marked dirty until written.
 */
import { bucketOf, HISTOGRAM_LENGTH } from './callLatency';
import type { CallEntry } from './callEntry';

const MINUTE_MS = 60_000;

export interface MinuteTotals {
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

export type CallMinutes = Map<string, MinuteTotals>;

const minuteOf = (at: number) => Math.floor(at / MINUTE_MS) * MINUTE_MS;
const minuteKey = (companyId: string, apiKeyId: string, minute: number) => `${companyId}|${apiKeyId}|${minute}`;

export function countCall(minutes: CallMinutes, entry: CallEntry): void {
  const minute = minuteOf(entry.at.getTime());
  const apiKeyId = entry.apiKeyId ?? '';
  const key = minuteKey(entry.companyId, apiKeyId, minute);
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

/** Calls of a key counted in the minute of `at`. */
export function minuteCalls(minutes: CallMinutes, apiKeyId: string, companyId: string, at: Date): number {
  return minutes.get(minuteKey(companyId, apiKeyId, minuteOf(at.getTime())))?.calls ?? 0;
}

/** Minutes that can no longer change are forgotten once written. */
export function forgetWrittenMinutes(minutes: CallMinutes): void {
  const current = minuteOf(Date.now());
  for (const [key, totals] of minutes) if (!totals.dirty && totals.minute < current - MINUTE_MS) minutes.delete(key);
}
