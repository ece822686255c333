/**
 * API keys of the Outbound API screen: the list (never a token), creating one (its token comes
 * back once, in the answer, and is never kept in the cache), pausing, activating and deleting.
 * Reads name the company in view in the query (`companyFilter`), writes in the body (`companyId`);
 * the server holds anyone but a global admin to their own company whatever is sent.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyScope } from '@domain/apiKeys';
import type { ApiKeySummary, CreatedApiKey, TestKey } from '@domain/prediction/contract';
import { api } from '@/lib/apiClient';

export const outboundKeys = {
  all: ['outbound-api'] as const,
  keys: (companyId: string) => [...outboundKeys.all, companyId, 'api-keys'] as const,
  attributes: (companyId: string) => [...outboundKeys.all, companyId, 'custom-attributes'] as const,
  usage: (companyId: string, keyId: string | null, range: string) => [...outboundKeys.all, companyId, 'usage', keyId ?? 'all', range] as const,
  calls: (companyId: string, keyId: string | null) => [...outboundKeys.all, companyId, 'calls', keyId ?? 'all'] as const,
};

export interface NewApiKeyInput {
  name: string;
  description: string;
  permissions: ApiKeyScope[];
}

const keyPath = (id: string) => `/api/api-keys/${encodeURIComponent(id)}`;

export function useApiKeys(companyId: string) {
  return useQuery({
    queryKey: outboundKeys.keys(companyId),
    queryFn: () => api.get<ApiKeySummary[]>('/api/api-keys', { companyFilter: companyId }),
  });
}

function useKeyMutation<TVariables, TResult>(companyId: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundKeys.keys(companyId) }),
  });
}

/** The answer holds the token; the caller shows it once and lets it go. */
export const useCreateApiKey = (companyId: string) =>
  useKeyMutation(companyId, (input: NewApiKeyInput) =>
    api.post<CreatedApiKey>('/api/api-keys', { ...input, companyId }),
  );

export const useSetApiKeyActive = (companyId: string) =>
  useKeyMutation(companyId, ({ key, isActive }: { key: ApiKeySummary; isActive: boolean }) =>
    api.patch<ApiKeySummary>(keyPath(key.id), { isActive }),
  );

export const useDeleteApiKey = (companyId: string) =>
  useKeyMutation(companyId, (key: ApiKeySummary) => api.delete<void>(keyPath(key.id)));

/** A 15-minute read key for the signed-in user's Live Test; not listed with the company's keys. */
export function useMintTestKey(companyId: string) {
  return useMutation({
    mutationFn: () => api.post<TestKey>('/api/api-keys/test-key', { companyId }),
  });
}
