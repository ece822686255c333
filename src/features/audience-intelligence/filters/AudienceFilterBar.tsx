import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import {
  LIFECYCLE_LABELS,
  LIFECYCLE_STAGES,
  NO_AUDIENCE_FILTERS,
  RECENCY_DAYS,
  RECENCY_LABELS,
  RISK_LABELS,
  RISK_LEVELS,
  SOURCE_KIND_LABELS,
  SOURCE_KINDS,
  type AudienceFilters,
} from '@domain/audience/contract';
import { FILTER_LABELS } from '../labels';
import { hasActiveFilters } from '../query';
import { MultiSelectFilter } from './MultiSelectFilter';

const options = <Value extends string | number>(values: readonly Value[], labels: Record<Value, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const SOURCE_OPTIONS = options(SOURCE_KINDS, SOURCE_KIND_LABELS);
const LIFECYCLE_OPTIONS = options(LIFECYCLE_STAGES, LIFECYCLE_LABELS);
const RISK_OPTIONS = options(RISK_LEVELS, RISK_LABELS);
const RECENCY_OPTIONS = options(RECENCY_DAYS, RECENCY_LABELS);

export interface AudienceFilterBarProps {
  value: AudienceFilters;
  onChange: (next: AudienceFilters) => void;
}

/** Data Source, Lifecycle Stage, Risk Level and Recency (section 2); the server applies them. */
export function AudienceFilterBar({ value, onChange }: AudienceFilterBarProps) {
  const set = (change: Partial<AudienceFilters>) => onChange({ ...value, ...change });
  return (
    <Grid container spacing={1.5} role="group" aria-label="Audience filters" sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <MultiSelectFilter label={FILTER_LABELS.dataSource} anyLabel={FILTER_LABELS.any} options={SOURCE_OPTIONS} value={value.dataSource} onChange={(dataSource) => set({ dataSource })} />
      </Grid>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <MultiSelectFilter label={FILTER_LABELS.lifecycle} anyLabel={FILTER_LABELS.any} options={LIFECYCLE_OPTIONS} value={value.lifecycle} onChange={(lifecycle) => set({ lifecycle })} />
      </Grid>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <MultiSelectFilter label={FILTER_LABELS.risk} anyLabel={FILTER_LABELS.any} options={RISK_OPTIONS} value={value.risk} onChange={(risk) => set({ risk })} />
      </Grid>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <MultiSelectFilter label={FILTER_LABELS.recency} anyLabel={FILTER_LABELS.any} options={RECENCY_OPTIONS} value={value.recency} onChange={(recency) => set({ recency })} />
      </Grid>
      <Grid size={{ xs: 12, md: 'auto' }}>
        <Button size="small" disabled={!hasActiveFilters(value)} onClick={() => onChange(NO_AUDIENCE_FILTERS)}>
          {FILTER_LABELS.clear}
        </Button>
      </Grid>
    </Grid>
  );
}
