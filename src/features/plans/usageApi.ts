/** This month's prediction calls of the company in view against its plan's allowance. */
import { useQuery } from '@tanstack/react-query';
import type { PlanUsage } from '@domain/prediction/contract';
import { api } from '@/lib/apiClient';

export function usePlanUsage(companyId: string) {
  return useQuery({
    queryKey: ['plans', 'usage', companyId],
    queryFn: () => api.get<PlanUsage>('/api/plans/usage', { companyFilter: companyId }),
  });
}
