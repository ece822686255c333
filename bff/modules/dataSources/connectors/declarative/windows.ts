/**
 * The windows of a stepped read (incremental_sync.step): where the first one starts, how long each
 * is, and the end each sends to the vendor.
 */
import type { DatetimeBasedCursor } from '@domain/data/connectorManifest/types';
import type { TemplateScope } from '@domain/data/connectorManifest/template';
import { ConnectorError } from '../types';
import { timeOf } from '../shared';
import { durationMs } from './cursor';
import { render } from './requests';

/** A stepped read's first start: start_datetime as a date-time, or as a duration before now. */
export function firstStart(cursor: DatetimeBasedCursor, scope: TemplateScope, now: number): number {
  const value = render(cursor.start_datetime ?? '', scope);
  if (/^P(?=.)/.test(value) && durationMs(value) > 0) return now - durationMs(value);
  const point = timeOf(value);
  if (point === null) throw new ConnectorError(`The first sync start "${value.slice(0, 100)}" is not a date (2024-01-31) or a duration (P365D).`);
  return point;
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

/** The windows of a stepped read: from `from` to `now`, each at most `step` long. */
export function readWindows(from: number, now: number, step: string): Array<[number, number]> {
  const length = durationMs(step);
  if (length <= 0) throw new ConnectorError('The connector definition could not be used: its step is empty.');
  const windows: Array<[number, number]> = [];
  for (let start = from; start < now; start += length) windows.push([start, Math.min(start + length, now)]);
  return windows;
}
