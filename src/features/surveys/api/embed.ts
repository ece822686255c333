/**
 * The company embed screen's server state: what the snippet names, the active surveys it will
 * show, and the company-wide settings it is generated with (global identifiers, completion
 * triggers with the webhook's secret and deliveries, response collection).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveSurveySummary,
  CollectionSettings,
  EmbedCodeInfo,
  TriggerSettings,
  TriggerSettingsView,
  WebhookDelivery,
} from '@domain/survey/collection';
import type { GlobalIdentifierSettings } from '@domain/survey/types';
import { api } from '@/lib/apiClient';
import { surveyKeys } from './drafts';
import { globalIdentifierKeys } from './identifiers';
import { publishedSurveyKeys } from './published';

export const embedKeys = {
  all: [...surveyKeys.all, 'embed'] as const,
  company: (companyId: string) => [...embedKeys.all, companyId] as const,
  code: (companyId: string) => [...embedKeys.company(companyId), 'code'] as const,
  /** Under the published list's key: starting or stopping a survey refreshes it too. */
  activeSurveys: (companyId: string) => [...publishedSurveyKeys.all, 'active', companyId] as const,
  triggers: (companyId: string) => [...embedKeys.company(companyId), 'trigger-settings'] as const,
  deliveries: (companyId: string) => [...embedKeys.company(companyId), 'webhook-deliveries'] as const,
  collection: (companyId: string) => [...embedKeys.company(companyId), 'collection-settings'] as const,
};

const companyPath = (companyId: string, suffix: string) => `/api/companies/${encodeURIComponent(companyId)}${suffix}`;

export function useEmbedCode(companyId: string) {
  return useQuery({
    queryKey: embedKeys.code(companyId),
    queryFn: () => api.get<EmbedCodeInfo>(companyPath(companyId, '/embed-code')),
    staleTime: Infinity,
  });
}

export function useActiveSurveys(companyId: string) {
  return useQuery({
    queryKey: embedKeys.activeSurveys(companyId),
    queryFn: () => api.get<ActiveSurveySummary[]>(companyPath(companyId, '/surveys/active')),
  });
}

export function useSaveGlobalIdentifiers(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (globalIdentifiers: GlobalIdentifierSettings) =>
      api.put<GlobalIdentifierSettings>(companyPath(companyId, '/global-identifiers'), { globalIdentifiers }),
    onSuccess: (saved) => queryClient.setQueryData(globalIdentifierKeys.company(companyId), saved),
  });
}

export function useTriggerSettings(companyId: string) {
  return useQuery({
    queryKey: embedKeys.triggers(companyId),
    queryFn: () => api.get<TriggerSettingsView>(companyPath(companyId, '/trigger-settings')),
  });
}

/**
 * The cache never keeps the whole webhook secret: it is shown once, from the answer that made it,
 * and must not come back when the screen is opened again.
 */
const withoutSecret = ({ webhookSecret: _secret, ...view }: TriggerSettingsView): TriggerSettingsView => view;

export function useSaveTriggerSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (triggerSettings: TriggerSettings) =>
      api.put<TriggerSettingsView>(companyPath(companyId, '/trigger-settings'), { triggerSettings }),
    onSuccess: (view) => queryClient.setQueryData(embedKeys.triggers(companyId), withoutSecret(view)),
  });
}

export function useRotateWebhookSecret(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TriggerSettingsView>(companyPath(companyId, '/trigger-settings/webhook-secret')),
    onSuccess: (view) => queryClient.setQueryData(embedKeys.triggers(companyId), withoutSecret(view)),
  });
}

export function useWebhookDeliveries(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: embedKeys.deliveries(companyId),
    queryFn: () => api.get<WebhookDelivery[]>(companyPath(companyId, '/webhook-deliveries')),
    enabled,
    // Deliveries are retried in the background: a log left open keeps up with them.
    refetchInterval: 30_000,
  });
}

export function useCollectionSettings(companyId: string) {
  return useQuery({
    queryKey: embedKeys.collection(companyId),
    queryFn: () => api.get<CollectionSettings>(companyPath(companyId, '/collection-settings')),
  });
}

export function useSaveCollectionSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionSettings: CollectionSettings) =>
      api.put<CollectionSettings>(companyPath(companyId, '/collection-settings'), { collectionSettings }),
    onSuccess: (saved) => queryClient.setQueryData(embedKeys.collection(companyId), saved),
  });
}
