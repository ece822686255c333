import { describe, expect, it } from 'vitest';
import { chartCsv, chartCsvFileName } from './chartCsv';
import type { ChartModel } from './chartModel';

const model: ChartModel = {
  title: 'A/B Clicks',
  axis: 'time',
  labels: ['Nov 17', '-1 "odd", label'],
  series: [
    { id: 'clicks', label: 'Recommended (treatment)', data: [12, null], color: '#000', unit: 'count' },
    { id: 'holdout', label: '@holdout', data: [7, 0], color: '#111', unit: 'count' },
  ],
};

describe('chartCsv', () => {
  it('writes a header and a row per point, empty cells for missing figures', () => {
    expect(chartCsv(model).split('\r\n')).toEqual(['Period,Recommended (treatment),\'@holdout', 'Nov 17,12,7', `"'-1 ""odd"", label",,0`, '']);
  });

  it('marks the period still under way, as the chart does', () => {
    const today: ChartModel = { ...model, labels: ['Nov 28', 'Nov 29'], partial: { index: 1, note: 'Today so far' } };
    expect(chartCsv(today).split('\r\n')).toEqual(['Period,Recommended (treatment),\'@holdout', 'Nov 28,12,7', 'Nov 29 (today so far),,0', '']);
  });

  it('names the file after the chart and the range', () => {
    expect(chartCsvFileName('Conversion Rate (%)', '30 Days')).toBe('conversion-rate-30-days.csv');
  });
});
