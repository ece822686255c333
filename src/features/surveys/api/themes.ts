/** Saved themes (colours, typography and logo), kept per company on the server. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedTheme } from '@domain/survey/types';
import { api, apiRequest } from '@/lib/apiClient';
import { surveyKeys } from './drafts';

export const savedThemeKeys = {
  all: [...surveyKeys.all, 'themes'] as const,
  /** The company whose themes are listed: the one of the survey being styled. */
  list: (companyFilter: string | undefined) => [...savedThemeKeys.all, companyFilter ?? 'all'] as const,
};

export function useSavedThemes(companyFilter: string | undefined) {
  return useQuery({
    queryKey: savedThemeKeys.list(companyFilter),
    queryFn: () => api.get<SavedTheme[]>('/api/surveys/themes', { companyFilter }),
  });
}

export type NewTheme = Pick<SavedTheme, 'name' | 'settings'>;

export function useSaveTheme(companyFilter: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: NewTheme) =>
      apiRequest<SavedTheme>('/api/surveys/themes', { method: 'POST', query: { companyFilter }, body: theme }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedThemeKeys.all }),
  });
}

export function useDeleteTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: SavedTheme) => api.delete<void>(`/api/surveys/themes/${encodeURIComponent(theme.id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedThemeKeys.all }),
  });
}
