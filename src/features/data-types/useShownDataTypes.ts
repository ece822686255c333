/**
 * The list as the page draws it: fetched once for the company in view, narrowed by the page's
 * filters, with a failed load announced once as a notice.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { DATA_TYPE_MESSAGES } from '@domain/dataTypes/dataTypes';
import { useNotify } from '@/lib/notifications';
import { useDataTypes } from './api';
import { filterDataTypes, NO_FILTERS, type DataTypeFilters } from './filtering';
import { reasonOf } from './useDataTypeEditor';

/** `choosesCompany`: the page's own company filter applies (a global admin with no company chosen globally). */
export function useShownDataTypes(filterParam: string | undefined, choosesCompany: boolean) {
  const dataTypes = useDataTypes(filterParam);
  const [filters, setFilters] = useState<DataTypeFilters>(NO_FILTERS);
  useLoadFailureNotice(dataTypes.error);

  const effectiveFilters = choosesCompany ? filters : { ...filters, company: NO_FILTERS.company };
  // The list arrives as a store update, which React draws at once and in one piece. Its first
  // arrival is read through useDeferredValue instead: the filters and the grid are then drawn
  // together in a background render, in slices a phone can interleave with other work (the grid
  // is costly to mount). Later changes (a type saved or deleted) are drawn at once, as before.
  const firstArrival = useDeferredValue(dataTypes.data);
  const drawn = firstArrival === undefined ? undefined : dataTypes.data;
  // Kept between renders, so the grid is not drawn again when something else on the page changes.
  const companyChoice = effectiveFilters.company;
  const kindChoice = effectiveFilters.type;
  const shown = useMemo(() => filterDataTypes(drawn ?? [], { company: companyChoice, type: kindChoice }), [drawn, companyChoice, kindChoice]);

  return {
    query: dataTypes,
    /** Every type fetched, once drawn; undefined while loading. */
    drawn,
    shown,
    filters: effectiveFilters,
    setFilters,
    clearFilters: () => setFilters(NO_FILTERS),
    loaded: dataTypes.isSuccess && drawn !== undefined,
  };
}

/** A failed load is also announced as a notice, once per failure (not again on a re-render). */
function useLoadFailureNotice(error: unknown) {
  const notify = useNotify();
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!error || announced.current === error) return;
    announced.current = error;
    notify.error(DATA_TYPE_MESSAGES.loadFailed(reasonOf(error)));
  }, [error, notify]);
}
