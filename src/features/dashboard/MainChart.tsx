import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ChartType, DashboardMetrics } from '@domain/dashboard/contract';
import { chartModel } from './chartModel';
import { ChartTypeSwitch } from './ChartTypeSwitch';
import { MetricChart } from './MetricChart';
import { API_KEY_LABELS } from './apiKeyLabels';
import type { MainView } from './useOverviewUrlState';

export const MAIN_CHART_LABEL = 'Main chart';

export interface MainChartProps {
  id: string;
  view: MainView;
  metrics: DashboardMetrics;
  chartType: ChartType;
  onChartTypeChange: (chartType: ChartType) => void;
  /** Drilled into a category: Line/Bar is not offered (section 2). */
  drilled: boolean;
  rangeLabel: string;
  onOpenApiKeys: () => void;
  /** The Users tab and saved charts draw themselves; other views are metric charts. */
  custom?: ReactNode;
  /** Buttons beside Line/Bar (removing a saved chart). */
  headerActions?: ReactNode;
}

/** The main chart: the tab on show (or the chart picked from "Other Charts"), Line or Bar. */
export function MainChart({ id, view, metrics, chartType, onChartTypeChange, drilled, rangeLabel, onOpenApiKeys, custom, headerActions }: MainChartProps) {
  const content =
    custom ??
    (view === 'all' || view === 'recommendations' || view === 'conversion' || view === 'clicks' || view === 'calls' || view === 'duration' || view === 'segments' ? (
      <MetricChart
        model={chartModel(view, metrics)}
        chartType={chartType}
        rangeLabel={rangeLabel}
        actions={view === 'calls' ? <Button size="small" onClick={onOpenApiKeys}>{API_KEY_LABELS.open}</Button> : undefined}
      />
    ) : null);
  return (
    <Paper variant="outlined" id={id} role="tabpanel" aria-label={MAIN_CHART_LABEL} sx={{ p: 2 }}>
      {(!drilled || headerActions) && (
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          {headerActions}
          {!drilled && <ChartTypeSwitch value={chartType} onChange={onChartTypeChange} />}
        </Stack>
      )}
      {content}
    </Paper>
  );
}
