/**
 * InsightIQ's filters as the screen holds them, and the query they become for the responses page
 * and the CSV export (data document, section 7, "Results").
 */
import { RESULTS_PAGE_SIZE, type DeviceType, type ResponseFilters } from '@domain/survey/collection';

export const COMPLETION_FILTERS = ['all', 'completed', 'incomplete'] as const;
export type CompletionFilter = (typeof COMPLETION_FILTERS)[number];
export const COMPLETION_FILTER_LABELS: Record<CompletionFilter, string> = { all: 'All', completed: 'Completed', incomplete: 'Incomplete' };

export const DEVICE_LABELS: Record<DeviceType, string> = { mobile: 'Mobile', desktop: 'Desktop', tablet: 'Tablet' };

export interface ResultsFilterState {
  deviceType: DeviceType | 'all';
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  dateTo: string;
  completion: CompletionFilter;
  search: string;
}

export const NO_FILTERS: ResultsFilterState = { deviceType: 'all', dateFrom: '', dateTo: '', completion: 'all', search: '' };

/** The filters of the contract; an unset filter is left out. */
export function responseFilters(filters: ResultsFilterState): ResponseFilters {
  const search = filters.search.trim();
  return {
    ...(filters.deviceType !== 'all' ? { deviceType: filters.deviceType } : {}),
    ...(filters.dateFrom ? { dateFrom: filters.dateFrom } : {}),
    ...(filters.dateTo ? { dateTo: filters.dateTo } : {}),
    ...(filters.completion !== 'all' ? { completed: filters.completion === 'completed' } : {}),
    ...(search ? { search } : {}),
  };
}

/** The query of GET /api/surveys/:id/responses for one page (1-based) of 20. */
export function responsesPageQuery(filters: ResultsFilterState, page: number): ResponseFilters {
  return { page, limit: RESULTS_PAGE_SIZE, ...responseFilters(filters) };
}

/** A date range that ends before it starts matches nothing: the screen says so instead of asking. */
export const dateRangeError = ({ dateFrom, dateTo }: Pick<ResultsFilterState, 'dateFrom' | 'dateTo'>) =>
  dateFrom && dateTo && dateFrom > dateTo ? 'The start date is after the end date.' : null;
