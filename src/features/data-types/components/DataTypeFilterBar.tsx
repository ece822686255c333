import Stack from '@mui/material/Stack';
import { optionsOf, SelectField } from '@/ui/SelectField';
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
        <SelectField
          size="small"
          label="Company"
          value={filters.company}
          options={companyChoices(companies)}
          onChange={(company) => onChange({ ...filters, company })}
          sx={{ minWidth: 220 }}
        />
      )}
      <SelectField
        size="small"
        label="Type"
        value={filters.type}
        options={optionsOf(KIND_CHOICES, KIND_FILTER_LABELS)}
        onChange={(type) => onChange({ ...filters, type })}
        sx={{ minWidth: 160 }}
      />
    </Stack>
  );
}
