import { useState } from 'react';
import { DASHBOARD_TABS, type ChartType, type DashboardPreferences, type SavedChart } from '@domain/dashboard/contract';
import { defaultChartType } from './chartModel';
import type { MainView } from './useOverviewUrlState';

/**
 * Line/Bar of the main chart: kept per tab and per saved chart; the charts without a tab
 * (duration, segments) keep it for the visit only.
 */
export function useChartType(
  view: MainView,
  savedChart: SavedChart | undefined,
  preferences: DashboardPreferences,
  update: (changes: Partial<DashboardPreferences>) => void,
) {
  const [untabbedChartTypes, setUntabbedChartTypes] = useState<Record<string, ChartType>>({});
  const persistsChartType = (DASHBOARD_TABS as readonly string[]).includes(view) || savedChart !== undefined;
  const chartType: ChartType = untabbedChartTypes[view] ?? preferences.chartTypes[view] ?? savedChart?.options.chartType ?? defaultChartType(view);
  const changeChartType = (next: ChartType) => {
    if (persistsChartType) update({ chartTypes: { ...preferences.chartTypes, [view]: next } });
    else setUntabbedChartTypes((current) => ({ ...current, [view]: next }));
  };
  /** Every chart's type, for the grid. */
  const chartTypes = { ...preferences.chartTypes, ...untabbedChartTypes };
  return { chartType, changeChartType, chartTypes };
}
