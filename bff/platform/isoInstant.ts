/**
 * An instant as Date.prototype.toISOString writes it ("2026-11-25T08:00:00.045Z"), for reads
 * that write many of them: the responses CSV writes three per row, and a Date made and formatted
 * for each was a quarter of the export's time. Rows of one read are mostly of a few days, so the
 * day's text is kept from the last call and the time of day is plain arithmetic.
 */
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The farthest instant a Date holds, either side of 1970. */
const LAST_DATE_MS = 8.64e15;

let dayStart = Number.NaN;
let dayText = '';

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));
const threeDigits = (value: number) => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : String(value));

/** The ISO text of epoch milliseconds (a number, or the text of one as a driver may return it). */
export function isoInstant(epochMs: number | string): string {
  // A Date drops the fraction of a millisecond the same way (PostgreSQL's instants have microseconds).
  const ms = Math.trunc(Number(epochMs));
  // What a Date cannot hold is left to Date, which throws its RangeError.
  if (!(Math.abs(ms) <= LAST_DATE_MS)) return new Date(ms).toISOString();
  const sinceMidnight = ms - Math.floor(ms / DAY_MS) * DAY_MS;
  const start = ms - sinceMidnight;
  if (start !== dayStart) {
    const text = new Date(start).toISOString();
    dayText = text.slice(0, text.indexOf('T') + 1);
    dayStart = start;
  }
  return `${dayText}${twoDigits(Math.floor(sinceMidnight / HOUR_MS))}:${twoDigits(Math.floor(sinceMidnight / MINUTE_MS) % 60)}:${twoDigits(Math.floor(sinceMidnight / 1000) % 60)}.${threeDigits(sinceMidnight % 1000)}Z`;
}
