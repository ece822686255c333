/** How the page writes counts, shares, money and moments. */

const countFormat = new Intl.NumberFormat();
export const formatCount = (value: number) => countFormat.format(value);

const percentFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
/** A 0-100 share as "64.5%". */
export const formatPercent = (value: number) => `${percentFormat.format(value)}%`;

/** Lifetime values are recorded in US dollars by the imports; cents add nothing at a glance. */
const currencyFormat = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export const formatCurrency = (value: number) => currencyFormat.format(value);

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3_600],
  ['month', 30 * 24 * 3_600],
  ['week', 7 * 24 * 3_600],
  ['day', 24 * 3_600],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "2 weeks ago": the largest whole unit; under a minute is "now". */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return relativeFormat.format(0, 'second');
}

/** A 0-1 confidence as a whole percentage. */
export const formatConfidence = (value: number) => `${Math.round(value * 100)}%`;

/** "+12", "−3" or "0": how a count moved. */
export function formatChange(before: number, after: number): string {
  const change = after - before;
  if (change === 0) return '0';
  return change > 0 ? `+${formatCount(change)}` : `−${formatCount(-change)}`;
}

/** "1 user", "12 users". */
export const formatUsers = (count: number) => `${formatCount(count)} ${count === 1 ? 'user' : 'users'}`;
