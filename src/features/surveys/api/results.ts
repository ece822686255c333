/**
 * InsightIQ's server state: a survey's analytics, its responses page by page, its user analytics,
 * one question's answers, and the streamed CSV export. Analytics, responses and user analytics fail
 * silently, as the data document's section 8 asks: nothing, an empty first page, nothing.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  RESULTS_PAGE_SIZE,
  type QuestionAnswerFilter,
  type QuestionAnswers,
  type ResponseFilters,
  type ResponsePage,
  type SurveyAnalytics,
  type UserAnalytics,
} from '@domain/survey/collection';
import { apiRequest } from '@/lib/apiClient';
import { downloadFile, type DownloadedFile } from '@/lib/download';
import { surveyKeys } from './drafts';

export const resultsKeys = {
  all: [...surveyKeys.all, 'results'] as const,
  survey: (surveyId: string) => [...resultsKeys.all, surveyId] as const,
  analytics: (surveyId: string) => [...resultsKeys.survey(surveyId), 'analytics'] as const,
  responses: (surveyId: string, query: ResponseFilters) => [...resultsKeys.survey(surveyId), 'responses', query] as const,
  userAnalytics: (surveyId: string) => [...resultsKeys.survey(surveyId), 'user-analytics'] as const,
  questionAnswers: (surveyId: string, questionId: string, filter: QuestionAnswerFilter, page: number) =>
    [...resultsKeys.survey(surveyId), 'questions', questionId, filter, page] as const,
};

const surveyPath = (surveyId: string, suffix: string) => `/api/surveys/${encodeURIComponent(surveyId)}${suffix}`;

/** ResponseFilters as query parameters: booleans and numbers as text, unset ones left out by the client. */
export const queryOf = (filters: ResponseFilters): Record<string, string | number | boolean | undefined> => ({ ...filters });

/** What the responses table shows when the load failed: page 1 of nothing. */
export const EMPTY_RESPONSE_PAGE: ResponsePage = {
  responses: [],
  pagination: { total: 0, page: 1, limit: RESULTS_PAGE_SIZE, totalPages: 0 },
};

/** A failure the screen swallows (section 8's silent failures) still reaches the console. */
async function silently<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.warn(`Failed to load ${what}`, error);
    return fallback;
  }
}

/** null when the analytics could not be loaded. */
export function useSurveyAnalytics(surveyId: string) {
  return useQuery({
    queryKey: resultsKeys.analytics(surveyId),
    queryFn: ({ signal }) =>
      silently('survey analytics', () => apiRequest<SurveyAnalytics>(surveyPath(surveyId, '/analytics'), { signal }), null),
  });
}

export function useSurveyResponses(surveyId: string, query: ResponseFilters) {
  return useQuery({
    queryKey: resultsKeys.responses(surveyId, query),
    queryFn: ({ signal }) =>
      silently(
        'survey responses',
        () => apiRequest<ResponsePage>(surveyPath(surveyId, '/responses'), { query: queryOf(query), signal }),
        EMPTY_RESPONSE_PAGE,
      ),
    // The table keeps the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** null when the user analytics could not be loaded. Loaded only once asked for (Load User Analytics). */
export function useUserAnalytics(surveyId: string, enabled: boolean) {
  return useQuery({
    queryKey: resultsKeys.userAnalytics(surveyId),
    queryFn: ({ signal }) =>
      silently('user analytics', () => apiRequest<UserAnalytics>(surveyPath(surveyId, '/user-analytics'), { signal }), null),
    enabled,
  });
}

export const QUESTION_ANSWERS_PAGE_SIZE = 10;

export function useQuestionAnswers(surveyId: string, questionId: string, filter: QuestionAnswerFilter, page: number) {
  return useQuery({
    queryKey: resultsKeys.questionAnswers(surveyId, questionId, filter, page),
    queryFn: ({ signal }) =>
      apiRequest<QuestionAnswers>(surveyPath(surveyId, `/questions/${encodeURIComponent(questionId)}/answers`), {
        query: { filter, page, limit: QUESTION_ANSWERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface ExportCallbacks {
  onHeaders?: (headers: Headers) => void;
  onChunk?: (chunk: Uint8Array) => void;
  signal?: AbortSignal;
}

/** GET /api/surveys/:id/responses/export with the screen's filters (no page: every row). */
export const downloadResponsesCsv = (surveyId: string, filters: ResponseFilters, callbacks: ExportCallbacks = {}): Promise<DownloadedFile> =>
  downloadFile(surveyPath(surveyId, '/responses/export'), { query: queryOf(filters), ...callbacks });
