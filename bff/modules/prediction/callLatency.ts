/**
 * The prediction API's latency histogram: its buckets, the bucket of a call, and percentiles read
 * back from the counts.
 */
/**
 * Upper bounds (ms) of the latency histogram's buckets; one more bucket counts everything slower.
 * Fine below 20 ms, where the prediction API's target is.
 */
export const LATENCY_BUCKETS_MS = [0.5, 1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1_000, 2_000, 5_000, 10_000] as const;
export const HISTOGRAM_LENGTH = LATENCY_BUCKETS_MS.length + 1;

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
