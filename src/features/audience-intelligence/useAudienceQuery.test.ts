import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCE_SEARCH_DEBOUNCE_MS } from '@domain/audience/contract';
import { useAudienceQuery } from './useAudienceQuery';

describe('useAudienceQuery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles the search once typing pauses, and applies filters at once', () => {
    const { result } = renderHook(() => useAudienceQuery());
    act(() => result.current.setSearchText('m'));
    act(() => vi.advanceTimersByTime(AUDIENCE_SEARCH_DEBOUNCE_MS - 1));
    act(() => result.current.setSearchText('maya'));
    act(() => vi.advanceTimersByTime(AUDIENCE_SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.searchText).toBe('maya');
    expect(result.current.query.search).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.query.search).toBe('maya');

    act(() => result.current.setFilters({ dataSource: ['crm'], lifecycle: [], risk: ['high'], recency: [] }));
    expect(result.current.query).toEqual({ dataSource: ['crm'], lifecycle: [], risk: ['high'], recency: [], search: 'maya' });
  });

  it('opens a saved view without waiting for the search to settle', () => {
    const { result } = renderHook(() => useAudienceQuery());
    act(() => result.current.apply({ dataSource: ['mobile'], lifecycle: ['at_risk'], risk: [], recency: [7], search: 'northwind' }));
    expect(result.current.query).toEqual({ dataSource: ['mobile'], lifecycle: ['at_risk'], risk: [], recency: [7], search: 'northwind' });
    expect(result.current.searchText).toBe('northwind');
  });
});
