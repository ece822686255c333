/**
 * The dashboard overview's rule book: the metrics query (range, custom From and To) and the
 * per-user preferences, validated by the screen and the BFF with the same schemas and messages.
 */
import * as yup from 'yup';
import { CATEGORY_IDS } from '../audience/contract';
import { companyFilterQuery } from '../params';
import { daysBetween, parseLocalDate } from './buckets';
import {
  CHART_TYPES,
  CUSTOM_RANGE_MAX_DAYS,
  DASHBOARD_CHARTS,
  DASHBOARD_MESSAGES,
  DASHBOARD_RANGES,
  DASHBOARD_TABS,
  SAVED_CHART_LABEL_MAX,
  SAVED_CHARTS_MAX,
  USERS_TAB_EXTRA_CATEGORIES_MAX,
  type DashboardPreferences,
} from './contract';

export const DASHBOARD_SCHEMA_MESSAGES = {
  range: `Must be one of: ${DASHBOARD_RANGES.join(', ')}`,
  date: 'Must be a date written YYYY-MM-DD',
  name: 'Enter a category or view name',
  nameCharacters: 'A name has letters, digits, spaces and - _ & ( ) . , + # : ! ? only',
  nameTooLong: 'A name has at most 200 characters',
  savedChartsMax: `At most ${SAVED_CHARTS_MAX} saved charts`,
  savedChartId: 'A saved chart id is "saved-" followed by digits',
  savedChartIdsUnique: 'Saved chart ids must be unique',
  savedChartLabel: 'A saved chart needs a name',
  savedChartLabelMax: `A saved chart name has at most ${SAVED_CHART_LABEL_MAX} characters`,
  chartType: `Must be one of: ${CHART_TYPES.join(', ')}`,
  chartTypes: `Chart types are given per tab (${DASHBOARD_TABS.join(', ')}) or saved chart id, as line or bar`,
  gridOrder: `The grid order must list each of ${DASHBOARD_CHARTS.join(', ')} once`,
  categoryKind: 'Must be category or view',
  categoryRef: 'Must be an audience category id or a saved view id',
  mode: 'Must be conversion or users',
  extraCategoriesMax: `At most ${USERS_TAB_EXTRA_CATEGORIES_MAX} added categories`,
  createdAt: 'Must be an ISO date and time',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SAVED_CHART_ID = /^saved-\d{1,20}$/;
const CATEGORY_NAME_MAX = 200;
const CATEGORY_NAME_PATTERN = /^[\p{L}\p{N} _\-&().,+#:!?]*$/u;

/** A category (its id) or a saved audience view (its UUID), as the drill-down names it. */
export const isCategoryRef = (kind: unknown, id: unknown): boolean =>
  typeof id === 'string' && (kind === 'category' ? (CATEGORY_IDS as readonly string[]).includes(id) : kind === 'view' && UUID.test(id));

const localDate = () =>
  yup
    .string()
    .optional()
    .test('date', DASHBOARD_SCHEMA_MESSAGES.date, (value) => value === undefined || value === '' || parseLocalDate(value) !== null);

/**
 * GET /api/dashboard/metrics (and the category series and key breakdown): the range, and for a
 * custom one both dates (From on or before To, at most CUSTOM_RANGE_MAX_DAYS days, both counted).
 */
export const dashboardMetricsQuerySchema = companyFilterQuery.shape({
  range: yup.string().oneOf(DASHBOARD_RANGES, DASHBOARD_SCHEMA_MESSAGES.range).optional(),
  from: localDate(),
  to: localDate().test('custom-range', (value, context) => {
    const { range, from } = context.parent as { range?: string; from?: string };
    if (range !== 'custom') return true;
    if (!from || !value) return context.createError({ message: DASHBOARD_MESSAGES.customFromTo });
    const first = parseLocalDate(from);
    const last = parseLocalDate(value);
    // A malformed date is reported by its own field's test.
    if (!first || !last) return true;
    const span = daysBetween(first, last);
    if (span < 0) return context.createError({ message: DASHBOARD_MESSAGES.customOrder });
    if (span + 1 > CUSTOM_RANGE_MAX_DAYS) return context.createError({ message: DASHBOARD_MESSAGES.customTooLong });
    return true;
  }),
});

/** GET /api/dashboard/categories/lookup?name= */
export const categoryLookupQuerySchema = companyFilterQuery.shape({
  name: yup
    .string()
    .required(DASHBOARD_SCHEMA_MESSAGES.name)
    .max(CATEGORY_NAME_MAX, DASHBOARD_SCHEMA_MESSAGES.nameTooLong)
    .test('not-blank', DASHBOARD_SCHEMA_MESSAGES.name, (value) => Boolean(value?.trim()))
    // Names are compared, never interpolated, but a value no category or view could have is refused at the boundary.
    .matches(CATEGORY_NAME_PATTERN, DASHBOARD_SCHEMA_MESSAGES.nameCharacters),
});

const categoryRefSchema = yup
  .object({
    kind: yup.string().oneOf(['category', 'view'] as const, DASHBOARD_SCHEMA_MESSAGES.categoryKind).required(DASHBOARD_SCHEMA_MESSAGES.categoryKind),
    id: yup.string().required(DASHBOARD_SCHEMA_MESSAGES.categoryRef),
    name: yup.string().required(DASHBOARD_SCHEMA_MESSAGES.name).max(CATEGORY_NAME_MAX, DASHBOARD_SCHEMA_MESSAGES.nameTooLong),
  })
  .test('category-ref', DASHBOARD_SCHEMA_MESSAGES.categoryRef, (value) => !value || isCategoryRef(value.kind, value.id));

const savedChartSchema = yup.object({
  id: yup.string().required(DASHBOARD_SCHEMA_MESSAGES.savedChartId).matches(SAVED_CHART_ID, DASHBOARD_SCHEMA_MESSAGES.savedChartId),
  label: yup
    .string()
    .required(DASHBOARD_SCHEMA_MESSAGES.savedChartLabel)
    .test('not-blank', DASHBOARD_SCHEMA_MESSAGES.savedChartLabel, (value) => Boolean(value?.trim()))
    .test('max', DASHBOARD_SCHEMA_MESSAGES.savedChartLabelMax, (value) => (value ?? '').trim().length <= SAVED_CHART_LABEL_MAX),
  category: categoryRefSchema.required(DASHBOARD_SCHEMA_MESSAGES.categoryRef),
  mode: yup.string().oneOf(['conversion', 'users'] as const, DASHBOARD_SCHEMA_MESSAGES.mode).required(DASHBOARD_SCHEMA_MESSAGES.mode),
  options: yup
    .object({ chartType: yup.string().oneOf(CHART_TYPES, DASHBOARD_SCHEMA_MESSAGES.chartType).required(DASHBOARD_SCHEMA_MESSAGES.chartType) })
    .required(DASHBOARD_SCHEMA_MESSAGES.chartType),
  createdAt: yup
    .string()
    .required(DASHBOARD_SCHEMA_MESSAGES.createdAt)
    .test('iso', DASHBOARD_SCHEMA_MESSAGES.createdAt, (value) => typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value))),
});

