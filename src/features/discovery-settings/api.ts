/**
 * The model screen's server state: the company's current settings with their data readiness, the
 * version history, Save (a new version), Reset to defaults (a new version with the defaults) and
 * the offline evaluation of edited settings. Reads name the company in the query
 * (`companyFilter`), writes in the body (`companyId`); the server holds anyone but a global admin
 * to their own company.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModelSettings, ModelSettingsVersion, ModelSettingsView, SettingsEvaluation } from '@domain/models/settings';
import { api, apiRequest } from '@/lib/apiClient';

export const modelSettingsKeys = {
  all: ['model-settings'] as const,
  company: (companyId: string) => [...modelSettingsKeys.all, companyId] as const,
  view: (companyId: string) => [...modelSettingsKeys.company(companyId), 'current'] as const,
  versions: (companyId: string) => [...modelSettingsKeys.company(companyId), 'versions'] as const,
};

export function useModelSettings(companyId: string) {
  return useQuery({
    queryKey: modelSettingsKeys.view(companyId),
    queryFn: () => api.get<ModelSettingsView>('/api/model-settings', { companyFilter: companyId }),
  });
}

export function useSettingsVersions(companyId: string) {
  return useQuery({
    queryKey: modelSettingsKeys.versions(companyId),
    queryFn: () => api.get<ModelSettingsVersion[]>('/api/model-settings/versions', { companyFilter: companyId }),
  });
}

function useVersionWrite<TVariables>(companyId: string, write: (variables: TVariables) => Promise<ModelSettingsVersion>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (version) => {
      // The new version is in force at once; the readiness and the history are read again.
      queryClient.setQueryData<ModelSettingsView>(modelSettingsKeys.view(companyId), (view) => view && { ...view, current: version });
      await queryClient.invalidateQueries({ queryKey: modelSettingsKeys.company(companyId) });
    },
  });
}

/** Every save is a new numbered version. */
export const useSaveModelSettings = (companyId: string) =>
  useVersionWrite(companyId, (settings: ModelSettings) => api.put<ModelSettingsVersion>('/api/model-settings', { ...settings, companyId }));

export const useResetModelSettings = (companyId: string) =>
  useVersionWrite(companyId, () => api.post<ModelSettingsVersion>('/api/model-settings/reset', { companyId }));

/**
 * How long an evaluation may take before the screen gives up: it replays the company's last 30 days
 * against three rankings in the server's prediction worker, which can take well over the 10 s of an
 * ordinary request for a large company or a busy server.
 */
export const EVALUATION_TIMEOUT_MS = 180_000;

/**
 * Scores the saved and the edited settings on the company's recent events, before anything is saved.
 * Not sent again when it takes long: the server is still evaluating the first request, and a second
 * and third would only queue behind it.
 */
export const evaluateSettings = (companyId: string, settings: ModelSettings) =>
  apiRequest<SettingsEvaluation>('/api/model-settings/evaluate', {
    method: 'POST',
    body: { settings, companyId },
    timeoutMs: EVALUATION_TIMEOUT_MS,
    retryDelaysMs: [],
  });

export function useEvaluateSettings(companyId: string) {
  return useMutation({ mutationFn: (settings: ModelSettings) => evaluateSettings(companyId, settings) });
}
