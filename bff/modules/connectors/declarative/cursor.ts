/**
 * The incremental cursor of a manifest (DatetimeBasedCursor): reading the stored state and each
 * record's progress field, and writing them back in the format the vendor and the state use.
 */
import { durationLength, parseDateTime, parseDuration, strftime, strptime } from '@domain/data/connectorManifest/datetime';
import type { DatetimeBasedCursor, DatetimeFormat, RequestDatetimeFormat } from '@domain/data/connectorManifest/types';
import { numberOf, timeOf } from '../shared';

/** A point in time in milliseconds, or a site's local time kept as text ('naive'). */
export type CursorPoint = number | string;

/** modified is site time without a zone: 2024-05-01T10:00:00. */
const NAIVE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** The stored cursor as a point, or null when it is absent or not of the format (a full read). */
export function storedPoint(format: DatetimeFormat, stored: string | null, others: readonly string[] = []): CursorPoint | null {
  if (!stored) return null;
  if (format === 'naive') return NAIVE_TIME.test(stored) ? stored : null;
  if (format === 'epoch_seconds') return /^\d{1,12}$/.test(stored) ? Number(stored) * 1000 : null;
  if (format.includes('%')) return patternPoint([format, ...others], stored);
  return timeOf(stored);
}

/** Text read with the first of the patterns that matches it, else as ISO 8601; epoch numbers for %s and %ms. */
function patternPoint(patterns: readonly string[], value: unknown): number | null {
  for (const pattern of patterns) {
    if ((pattern === '%s' || pattern === '%ms') && typeof value === 'number') return pattern === '%s' ? value * 1000 : value;
    if (typeof value === 'string') {
      const point = strptime(value, pattern);
      if (point !== null) return point;
    }
  }
  return typeof value === 'string' ? (parseDateTime(value) ?? timeOf(value)) : null;
}

/** A record's progress value as a point, or null; `others` are further patterns it may be written in (cursor_datetime_formats). */
export function recordPoint(format: DatetimeFormat, value: unknown, others: readonly string[] = []): CursorPoint | null {
  if (format === 'naive') return typeof value === 'string' && NAIVE_TIME.test(value) ? value : null;
  if (format === 'epoch_seconds') {
    const seconds = numberOf(value);
    return seconds === null ? null : seconds * 1000;
  }
  if (format.includes('%') || others.length) return patternPoint([...others, ...(format.includes('%') ? [format] : [])], value);
  return timeOf(value);
}

export const later = (a: CursorPoint | null, b: CursorPoint | null): CursorPoint | null => (a === null ? b : b === null ? a : b > a ? b : a);

export function formatPoint(format: RequestDatetimeFormat, point: CursorPoint): string {
  if (typeof point === 'string') return point;
  if (format.includes('%')) return strftime(point, format);
  const iso = new Date(point).toISOString();
  switch (format) {
    case 'epoch_seconds':
      return String(Math.floor(point / 1000));
    case 'iso8601_seconds':
      return iso.replace(/\.\d{3}Z$/, 'Z');
    case 'iso8601_offset':
      return iso.replace(/\.\d{3}Z$/, '+00:00');
    default:
      return iso;
  }
}

/** Milliseconds of an ISO 8601 duration the schema accepted (PT1S, P1D, PT1H30M; a month as 30 days). */
export function durationMs(duration: string | undefined): number {
  const parts = duration ? parseDuration(duration) : null;
  return parts ? durationLength(parts) : 0;
}

/** The value sent as the start of the read: the stored point less the lookback, in the request's format. */
export function requestedStart(cursor: DatetimeBasedCursor, since: CursorPoint): string {
  const format = cursor.request_datetime_format ?? cursor.datetime_format;
  return formatPoint(format, typeof since === 'number' ? since - durationMs(cursor.lookback_window) : since);
}
