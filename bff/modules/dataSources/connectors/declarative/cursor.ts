/**
 * The incremental cursor of a manifest (DatetimeBasedCursor): reading the stored state and each
 * record's progress field, and writing them back in the format the vendor and the state use.
 */
import type { DatetimeBasedCursor, DatetimeFormat, RequestDatetimeFormat } from '@domain/data/connectorManifest/types';
import { numberOf, timeOf } from '../shared';

/** A point in time in milliseconds, or a site's local time kept as text ('naive'). */
export type CursorPoint = number | string;

/** modified is site time without a zone: 2024-05-01T10:00:00. */
const NAIVE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** The stored cursor as a point, or null when it is absent or not of the format (a full read). */
export function storedPoint(format: DatetimeFormat, stored: string | null): CursorPoint | null {
  if (!stored) return null;
  if (format === 'naive') return NAIVE_TIME.test(stored) ? stored : null;
  if (format === 'epoch_seconds') return /^\d{1,12}$/.test(stored) ? Number(stored) * 1000 : null;
  return timeOf(stored);
}

/** A record's progress value as a point, or null. */
export function recordPoint(format: DatetimeFormat, value: unknown): CursorPoint | null {
  if (format === 'naive') return typeof value === 'string' && NAIVE_TIME.test(value) ? value : null;
  if (format === 'epoch_seconds') {
    const seconds = numberOf(value);
    return seconds === null ? null : seconds * 1000;
  }
  return timeOf(value);
}

export const later = (a: CursorPoint | null, b: CursorPoint | null): CursorPoint | null => (a === null ? b : b === null ? a : b > a ? b : a);

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A strftime pattern (%Y %m %d %H %M %S, the schema allows no other) written in UTC. */
function strftime(pattern: string, point: number): string {
  const date = new Date(point);
  const parts: Record<string, string> = {
    Y: pad(date.getUTCFullYear(), 4),
    m: pad(date.getUTCMonth() + 1),
    d: pad(date.getUTCDate()),
    H: pad(date.getUTCHours()),
    M: pad(date.getUTCMinutes()),
    S: pad(date.getUTCSeconds()),
  };
  return pattern.replace(/%([YmdHMS])/g, (_, letter: string) => parts[letter]!);
}

export function formatPoint(format: RequestDatetimeFormat, point: CursorPoint): string {
  if (typeof point === 'string') return point;
  if (format.includes('%')) return strftime(format, point);
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

/** Milliseconds of an ISO 8601 duration the schema accepted (PT1S, P1D, PT1H30M). */
export function durationMs(duration: string | undefined): number {
  const match = duration ? /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration) : null;
  if (!match) return 0;
  const [, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return (((days! * 24 + hours!) * 60 + minutes!) * 60 + seconds!) * 1000;
}

/** The value sent as the start of the read: the stored point less the lookback, in the request's format. */
export function requestedStart(cursor: DatetimeBasedCursor, since: CursorPoint): string {
  const format = cursor.request_datetime_format ?? cursor.datetime_format;
  return formatPoint(format, typeof since === 'number' ? since - durationMs(cursor.lookback_window) : since);
}
