import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  DASHBOARD_CHARTS,
  DASHBOARD_RANGE_LABELS,
  DASHBOARD_TABS,
  MAIN_CHART_SCROLL_DELAY_MS,
  USERS_TAB_EXTRA_CATEGORIES_MAX,
  type ChartType,
  type DashboardChart,
  type DashboardMetrics,
  type DashboardPreferences,
  type SavedChart,
} from '@domain/dashboard/contract';
import { dashboardKeys, lookupCategory, useApiKeyBreakdown, useCategoryChoices, useExtraCategoryFigures, useSavePreferences, type DashboardScope } from './api';
import { defaultChartType, partialPoint, type UsersMode } from './chartModel';
import { HeadlineFigures } from './HeadlineFigures';
import { MainChart } from './MainChart';
import { MetricTabs } from './MetricTabs';
import { OtherChartsGrid } from './OtherChartsGrid';
import { USERS_MODE_LABELS, usersCategories, type UsersCategory } from './usersCategories';
import { API_KEY_LABELS } from './apiKeyLabels';
import { ChartSkeleton } from '@/ui/WhenOnScreen';
import { isSavedView, type MainView } from './useOverviewUrlState';

// The Users tab and saved charts are downloaded when shown (their category picker brings MUI's Select).
const UsersPanel = lazy(async () => ({ default: (await import('./UsersPanel')).UsersPanel }));
const SavedChartPanel = lazy(async () => ({ default: (await import('./SavedChartPanel')).SavedChartPanel }));
/** The height of the main chart's drawing and its controls, kept while a tab's code loads. */
const MAIN_CHART_HEIGHT = 420;

// The dialogs are downloaded when first opened: most visits open none.
const AddCategoryDialog = lazy(async () => ({ default: (await import('./AddCategoryDialog')).AddCategoryDialog }));
const SaveChartViewDialog = lazy(async () => ({ default: (await import('./SaveChartViewDialog')).SaveChartViewDialog }));
const ApiKeyBreakdown = lazy(async () => ({ default: (await import('./ApiKeyBreakdown')).ApiKeyBreakdown }));

type DialogName = 'addCategory' | 'saveView' | 'apiKeys';

export const REMOVE_SAVED_CHART = 'Remove saved chart';

/** `items` with the one at `from` moved to `to` (what @dnd-kit's arrayMove does, without loading it with the page). */
function arrayMove<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return moved;
}

