import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ChartType, SavedChart } from '@domain/dashboard/contract';
import { FailureAlert } from '@/ui/FailureAlert';
import { useCategorySeries, type DashboardScope } from './api';
import { categorySeriesModel } from './chartModel';
import { MetricChart } from './MetricChart';
import { USERS_MODE_LABELS } from './usersCategories';

export const SAVED_CHART_LABELS = {
  loading: 'Loading the saved chart',
  failed: 'Failed to load the saved chart',
  title: (chart: SavedChart) => `${chart.label}: ${chart.category.name} (${USERS_MODE_LABELS[chart.mode]})`,
} as const;

export interface SavedChartPanelProps {
  chart: SavedChart;
  scope: DashboardScope;
  chartType: ChartType;
  rangeLabel: string;
}

/** A saved chart tab: its category over the range on show, in the mode it was saved with. */
export function SavedChartPanel({ chart, scope, chartType, rangeLabel }: SavedChartPanelProps) {
  const series = useCategorySeries(scope, chart.category);
  if (series.error) return <FailureAlert title={SAVED_CHART_LABELS.failed} error={series.error} onRetry={() => void series.refetch()} />;
  if (!series.data) {
    return (
      <Box role="status" aria-label={SAVED_CHART_LABELS.loading}>
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  return <MetricChart model={categorySeriesModel(SAVED_CHART_LABELS.title(chart), series.data, chart.mode)} chartType={chartType} rangeLabel={rangeLabel} />;
}
