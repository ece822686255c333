import BarChartIcon from '@mui/icons-material/BarChart';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ChartType } from '@domain/dashboard/contract';

export const CHART_TYPE_LABELS: Record<ChartType, string> = { line: 'Line', bar: 'Bar' };
export const CHART_TYPE_GROUP = 'Chart type';

export interface ChartTypeSwitchProps {
  value: ChartType;
  onChange: (value: ChartType) => void;
}

/** Line or Bar for the tab on show. */
export function ChartTypeSwitch({ value, onChange }: ChartTypeSwitchProps) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      aria-label={CHART_TYPE_GROUP}
      onChange={(_event, next: ChartType | null) => next && onChange(next)}
    >
      <ToggleButton value="line">
        <ShowChartIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden />
        {CHART_TYPE_LABELS.line}
      </ToggleButton>
      <ToggleButton value="bar">
        <BarChartIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden />
        {CHART_TYPE_LABELS.bar}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
