/**
 * The Field Mapping panel's list: the company's fields, filtered by source and by a search on
 * their label, name or internal name. The fields' first arrival is drawn in a background render,
 * in slices a phone can interleave with the rest of the page; later changes are drawn at once.
 */
import { useDeferredValue, useState } from 'react';
import type { MappedField } from '@domain/data/fields';
import { useRevealInBatches } from '@/lib/useRevealInBatches';
import { useMappedFields } from './api';
import { labelOf } from './FieldNames';
import { ALL_SOURCES, sourcesOfFields } from './fieldSources';

/** Rows put on the page per step: the list shows about ten before it scrolls. */
const ROWS_PER_STEP = 20;

function matches(field: MappedField, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || [field.name, field.internalName, labelOf(field)].some((text) => text.toLowerCase().includes(needle));
}

export function useFieldList(filterParam: string | undefined) {
  const fieldsQuery = useMappedFields(filterParam);
  const [sourceFilter, setSourceFilter] = useState(ALL_SOURCES);
  const [search, setSearch] = useState('');
  const firstArrival = useDeferredValue(fieldsQuery.data);
  const loaded = fieldsQuery.isSuccess && firstArrival !== undefined;
  const fields = (firstArrival && fieldsQuery.data) ?? [];
  const active = fields.filter((field) => !field.removed);
  const sources = sourcesOfFields(fields);
  // A source that is gone (deleted) must not stay chosen, or the list would look empty for no reason.
  const chosenSource = sources.some((source) => source.id === sourceFilter) ? sourceFilter : ALL_SOURCES;
  const shown = active.filter((field) => (chosenSource === ALL_SOURCES || field.sourceIds.includes(chosenSource)) && matches(field, search));
  // The list scrolls past about ten rows: the rest are put on the page in later steps.
  const drawnRows = useRevealInBatches(shown.length, ROWS_PER_STEP);
  return {
    fieldsQuery,
    loaded,
    active,
    sources,
    chosenSource,
    setSourceFilter,
    search,
    setSearch,
    shown,
    drawn: shown.slice(0, drawnRows),
    noSources: loaded && sources.length === 0,
  };
}

export type FieldList = ReturnType<typeof useFieldList>;
