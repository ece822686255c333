/**
 * What the Outbound API screen reads about the API's use: a key's (or a company's) usage over 24
 * hours or 30 days from the per-minute rollups of every replica (counts and latency histograms
 * add up), the recent calls, and a call replayed against the current settings and snapshot.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { CallComparison, ComparedItem, PredictionCallRecord, UsageRange, UsageSummary } from '@domain/prediction/contract';
import { ApiKey, PredictionCall, PredictionCallMinute } from '../../entities';
import { HISTOGRAM_LENGTH, percentileOf } from './callLog';
import type { Contribution, RankedItem } from './engine/types';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const CALLS_LIMIT_DEFAULT = 50;
export const CALLS_LIMIT_MAX = 200;

export interface UsageScope {
  /** undefined: every company (a global admin's "all"). */
  companyId: string | undefined;
  /** undefined: every key of the scope. */
  apiKeyId: string | undefined;
}

function histogramOf(value: unknown): number[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map((count) => (typeof count === 'number' ? count : 0)) : [];
}

/** Calls, errors, zero results and percentiles of a range, with an hourly (24h) or daily (30d) series. */
export async function usageSummary(em: EntityManager, scope: UsageScope, range: UsageRange, now: Date): Promise<UsageSummary> {
  const step = range === '24h' ? HOUR_MS : DAY_MS;
  const buckets = range === '24h' ? 24 : 30;
  // The series ends with the bucket that holds `now`.
  const end = Math.floor(now.getTime() / step) * step + step;
  const start = end - buckets * step;
  const where: FilterQuery<PredictionCallMinute> = { minute: { $gte: new Date(start), $lt: new Date(end) } };
  if (scope.companyId) Object.assign(where, { companyId: scope.companyId });
  if (scope.apiKeyId) Object.assign(where, { apiKeyId: scope.apiKeyId });
  const rows = await em.find(PredictionCallMinute, where, {
    fields: ['minute', 'calls', 'errors', 'zeroResults', 'latencyHistogram'],
    disableIdentityMap: true,
  });
  const histogram = new Array<number>(HISTOGRAM_LENGTH).fill(0);
  const series = Array.from({ length: buckets }, (_, position) => ({ at: new Date(start + position * step).toISOString(), calls: 0, errors: 0 }));
  let calls = 0;
  let errors = 0;
  let zeroResults = 0;
  for (const row of rows) {
    calls += row.calls;
    errors += row.errors;
    zeroResults += row.zeroResults;
    histogramOf(row.latencyHistogram).forEach((count, bucket) => {
      if (bucket < HISTOGRAM_LENGTH) histogram[bucket]! += count;
    });
    const slot = series[Math.floor((new Date(row.minute).getTime() - start) / step)];
    if (slot) {
      slot.calls += row.calls;
      slot.errors += row.errors;
    }
  }
  return {
    range,
    calls,
    errors,
    zeroResults,
    p50Ms: percentileOf(histogram, 0.5),
    p95Ms: percentileOf(histogram, 0.95),
    p99Ms: percentileOf(histogram, 0.99),
    series,
  };
}

export function callRecordOf(call: PredictionCall, keyNames: Map<string, string>): PredictionCallRecord {
  return {
    id: call.id,
    apiKeyId: call.apiKeyId,
    apiKeyName: call.apiKeyId ? (keyNames.get(call.apiKeyId) ?? null) : null,
    endpoint: call.endpoint,
    status: call.status,
    errorCode: call.errorCode,
    latencyMs: call.latencyMs,
    itemsServed: call.itemsServed,
    zeroResults: call.zeroResults,
    holdout: call.holdout,
    settingsVersion: call.settingsVersion,
    snapshotVersion: call.snapshotVersion,
    request: call.request,
    items: call.items ?? [],
    createdAt: new Date(call.createdAt).toISOString(),
  };
}

async function keyNamesOf(em: EntityManager, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const keys = await em.find(ApiKey, { id: { $in: wanted } }, { fields: ['name'] });
  return new Map(keys.map((key) => [key.id, key.name]));
}

/** The scope's latest calls, newest first, with their keys' names. */
export async function recentCalls(em: EntityManager, scope: UsageScope, limit: number): Promise<PredictionCallRecord[]> {
  const where: FilterQuery<PredictionCall> = {};
  if (scope.companyId) Object.assign(where, { companyId: scope.companyId });
  if (scope.apiKeyId) Object.assign(where, { apiKeyId: scope.apiKeyId });
  const calls = await em.find(PredictionCall, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  const names = await keyNamesOf(em, calls.map((call) => call.apiKeyId));
  return calls.map((call) => callRecordOf(call, names));
}

export async function callRecord(em: EntityManager, call: PredictionCall): Promise<PredictionCallRecord> {
  return callRecordOf(call, await keyNamesOf(em, [call.apiKeyId]));
}

function contributionsBySignal(item: RankedItem | undefined): Map<string, number> {
  return new Map((item?.contributions ?? []).map((contribution: Contribution) => [contribution.signal, contribution.value]));
}

/** The signal whose contribution to an item changed most between two rankings of it. */
export function movedBy(before: RankedItem | undefined, after: RankedItem | undefined): ComparedItem['movedBy'] {
  if (!before && !after) return null;
  const old = contributionsBySignal(before);
  const current = contributionsBySignal(after);
  let best: { signal: string; delta: number } | null = null;
  for (const signal of [...new Set([...old.keys(), ...current.keys()])].sort()) {
    const delta = (current.get(signal) ?? 0) - (old.get(signal) ?? 0);
    if (Math.abs(delta) < 1e-12) continue;
    if (!best || Math.abs(delta) > Math.abs(best.delta)) best = { signal, delta: Math.round(delta * 1e6) / 1e6 };
  }
  return best;
}

/**
 * Items of the logged answer and of the replay, by their ranks on each side: `before` ranks are
 * the call's items as served, `after` ranks the replay's. Each item's contributions come from
 * `contributionsBefore` (the request ranked widely with the call's settings version) and
 * `contributionsAfter` (the same with the current settings).
 */
export function compareRankings(
  served: PredictionCallRecord['items'],
  replayed: RankedItem[],
  contributionsBefore: RankedItem[],
  contributionsAfter: RankedItem[],
  titles: Map<string, string>,
): ComparedItem[] {
  const beforeRank = new Map(served.map((item, position) => [item.id, position + 1]));
  const afterRank = new Map(replayed.map((item, position) => [item.id, position + 1]));
  const oldById = new Map(contributionsBefore.map((item) => [item.id, item]));
  const newById = new Map([...contributionsAfter, ...replayed].map((item) => [item.id, item]));
  const ids = [...new Set([...served.map((item) => item.id), ...replayed.map((item) => item.id)])];
  const compared = ids.map((id): ComparedItem => {
    return {
      id,
      title: newById.get(id)?.title ?? oldById.get(id)?.title ?? titles.get(id) ?? id,
      before: beforeRank.get(id) ?? null,
      after: afterRank.get(id) ?? null,
      movedBy: movedBy(oldById.get(id), newById.get(id)),
    };
  });
  const order = (item: ComparedItem) => item.after ?? Number.MAX_SAFE_INTEGER;
  return compared.sort((a, b) => order(a) - order(b) || (a.before ?? Number.MAX_SAFE_INTEGER) - (b.before ?? Number.MAX_SAFE_INTEGER) || (a.id < b.id ? -1 : 1));
}

export type { CallComparison };
