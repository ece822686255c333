import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { companyChoices, KIND_FILTER_LABELS, type DataTypeFilters, type KindChoice } from '../filtering';

export interface DataTypeFilterBarProps {
  filters: DataTypeFilters;
  onChange: (filters: DataTypeFilters) => void;
  /** The company filter's companies; absent hides it (not a global admin, or a company is chosen globally). */
  companies?: ReadonlyArray<{ id: string; name: string }>;
}

const KIND_CHOICES = Object.keys(KIND_FILTER_LABELS) as KindChoice[];

export function DataTypeFilterBar({ filters, onChange, companies }: DataTypeFilterBarProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label="Filters">
      {companies && (
        <TextField
          select
          size="small"
          label="Company"
          value={filters.company}
          onChange={(event) => onChange({ ...filters, company: event.target.value })}
          sx={{ minWidth: 220 }}
        >
          {companyChoices(companies).map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label="Type"
        value={filters.type}
        onChange={(event) => onChange({ ...filters, type: event.target.value as KindChoice })}
        sx={{ minWidth: 160 }}
      >
        {KIND_CHOICES.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {KIND_FILTER_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
