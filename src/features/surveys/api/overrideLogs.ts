/**
 * The override logs as global admins read them: every time a survey was given its own identifier
 * settings instead of its company's (the logs are written by the styling editor, see identifiers.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { OverrideLog } from '@domain/survey/types';
import { api } from '@/lib/apiClient';
import { surveyKeys } from './drafts';

export const overrideLogKeys = {
  all: [...surveyKeys.all, 'override-logs'] as const,
  /** companyFilter: undefined lists every company's logs (global admin). */
  list: (companyFilter: string | undefined) => [...overrideLogKeys.all, 'list', companyFilter ?? 'all'] as const,
};

/** A log as the server answers it: the log outlives its survey, whose id is then null. */
export type OverrideLogEntry = OverrideLog;

/** The logs, newest first. */
export function useOverrideLogs(companyFilter: string | undefined, enabled = true) {
  return useQuery({
    queryKey: overrideLogKeys.list(companyFilter),
    queryFn: () =>
      api.get<OverrideLogEntry[]>('/api/admin/override-logs', {
        companyFilter,
      }),
    enabled,
    // Any company's editors add logs, and saving an override does not touch this cache: every
    // opening asks again, showing what it already has meanwhile.
    refetchOnMount: 'always',
  });
}
