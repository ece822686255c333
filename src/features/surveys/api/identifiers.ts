/**
 * A company's global identifier settings (who a respondent must be identified as), read by the
 * styling editor's last step, and the log of a survey overriding them.
 */
import { useQuery } from '@tanstack/react-query';
import type { GlobalIdentifierSettings, OverrideLog } from '@domain/survey/types';
import { api } from '@/lib/apiClient';
import { surveyKeys } from './drafts';

export const globalIdentifierKeys = {
  all: [...surveyKeys.all, 'global-identifiers'] as const,
  company: (companyId: string) => [...globalIdentifierKeys.all, companyId] as const,
};

/** The company's settings; the server answers its defaults when they were never saved. */
export function useGlobalIdentifiers(companyId: string | undefined) {
  return useQuery({
    queryKey: globalIdentifierKeys.company(companyId ?? ''),
    queryFn: () => api.get<GlobalIdentifierSettings>(`/api/companies/${encodeURIComponent(companyId ?? '')}/global-identifiers`),
    enabled: Boolean(companyId),
    staleTime: 5 * 60_000,
  });
}

export type OverrideLogBody = Pick<OverrideLog, 'surveyId' | 'overrideReason' | 'customSettings'>;

/** The server fills in who, when, the survey's name, its company and the global settings overridden. */
export const logIdentifierOverride = (body: OverrideLogBody) => api.post<OverrideLog>('/api/admin/override-logs', body);
