/** How InsightIQ writes durations, dates and answers. */
import type { Answer } from '@domain/survey/types';

/** Seconds as '45 s', '1 min 20 s', '2 min' or '1 h 5 min'. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds)) return '—';
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3_600) {
    const rest = seconds % 60;
    return rest ? `${Math.floor(seconds / 60)} min ${rest} s` : `${seconds / 60} min`;
  }
  const minutes = Math.floor((seconds % 3_600) / 60);
  return minutes ? `${Math.floor(seconds / 3_600)} h ${minutes} min` : `${seconds / 3_600} h`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A trend day (YYYY-MM-DD, a UTC day) as 'Mon 12', the same wherever the reader is. */
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
export const formatTrendDay = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));

/** An answer as text: multi-select answers joined by '; ', as the CSV export writes them. */
export function answerText(answer: Answer | undefined): string {
  if (answer === undefined) return '';
  if (Array.isArray(answer)) return answer.join('; ');
  return String(answer);
}

const percentFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
export const formatPercent = (value: number) => `${percentFormat.format(value)}%`;
