import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  DASHBOARD_RANGE_LABELS,
  MAIN_CHART_SCROLL_DELAY_MS,
  type DashboardChart,
  type DashboardMetrics,
  type DashboardPreferences,
  type SavedChart,
} from '@domain/dashboard/contract';
import { useExtraCategoryFigures, type DashboardScope } from './api';
import { partialPoint, type UsersMode } from './chartModel';
import { HeadlineFigures } from './HeadlineFigures';
import { MainChart } from './MainChart';
import { MetricTabs } from './MetricTabs';
import { OtherChartsGrid } from './OtherChartsGrid';
import { OverviewDialogs, useOverviewDialogs } from './OverviewDialogs';
import { usersCategories, type UsersCategory } from './usersCategories';
import { API_KEY_LABELS } from './apiKeyLabels';
import { ChartSkeleton } from '@/ui/WhenOnScreen';
import { useChartType } from './useChartType';
import { normaliseGridOrder, useOverviewPreferences } from './useOverviewPreferences';
import { isSavedView, type MainView } from './useOverviewUrlState';

// The Users tab and saved charts are downloaded when shown (their category picker brings MUI's Select).
const UsersPanel = lazy(async () => ({ default: (await import('./UsersPanel')).UsersPanel }));
const SavedChartPanel = lazy(async () => ({ default: (await import('./SavedChartPanel')).SavedChartPanel }));
/** The height of the main chart's drawing and its controls, kept while a tab's code loads. */
const MAIN_CHART_HEIGHT = 420;

export const REMOVE_SAVED_CHART = 'Remove saved chart';

/** `items` with the one at `from` moved to `to` (what @dnd-kit's arrayMove does, without loading it with the page). */
function arrayMove<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return moved;
}

export interface OverviewDashboardProps {
  metrics: DashboardMetrics;
  preferences: DashboardPreferences;
  scope: DashboardScope;
  view: MainView;
  onViewChange: (view: MainView) => void;
}

/** The overview with its data: tabs, headline figures, the main chart and "Other Charts". */
export function OverviewDashboard({ metrics, preferences, scope, view: requestedView, onViewChange }: OverviewDashboardProps) {
  const panelId = useId();
  const savedChart = isSavedView(requestedView) ? preferences.savedCharts.find((chart) => chart.id === requestedView) : undefined;
  // A saved chart removed since the link was made opens All Metrics.
  const view: MainView = isSavedView(requestedView) && !savedChart ? 'all' : requestedView;
  const [drilled, setDrilled] = useState<UsersCategory | null>(null);
  const [usersMode, setUsersMode] = useState<UsersMode>('users');
  const dialogs = useOverviewDialogs();
  const rangeLabel = DASHBOARD_RANGE_LABELS[scope.range ?? '7d'];
  const extraFigures = useExtraCategoryFigures(scope.companyFilter, preferences.extraCategories);
  const categories = usersCategories(metrics.users, extraFigures);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const update = useOverviewPreferences(preferences, scope.companyFilter);
  const gridOrder = normaliseGridOrder(preferences.gridOrder);
  const { chartType, changeChartType, chartTypes } = useChartType(view, savedChart, preferences, update);

  const changeView = (next: MainView) => {
    setDrilled(null);
    onViewChange(next);
  };
  const selectFromGrid = (chart: DashboardChart) => {
    changeView(chart);
    // The grid sits below the fold: the chart just chosen is at the top.
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), MAIN_CHART_SCROLL_DELAY_MS);
  };
  const moveChart = (active: DashboardChart, over: DashboardChart) =>
    update({ gridOrder: arrayMove(gridOrder, gridOrder.indexOf(active), gridOrder.indexOf(over)) });
  const saveChartView = (label: string) => {
    if (!drilled) return;
    const id = `saved-${Date.now()}` as const;
    const saved: SavedChart = {
      id,
      label,
      category: { kind: drilled.kind, id: drilled.id, name: drilled.name },
      mode: usersMode,
      options: { chartType: 'line' },
      createdAt: new Date().toISOString(),
    };
    update({ savedCharts: [...preferences.savedCharts, saved] });
    changeView(id);
  };
  const removeSavedChart = (chart: SavedChart) => {
    const { [chart.id]: _removed, ...remaining } = preferences.chartTypes;
    update({ savedCharts: preferences.savedCharts.filter((entry) => entry.id !== chart.id), chartTypes: remaining });
    changeView('all');
  };

  const panel =
    view === 'users' ? (
      <UsersPanel
        categories={categories}
        mode={usersMode}
        onModeChange={setUsersMode}
        chartType={chartType}
        drilled={drilled}
        onDrill={setDrilled}
        onSaveView={() => dialogs.show('saveView')}
        onAddCategory={() => dialogs.show('addCategory')}
        scope={scope}
        rangeLabel={rangeLabel}
      />
    ) : savedChart ? (
      <SavedChartPanel chart={savedChart} scope={scope} chartType={chartType} rangeLabel={rangeLabel} />
    ) : undefined;
  const custom = panel && <Suspense fallback={<ChartSkeleton height={MAIN_CHART_HEIGHT} />}>{panel}</Suspense>;

  return (
    <Stack spacing={3}>
      <HeadlineFigures totals={metrics.totals} comparable={metrics.comparable} partialNote={partialPoint(metrics.partial, metrics.range.bucket)?.note} />
      <MetricTabs view={view} savedCharts={preferences.savedCharts} onChange={changeView} panelId={panelId} />
      <MainChart
        id={panelId}
        view={view}
        metrics={metrics}
        chartType={chartType}
        onChartTypeChange={changeChartType}
        drilled={view === 'users' && drilled !== null}
        rangeLabel={rangeLabel}
        onOpenApiKeys={() => dialogs.show('apiKeys')}
        custom={custom}
        headerActions={
          savedChart && (
            <Button size="small" color="inherit" startIcon={<DeleteOutlineIcon />} onClick={() => removeSavedChart(savedChart)}>
              {REMOVE_SAVED_CHART}
            </Button>
          )
        }
      />
      <OtherChartsGrid
        charts={gridOrder.filter((chart) => chart !== view)}
        metrics={metrics}
        chartTypes={chartTypes}
        rangeLabel={rangeLabel}
        onMove={moveChart}
        onSelect={selectFromGrid}
        actionsFor={(chart) => (chart === 'calls' ? <Button size="small" onClick={() => dialogs.show('apiKeys')}>{API_KEY_LABELS.open}</Button> : undefined)}
      />
      <OverviewDialogs
        dialogs={dialogs}
        scope={scope}
        rangeLabel={rangeLabel}
        preferences={preferences}
        onPreferencesChange={update}
        shownNames={categories.map((category) => category.name)}
        drilledName={drilled?.name ?? null}
        usersMode={usersMode}
        onSaveView={saveChartView}
      />
    </Stack>
  );
}
