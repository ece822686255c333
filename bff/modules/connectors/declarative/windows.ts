/**
 * The windows of a stepped read (incremental_sync.step): where the first one starts, how long each
 * is, and the end each sends to the vendor.
 */
import { addDuration, parseDateTime, parseDuration, strptime } from '@domain/data/connectorManifest/datetime';
import type { DatetimeBasedCursor } from '@domain/data/connectorManifest/types';
import type { TemplateScope } from '@domain/data/connectorManifest/template';
import { ConnectorError } from '../types';
import { timeOf } from '../shared';
import { durationMs } from './cursor';
import { render } from './requests';

/** A start or end date-time as the cursor writes it: a duration before now, its own pattern, or ISO 8601. */
function pointOf(cursor: DatetimeBasedCursor, value: string, now: number): number | null {
  const duration = /^P(?=.)/.test(value) ? parseDuration(value) : null;
  if (duration) return addDuration(now, duration, -1);
  for (const pattern of [cursor.start_end_format, cursor.datetime_format.includes('%') ? cursor.datetime_format : undefined, ...(cursor.cursor_datetime_formats ?? [])]) {
    const point = pattern ? strptime(value, pattern) : null;
    if (point !== null) return point;
  }
  if (cursor.datetime_format === 'epoch_seconds' && /^\d{1,12}$/.test(value)) return Number(value) * 1000;
  return parseDateTime(value) ?? timeOf(value);
}

/** A stepped read's first start: start_datetime as a date-time, or as a duration before now. */
export function firstStart(cursor: DatetimeBasedCursor, scope: TemplateScope, now: number): number {
  const value = render(cursor.start_datetime ?? '', scope);
  const point = pointOf(cursor, value, now);
  if (point === null) throw new ConnectorError(`The first sync start "${value.slice(0, 100)}" is not a date (2024-01-31) or a duration (P365D).`);
  return point;
}

/** Where a read in windows ends: end_datetime when it is earlier than now, else now. */
export function lastEnd(cursor: DatetimeBasedCursor, scope: TemplateScope, now: number): number {
  if (!cursor.end_datetime) return now;
  const value = render(cursor.end_datetime, scope);
  if (!value) return now;
  const point = pointOf(cursor, value, now);
  if (point === null) throw new ConnectorError(`The sync end "${value.slice(0, 100)}" is not a date (2024-01-31).`);
  return Math.min(point, now);
}

/**
 * The end sent for a window: the window's own end, or with a granularity (a vendor whose range ends
 * inclusively) one unit before the next window's start. The last window's end is now, whatever the
 * unit: a vendor counting whole days is asked for today too, and the next run reads today again.
 */
export function sentEnd(cursor: DatetimeBasedCursor, start: number, end: number, last: boolean): number {
  if (!cursor.cursor_granularity || last) return end;
  return Math.max(start, end - durationMs(cursor.cursor_granularity));
}

/** The most windows one read is cut into: a tiny step over years would otherwise ask the vendor endlessly. */
export const MAX_WINDOWS = 10_000;

/** The windows of a stepped read: from `from` to `now`, each at most `step` long (on the calendar: P1M is a month); one window without a step. */
export function readWindows(from: number, now: number, step: string | undefined): Array<[number, number]> {
  if (step === undefined) return from < now ? [[from, now]] : [];
  const parts = parseDuration(step);
  if (!parts || durationMs(step) <= 0) throw new ConnectorError('The connector definition could not be used: its step is empty.');
  const windows: Array<[number, number]> = [];
  for (let start = from; start < now; ) {
    const end = Math.min(addDuration(start, parts), now);
    windows.push([start, end]);
    if (windows.length > MAX_WINDOWS) throw new ConnectorError(`The connector definition could not be used: its step cuts the read into more than ${MAX_WINDOWS} windows.`);
    start = end;
  }
  return windows;
}
