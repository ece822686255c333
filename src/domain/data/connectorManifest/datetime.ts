/**
 * Date-times as Airbyte's manifests write them: strftime patterns (Python's directives, in UTC)
 * both ways, and ISO 8601 durations (P1M, P7D, PT1H30M, P1W) added on the calendar. Shared by the
 * template macros (format_datetime, duration) and the engine's incremental cursors.
 */

const pad = (value: number, width = 2) => String(Math.trunc(Math.abs(value))).padStart(width, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The directives written and read (Python's, plus Airbyte's %ms for epoch milliseconds). */
export const STRFTIME_DIRECTIVES = ['Y', 'm', 'd', 'H', 'M', 'S', 'f', 'z', 'Z', 's', 'ms', 'y', 'j', 'b', 'B', 'a', 'A', 'p', 'I', 'e', 'T', 'F', '%'] as const;
const DIRECTIVE = /%(ms|[YmdHMSfzZsyjbBaApIeTF%])/g;

/** Whether every `%` of a pattern starts a directive this module knows. */
export function isStrftimePattern(pattern: string): boolean {
  return pattern.length > 0 && pattern.length <= 100 && pattern.replace(DIRECTIVE, '').indexOf('%') < 0;
}

/** A point in time (milliseconds) written with a strftime pattern, in UTC. */
export function strftime(point: number, pattern: string): string {
  const date = new Date(point);
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const hours12 = date.getUTCHours() % 12 || 12;
  const parts: Record<string, () => string> = {
    Y: () => pad(date.getUTCFullYear(), 4),
    m: () => pad(date.getUTCMonth() + 1),
    d: () => pad(date.getUTCDate()),
    e: () => String(date.getUTCDate()),
    H: () => pad(date.getUTCHours()),
    M: () => pad(date.getUTCMinutes()),
    S: () => pad(date.getUTCSeconds()),
    f: () => pad(date.getUTCMilliseconds() * 1000, 6),
    z: () => '+0000',
    Z: () => 'UTC',
    s: () => String(Math.floor(point / 1000)),
    ms: () => String(Math.floor(point)),
    y: () => pad(date.getUTCFullYear() % 100),
    j: () => pad(Math.floor((point - start) / 86_400_000) + 1, 3),
    b: () => MONTHS[date.getUTCMonth()]!,
    B: () => MONTH_NAMES[date.getUTCMonth()]!,
    a: () => DAYS[date.getUTCDay()]!,
    A: () => DAY_NAMES[date.getUTCDay()]!,
    p: () => (date.getUTCHours() < 12 ? 'AM' : 'PM'),
    I: () => pad(hours12),
    T: () => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`,
    F: () => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    '%': () => '%',
  };
  return pattern.replace(DIRECTIVE, (_match, letter: string) => parts[letter]!());
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const READERS: Record<string, string> = {
  Y: '(\\d{4})',
  m: '(\\d{1,2})',
  d: '(\\d{1,2})',
  e: '(\\d{1,2})',
  H: '(\\d{1,2})',
  M: '(\\d{1,2})',
  S: '(\\d{1,2})',
  f: '(\\d{1,9})',
  z: '(Z|[+-]\\d{2}:?\\d{2})',
  Z: '([A-Z]{1,5})',
  s: '(-?\\d{1,12}(?:\\.\\d{1,9})?)',
  ms: '(-?\\d{1,15})',
  y: '(\\d{2})',
  j: '(\\d{3})',
  b: '([A-Za-z]{3})',
  B: '([A-Za-z]{3,9})',
  a: '([A-Za-z]{3})',
  A: '([A-Za-z]{6,9})',
  p: '(AM|PM|am|pm)',
  I: '(\\d{1,2})',
  T: '(\\d{2}:\\d{2}:\\d{2})',
  F: '(\\d{4}-\\d{2}-\\d{2})',
  '%': '(%)',
};

/** Text read with a strftime pattern (UTC unless it carries an offset), or null when it does not match. */
export function strptime(text: string, pattern: string): number | null {
  if (typeof text !== 'string' || text.length > 100 || !isStrftimePattern(pattern)) return null;
  const letters: string[] = [];
  let source = '';
  let last = 0;
  for (const match of pattern.matchAll(DIRECTIVE)) {
    source += escapeRegExp(pattern.slice(last, match.index)) + READERS[match[1]!]!;
    letters.push(match[1]!);
    last = match.index! + match[0].length;
  }
  source += escapeRegExp(pattern.slice(last));
  const found = new RegExp(`^${source}$`).exec(text.trim());
  if (!found) return null;
  let [year, month, day, hour, minute, second, millis, offset] = [1970, 1, 1, 0, 0, 0, 0, 0];
  let pm: boolean | null = null;
  for (const [index, letter] of letters.entries()) {
    const value = found[index + 1]!;
    const number = Number(value);
    switch (letter) {
      case 'Y': year = number; break;
      case 'y': year = 2000 + number; break;
      case 'm': month = number; break;
      case 'd': case 'e': day = number; break;
      case 'H': case 'I': hour = number; break;
      case 'M': minute = number; break;
      case 'S': second = number; break;
      case 'f': millis = Number(value.padEnd(9, '0').slice(0, 3)); break;
      case 'b': case 'B': month = MONTHS.findIndex((name) => name.toLowerCase() === value.slice(0, 3).toLowerCase()) + 1; break;
      case 'p': pm = value.toLowerCase() === 'pm'; break;
      case 'j': month = 1; day = number; break;
      case 'z': {
        if (value !== 'Z') {
          const digits = value.replace(':', '');
          offset = (digits.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
        }
        break;
      }
      case 's': return Number.isFinite(number) ? Math.round(number * 1000) : null;
      case 'ms': return Number.isFinite(number) ? number : null;
      case 'T': [hour, minute, second] = value.split(':').map(Number) as [number, number, number]; break;
      case 'F': [year, month, day] = value.split('-').map(Number) as [number, number, number]; break;
      default: break;
    }
  }
  if (pm !== null) hour = (hour % 12) + (pm ? 12 : 0);
  if (month < 1 || month > 12 || day < 1 || day > 366 || hour > 23 || minute > 59 || second > 60) return null;
  const point = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
  return Number.isFinite(point) ? point : null;
}

/** An ISO 8601 duration's parts (P1Y2M3W4DT5H6M7.5S); null when the text is none. */
export interface DurationParts {
  years: number;
  months: number;
  days: number;
  milliseconds: number;
}

const DURATION = /^P(?!$)(?:(\d{1,4})Y)?(?:(\d{1,4})M)?(?:(\d{1,4})W)?(?:(\d{1,5})D)?(?:T(?=\d)(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,7}(?:\.\d{1,6})?)S)?)?$/;

export function parseDuration(text: string): DurationParts | null {
  const match = typeof text === 'string' ? DURATION.exec(text) : null;
  if (!match) return null;
  const [, years, months, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return { years: years!, months: months!, days: weeks! * 7 + days!, milliseconds: ((hours! * 60 + minutes!) * 60 + seconds!) * 1000 };
}

export const isDuration = (text: string): boolean => parseDuration(text) !== null;

/** `point` moved by the duration (`sign` -1: back), months and years on the calendar. */
export function addDuration(point: number, duration: DurationParts, sign: 1 | -1 = 1): number {
  const date = new Date(point);
  if (duration.years || duration.months) date.setUTCMonth(date.getUTCMonth() + sign * (duration.years * 12 + duration.months));
  return date.getTime() + sign * (duration.days * 86_400_000 + duration.milliseconds);
}

/** A duration's length in milliseconds, months counted as 30 days and years as 365 (for lookbacks and units). */
export const durationLength = (duration: DurationParts): number => ((duration.years * 365 + duration.months * 30 + duration.days) * 86_400_000) + duration.milliseconds;

/**
 * Text read as a date-time the way Airbyte's str_to_datetime reads it: ISO 8601 with or without
 * a zone (UTC when none), a date alone, or epoch seconds; null otherwise.
 */
export function parseDateTime(text: string): number | null {
  if (typeof text !== 'string') return null;
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`);
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(value);
  if (iso) {
    const time = iso[2]!.replace(/(\.\d{3})\d+$/, '$1');
    const zone = iso[3] ? (iso[3].toUpperCase() === 'Z' ? 'Z' : iso[3].length === 5 ? `${iso[3].slice(0, 3)}:${iso[3].slice(3)}` : iso[3]) : 'Z';
    const point = Date.parse(`${iso[1]}T${time}${zone}`);
    return Number.isNaN(point) ? null : point;
  }
  if (/^\d{9,12}$/.test(value)) return Number(value) * 1000;
  return null;
}
