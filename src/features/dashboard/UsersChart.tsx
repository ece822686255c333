import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DASHBOARD_MESSAGES, type ChartType } from '@domain/dashboard/contract';
import { SelectField } from '@/ui/SelectField';
import { METRIC_COLORS, SERIES_LABELS, type ChartModel, type UsersMode } from './chartModel';
import { MetricChart } from './MetricChart';
import { USERS_MODE_LABELS, type UsersCategory } from './usersCategories';

export { USERS_MODE_LABELS, type UsersCategory } from './usersCategories';

export const USERS_CHART_LABELS = {
  mode: 'Users chart shows',
  title: (mode: UsersMode) => (mode === 'conversion' ? 'Conversion Rate by Category (%)' : 'Users by Category'),
  details: 'Category details',
} as const;

export interface UsersChartProps {
  categories: readonly UsersCategory[];
  mode: UsersMode;
  onModeChange: (mode: UsersMode) => void;
  chartType: ChartType;
  rangeLabel: string;
  onDrill: (category: UsersCategory) => void;
  onAddCategory: () => void;
}

export function usersChartModel(categories: readonly UsersCategory[], mode: UsersMode): ChartModel {
  return {
    title: USERS_CHART_LABELS.title(mode),
    axis: 'category',
    labels: categories.map((category) => category.name),
    series: [
      mode === 'conversion'
        ? { id: 'conversion', label: SERIES_LABELS.conversion, data: categories.map((category) => category.conversionRate), color: METRIC_COLORS.conversion, unit: 'percent' }
        : { id: 'users', label: SERIES_LABELS.users, data: categories.map((category) => category.userCount), color: METRIC_COLORS.users, unit: 'count' },
    ],
  };
}

/** The Users tab: per category, conversion or users; a bar opens the category's details. */
export function UsersChart({ categories, mode, onModeChange, chartType, rangeLabel, onDrill, onAddCategory }: UsersChartProps) {
  const model = usersChartModel(categories, mode);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          value={mode}
          exclusive
          size="small"
          aria-label={USERS_CHART_LABELS.mode}
          onChange={(_event, next: UsersMode | null) => next && onModeChange(next)}
        >
          <ToggleButton value="conversion">{USERS_MODE_LABELS.conversion}</ToggleButton>
          <ToggleButton value="users">{USERS_MODE_LABELS.users}</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {/* The bars answer clicks; this menu reaches the same details from the keyboard. */}
          <SelectField
            size="small"
            label={USERS_CHART_LABELS.details}
            value=""
            options={categories.map((category, index) => ({ value: index, label: category.name }))}
            onChange={(index) => {
              const category = categories[index];
              if (category) onDrill(category);
            }}
            sx={{ minWidth: 200 }}
            disabled={categories.length === 0}
          />
          <Button variant="outlined" onClick={onAddCategory}>
            {DASHBOARD_MESSAGES.addCategory}
          </Button>
        </Stack>
      </Stack>
      <MetricChart
        model={model}
        chartType={chartType}
        rangeLabel={rangeLabel}
        onPointClick={(index) => {
          const category = categories[index];
          if (category) onDrill(category);
        }}
      />
    </Stack>
  );
}
