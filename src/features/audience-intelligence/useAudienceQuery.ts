/**
 * The audience the page looks at: the filters (applied at once) and the search (sent 300 ms after
 * the last keystroke, so typing a name asks the server once, not once a letter).
 */
import { useEffect, useMemo, useState } from 'react';
import { AUDIENCE_SEARCH_DEBOUNCE_MS, NO_AUDIENCE_FILTERS, type AudienceFilters, type AudienceQuery } from '@domain/audience/contract';

export interface AudienceQueryState {
  filters: AudienceFilters;
  setFilters: (filters: AudienceFilters) => void;
  /** What is typed in the search box, shown at once. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The audience the server is asked about: the filters and the settled search. */
  query: AudienceQuery;
  /** Replaces filters and search together, without waiting (a saved view being opened). */
  apply: (query: AudienceQuery) => void;
}

export function useAudienceQuery(initial: AudienceQuery = { ...NO_AUDIENCE_FILTERS, search: '' }): AudienceQueryState {
  const [filters, setFilters] = useState<AudienceFilters>({
    dataSource: initial.dataSource,
    lifecycle: initial.lifecycle,
    risk: initial.risk,
    recency: initial.recency,
  });
  const [searchText, setSearchText] = useState(initial.search);
  const [search, setSearch] = useState(initial.search);

  useEffect(() => {
    if (searchText === search) return undefined;
    const timer = setTimeout(() => setSearch(searchText), AUDIENCE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const query = useMemo<AudienceQuery>(() => ({ ...filters, search }), [filters, search]);
  return {
    filters,
    setFilters,
    searchText,
    setSearchText,
    query,
    apply: (next) => {
      setFilters({ dataSource: next.dataSource, lifecycle: next.lifecycle, risk: next.risk, recency: next.recency });
      setSearchText(next.search);
      setSearch(next.search);
    },
  };
}
