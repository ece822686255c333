/**
 * LiveIQ's server state: the published list (with the specification's own retry rule), a
 * survey's start and stop, its deletion, its copy into a draft (Edit), and the saving of its
 * styling and targeting. Components never call the API client themselves.
 */
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceTargetOptions, DisplayTriggers, EmbedSettings, EndCondition, PublishedSurvey, SurveyDraft } from '@domain/survey/types';
import { api, apiRequest, ApiError, NetworkError } from '@/lib/apiClient';
import { draftKeys, surveyKeys } from './drafts';
import { logIdentifierOverride } from './identifiers';

export const publishedSurveyKeys = {
  all: [...surveyKeys.all, 'published'] as const,
  /** companyFilter: undefined lists every company's surveys (global admin); others always get their own. */
  list: (companyFilter: string | undefined) => [...publishedSurveyKeys.all, 'list', companyFilter ?? 'all'] as const,
};

/** Data document, section 9: "Published list retries: 2, waits 1 s then 2 s". */
export const PUBLISHED_LIST_RETRY_DELAYS_MS = [1_000, 2_000] as const;

/** A server error (500 or above) or a request that never got an answer is worth asking again; a 4xx is not. */
export function isRetryableLoadFailure(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

const publishedPath = (id: string, suffix = '') => `/api/surveys/published/${encodeURIComponent(id)}${suffix}`;

export function usePublishedSurveys(companyFilter: string | undefined) {
  return useQuery({
    queryKey: publishedSurveyKeys.list(companyFilter),
    // The query retries (below), so the API client's own network retries are switched off: the
    // specification's two retries are the only ones.
    queryFn: ({ signal }) =>
      apiRequest<PublishedSurvey[]>('/api/surveys/published', { query: { companyFilter }, retryDelaysMs: [], signal }),
    retry: (failureCount, error) => failureCount < PUBLISHED_LIST_RETRY_DELAYS_MS.length && isRetryableLoadFailure(error),
    retryDelay: (failureCount) => PUBLISHED_LIST_RETRY_DELAYS_MS[Math.min(failureCount, PUBLISHED_LIST_RETRY_DELAYS_MS.length - 1)],
  });
}

/** Field-level messages of a 400 validation answer, by field path. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {};
  const { fields } = error.body as { fields?: unknown };
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

export type StatusChange = { survey: PublishedSurvey; status: 'inactive' } | { survey: PublishedSurvey; status: 'active'; endCondition: EndCondition };

/**
 * Callbacks given to the hook, not to `mutate`: TanStack Query calls `mutate`'s own callbacks for
 * the latest call only, and two cards may be started or deleted at the same time.
 */
export interface SurveyCallbacks<TVariables, TResult> {
  onSuccess?: (result: TResult, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
}

const mutationKeys = {
  status: [...publishedSurveyKeys.all, 'status'] as const,
  delete: [...publishedSurveyKeys.all, 'delete'] as const,
};

function useListMutation<TVariables, TResult>(
  mutationKey: readonly unknown[],
  mutationFn: (variables: TVariables) => Promise<TResult>,
  callbacks: SurveyCallbacks<TVariables, TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    // The list is read again before the call counts as done, so a card never shows a stale state in between.
    onSuccess: async (result, variables) => {
      await queryClient.invalidateQueries({ queryKey: publishedSurveyKeys.all });
      callbacks.onSuccess?.(result, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

/** Start (with its end condition) or stop a survey. */
export const useChangeSurveyStatus = (callbacks: SurveyCallbacks<StatusChange, PublishedSurvey> = {}) =>
  useListMutation(
    mutationKeys.status,
    ({ survey, ...body }: StatusChange) => api.put<PublishedSurvey>(publishedPath(survey.id, '/status'), body),
    callbacks,
  );

export const useDeletePublishedSurvey = (callbacks: SurveyCallbacks<PublishedSurvey, void> = {}) =>
  useListMutation(mutationKeys.delete, (survey: PublishedSurvey) => api.delete<void>(publishedPath(survey.id)), callbacks);

/** The ids of the surveys being started or stopped. */
export const useStatusChangingIds = () =>
  useMutationState({
    filters: { mutationKey: mutationKeys.status, status: 'pending' },
    select: (mutation) => (mutation.state.variables as StatusChange).survey.id,
  });

/** The ids of the surveys being deleted. */
export const useDeletingIds = () =>
  useMutationState({
    filters: { mutationKey: mutationKeys.delete, status: 'pending' },
    select: (mutation) => (mutation.state.variables as PublishedSurvey).id,
  });

/** The name Edit gives the draft copy of a published survey. */
export const copyNameOf = (name: string) => `${name} (Copy)`;

/**
 * Edit: a draft copy of the survey, kept in the survey's own company. The published survey never
 * changes.
 */
export function useCopyToDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (survey: PublishedSurvey) =>
      apiRequest<SurveyDraft>('/api/surveys/drafts', {
        method: 'POST',
        query: { companyFilter: survey.companyId },
        body: { name: copyNameOf(survey.name), survey: survey.survey },
      }),
    // The creator opens next: its draft list must not come from an older cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftKeys.all, refetchType: 'none' }),
  });
}

export interface DisplaySettingsSave {
  survey: PublishedSurvey;
  settings: EmbedSettings;
  displayTriggers: DisplayTriggers;
}

/**
 * Custom Display's Save: the styling, then the targeting. With custom identifiers the override is
 * logged as well; a log that fails is only warned about, as the specification says, and the save
 * still counts.
 */
export function useSaveDisplaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ survey, settings, displayTriggers }: DisplaySettingsSave) => {
      await api.put<PublishedSurvey>(publishedPath(survey.id, '/embed-settings'), { settings });
      const saved = await api.put<PublishedSurvey>(publishedPath(survey.id, '/display-triggers'), { displayTriggers });
      if (displayTriggers.useCustomIdentifiers) {
        try {
          await logIdentifierOverride({
            surveyId: survey.id,
            overrideReason: displayTriggers.overrideReason,
            customSettings: {
              requireIdentifier: displayTriggers.requireIdentifier,
              identifierTypes: displayTriggers.identifierTypes,
              identifierFields: displayTriggers.identifierFields,
            },
          });
        } catch (error) {
          console.warn('The identifier override could not be logged', error);
        }
      }
      return saved;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishedSurveyKeys.all }),
  });
}

/** What the survey's company can limit the survey to: its saved audience views and the categories. */
export function useAudienceTargets(surveyId: string) {
  return useQuery({
    queryKey: [...publishedSurveyKeys.all, 'audience-targets', surveyId] as const,
    queryFn: ({ signal }) => apiRequest<AudienceTargetOptions>(publishedPath(surveyId, '/audience-targets'), { signal }),
  });
}
