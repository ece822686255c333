/**
 * The query parameters of the results routes. Query values arrive as strings and are checked
 * strictly (ApiRouter's checkInput); an empty value means "not filtered", as a form's cleared
 * field sends it. The checked strings are turned into typed filters here, once.
 */
import * as yup from 'yup';
import {
  DEVICE_TYPES,
  QUESTION_ANSWER_FILTERS,
  RESULTS_MAX_PAGE_SIZE,
  RESULTS_PAGE_SIZE,
  type DeviceType,
  type QuestionAnswerFilter,
} from '@domain/survey/collection';

export const SEARCH_MAX_LENGTH = 200;

export const RESULTS_QUERY_MESSAGES = {
  page: 'Must be a page number from 1',
  limit: `Must be a number from 1 to ${RESULTS_MAX_PAGE_SIZE}`,
  deviceType: `Must be one of ${DEVICE_TYPES.join(', ')}`,
  date: 'Must be a date like 2026-03-10',
  dateOrder: 'Must not be before dateFrom',
  completed: 'Must be true or false',
  search: `Must be at most ${SEARCH_MAX_LENGTH} characters of text`,
  filter: `Must be one of ${QUESTION_ANSWER_FILTERS.join(', ')}`,
} as const;

/** Pages past this are refused: an offset that large means a client bug, not a reader. */
const MAX_PAGE = 1_000_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (text: string) => DAY.test(text) && new Date(`${text}T00:00:00.000Z`).toISOString().startsWith(text);
const blank = (value: string | undefined) => value === undefined || value === '';

const optionalText = () => yup.string().optional();
const page = () => optionalText().test('page', RESULTS_QUERY_MESSAGES.page, (value) => blank(value) || (/^[1-9]\d{0,6}$/.test(value!) && Number(value) <= MAX_PAGE));
const limit = () =>
  optionalText().test('limit', RESULTS_QUERY_MESSAGES.limit, (value) => blank(value) || (/^[1-9]\d{0,2}$/.test(value!) && Number(value) <= RESULTS_MAX_PAGE_SIZE));
const day = () => optionalText().test('day', RESULTS_QUERY_MESSAGES.date, (value) => blank(value) || isRealDay(value!));

/** The filters the responses list and the CSV export share. */
const filterFields = {
  deviceType: optionalText().test('device', RESULTS_QUERY_MESSAGES.deviceType, (value) => blank(value) || DEVICE_TYPES.includes(value as DeviceType)),
  dateFrom: day(),
  dateTo: day().test('order', RESULTS_QUERY_MESSAGES.dateOrder, function dateOrder(value) {
    const from = (this.parent as { dateFrom?: string }).dateFrom;
    return blank(value) || blank(from) || !isRealDay(from!) || value! >= from!;
  }),
  completed: optionalText().test('completed', RESULTS_QUERY_MESSAGES.completed, (value) => blank(value) || value === 'true' || value === 'false'),
  // Free text, but no control characters (a NUL byte would reach the database).
  search: optionalText()
    .max(SEARCH_MAX_LENGTH, RESULTS_QUERY_MESSAGES.search)
    // eslint-disable-next-line no-control-regex
    .matches(/^[^\u0000-\u001f\u007f]*$/, { message: RESULTS_QUERY_MESSAGES.search, excludeEmptyString: true }),
};

export const responseFilterQuery = yup.object(filterFields);
export const responsePageQuery = yup.object({ page: page(), limit: limit(), ...filterFields });
export const questionAnswersQuery = yup.object({
  filter: optionalText().test('filter', RESULTS_QUERY_MESSAGES.filter, (value) => blank(value) || QUESTION_ANSWER_FILTERS.includes(value as QuestionAnswerFilter)),
  page: page(),
  limit: limit(),
});

/** Which responses a list or an export covers. Days are inclusive UTC days. */
export interface ResponseSelection {
  deviceType?: DeviceType;
  /** created_at at or after this instant. */
  from?: Date;
  /** created_at before this instant. */
  before?: Date;
  completed?: boolean;
  search?: string;
}

export interface PageRequest {
  page: number;
  limit: number;
}

const DAY_MS = 86_400_000;

export function selectionOf(query: yup.InferType<typeof responseFilterQuery>): ResponseSelection {
  const selection: ResponseSelection = {};
  if (!blank(query.deviceType)) selection.deviceType = query.deviceType as DeviceType;
  if (!blank(query.dateFrom)) selection.from = new Date(`${query.dateFrom}T00:00:00.000Z`);
  // Inclusive: the whole of the last day.
  if (!blank(query.dateTo)) selection.before = new Date(Date.parse(`${query.dateTo}T00:00:00.000Z`) + DAY_MS);
  if (!blank(query.completed)) selection.completed = query.completed === 'true';
  const search = query.search?.trim();
  if (search) selection.search = search;
  return selection;
}

export function pageOf(query: { page?: string; limit?: string }): PageRequest {
  return { page: blank(query.page) ? 1 : Number(query.page), limit: blank(query.limit) ? RESULTS_PAGE_SIZE : Number(query.limit) };
}

export function answerFilterOf(query: yup.InferType<typeof questionAnswersQuery>): QuestionAnswerFilter {
  return blank(query.filter) ? 'all' : (query.filter as QuestionAnswerFilter);
}
