/**
 * The call log's rollups in memory: each company's and key's calls, errors, items and latencies of
 * one minute, marked dirty until written; and each company's served predict calls of the month,
 * the plan's allowance, with the total last written.
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

/** A company's served predict calls of a month (UTC) counted here, and how many of them are written. */
export interface MonthTotals {
  companyId: string;
  month: string;
  served: number;
  written: number;
}

export type CallMonths = Map<string, MonthTotals>;

/** Whether a call counts against the month's allowance: a predict call that was answered, not made with a Live Test key. */
export const countsAgainstQuota = (entry: Pick<CallEntry, 'endpoint' | 'status' | 'sandbox'>) => entry.endpoint === 'predict' && entry.status < 400 && !entry.sandbox;

/** The calendar month (UTC) of `date`, as "2026-11". */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function countServed(months: CallMonths, entry: CallEntry): void {
  if (!countsAgainstQuota(entry)) return;
  const month = monthOf(entry.at);
  const key = `${entry.companyId}|${month}`;
  let totals = months.get(key);
  if (!totals) {
    totals = { companyId: entry.companyId, month, served: 0, written: 0 };
    months.set(key, totals);
  }
  totals.served++;
}

/** Months before the current one are forgotten once all their calls are written. */
export function forgetWrittenMonths(months: CallMonths, now: Date): void {
  const current = monthOf(now);
  for (const [key, totals] of months) if (totals.written === totals.served && totals.month < current) months.delete(key);
}

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
