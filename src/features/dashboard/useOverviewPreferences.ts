import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_CHARTS, type DashboardChart, type DashboardPreferences } from '@domain/dashboard/contract';
import { dashboardKeys, useSavePreferences } from './api';

/** The user's grid order, completed: every chart once, unknown names dropped, new charts last. */
export function normaliseGridOrder(order: readonly string[]): DashboardChart[] {
  const known = order.filter((chart, index): chart is DashboardChart => (DASHBOARD_CHARTS as readonly string[]).includes(chart) && order.indexOf(chart) === index);
  return [...known, ...DASHBOARD_CHARTS.filter((chart) => !known.includes(chart))];
}

/**
 * Saves changes to the overview's preferences. Two changes in quick succession build on each
 * other: the cache holds the latest (optimistic) copy.
 */
export function useOverviewPreferences(preferences: DashboardPreferences, companyFilter: string | undefined) {
  const savePreferences = useSavePreferences(companyFilter);
  const queryClient = useQueryClient();
  return (changes: Partial<DashboardPreferences>) => {
    const latest = queryClient.getQueryData<DashboardPreferences>(dashboardKeys.preferences(companyFilter)) ?? preferences;
    savePreferences.mutate({ ...latest, gridOrder: normaliseGridOrder(latest.gridOrder), ...changes });
  };
}
