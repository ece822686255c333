import { useEffect, useRef, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DEVICE_TYPES } from '@domain/survey/collection';
import { DateRangeFields } from '@/ui/DateRangeFields';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { COMPLETION_FILTER_LABELS, COMPLETION_FILTERS, dateRangeError, DEVICE_LABELS, NO_FILTERS, type ResultsFilterState } from './resultFilters';

/** Data document: the search waits for a pause in typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
export const CLEAR_FILTERS_LABEL = 'Clear filters';

export interface ResponseFiltersProps {
  value: ResultsFilterState;
  onChange: (next: ResultsFilterState) => void;
}

/** Device, date range, completion and a text search over the answers. */
export function ResponseFilters({ value, onChange }: ResponseFiltersProps) {
  // What is typed, and the search it was typed over: it shows until the pause ends and it becomes
  // the search. A search changed from outside (Clear filters) replaces it.
  const [typed, setTyped] = useState<{ text: string; over: string } | null>(null);
  const searchText = typed !== null && typed.over === value.search ? typed.text : value.search;
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    if (searchText === latest.current.value.search) return undefined;
    const timer = setTimeout(() => {
      latest.current.onChange({ ...latest.current.value, search: searchText });
      setTyped(null);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const set = (change: Partial<ResultsFilterState>) => onChange({ ...value, ...change });
  const filtered = JSON.stringify({ ...value, search: searchText }) !== JSON.stringify(NO_FILTERS);

  return (
    <Grid container spacing={2} role="search" aria-label="Filter responses" sx={{ alignItems: 'flex-start' }}>
      <Grid size={{ xs: 12, md: 3 }}>
        <TextField
          label="Search answers"
          type="search"
          value={searchText}
          onChange={(event) => setTyped({ text: event.target.value, over: value.search })}
          fullWidth
          size="small"
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <SelectField
          label="Device"
          value={value.deviceType}
          options={[{ value: 'all', label: 'All devices' }, ...optionsOf(DEVICE_TYPES, DEVICE_LABELS)]}
          onChange={(deviceType) => set({ deviceType })}
          fullWidth
          size="small"
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <SelectField
          label="Completion"
          value={value.completion}
          options={optionsOf(COMPLETION_FILTERS, COMPLETION_FILTER_LABELS)}
          onChange={(completion) => set({ completion })}
          fullWidth
          size="small"
        />
      </Grid>
      <DateRangeFields
        from={value.dateFrom}
        to={value.dateTo}
        onChange={({ from, to }) => set({ dateFrom: from, dateTo: to })}
        error={dateRangeError(value)}
      />
      <Grid size={{ xs: 12, md: 1 }} sx={{ display: 'flex', alignItems: 'center', minHeight: 40 }}>
        <Button
          size="small"
          disabled={!filtered}
          onClick={() => {
            setTyped(null);
            onChange(NO_FILTERS);
          }}
        >
          {CLEAR_FILTERS_LABEL}
        </Button>
      </Grid>
    </Grid>
  );
}
