import { describe, expect, it } from 'vitest';
import { buildUrl } from '@/lib/apiClient';
import { queryOf } from '../api/results';
import { dateRangeError, NO_FILTERS, responseFilters, responsesPageQuery } from './resultFilters';

const urlOf = (query: ReturnType<typeof responsesPageQuery>) => buildUrl('/api/surveys/s-1/responses', queryOf(query));

describe('the results filters', () => {
  it('ask for the first page of 20 and nothing else when none is set', () => {
    expect(urlOf(responsesPageQuery(NO_FILTERS, 1))).toBe('/api/surveys/s-1/responses?page=1&limit=20');
  });

  it('send every set filter under the contract’s names', () => {
    const query = responsesPageQuery(
      { deviceType: 'mobile', dateFrom: '2026-03-01', dateTo: '2026-03-07', completion: 'incomplete', search: '  queue at the tills ' },
      3,
    );
    const params = new URL(urlOf(query), 'http://localhost').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      page: '3',
      limit: '20',
      deviceType: 'mobile',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-07',
      completed: 'false',
      search: 'queue at the tills',
    });
  });

  it('send completed=true for completed responses, and leave a blank search out', () => {
    expect(responseFilters({ ...NO_FILTERS, completion: 'completed', search: '   ' })).toEqual({ completed: true });
  });

  it('say when the range ends before it starts', () => {
    expect(dateRangeError({ dateFrom: '2026-03-08', dateTo: '2026-03-07' })).toMatch(/after the end/);
    expect(dateRangeError({ dateFrom: '2026-03-07', dateTo: '2026-03-07' })).toBeNull();
    expect(dateRangeError({ dateFrom: '2026-03-08', dateTo: '' })).toBeNull();
  });
});
