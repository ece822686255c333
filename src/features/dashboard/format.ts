/** How the overview writes its figures, and how a figure compares with the period before. */
import type { HeadlineFigure } from '@domain/dashboard/contract';

const countFormat = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => countFormat.format(value);

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** A 0-100 share as "4.2%". */
export const formatPercent = (value: number) => `${oneDecimal.format(value)}%`;
/** Latencies are stored in milliseconds; whole milliseconds are precise enough to read. */
export const formatMs = (value: number) => `${countFormat.format(Math.round(value))} ms`;

export type FigureUnit = 'count' | 'percent' | 'ms';

export function formatFigure(value: number | null, unit: FigureUnit): string {
  if (value === null) return '—';
  if (unit === 'percent') return formatPercent(value);
  if (unit === 'ms') return formatMs(value);
  return formatCount(value);
}

export type ComparisonDirection = 'up' | 'down' | 'flat' | 'none';

export interface Comparison {
  direction: ComparisonDirection;
  /** What the figure did, in words a screen reader can say on its own. */
  text: string;
}

export const NOT_COMPARABLE = 'No complete previous period to compare';

/**
 * A figure against the period before. A percentage is compared in points (a rate moving from 2%
 * to 3% is "+1 pt", not "+50%"); other figures in percent of the previous value. When there is
 * nothing to compare with (the figures began after the previous period started, no earlier
 * figure, or zero before) the screen says so rather than inventing a rise.
 */
export function compareFigure({ value, previous }: HeadlineFigure, unit: FigureUnit, comparable = true): Comparison {
  if (value === null) return { direction: 'none', text: 'No data in this period' };
  if (!comparable) return { direction: 'none', text: NOT_COMPARABLE };
  if (previous === null) return { direction: 'none', text: 'No data in the previous period' };
  if (unit === 'percent') {
    const points = Math.round((value - previous) * 10) / 10;
    if (points === 0) return { direction: 'flat', text: 'No change from the previous period' };
    const sign = points > 0 ? '+' : '−';
    return { direction: points > 0 ? 'up' : 'down', text: `${sign}${oneDecimal.format(Math.abs(points))} pts vs previous period` };
  }
  if (previous === 0) {
    return value === 0 ? { direction: 'flat', text: 'No change from the previous period' } : { direction: 'up', text: 'New this period (none before)' };
  }
  const percent = Math.round(((value - previous) / previous) * 1000) / 10;
  if (percent === 0) return { direction: 'flat', text: 'No change from the previous period' };
  const sign = percent > 0 ? '+' : '−';
  return { direction: percent > 0 ? 'up' : 'down', text: `${sign}${oneDecimal.format(Math.abs(percent))}% vs previous period` };
}
