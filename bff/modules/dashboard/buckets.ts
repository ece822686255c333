/**
 * Sums per bucket: the CASE that numbers a row's bucket from its time (PREVIOUS for the
 * comparison period), the grouped rows keyed by that number, and the rounding every dashboard
 * figure shares (a percentage to one decimal, null when there is nothing to divide by).
 */
import type { ResolvedRange } from '@domain/dashboard/buckets';
import { bindTime, type DatabaseKind } from '../../platform/sql';

/** The bucket number of the comparison period. */
export const PREVIOUS = -1;

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const percent = (part: number, whole: number): number | null => (whole > 0 ? round1((part / whole) * 100) : null);

/** `case when column < b1 then -1 when column < b2 then 0 … else n-1 end`, with the bounds it binds. */
export function bucketCase(kind: DatabaseKind, column: string, resolved: ResolvedRange): { sql: string; params: unknown[]; start: unknown; end: unknown } {
  const bounds = resolved.buckets.map((bucket) => bucket.start);
  const branches = bounds.map((_, index) => `when ${column} < ? then ${index - 1}`).join(' ');
  return {
    sql: `case ${branches} else ${resolved.buckets.length - 1} end`,
    params: bounds.map((bound) => bindTime(kind, bound)),
    start: bindTime(kind, resolved.previous.start),
    end: bindTime(kind, resolved.buckets[resolved.buckets.length - 1]!.end),
  };
}

/** Rows of a grouped query by bucket index (PREVIOUS for the comparison period). */
export function byBucket(rows: Array<Record<string, unknown>>): Map<number, Record<string, unknown>> {
  return new Map(rows.map((row) => [Number(row.bucket), row]));
}
