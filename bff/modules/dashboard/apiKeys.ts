/**
 * The per-key breakdown of the range's prediction calls: calls, errors, items served and the
 * p50/p95 latency from the minute rollup's summed histograms, with each key's name (or what stands
 * for a call without a key, or a key since deleted), busiest key first.
 */
import type { ApiKeyBreakdownRow } from '@domain/dashboard/contract';
import { ApiKey } from '../../entities';
import { bindTime, toNumber } from '../../platform/sql';
import { LATENCY_BUCKETS_MS, percentileOf } from '../prediction';
import { companyClause, resolveScopeRange, type DashboardScope, type RangeQuery, type RequestDeps } from './scope';

const NO_KEY_NAME = 'Calls without a key';
const DELETED_KEY_NAME = 'Deleted key';

/** Per key: calls, errors, items served and p50/p95 latency from the summed histograms of the minute rollup. */
export async function apiKeyBreakdown({ em, kind, now, read }: RequestDeps, scope: DashboardScope, request: RangeQuery): Promise<ApiKeyBreakdownRow[]> {
  const resolved = resolveScopeRange(now, scope, request);
  const company = companyClause(scope);
  const element = (index: number) => (kind === 'postgresql' ? `coalesce((latency_histogram->>${index})::integer, 0)` : `coalesce(json_extract(latency_histogram, '$[${index}]'), 0)`);
  const histogramColumns = Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, (_, index) => `sum(${element(index)}) as h${index}`);
  const rows = await read(
    `select api_key_id, sum(calls) as calls, sum(errors) as errors, sum(items_served) as items, ${histogramColumns.join(', ')}
       from prediction_call_minutes where minute >= ? and minute < ?${company.sql} group by api_key_id`,
    [bindTime(kind, resolved.buckets[0]!.start), bindTime(kind, resolved.buckets[resolved.buckets.length - 1]!.end), ...company.params],
  );
  const ids = rows.map((row) => String(row.api_key_id)).filter(Boolean);
  const keys = ids.length ? await em.fork().find(ApiKey, { id: { $in: ids } }, { fields: ['id', 'name'] }) : [];
  const names = new Map(keys.map((key) => [key.id, key.name]));
  return rows
    .map((row) => {
      const apiKeyId = String(row.api_key_id);
      const histogram = histogramColumns.map((_, index) => toNumber(row[`h${index}`]));
      return {
        apiKeyId,
        name: apiKeyId ? (names.get(apiKeyId) ?? DELETED_KEY_NAME) : NO_KEY_NAME,
        calls: toNumber(row.calls),
        errors: toNumber(row.errors),
        p50Ms: percentileOf(histogram, 0.5),
        p95Ms: percentileOf(histogram, 0.95),
        itemsServed: toNumber(row.items),
      };
    })
    .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
}
