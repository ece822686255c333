/**
 * The Audience Intelligence calls: every read names the company in view (`companyFilter`) and the
 * audience (filters and search) in its query, so the server does the filtering; writes name the
 * company the same way. Keys start with the company, so another company never sees this one's cache.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUDIENCE_PAGE_SIZE,
  type AudienceCategory,
  type AudienceFilters,
  type AudienceJob,
  type AudienceJobKind,
  type AudienceMetrics,
  type AudienceQuery,
  type AudienceUserDetail,
  type AudienceUsersPage,
  type AudienceView,
  type CategoryId,
} from '@domain/audience/contract';
import { apiRequest, api } from '@/lib/apiClient';
import { audienceParams } from './query';

const BASE = '/api/audience-intelligence';
/** A running job is asked about this often: often enough to see it move, rarely enough to cost nothing. */
export const JOB_POLL_MS = 1_000;

export const audienceKeys = {
  company: (companyId: string) => ['audience', companyId] as const,
  metrics: (companyId: string, query: AudienceQuery) => [...audienceKeys.company(companyId), 'metrics', audienceParams(companyId, query)] as const,
  categories: (companyId: string, query: AudienceQuery) => [...audienceKeys.company(companyId), 'categories', audienceParams(companyId, query)] as const,
  users: (companyId: string, query: AudienceQuery, categoryId: CategoryId | null, page: number) =>
    [...audienceKeys.company(companyId), 'users', categoryId ?? 'all', audienceParams(companyId, query), page] as const,
  user: (companyId: string, userId: string) => [...audienceKeys.company(companyId), 'user', userId] as const,
  views: (companyId: string) => [...audienceKeys.company(companyId), 'views'] as const,
  job: (companyId: string, jobId: string) => [...audienceKeys.company(companyId), 'job', jobId] as const,
  latestJob: (companyId: string) => [...audienceKeys.company(companyId), 'job', 'latest'] as const,
};

export function useAudienceMetrics(companyId: string, query: AudienceQuery) {
  return useQuery({
    queryKey: audienceKeys.metrics(companyId, query),
    queryFn: () => api.get<AudienceMetrics>(`${BASE}/metrics`, audienceParams(companyId, query)),
    placeholderData: keepPreviousData,
  });
}

export function useAudienceCategories(companyId: string, query: AudienceQuery) {
  return useQuery({
    queryKey: audienceKeys.categories(companyId, query),
    queryFn: () => api.get<AudienceCategory[]>(`${BASE}/categories`, audienceParams(companyId, query)),
    placeholderData: keepPreviousData,
  });
}

/** A page (1-based) of the audience's users, or of one category's. */
export function useAudienceUsers(companyId: string, query: AudienceQuery, categoryId: CategoryId | null, page: number, enabled = true) {
  const path = categoryId ? `${BASE}/categories/${encodeURIComponent(categoryId)}/users` : `${BASE}/users`;
  return useQuery({
    queryKey: audienceKeys.users(companyId, query, categoryId, page),
    queryFn: () => api.get<AudienceUsersPage>(path, { ...audienceParams(companyId, query), page, limit: AUDIENCE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAudienceUser(companyId: string, userId: string | null) {
  return useQuery({
    queryKey: audienceKeys.user(companyId, userId ?? ''),
    queryFn: () => api.get<AudienceUserDetail>(`${BASE}/users/${encodeURIComponent(userId ?? '')}`, { companyFilter: companyId }),
    enabled: userId !== null,
  });
}

export function useAudienceViews(companyId: string) {
  return useQuery({
    queryKey: audienceKeys.views(companyId),
    queryFn: () => api.get<AudienceView[]>(`${BASE}/views`, { companyFilter: companyId }),
  });
}

export interface NewAudienceView {
  name: string;
  filters: AudienceFilters;
  search: string;
  categoryId: CategoryId | null;
}

export function useSaveView(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: NewAudienceView) =>
      api.post<AudienceView>(`${BASE}/views`, { ...view, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.views(companyId) }),
  });
}

export function useDeleteView(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: AudienceView) =>
      apiRequest<void>(`${BASE}/views/${encodeURIComponent(view.id)}`, { method: 'DELETE', query: { companyFilter: companyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.views(companyId) }),
  });
}

/** Starts a rebuild or a reclassification; the answer is the job to follow. */
export function useStartJob(companyId: string) {
  return useMutation({
    mutationFn: (kind: AudienceJobKind) =>
      api.post<AudienceJob>(`${BASE}/${kind}`, { companyId }),
  });
}

export const isJobFinished = (job: AudienceJob | null | undefined) => job?.status === 'done' || job?.status === 'failed';

/** A job, asked about every second until it is done or failed. */
export function useAudienceJob(companyId: string, jobId: string | null) {
  return useQuery({
    queryKey: audienceKeys.job(companyId, jobId ?? ''),
    queryFn: () => api.get<AudienceJob>(`${BASE}/jobs/${encodeURIComponent(jobId ?? '')}`, { companyFilter: companyId }),
    enabled: jobId !== null,
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : JOB_POLL_MS),
  });
}

/** The company's last job: one still running when the page opens is followed again. */
export function useLatestJob(companyId: string) {
  return useQuery({
    queryKey: audienceKeys.latestJob(companyId),
    queryFn: () => api.get<AudienceJob | null>(`${BASE}/jobs/latest`, { companyFilter: companyId }),
  });
}
