import { describe, expect, it } from 'vitest';
import { parseIsoDate, parseMainView, parseRange } from './useOverviewUrlState';

describe('the overview address', () => {
  it('reads tabs, charts without a tab and saved charts; anything else is All Metrics', () => {
    expect(parseMainView(null)).toBe('all');
    expect(parseMainView('calls')).toBe('calls');
    expect(parseMainView('duration')).toBe('duration');
    expect(parseMainView('saved-1763891400000')).toBe('saved-1763891400000');
    expect(parseMainView('saved-')).toBe('all');
    expect(parseMainView('<script>')).toBe('all');
  });

  it('reads a range; a custom range needs two real dates', () => {
    expect(parseRange(new URLSearchParams(''))).toEqual({ range: '7d' });
    expect(parseRange(new URLSearchParams('range=90d&from=2026-01-01'))).toEqual({ range: '90d' });
    expect(parseRange(new URLSearchParams('range=custom&from=2026-10-01&to=2026-10-20'))).toEqual({ range: 'custom', from: '2026-10-01', to: '2026-10-20' });
    expect(parseRange(new URLSearchParams('range=custom&from=2026-02-30&to=2026-03-02'))).toEqual({ range: '7d' });
    expect(parseRange(new URLSearchParams('range=yearly'))).toEqual({ range: '7d' });
  });

  it('accepts only calendar dates', () => {
    expect(parseIsoDate('2028-02-29')).toBe('2028-02-29');
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-1-5')).toBeNull();
  });
});