/** The user's grid order, completed: every chart once, unknown names dropped, new charts last. */
export function normaliseGridOrder(order: readonly string[]): DashboardChart[] {
  const known = order.filter((chart, index): chart is DashboardChart => (DASHBOARD_CHARTS as readonly string[]).includes(chart) && order.indexOf(chart) === index);
  return [...known, ...DASHBOARD_CHARTS.filter((chart) => !known.includes(chart))];
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
  const savePreferences = useSavePreferences(scope.companyFilter);
  const queryClient = useQueryClient();
  const savedChart = isSavedView(requestedView) ? preferences.savedCharts.find((chart) => chart.id === requestedView) : undefined;
  // A saved chart removed since the link was made opens All Metrics.
  const view: MainView = isSavedView(requestedView) && !savedChart ? 'all' : requestedView;
  const [drilled, setDrilled] = useState<UsersCategory | null>(null);
  const [usersMode, setUsersMode] = useState<UsersMode>('users');
  const [dialog, setShownDialog] = useState<DialogName | null>(null);
  // A dialog once opened stays mounted, so that it can play its closing transition.
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(() => new Set());
  const setDialog = (next: DialogName | null) => {
    if (next) setMounted((current) => (current.has(next) ? current : new Set(current).add(next)));
    setShownDialog(next);
  };
  const categoryChoices = useCategoryChoices(scope.companyFilter, dialog === 'addCategory');
  const rangeLabel = DASHBOARD_RANGE_LABELS[scope.range ?? '7d'];
  const apiKeys = useApiKeyBreakdown(scope, dialog === 'apiKeys');
  const extraFigures = useExtraCategoryFigures(scope.companyFilter, preferences.extraCategories);
  const categories = usersCategories(metrics.users, extraFigures);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  // Two changes in quick succession build on each other: the cache holds the latest (optimistic) copy.
  const update = (changes: Partial<DashboardPreferences>) => {
    const latest = queryClient.getQueryData<DashboardPreferences>(dashboardKeys.preferences(scope.companyFilter)) ?? preferences;
    savePreferences.mutate({ ...latest, gridOrder: normaliseGridOrder(latest.gridOrder), ...changes });
  };
  const gridOrder = normaliseGridOrder(preferences.gridOrder);
  // Line/Bar is kept per tab and per saved chart; the charts without a tab (duration, segments)
  // keep it for the visit only.
  const [untabbedChartTypes, setUntabbedChartTypes] = useState<Record<string, ChartType>>({});
  const persistsChartType = (DASHBOARD_TABS as readonly string[]).includes(view) || savedChart !== undefined;
  const chartType: ChartType = untabbedChartTypes[view] ?? preferences.chartTypes[view] ?? savedChart?.options.chartType ?? defaultChartType(view);
  const changeChartType = (next: ChartType) => {
    if (persistsChartType) update({ chartTypes: { ...preferences.chartTypes, [view]: next } });
    else setUntabbedChartTypes((current) => ({ ...current, [view]: next }));
  };

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
    const { [chart.id]: _removed, ...chartTypes } = preferences.chartTypes;
    update({ savedCharts: preferences.savedCharts.filter((entry) => entry.id !== chart.id), chartTypes });
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
        onSaveView={() => setDialog('saveView')}
        onAddCategory={() => setDialog('addCategory')}
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
        onOpenApiKeys={() => setDialog('apiKeys')}
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
        chartTypes={{ ...preferences.chartTypes, ...untabbedChartTypes }}
        rangeLabel={rangeLabel}
        onMove={moveChart}
        onSelect={selectFromGrid}
        actionsFor={(chart) => (chart === 'calls' ? <Button size="small" onClick={() => setDialog('apiKeys')}>{API_KEY_LABELS.open}</Button> : undefined)}
      />
      {mounted.has('addCategory') && (
        <Suspense fallback={null}>
          <AddCategoryDialog
            open={dialog === 'addCategory'}
            onClose={() => setDialog(null)}
            onLookup={(name) => lookupCategory(scope.companyFilter, name)}
            onAdd={(found) => {
              // The figures just found draw the bar at once, without asking the server again.
              queryClient.setQueryData(dashboardKeys.lookup(scope.companyFilter, found.name), found);
              update({ extraCategories: [...preferences.extraCategories, { kind: found.kind, id: found.id, name: found.name }] });
            }}
            shownNames={categories.map((category) => category.name)}
            limitReached={preferences.extraCategories.length >= USERS_TAB_EXTRA_CATEGORIES_MAX ? USERS_TAB_EXTRA_CATEGORIES_MAX : undefined}
            choices={categoryChoices.data}
          />
        </Suspense>
      )}
      {mounted.has('saveView') && (
        <Suspense fallback={null}>
          <SaveChartViewDialog
            open={dialog === 'saveView'}
            onClose={() => setDialog(null)}
            categoryName={drilled?.name ?? null}
            modeLabel={USERS_MODE_LABELS[usersMode]}
            savedCount={preferences.savedCharts.length}
            onSave={saveChartView}
          />
        </Suspense>
      )}
      {mounted.has('apiKeys') && (
        <Suspense fallback={null}>
          <ApiKeyBreakdown
            open={dialog === 'apiKeys'}
            onClose={() => setDialog(null)}
            rangeLabel={rangeLabel}
            rows={apiKeys.data}
            isLoading={apiKeys.isLoading}
            error={apiKeys.error}
            onRetry={() => void apiKeys.refetch()}
          />
        </Suspense>
      )}
    </Stack>
  );
}
