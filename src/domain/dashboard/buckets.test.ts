import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { bucketIndexOf, customBucketOf, FutureRangeError, instantOf, isValidTimeZone, partialBucketOf, resolveRange } from './buckets';
import { CUSTOM_RANGE_MAX_DAYS, DASHBOARD_CHARTS, DASHBOARD_MESSAGES, SAVED_CHARTS_MAX, type SavedChart } from './contract';
import { DASHBOARD_SCHEMA_MESSAGES, DEFAULT_DASHBOARD_PREFERENCES, dashboardMetricsQuerySchema, dashboardPreferencesSchema } from './schemas';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const starts = (resolved: ReturnType<typeof resolveRange>) => resolved.buckets.map((bucket) => iso(bucket.start));

async function messagesOf(schema: { validate: (value: unknown, options: object) => Promise<unknown> }, value: unknown): Promise<string[]> {
  try {
    await schema.validate(value, { strict: true, abortEarly: false });
    return [];
  } catch (failure) {
    if (failure instanceof ValidationError) return failure.errors;
    throw failure;
  }
}

describe('fixed ranges', () => {
  it('1 Day: six 4-hour blocks aligned to local midnight, the current block last', () => {
    const resolved = resolveRange({ range: '1d' }, at('2026-11-23T09:30:00Z'), 'UTC');
    expect(resolved.bucket).toBe('4h');
    expect(resolved.buckets.map((bucket) => bucket.label)).toEqual(['12:00', '16:00', '20:00', '00:00', '04:00', '08:00']);
    expect(starts(resolved)).toEqual([
      '2026-11-22T12:00:00.000Z', '2026-11-22T16:00:00.000Z', '2026-11-22T20:00:00.000Z',
      '2026-11-23T00:00:00.000Z', '2026-11-23T04:00:00.000Z', '2026-11-23T08:00:00.000Z',
    ]);
    expect(iso(resolved.buckets[5]!.end)).toBe('2026-11-23T12:00:00.000Z');
    expect([resolved.from, resolved.to]).toEqual(['2026-11-22', '2026-11-23']);
    // The comparison period is as long as what has happened of the range (21.5 hours), just before it.
    expect(iso(resolved.previous.end)).toBe('2026-11-22T12:00:00.000Z');
    expect(iso(resolved.previous.start)).toBe('2026-11-21T14:30:00.000Z');
  });

  it('1 Day across the spring-forward night in Europe/Berlin: the 00:00 block lasts 3 hours', () => {
    const resolved = resolveRange({ range: '1d' }, at('2026-03-29T10:00:00Z'), 'Europe/Berlin');
    expect(resolved.buckets.map((bucket) => bucket.label)).toEqual(['16:00', '20:00', '00:00', '04:00', '08:00', '12:00']);
    expect(starts(resolved)).toEqual([
      '2026-03-28T15:00:00.000Z', '2026-03-28T19:00:00.000Z', '2026-03-28T23:00:00.000Z',
      '2026-03-29T02:00:00.000Z', '2026-03-29T06:00:00.000Z', '2026-03-29T10:00:00.000Z',
    ]);
    expect(resolved.buckets[2]!.end - resolved.buckets[2]!.start).toBe(3 * 3_600_000);
  });

  it('7 Days: seven local calendar days, today last; the fall-back day in America/New_York has 25 hours', () => {
    const resolved = resolveRange({ range: '7d' }, at('2026-11-03T15:00:00Z'), 'America/New_York');
    expect(resolved.bucket).toBe('day');
    expect(resolved.buckets.map((bucket) => bucket.label)).toEqual(['Oct 28', 'Oct 29', 'Oct 30', 'Oct 31', 'Nov 1', 'Nov 2', 'Nov 3']);
    expect(starts(resolved)).toEqual([
      '2026-10-28T04:00:00.000Z', '2026-10-29T04:00:00.000Z', '2026-10-30T04:00:00.000Z', '2026-10-31T04:00:00.000Z',
      '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-11-03T05:00:00.000Z',
    ]);
    expect(resolved.buckets[4]!.end - resolved.buckets[4]!.start).toBe(25 * 3_600_000);
    expect([resolved.from, resolved.to]).toEqual(['2026-10-28', '2026-11-03']);
  });

  it('7 Days in a time zone ahead of UTC: "today" is the local date', () => {
    // 23:30 UTC on Nov 22 is already Nov 23 in Berlin.
    const resolved = resolveRange({ range: '7d' }, at('2026-11-22T23:30:00Z'), 'Europe/Berlin');
    expect(resolved.to).toBe('2026-11-23');
    expect(iso(resolved.buckets[6]!.start)).toBe('2026-11-22T23:00:00.000Z');
  });

  it('30 Days: four ISO weeks, Monday first, this week last and ending today', () => {
    const resolved = resolveRange({ range: '30d' }, at('2026-11-25T12:00:00Z'), 'UTC');
    expect(resolved.bucket).toBe('week');
    expect(resolved.buckets.map((bucket) => bucket.label)).toEqual(['Nov 2 – Nov 8', 'Nov 9 – Nov 15', 'Nov 16 – Nov 22', 'Nov 23 – Nov 25']);
    expect([resolved.from, resolved.to]).toEqual(['2026-11-02', '2026-11-25']);
    // No bucket reaches past the end of today.
    expect(iso(resolved.buckets[3]!.end)).toBe('2026-11-26T00:00:00.000Z');
    // On a Sunday the week still starts on the Monday before; on a Monday this week is one day.
    expect(resolveRange({ range: '30d' }, at('2026-11-29T20:00:00Z'), 'UTC').buckets[3]!.label).toBe('Nov 23 – Nov 29');
    const monday = resolveRange({ range: '30d' }, at('2026-11-30T00:00:00Z'), 'UTC');
    expect([monday.from, monday.to, monday.buckets[3]!.label]).toEqual(['2026-11-09', '2026-11-30', 'Nov 30']);
  });

  it('90 Days: three calendar months, this month last, across month ends and years', () => {
    // On the last day of a month the month is whole.
    const march = resolveRange({ range: '90d' }, at('2026-03-31T12:00:00Z'), 'UTC');
    expect(march.bucket).toBe('month');
    expect(march.buckets.map((bucket) => bucket.label)).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(starts(march)).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    expect(iso(march.buckets[1]!.end)).toBe('2026-03-01T00:00:00.000Z');
    expect([march.from, march.to]).toEqual(['2026-01-01', '2026-03-31']);
    // Earlier in a month, this month is labelled with the days it has had.
    const january = resolveRange({ range: '90d' }, at('2026-01-15T00:00:00Z'), 'UTC');
    expect(january.buckets.map((bucket) => bucket.label)).toEqual(['Nov 2025', 'Dec 2025', 'Jan 1 – Jan 15']);
    expect(iso(january.buckets[2]!.end)).toBe('2026-01-16T00:00:00.000Z');
  });

  it('90 Days in Europe/Berlin: months start at local midnight on either side of the clock change', () => {
    const resolved = resolveRange({ range: '90d' }, at('2026-04-10T12:00:00Z'), 'Europe/Berlin');
    expect(starts(resolved)).toEqual(['2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z']);
    // This month ends at the end of today, Berlin time.
    expect(iso(resolved.buckets[2]!.end)).toBe('2026-04-10T22:00:00.000Z');
  });
});

