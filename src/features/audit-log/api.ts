/**
 * The audit log as the dashboard reads it: pages of entries, newest first, under the filters,
 * and the same filtered log as a CSV file.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage, AuditTargetType } from '@domain/audit/types';
import { api } from '@/lib/apiClient';
import { downloadFile, saveFile } from '@/lib/download';

export interface AuditFilters {
  action: AuditAction | '';
  targetType: AuditTargetType | '';
  /** A user's e-mail address or id, or an API key's id. */
  actor: string;
  /** YYYY-MM-DD, inclusive; '' for no bound. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', targetType: '', actor: '', from: '', to: '' };

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (companyFilter: string | undefined, filters: AuditFilters) => [...auditLogKeys.all, companyFilter ?? 'all', filters] as const,
};

/** The query the route reads: the filters given, without the empty ones. */
export function auditQuery(companyFilter: string | undefined, filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (companyFilter) query.companyFilter = companyFilter;
  for (const [name, value] of Object.entries(filters)) if (value.trim()) query[name] = value.trim();
  return query;
}

export function useAuditLog(companyFilter: string | undefined, filters: AuditFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.list(companyFilter, filters),
    queryFn: ({ pageParam }) => api.get<AuditPage>('/api/audit-log', { ...auditQuery(companyFilter, filters), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
    // Every action anywhere adds entries: each opening asks again.
    refetchOnMount: 'always',
  });
}

/** Downloads the filtered log as CSV into the browser's downloads. */
export async function downloadAuditCsv(companyFilter: string | undefined, filters: AuditFilters): Promise<void> {
  const file = await downloadFile('/api/audit-log', { query: { ...auditQuery(companyFilter, filters), format: 'csv' } });
  saveFile(file.blob, file.fileName ?? 'audit-log.csv');
}
