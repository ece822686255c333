/**
 * A chart's figures as a CSV file, made in the browser from what is on screen. Cells that a
 * spreadsheet would run as a formula are neutralised (a category could be named "=cmd|...").
 */
import { neutraliseFormula } from '@domain/csv';
import { pointLabel, type ChartModel } from './chartModel';

const cell = (value: string) => {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * Header first (Period or Category, then each series), one row per point, CRLF line ends. The
 * period still under way says so ("Nov 29 (today so far)"), as on the chart: its figures are not a
 * whole period's.
 */
export function chartCsv(model: ChartModel): string {
  const header = [model.axis === 'time' ? 'Period' : 'Category', ...model.series.map((series) => series.label)];
  const rows = model.labels.map((_, index) => [pointLabel(model, index), ...model.series.map((series) => {
    const value = series.data[index];
    return value === null || value === undefined ? '' : String(value);
  })]);
  return [header, ...rows].map((cells) => `${cells.map(cell).join(',')}\r\n`).join('');
}

/** "number-of-calls-7d.csv": the chart's title and the range, safe as a file name. */
export function chartCsvFileName(title: string, rangeLabel: string): string {
  const slug = `${title} ${rangeLabel}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'chart'}.csv`;
}
