/** Per-key usage figures and the recent calls (with their comparison against the current settings). */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CallComparison, PredictionCallRecord, UsageRange, UsageSummary } from '@domain/prediction/contract';
import { api } from '@/lib/apiClient';
import { outboundKeys } from './keys';

/** Figures of a console left open keep up with the calls it makes. */
const REFRESH_MS = 30_000;

/** keyId null: every key of the company. */
export function useKeyUsage(companyId: string, keyId: string | null, range: UsageRange) {
  return useQuery({
    queryKey: outboundKeys.usage(companyId, keyId, range),
    queryFn: () => api.get<UsageSummary>('/api/api-keys/usage', { companyFilter: companyId, keyId, range }),
    refetchInterval: REFRESH_MS,
  });
}

export function useRecentCalls(companyId: string, keyId: string | null) {
  return useQuery({
    queryKey: outboundKeys.calls(companyId, keyId),
    queryFn: () => api.get<PredictionCallRecord[]>('/api/api-keys/calls', { companyFilter: companyId, keyId }),
    refetchInterval: REFRESH_MS,
  });
}

/** Replays a logged predict call with today's settings and snapshot, item by item. */
export function useCompareCall() {
  return useMutation({
    mutationFn: (call: PredictionCallRecord) => api.post<CallComparison>(`/api/api-keys/calls/${encodeURIComponent(call.id)}/compare`),
  });
}
