/**
 * CreateIQ's drafts and publishing (data document, section 7): the server-state hooks of
 * /api/surveys/drafts and POST /api/surveys/publish. Every survey query lives under
 * `surveyKeys.all`, so a publish can refresh the published list too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublishedSurvey, Survey, SurveyDraft, SurveyDraftSummary } from '@domain/survey/types';
import { api, ApiError, apiRequest, NetworkError } from '@/lib/apiClient';

export const surveyKeys = {
  /** Every survey query of the dashboard (drafts, published surveys, themes). */
  all: ['surveys'] as const,
};

export const draftKeys = {
  all: [...surveyKeys.all, 'drafts'] as const,
  /** companyFilter: undefined lists every company's drafts (global admin); others always get their own. */
  list: (companyFilter: string | undefined) => [...draftKeys.all, 'list', companyFilter ?? 'all'] as const,
  detail: (id: string) => [...draftKeys.all, 'detail', id] as const,
};

/** A draft in the list: the summary, and the survey title the server adds. */
export type DraftListEntry = SurveyDraftSummary & { title?: string };

/** Section 4: the draft list load is retried twice on server or network errors, after 1 s then 2 s. */
export const DRAFT_LOAD_RETRIES = 2;

export function draftLoadRetryDelay(attemptIndex: number): number {
  return 1_000 * (attemptIndex + 1);
}

/** Whether a failed draft read is worth asking again: the server broke or the request never arrived. */
export function retriesDraftLoad(failureCount: number, error: unknown): boolean {
  if (failureCount >= DRAFT_LOAD_RETRIES) return false;
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500;
}

/** Reads retry through react-query alone (above), not a second time inside the API client. */
const NO_CLIENT_RETRIES: readonly number[] = [];

const draftPath = (id: string, suffix = '') => `/api/surveys/drafts/${encodeURIComponent(id)}${suffix}`;

export function useDrafts(companyFilter: string | undefined, enabled = true) {
  return useQuery({
    queryKey: draftKeys.list(companyFilter),
    queryFn: () =>
      apiRequest<DraftListEntry[]>('/api/surveys/drafts', { query: { companyFilter }, retryDelaysMs: NO_CLIENT_RETRIES }),
    retry: retriesDraftLoad,
    retryDelay: draftLoadRetryDelay,
    enabled,
  });
}

/** Reads one draft for loading into the builder; the same retries as the list. */
export function useFetchDraft() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.fetchQuery({
      queryKey: draftKeys.detail(id),
      queryFn: () => apiRequest<SurveyDraft>(draftPath(id), { retryDelaysMs: NO_CLIENT_RETRIES }),
      retry: retriesDraftLoad,
      retryDelay: draftLoadRetryDelay,
      // Loading a draft always shows what the server holds now, never an earlier read.
      staleTime: 0,
    });
}

export interface DraftBody {
  name: string;
  survey: Survey;
}

/** Writes whose answer changes the draft list. */
function useDraftMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: draftKeys.all }) });
}

export const useCreateDraft = (companyFilter: string | undefined) =>
  useDraftMutation((body: DraftBody) =>
    apiRequest<SurveyDraft>('/api/surveys/drafts', { method: 'POST', body, query: { companyFilter } }),
  );

export const useUpdateDraft = () =>
  useDraftMutation(({ id, ...body }: DraftBody & { id: string }) => api.put<SurveyDraft>(draftPath(id), body));

export const useRenameDraft = () =>
  useDraftMutation(({ id, name }: { id: string; name: string }) => api.patch<{ name: string }>(draftPath(id, '/name'), { name }));

export const useDeleteDraft = () => useDraftMutation((id: string) => api.delete<void>(draftPath(id)));

export interface PublishBody extends DraftBody {
  /** The draft being published: the server deletes it in the same transaction. */
  draftId?: string | null;
}

export function usePublishSurvey(companyFilter: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBody) =>
      apiRequest<PublishedSurvey>('/api/surveys/publish', { method: 'POST', body, query: { companyFilter } }),
    // A publish removes a draft and adds a published survey: every survey list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
