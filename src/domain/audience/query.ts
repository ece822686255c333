/**
 * The Audience Intelligence API's query and body rules, shared by the BFF and the dashboard:
 * filters as comma-separated ids (`dataSource=web,crm&recency=7`), a search, paging, and the saved
 * view's body. Anything else is a 400 with the field named.
 */
import * as yup from 'yup';
import { companyFilterQuery, optionalId } from '../params';
import {
  AUDIENCE_PAGE_SIZE,
  AUDIENCE_SEARCH_MAX,
  CATEGORY_IDS,
  LIFECYCLE_STAGES,
  RECENCY_DAYS,
  RISK_LEVELS,
  SAVED_VIEW_NAME_MAX,
  SOURCE_KINDS,
  type AudienceFilters,
  type AudienceQuery,
} from './contract';

export const AUDIENCE_PAGE_LIMIT_MAX = 100;
export const AUDIENCE_VIEW_DESCRIPTION_MAX = 500;

export const AUDIENCE_QUERY_MESSAGES = {
  list: (allowed: readonly (string | number)[]) => `Must be a comma-separated list of: ${allowed.join(', ')}`,
  page: 'Must be a whole number from 1',
  limit: `Must be a whole number from 1 to ${AUDIENCE_PAGE_LIMIT_MAX}`,
  search: `Must be text of at most ${AUDIENCE_SEARCH_MAX} characters`,
  viewName: 'View name is required',
  viewNameMax: `View name must be at most ${SAVED_VIEW_NAME_MAX} characters`,
  categoryId: 'Must be a category id',
} as const;

/** Free text, but never control characters such as NUL (no database stores those in text). */
const searchText = () =>
  yup
    .string()
    .max(AUDIENCE_SEARCH_MAX, AUDIENCE_QUERY_MESSAGES.search)
    // eslint-disable-next-line no-control-regex
    .matches(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f]*$/, AUDIENCE_QUERY_MESSAGES.search);

const listOf = (allowed: readonly (string | number)[]) =>
  yup
    .string()
    .optional()
    .test('list', AUDIENCE_QUERY_MESSAGES.list(allowed), (value) => value === undefined || value === '' || value.split(',').every((part) => allowed.map(String).includes(part.trim())));

const wholeNumber = (message: string, max: number) =>
  yup
    .string()
    .optional()
    .test('whole', message, (value) => value === undefined || (/^\d{1,9}$/.test(value) && Number(value) >= 1 && Number(value) <= max));

export const audienceQuerySchema = companyFilterQuery.shape({
  dataSource: listOf(SOURCE_KINDS),
  lifecycle: listOf(LIFECYCLE_STAGES),
  risk: listOf(RISK_LEVELS),
  recency: listOf(RECENCY_DAYS),
  search: searchText().optional(),
});

export const audiencePageQuerySchema = audienceQuerySchema.shape({
  page: wholeNumber(AUDIENCE_QUERY_MESSAGES.page, 1_000_000_000),
  limit: wholeNumber(AUDIENCE_QUERY_MESSAGES.limit, AUDIENCE_PAGE_LIMIT_MAX),
});

type RawQuery = Partial<Record<'dataSource' | 'lifecycle' | 'risk' | 'recency' | 'search' | 'page' | 'limit', string>>;

const split = (value: string | undefined) => (value ? [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))] : []);

/** A validated query as filters and search. */
export function audienceQueryOf(raw: RawQuery): AudienceQuery {
  return {
    dataSource: split(raw.dataSource) as AudienceQuery['dataSource'],
    lifecycle: split(raw.lifecycle) as AudienceQuery['lifecycle'],
    risk: split(raw.risk) as AudienceQuery['risk'],
    recency: split(raw.recency).map(Number) as AudienceQuery['recency'],
    search: raw.search?.trim() ?? '',
  };
}

export function pagingOf(raw: RawQuery): { page: number; limit: number } {
  return { page: raw.page ? Number(raw.page) : 1, limit: raw.limit ? Number(raw.limit) : AUDIENCE_PAGE_SIZE };
}

/** The filters as query parameters (what the dashboard sends). */
export function audienceQueryParams(query: AudienceQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.dataSource.length) params.dataSource = query.dataSource.join(',');
  if (query.lifecycle.length) params.lifecycle = query.lifecycle.join(',');
  if (query.risk.length) params.risk = query.risk.join(',');
  if (query.recency.length) params.recency = query.recency.join(',');
  if (query.search.trim()) params.search = query.search.trim();
  return params;
}

const filtersSchema = yup
  .object({
    dataSource: yup.array(yup.string().oneOf(SOURCE_KINDS).defined()).defined(),
    lifecycle: yup.array(yup.string().oneOf(LIFECYCLE_STAGES).defined()).defined(),
    risk: yup.array(yup.string().oneOf(RISK_LEVELS).defined()).defined(),
    recency: yup.array(yup.number().oneOf(RECENCY_DAYS).defined()).defined(),
  })
  .noUnknown()
  .defined();

export const audienceViewSchema = yup.object({
  companyId: optionalId(),
  name: yup
    .string()
    .required(AUDIENCE_QUERY_MESSAGES.viewName)
    .test('blank', AUDIENCE_QUERY_MESSAGES.viewName, (value) => Boolean(value?.trim()))
    .max(SAVED_VIEW_NAME_MAX, AUDIENCE_QUERY_MESSAGES.viewNameMax),
  description: yup.string().max(AUDIENCE_VIEW_DESCRIPTION_MAX).default(''),
  filters: filtersSchema,
  search: searchText().default(''),
  categoryId: yup.string().oneOf(CATEGORY_IDS, AUDIENCE_QUERY_MESSAGES.categoryId).nullable().default(null),
});

export type AudienceViewInput = yup.InferType<typeof audienceViewSchema> & { filters: AudienceFilters };

/** The body of a rebuild or reclassification: for which company. */
export const audienceJobSchema = yup.object({ companyId: optionalId() });