/** PUT /api/dashboard/preferences: the whole set, replaced. */
export const dashboardPreferencesSchema = yup.object({
  savedCharts: yup
    .array(savedChartSchema.required())
    .required()
    .max(SAVED_CHARTS_MAX, DASHBOARD_SCHEMA_MESSAGES.savedChartsMax)
    .test('unique', DASHBOARD_SCHEMA_MESSAGES.savedChartIdsUnique, (charts) => !charts || new Set(charts.map((chart) => chart.id)).size === charts.length),
  gridOrder: yup
    .array(yup.string().oneOf(DASHBOARD_CHARTS, DASHBOARD_SCHEMA_MESSAGES.gridOrder).required())
    .required(DASHBOARD_SCHEMA_MESSAGES.gridOrder)
    .test('permutation', DASHBOARD_SCHEMA_MESSAGES.gridOrder, (order) => !!order && order.length === DASHBOARD_CHARTS.length && new Set(order).size === DASHBOARD_CHARTS.length),
  chartTypes: yup
    .mixed<Record<string, (typeof CHART_TYPES)[number]>>()
    .required(DASHBOARD_SCHEMA_MESSAGES.chartTypes)
    .test('chart-types', DASHBOARD_SCHEMA_MESSAGES.chartTypes, (value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
      const entries = Object.entries(value);
      return (
        entries.length <= DASHBOARD_TABS.length + SAVED_CHARTS_MAX &&
        entries.every(([key, type]) => ((DASHBOARD_TABS as readonly string[]).includes(key) || SAVED_CHART_ID.test(key)) && (CHART_TYPES as readonly unknown[]).includes(type))
      );
    }),
  extraCategories: yup.array(categoryRefSchema.required()).required().max(USERS_TAB_EXTRA_CATEGORIES_MAX, DASHBOARD_SCHEMA_MESSAGES.extraCategoriesMax),
});

/** What a user who never changed anything sees. */
export const DEFAULT_DASHBOARD_PREFERENCES: DashboardPreferences = {
  savedCharts: [],
  gridOrder: [...DASHBOARD_CHARTS],
  chartTypes: {},
  extraCategories: [],
};
