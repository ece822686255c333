import { describe, expect, it } from 'vitest';
import { compareFigure, formatFigure, NOT_COMPARABLE } from './format';

describe('compareFigure', () => {
  it('compares counts in percent of the previous period', () => {
    expect(compareFigure({ value: 110, previous: 100 }, 'count')).toEqual({ direction: 'up', text: '+10% vs previous period' });
    expect(compareFigure({ value: 75, previous: 100 }, 'count')).toEqual({ direction: 'down', text: '−25% vs previous period' });
  });

  it('compares a rate in points, not in percent of itself', () => {
    expect(compareFigure({ value: 3, previous: 2 }, 'percent')).toEqual({ direction: 'up', text: '+1 pts vs previous period' });
  });

  it('says so when there is nothing to compare with', () => {
    expect(compareFigure({ value: 5, previous: 0 }, 'count').text).toBe('New this period (none before)');
    expect(compareFigure({ value: 0, previous: 0 }, 'count').direction).toBe('flat');
    expect(compareFigure({ value: 5, previous: null }, 'count')).toEqual({ direction: 'none', text: 'No data in the previous period' });
    expect(compareFigure({ value: null, previous: 4 }, 'ms')).toEqual({ direction: 'none', text: 'No data in this period' });
  });

  it('does not compare with a period from before the figures began', () => {
    expect(compareFigure({ value: 5, previous: null }, 'count', false)).toEqual({ direction: 'none', text: NOT_COMPARABLE });
    expect(compareFigure({ value: 3.5, previous: null }, 'percent', false).text).toBe(NOT_COMPARABLE);
  });
});

describe('formatFigure', () => {
  it('writes each unit', () => {
    expect(formatFigure(12_345, 'count')).toBe('12,345');
    expect(formatFigure(3.25, 'percent')).toBe('3.3%');
    expect(formatFigure(41.6, 'ms')).toBe('42 ms');
    expect(formatFigure(null, 'count')).toBe('—');
  });
});