describe('custom ranges', () => {
  it('daily up to 7 days, weekly up to 30, monthly beyond', () => {
    expect([1, 7, 8, 30, 31, 366].map(customBucketOf)).toEqual(['day', 'day', 'week', 'week', 'month', 'month']);
    const now = at('2026-11-23T12:00:00Z');
    expect(resolveRange({ range: 'custom', from: '2026-11-01', to: '2026-11-07' }, now).buckets).toHaveLength(7);
    expect(resolveRange({ range: 'custom', from: '2026-11-01', to: '2026-11-08' }, now).bucket).toBe('week');
    expect(resolveRange({ range: 'custom', from: '2026-11-01', to: '2026-11-30' }, now).bucket).toBe('week');
    expect(resolveRange({ range: 'custom', from: '2026-11-01', to: '2026-12-01' }, now).bucket).toBe('month');
  });

  it('clips ISO weeks to From and To', () => {
    const resolved = resolveRange({ range: 'custom', from: '2026-11-04', to: '2026-11-20' }, at('2026-11-23T12:00:00Z'));
    expect(resolved.buckets.map((bucket) => bucket.label)).toEqual(['Nov 4 – Nov 8', 'Nov 9 – Nov 15', 'Nov 16 – Nov 20']);
    expect(iso(resolved.buckets[2]!.end)).toBe('2026-11-21T00:00:00.000Z');
    // A range wholly in the past compares with the same span before it.
    expect(resolved.previous.end - resolved.previous.start).toBe(17 * 86_400_000);
  });

  it('clips calendar months to From and To, including a leap February', () => {
    const resolved = resolveRange({ range: 'custom', from: '2028-01-15', to: '2028-03-10' }, at('2028-04-01T00:00:00Z'));
    // A month cut by From or To is labelled with its days.
    expect(resolved.buckets.map((bucket) => bucket.label)).toEqual(['Jan 15 – Jan 31', 'Feb 2028', 'Mar 1 – Mar 10']);
    expect(starts(resolved)).toEqual(['2028-01-15T00:00:00.000Z', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z']);
    expect(resolved.buckets[1]!.end - resolved.buckets[1]!.start).toBe(29 * 86_400_000);
    expect([resolved.from, resolved.to]).toEqual(['2028-01-15', '2028-03-10']);
  });

  it('refuses a range starting after today and ends one reaching past today at today', () => {
    const now = at('2026-11-23T12:00:00Z');
    expect(() => resolveRange({ range: 'custom', from: '2026-11-24', to: '2026-11-30' }, now)).toThrow(FutureRangeError);
    // Today in Kiritimati (UTC+14) is already tomorrow in UTC.
    expect(resolveRange({ range: 'custom', from: '2026-11-24', to: '2026-11-24' }, now, 'Pacific/Kiritimati').buckets).toHaveLength(1);
    const reaching = resolveRange({ range: 'custom', from: '2026-11-20', to: '2026-11-30' }, now, 'UTC');
    expect(reaching.to).toBe('2026-11-23');
    expect(reaching.buckets.at(-1)!.label).toBe('Nov 23');
    expect(iso(reaching.buckets.at(-1)!.end)).toBe('2026-11-24T00:00:00.000Z');
    // The bucket follows the span asked for (11 days: weeks), not the part that has happened.
    expect(reaching.bucket).toBe('week');
  });

  it('a custom day in New York across spring-forward is 23 hours', () => {
    const resolved = resolveRange({ range: 'custom', from: '2026-03-07', to: '2026-03-09' }, at('2026-03-20T00:00:00Z'), 'America/New_York');
    expect(starts(resolved)).toEqual(['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect(resolved.buckets[1]!.end - resolved.buckets[1]!.start).toBe(23 * 3_600_000);
  });

  it('places instants in their bucket, the comparison period at -1', () => {
    const resolved = resolveRange({ range: '7d' }, at('2026-11-23T12:00:00Z'), 'UTC');
    expect(bucketIndexOf(resolved, at('2026-11-17T00:00:00Z'))).toBe(0);
    expect(bucketIndexOf(resolved, at('2026-11-23T11:59:59Z'))).toBe(6);
    expect(bucketIndexOf(resolved, at('2026-11-16T23:59:59Z'))).toBe(-1);
    expect(bucketIndexOf(resolved, at('2026-11-01T00:00:00Z'))).toBeNull();
  });
});

describe('local wall times', () => {
  it('a time skipped by the clocks is the first instant after the gap; a repeated one its first occurrence', () => {
    expect(iso(instantOf({ year: 2026, month: 3, day: 29 }, 2, 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(instantOf({ year: 2026, month: 10, day: 25 }, 2, 'Europe/Berlin'))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(instantOf({ year: 2026, month: 3, day: 8 }, 2, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
  });

  it('knows IANA time zones and refuses anything else', () => {
    expect(['UTC', 'Europe/Berlin', 'America/New_York', 'America/Argentina/Buenos_Aires'].every(isValidTimeZone)).toBe(true);
    expect(['', 'Mars/Olympus', 'Europe/Berlin; drop', 'x'.repeat(65)].some(isValidTimeZone)).toBe(false);
  });
});

describe('dashboardMetricsQuerySchema', () => {
  it('accepts the fixed ranges and a valid custom range of up to the maximum span', async () => {
    for (const range of ['1d', '7d', '30d', '90d']) expect(await messagesOf(dashboardMetricsQuerySchema, { range })).toEqual([]);
    expect(await messagesOf(dashboardMetricsQuerySchema, { range: 'custom', from: '2025-01-01', to: '2026-01-01' })).toEqual([]);
    expect(CUSTOM_RANGE_MAX_DAYS).toBe(366);
  });

  it('answers with the contract messages', async () => {
    expect(await messagesOf(dashboardMetricsQuerySchema, { range: '2d' })).toEqual([DASHBOARD_SCHEMA_MESSAGES.range]);
    expect(await messagesOf(dashboardMetricsQuerySchema, { range: 'custom', from: '2026-01-01' })).toEqual([DASHBOARD_MESSAGES.customFromTo]);
    expect(await messagesOf(dashboardMetricsQuerySchema, { range: 'custom', to: '2026-01-01' })).toEqual([DASHBOARD_MESSAGES.customFromTo]);
    expect(await messagesOf(dashboardMetricsQuerySchema, { range: 'custom', from: '2026-02-02', to: '2026-02-01' })).toEqual([DASHBOARD_MESSAGES.customOrder]);
    expect(await messagesOf(dashboardMetricsQuerySchema, { range: 'custom', from: '2025-01-01', to: '2026-01-02' })).toEqual([DASHBOARD_MESSAGES.customTooLong]);
    expect(await messagesOf(dashboardMetricsQuerySchema, { range: 'custom', from: '2026-02-30', to: '2026-03-01' })).toEqual([DASHBOARD_SCHEMA_MESSAGES.date]);
    expect(await messagesOf(dashboardMetricsQuerySchema, { companyFilter: 'acme' })).toEqual(["Must be a company id or 'all'"]);
  });
});

describe('dashboardPreferencesSchema', () => {
  const chart = (index: number, label = `Chart ${index}`): SavedChart => ({
    id: `saved-${1_700_000_000_000 + index}`,
    label,
    category: { kind: 'category', id: 'premium', name: 'Premium Users' },
    mode: 'conversion',
    options: { chartType: 'bar' },
    createdAt: '2026-11-23T10:00:00.000Z',
  });
  const valid = { ...DEFAULT_DASHBOARD_PREFERENCES, savedCharts: [chart(1)], chartTypes: { calls: 'bar', [chart(1).id]: 'line' } };

  it('accepts the defaults and a full set', async () => {
    expect(await messagesOf(dashboardPreferencesSchema, DEFAULT_DASHBOARD_PREFERENCES)).toEqual([]);
    expect(await messagesOf(dashboardPreferencesSchema, valid)).toEqual([]);
  });

  it('refuses what breaks a rule, with its message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...valid, savedCharts: [chart(1, '   ')] }, DASHBOARD_SCHEMA_MESSAGES.savedChartLabel],
      [{ ...valid, savedCharts: [chart(1, 'x'.repeat(61))] }, DASHBOARD_SCHEMA_MESSAGES.savedChartLabelMax],
      [{ ...valid, savedCharts: [{ ...chart(1), id: 'saved-abc' }] }, DASHBOARD_SCHEMA_MESSAGES.savedChartId],
      [{ ...valid, savedCharts: [chart(1), chart(1)] }, DASHBOARD_SCHEMA_MESSAGES.savedChartIdsUnique],
      [{ ...valid, savedCharts: Array.from({ length: SAVED_CHARTS_MAX + 1 }, (_, index) => chart(index)) }, DASHBOARD_SCHEMA_MESSAGES.savedChartsMax],
      [{ ...valid, savedCharts: [{ ...chart(1), options: { chartType: 'pie' } }] }, DASHBOARD_SCHEMA_MESSAGES.chartType],
      [{ ...valid, savedCharts: [{ ...chart(1), category: { kind: 'view', id: 'premium', name: 'x' } }] }, DASHBOARD_SCHEMA_MESSAGES.categoryRef],
      [{ ...valid, gridOrder: DASHBOARD_CHARTS.slice(1) }, DASHBOARD_SCHEMA_MESSAGES.gridOrder],
      [{ ...valid, gridOrder: [...DASHBOARD_CHARTS.slice(1), DASHBOARD_CHARTS[1]] }, DASHBOARD_SCHEMA_MESSAGES.gridOrder],
      [{ ...valid, chartTypes: { calls: 'pie' } }, DASHBOARD_SCHEMA_MESSAGES.chartTypes],
      [{ ...valid, chartTypes: { nothing: 'bar' } }, DASHBOARD_SCHEMA_MESSAGES.chartTypes],
    ];
    for (const [value, message] of cases) expect(await messagesOf(dashboardPreferencesSchema, value)).toContain(message);
  });
});

describe('the bucket under way', () => {
  it('is the last one while now falls in it, with the share of it passed', () => {
    const now = at('2026-11-23T10:30:00Z');
    expect(partialBucketOf(resolveRange({ range: '7d' }, now, 'UTC'), now)).toEqual({ index: 6, elapsed: 0.438 });
    // The 08:00 block, two and a half of its four hours.
    expect(partialBucketOf(resolveRange({ range: '1d' }, now, 'UTC'), now)).toEqual({ index: 5, elapsed: 0.625 });
    // This month to date: the month's 30 days are the bucket, not the 23 shown so far.
    expect(partialBucketOf(resolveRange({ range: '90d' }, now, 'UTC'), now)).toMatchObject({ index: 2 });
  });

  it('is none when the range ended before now', () => {
    const now = at('2026-11-23T10:30:00Z');
    expect(partialBucketOf(resolveRange({ range: 'custom', from: '2026-11-01', to: '2026-11-07' }, now, 'UTC'), now)).toBeNull();
  });
});
