/**
 * How a dashboard range is cut into buckets in a company's time zone (the rules are written on
 * DASHBOARD_BUCKETS in contract.ts). Pure: local calendar arithmetic is done on plain dates with
 * Date.UTC, and a local wall time becomes an instant through Intl, so months of 28 to 31 days and
 * days of 23 or 25 hours (daylight saving time) fall where the company's clocks put them.
 */
import {
  CUSTOM_DAILY_MAX_DAYS,
  CUSTOM_WEEKLY_MAX_DAYS,
  FIXED_RANGE_BUCKETS,
  type DashboardBucket,
  type DashboardRange,
  type PartialBucket,
} from './contract';

/** A calendar date as the company's clocks show it. */
export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export interface DashboardBucketSpan {
  /** First instant of the bucket (epoch ms), inclusive. */
  start: number;
  /** First instant after the bucket, exclusive. */
  end: number;
  label: string;
}

export interface ResolvedRange {
  range: DashboardRange;
  bucket: DashboardBucket;
  /** First and last local day the range covers (YYYY-MM-DD, inclusive). */
  from: string;
  to: string;
  buckets: DashboardBucketSpan[];
  /** The comparison period: as long as the part of the range that has happened, just before it. */
  previous: { start: number; end: number };
}

export interface RangeRequest {
  range: DashboardRange;
  /** Custom only: local dates YYYY-MM-DD, already validated (schemas.ts). */
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
export { DEFAULT_TIME_ZONE, isValidTimeZone } from './timeZone';
import { DEFAULT_TIME_ZONE } from './timeZone';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local wall time of an instant, as the epoch ms of the same wall time in UTC. */
function wallOf(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** The local calendar date of an instant. */
export function localDateOf(instant: number, timeZone: string): LocalDate & { hour: number } {
  const wall = new Date(wallOf(instant, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours() };
}

/**
 * The instant at which the company's clocks show this wall time. An ambiguous time (the hour
 * repeated when clocks go back) is its first occurrence; a time that never happens (skipped when
 * clocks go forward) is the first instant after the gap.
 */
export function instantOf(date: LocalDate, hour: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  const offsetAt = (instant: number) => wallOf(instant, timeZone) - instant;
  const candidates = [...new Set([wall - offsetAt(wall - DAY_MS), wall - offsetAt(wall), wall - offsetAt(wall + DAY_MS)])].sort((a, b) => a - b);
  const exact = candidates.find((instant) => wallOf(instant, timeZone) === wall);
  if (exact !== undefined) return exact;
  // In a gap: the instants around it show wall times before and after; find the switch to the minute.
  let low = candidates[0]!;
  let high = candidates[candidates.length - 1]!;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallOf(middle, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function addMonths(date: LocalDate, months: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: 1 };
}

/** Days from `from` to `to` (0 for the same day). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS);
}

/** 1 Monday … 7 Sunday (ISO). */
function isoWeekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;
}

const pad = (value: number) => String(value).padStart(2, '0');
export const formatLocalDate = (date: LocalDate) => `${date.year}-${pad(date.month)}-${pad(date.day)}`;

/** A valid YYYY-MM-DD calendar date, or null. */
export function parseLocalDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCFullYear() !== date.year || check.getUTCMonth() + 1 !== date.month || check.getUTCDate() !== date.day) return null;
  return date;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' });
const asUtc = (date: LocalDate) => new Date(Date.UTC(date.year, date.month - 1, date.day));

/** "Nov 3" */
export const dayLabel = (date: LocalDate) => dayFormat.format(asUtc(date));
/** "Nov 3 – Nov 9", or one day's label when the span is one day. */
export const spanLabel = (first: LocalDate, last: LocalDate) => (daysBetween(first, last) === 0 ? dayLabel(first) : `${dayLabel(first)} – ${dayLabel(last)}`);
/** "Nov 2026" */
export const monthLabel = (date: LocalDate) => monthFormat.format(asUtc(date));
/** "08:00" */
export const hourLabel = (hour: number) => `${pad(hour)}:00`;

interface DaySpan {
  first: LocalDate;
  last: LocalDate;
  label: string;
}

function daily(first: LocalDate, last: LocalDate): DaySpan[] {
  const spans: DaySpan[] = [];
  for (let day = first; daysBetween(day, last) >= 0; day = addDays(day, 1)) spans.push({ first: day, last: day, label: dayLabel(day) });
  return spans;
}

/** ISO weeks (Monday first) from `first` to `last`, the first and last clipped to them. */
function weekly(first: LocalDate, last: LocalDate): DaySpan[] {
  const spans: DaySpan[] = [];
  for (let start = first; daysBetween(start, last) >= 0; ) {
    const sunday = addDays(start, 7 - isoWeekday(start));
    const end = daysBetween(sunday, last) < 0 ? last : sunday;
    spans.push({ first: start, last: end, label: spanLabel(start, end) });
    start = addDays(end, 1);
  }
  return spans;
}

/**
 * Calendar months from `first` to `last`, the first and last clipped to them. A clipped month is
 * labelled with its days ("Nov 1 – Nov 24"): a month to date must not read as a whole month.
 */
function monthly(first: LocalDate, last: LocalDate): DaySpan[] {
  const spans: DaySpan[] = [];
  for (let start = first; daysBetween(start, last) >= 0; ) {
    const monthEnd = addDays(addMonths(start, 1), -1);
    const end = daysBetween(monthEnd, last) < 0 ? last : monthEnd;
    const whole = start.day === 1 && daysBetween(end, monthEnd) === 0;
    spans.push({ first: start, last: end, label: whole ? monthLabel(start) : spanLabel(start, end) });
    start = addDays(end, 1);
  }
  return spans;
}

/** The bucket a custom range of `days` local days (From and To inclusive) is shown in. */
export function customBucketOf(days: number): DashboardBucket {
  if (days <= CUSTOM_DAILY_MAX_DAYS) return 'day';
  if (days <= CUSTOM_WEEKLY_MAX_DAYS) return 'week';
  return 'month';
}

function finish(range: DashboardRange, bucket: DashboardBucket, buckets: DashboardBucketSpan[], from: LocalDate, to: LocalDate, now: number): ResolvedRange {
  const start = buckets[0]!.start;
  const end = buckets[buckets.length - 1]!.end;
  const happened = Math.min(end, now) > start ? Math.min(end, now) - start : end - start;
  return { range, bucket, from: formatLocalDate(from), to: formatLocalDate(to), buckets, previous: { start: start - happened, end: start } };
}

function fromDays(range: DashboardRange, bucket: DashboardBucket, spans: DaySpan[], timeZone: string, now: number): ResolvedRange {
  const buckets = spans.map((span) => ({ start: instantOf(span.first, 0, timeZone), end: instantOf(addDays(span.last, 1), 0, timeZone), label: span.label }));
  return finish(range, bucket, buckets, spans[0]!.first, spans[spans.length - 1]!.last, now);
}

/** A custom range that starts after today (in the company's time zone): it has no figures yet. */
export class FutureRangeError extends RangeError {
  constructor() {
    super('A custom range must start today or earlier');
    this.name = 'FutureRangeError';
  }
}

/**
 * The buckets of a range at `now` in `timeZone`; no bucket ends after the end of today. A custom request must carry valid From and To
 * (dashboardMetricsQuerySchema checks them); the rest ignore them.
 */
export function resolveRange(request: RangeRequest, now: number, timeZone: string = DEFAULT_TIME_ZONE): ResolvedRange {
  const today = localDateOf(now, timeZone);
  const todayDate: LocalDate = { year: today.year, month: today.month, day: today.day };
  switch (request.range) {
    case '1d': {
      const { count } = FIXED_RANGE_BUCKETS['1d'];
      const currentBlock = Math.floor(today.hour / 4);
      const buckets: DashboardBucketSpan[] = [];
      const blockStart = (index: number) => {
        const day = addDays(todayDate, Math.floor(index / 6));
        const hour = (((index % 6) + 6) % 6) * 4;
        return { day, hour, at: instantOf(day, hour, timeZone) };
      };
      for (let index = currentBlock - count + 1; index <= currentBlock; index++) {
        const block = blockStart(index);
        buckets.push({ start: block.at, end: blockStart(index + 1).at, label: hourLabel(block.hour) });
      }
      return finish('1d', '4h', buckets, blockStart(currentBlock - count + 1).day, todayDate, now);
    }
    case '7d': {
      const { count } = FIXED_RANGE_BUCKETS['7d'];
      return fromDays('7d', 'day', daily(addDays(todayDate, -(count - 1)), todayDate), timeZone, now);
    }
    // This week and this month end today: no bucket lies after now.
    case '30d': {
      const { count } = FIXED_RANGE_BUCKETS['30d'];
      const monday = addDays(todayDate, 1 - isoWeekday(todayDate));
      return fromDays('30d', 'week', weekly(addDays(monday, -7 * (count - 1)), todayDate), timeZone, now);
    }
    case '90d': {
      const { count } = FIXED_RANGE_BUCKETS['90d'];
      const thisMonth = { ...todayDate, day: 1 };
      return fromDays('90d', 'month', monthly(addMonths(thisMonth, -(count - 1)), todayDate), timeZone, now);
    }
    case 'custom': {
      const from = parseLocalDate(request.from ?? '');
      const requestedTo = parseLocalDate(request.to ?? '');
      if (!from || !requestedTo || daysBetween(from, requestedTo) < 0) throw new RangeError('A custom range needs valid From and To dates, From first');
      if (daysBetween(from, todayDate) < 0) throw new FutureRangeError();
      // The part of the range still to come has no figures: the range ends today.
      const to = daysBetween(requestedTo, todayDate) < 0 ? todayDate : requestedTo;
      // The bucket follows the span asked for, so a range keeps its shape as its days pass.
      const bucket = customBucketOf(daysBetween(from, requestedTo) + 1);
      const spans = bucket === 'day' ? daily(from, to) : bucket === 'week' ? weekly(from, to) : monthly(from, to);
      return fromDays('custom', bucket, spans, timeZone, now);
    }
  }
}

/**
 * Which bucket an instant falls in: the index, -1 for the comparison period, or null outside both.
 * Boundaries are few (at most 14), so a scan is as fast as a search.
 */
export function bucketIndexOf(resolved: ResolvedRange, instant: number): number | null {
  if (instant >= resolved.previous.start && instant < resolved.previous.end) return -1;
  const index = resolved.buckets.findIndex((bucket) => instant >= bucket.start && instant < bucket.end);
  return index === -1 ? null : index;
}

/**
 * The range's last bucket when `now` falls inside it (today, this week, this month, the current 4
 * hours): its figures so far are not a whole bucket's. Null when every bucket is over.
 */
export function partialBucketOf(resolved: ResolvedRange, now: number): PartialBucket | null {
  const index = resolved.buckets.length - 1;
  const last = resolved.buckets[index];
  if (!last || now >= last.end || now < last.start) return null;
  // Never 0 (the bucket has begun) nor 1 (it ends after now).
  const elapsed = Math.min(0.999, Math.max(0.001, (now - last.start) / (last.end - last.start)));
  return { index, elapsed: Math.round(elapsed * 1000) / 1000 };
}
