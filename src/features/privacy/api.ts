/**
 * The privacy routes as the dashboard reads them: the erasure jobs (polled while one runs), the
 * suppression list, erasing a person, removing a suppression and the export of a person's data.
 * Every call names the company in view (a global admin's choice in "View Data For").
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErasureIdentifierType, ErasureRequest, ErasureView, SuppressionView } from '@domain/privacy/contract';
import { api, apiRequest } from '@/lib/apiClient';
import { downloadFile, saveFile } from '@/lib/download';

const BASE = '/api/privacy';

/** How often a queued or running erasure is asked about again. */
export const ERASURE_POLL_MS = 1_000;

export const privacyKeys = {
  all: ['privacy'] as const,
  erasures: (companyId: string) => [...privacyKeys.all, companyId, 'erasures'] as const,
  erasure: (companyId: string, id: string) => [...privacyKeys.erasures(companyId), id] as const,
  suppressions: (companyId: string) => [...privacyKeys.all, companyId, 'suppressions'] as const,
};

export const isErasureFinished = (job: ErasureView) => job.status === 'done' || job.status === 'failed';

export function useErasures(companyId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: privacyKeys.erasures(companyId ?? ''),
    queryFn: () => api.get<ErasureView[]>(`${BASE}/erasures`, { companyFilter: companyId }),
    enabled: enabled && companyId !== undefined,
    refetchInterval: (query) => (query.state.data?.some((job) => !isErasureFinished(job)) ? ERASURE_POLL_MS : false),
    refetchOnMount: 'always',
  });
}

/** One job, asked about again until it is done or failed. */
export function useErasure(companyId: string | undefined, id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: privacyKeys.erasure(companyId ?? '', id ?? ''),
    queryFn: async () => {
      const job = await api.get<ErasureView>(`${BASE}/erasures/${encodeURIComponent(id!)}`, { companyFilter: companyId });
      // A finished job changes the list and the suppressions: both are read again.
      if (isErasureFinished(job) && companyId) void queryClient.invalidateQueries({ queryKey: privacyKeys.suppressions(companyId) });
      return job;
    },
    enabled: companyId !== undefined && id !== null,
    refetchInterval: (query) => (query.state.data && isErasureFinished(query.state.data) ? false : ERASURE_POLL_MS),
  });
}

export function useSuppressions(companyId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: privacyKeys.suppressions(companyId ?? ''),
    queryFn: () => api.get<SuppressionView[]>(`${BASE}/suppressions`, { companyFilter: companyId }),
    enabled: enabled && companyId !== undefined,
    refetchOnMount: 'always',
  });
}

/** Queues the erasure of a person; answered with the job. */
export function useErase(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifier: ErasureRequest['identifier']) => api.post<ErasureView>(`${BASE}/erasures`, { identifier, companyId }),
    onSuccess: (job) => {
      queryClient.setQueryData(privacyKeys.erasure(companyId, job.id), job);
      void queryClient.invalidateQueries({ queryKey: privacyKeys.erasures(companyId) });
    },
  });
}

/** Takes an identifier off the suppression list: intake accepts the person again. */
export function useRemoveSuppression(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`${BASE}/suppressions/${encodeURIComponent(id)}`, { method: 'DELETE', query: { companyFilter: companyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.suppressions(companyId) }),
  });
}

/** Downloads everything stored about a person as a JSON file. */
export async function downloadPersonExport(companyId: string, type: ErasureIdentifierType, value: string): Promise<void> {
  const file = await downloadFile(`${BASE}/people/export`, { query: { type, value, companyFilter: companyId } });
  saveFile(file.blob, file.fileName ?? 'person-export.json');
}
