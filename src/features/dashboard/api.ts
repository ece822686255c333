/**
 * The dashboard overview's calls (platform document, section 7). Metrics, the category lookup,
 * a drilled-in category's series and the per-key breakdown name the company in view
 * (`companyFilter`, honoured by the server for global admins only) and the range. Preferences
 * belong to the signed-in user and the company in view (saved charts name that company's
 * categories), and follow the user to any browser.
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyBreakdownRow,
  CategoryChoice,
  CategoryLookup,
  CategorySeries,
  DashboardMetrics,
  DashboardMetricsQuery,
  DashboardPreferences,
  SavedChart,
} from '@domain/dashboard/contract';
import { api, apiRequest } from '@/lib/apiClient';
import { useNotify } from '@/lib/notifications';
import { withReason } from '@/lib/failure';

const BASE = '/api/dashboard';

/** What a read needs: the company in view (undefined for "All Companies") and the range. */
export interface DashboardScope extends DashboardMetricsQuery {
  companyFilter?: string;
}

const scopeParams = ({ companyFilter, range, from, to }: DashboardScope) => ({
  companyFilter,
  range,
  // Dates are sent only with a custom range: a fixed range ignores them.
  from: range === 'custom' ? from : undefined,
  to: range === 'custom' ? to : undefined,
});

export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: (scope: DashboardScope) => [...dashboardKeys.all, 'metrics', scopeParams(scope)] as const,
  preferences: (companyFilter: string | undefined) => [...dashboardKeys.all, 'preferences', companyFilter ?? 'all'] as const,
  choices: (companyFilter: string | undefined) => [...dashboardKeys.all, 'choices', companyFilter ?? 'all'] as const,
  lookup: (companyFilter: string | undefined, name: string) => [...dashboardKeys.all, 'lookup', companyFilter ?? 'all', name.toLowerCase()] as const,
  series: (scope: DashboardScope, kind: string, id: string) => [...dashboardKeys.all, 'series', kind, id, scopeParams(scope)] as const,
  apiKeys: (scope: DashboardScope) => [...dashboardKeys.all, 'api-keys', scopeParams(scope)] as const,
};

export function useDashboardMetrics(scope: DashboardScope, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.metrics(scope),
    queryFn: () => api.get<DashboardMetrics>(`${BASE}/metrics`, scopeParams(scope)),
    // Another range keeps the current charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDashboardPreferences(companyFilter: string | undefined) {
  return useQuery({
    queryKey: dashboardKeys.preferences(companyFilter),
    queryFn: () => api.get<DashboardPreferences>(`${BASE}/preferences`, { companyFilter }),
  });
}

/**
 * Writes the whole preferences document. The screen shows the change at once; a refusal puts the
 * server's copy back and says why.
 */
export function useSavePreferences(companyFilter: string | undefined) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = dashboardKeys.preferences(companyFilter);
  return useMutation({
    mutationFn: (next: DashboardPreferences) => apiRequest<DashboardPreferences>(`${BASE}/preferences`, { method: 'PUT', body: next, query: { companyFilter } }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<DashboardPreferences>(key);
      queryClient.setQueryData(key, next);
      return { before };
    },
    onError: (error, _next, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      notify.error(withReason(PREFERENCES_SAVE_FAILED, error));
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

export const PREFERENCES_SAVE_FAILED = 'Failed to save dashboard preferences';

/** Looks a category or saved view of the company's audience up by name; a 404 carries the server's message. */
export function lookupCategory(companyFilter: string | undefined, name: string) {
  return api.get<CategoryLookup>(`${BASE}/categories/lookup`, { companyFilter, name });
}

/** The categories and saved views "+ Add Category" offers, loaded once the dialog opens. */
export function useCategoryChoices(companyFilter: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.choices(companyFilter),
    queryFn: () => api.get<CategoryChoice[]>(`${BASE}/categories`, { companyFilter }),
    enabled,
  });
}

export function useCategorySeries(scope: DashboardScope, category: SavedChart['category'] | null) {
  return useQuery({
    queryKey: dashboardKeys.series(scope, category?.kind ?? '', category?.id ?? ''),
    queryFn: () =>
      api.get<CategorySeries>(
        `${BASE}/categories/${encodeURIComponent(category?.kind ?? '')}/${encodeURIComponent(category?.id ?? '')}/series`,
        scopeParams(scope),
      ),
    enabled: category !== null,
    placeholderData: keepPreviousData,
  });
}

export function useApiKeyBreakdown(scope: DashboardScope, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.apiKeys(scope),
    queryFn: () => api.get<ApiKeyBreakdownRow[]>(`${BASE}/api-keys`, scopeParams(scope)),
    enabled,
  });
}

/**
 * The figures of the categories added with "+ Add Category", looked up by name as the server
 * knows them now (a category renamed or deleted since simply drops out of the chart).
 */
export function useExtraCategoryFigures(companyFilter: string | undefined, extras: DashboardPreferences['extraCategories']) {
  return useQueries({
    queries: extras.map((extra) => ({
      queryKey: dashboardKeys.lookup(companyFilter, extra.name),
      queryFn: () => lookupCategory(companyFilter, extra.name),
      retry: false,
    })),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
}
