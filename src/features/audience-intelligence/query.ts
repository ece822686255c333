/**
 * How the page's state becomes the query every read sends (filters as comma-separated ids, the
 * search, the global admin's company), and how it is described back to the admin.
 */
import {
  CATEGORY_NAMES,
  LIFECYCLE_LABELS,
  NO_AUDIENCE_FILTERS,
  RECENCY_LABELS,
  RISK_LABELS,
  SOURCE_KIND_LABELS,
  type AudienceFilters,
  type AudienceQuery,
  type CategoryId,
} from '@domain/audience/contract';
import { FILTER_LABELS, SAVE_VIEW_LABELS } from './labels';

export type AudienceParams = Record<string, string | undefined>;

export const NO_AUDIENCE_QUERY: AudienceQuery = { ...NO_AUDIENCE_FILTERS, search: '' };

const joined = (values: readonly (string | number)[]) => (values.length ? values.join(',') : undefined);

/**
 * The query parameters of a read: empty filters and a blank search are left out, so the same
 * audience always gives the same parameters (and the same cache entry).
 */
export function audienceParams(companyId: string, query: AudienceQuery): AudienceParams {
  const search = query.search.trim();
  return {
    companyFilter: companyId,
    dataSource: joined(query.dataSource),
    lifecycle: joined(query.lifecycle),
    risk: joined(query.risk),
    recency: joined([...query.recency].sort((a, b) => a - b)),
    search: search || undefined,
  };
}

export function hasActiveFilters(filters: AudienceFilters): boolean {
  return filters.dataSource.length + filters.lifecycle.length + filters.risk.length + filters.recency.length > 0;
}

/** True when the admin narrowed the audience in any way (a filter or a search). */
export function isNarrowed(query: AudienceQuery): boolean {
  return hasActiveFilters(query) || query.search.trim() !== '';
}

/** One line per filter in use, in the order of the filter bar: "Risk Level: High, Medium". */
export function describeQuery(query: AudienceQuery, categoryId: CategoryId | null = null): string[] {
  const lines: string[] = [];
  const add = (label: string, values: string[]) => {
    if (values.length) lines.push(`${label}: ${values.join(', ')}`);
  };
  add(FILTER_LABELS.dataSource, query.dataSource.map((id) => SOURCE_KIND_LABELS[id]));
  add(FILTER_LABELS.lifecycle, query.lifecycle.map((id) => LIFECYCLE_LABELS[id]));
  add(FILTER_LABELS.risk, query.risk.map((id) => RISK_LABELS[id]));
  add(FILTER_LABELS.recency, [...query.recency].sort((a, b) => a - b).map((days) => RECENCY_LABELS[days]));
  if (query.search.trim()) lines.push(`${SAVE_VIEW_LABELS.search}: “${query.search.trim()}”`);
  if (categoryId) lines.push(`${SAVE_VIEW_LABELS.category}: ${CATEGORY_NAMES[categoryId]}`);
  return lines;
}
