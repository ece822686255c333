/**
 * What integrators send to the prediction API (POST /api/v1/predict, POST /api/v1/events,
 * PUT /api/v1/items), checked field by field: the BFF validates with these, the Live Test tab can
 * check its form with the same rules, and the OpenAPI document states the same limits.
 */
import * as yup from 'yup';
import {
  CUSTOM_ATTRIBUTE_TYPES,
  EVENT_TYPES,
  EVENTS_BATCH_MAX,
  ITEMS_BATCH_MAX,
  QUERY_MAX_LENGTH,
  TOP_K_DEFAULT,
  TOP_K_MAX,
  TOP_K_MIN,
  type CustomAttributeType,
  type FilterValue,
} from './contract';

/** The longest identifier (event, user, item id): the indexed columns hold 255 characters. */
export const IDENTIFIER_MAX = 255;
/** Item ids one predict request may exclude. */
export const EXCLUDE_ITEMS_MAX = 500;
export const ITEM_TITLE_MAX = 1000;
export const ITEM_TEXT_MAX = 20_000;
export const FILTER_FIELDS_MAX = 50;
export const FILTER_VALUES_MAX = 100;
export const METADATA_FIELDS_MAX = 50;

export const PREDICTION_MESSAGES = {
  blank: 'Must not be blank',
  identifierLength: `At most ${IDENTIFIER_MAX} characters`,
  eventType: `Must be one of ${EVENT_TYPES.join(', ')}`,
  value: 'Must be a number or null',
  timestamp: 'Must be an ISO 8601 date and time, e.g. 2025-01-31T12:00:00Z',
  query: `At most ${QUERY_MAX_LENGTH} characters`,
  topK: `Must be a whole number from ${TOP_K_MIN} to ${TOP_K_MAX}`,
  object: 'Must be a JSON object',
  filter: 'Must be a string, number, boolean, a list of those, or a range such as {"gte": 10, "lte": 50}',
  tooManyFields: (max: number) => `At most ${max} fields`,
  batchEmpty: 'Send at least one',
  eventsBatch: `At most ${EVENTS_BATCH_MAX} events per request`,
  itemsBatch: `At most ${ITEMS_BATCH_MAX} items per request`,
  stringList: 'Must be a list of strings',
  boolean: 'Must be true or false',
  nonNegative: 'Must be a number of at least 0',
  string: 'Must be a string',
  excludeItems: `At most ${EXCLUDE_ITEMS_MAX} item ids`,
} as const;

// Calendar date, optionally a time (minutes, seconds and fractions optional) and a zone.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The instant of an ISO 8601 text, or null; a time without a zone is read as UTC. */
export function parseIsoTimestamp(text: string): Date | null {
  if (!ISO_8601.test(text)) return null;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && text.length > 10;
  const normalised = text.length === 10 ? `${text}T00:00:00Z` : hasZone ? text : `${text}Z`;
  const time = Date.parse(normalised.replace(' ', 'T'));
  return Number.isFinite(time) ? new Date(time) : null;
}

const identifier = () =>
  yup
    .string()
    .typeError(PREDICTION_MESSAGES.string)
    .test('not-blank', PREDICTION_MESSAGES.blank, (value) => value === undefined || value.trim().length > 0)
    .max(IDENTIFIER_MAX, PREDICTION_MESSAGES.identifierLength);

const isoTimestamp = () =>
  yup
    .string()
    .typeError(PREDICTION_MESSAGES.timestamp)
    .test('iso-8601', PREDICTION_MESSAGES.timestamp, (value) => value === undefined || parseIsoTimestamp(value) !== null);

const finiteNumber = (message: string) =>
  yup
    .number()
    .typeError(message)
    .test('finite', message, (value) => value === undefined || value === null || Number.isFinite(value));

const stringList = () => yup.array(yup.string().typeError(PREDICTION_MESSAGES.string).max(IDENTIFIER_MAX, PREDICTION_MESSAGES.identifierLength).required()).typeError(PREDICTION_MESSAGES.stringList);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One interaction: event_id makes a resend harmless. */
export const eventSchema = yup.object({
  event_id: identifier().required('event_id is required'),
  user_id: identifier().required('user_id is required'),
  item_id: identifier().required('item_id is required'),
  type: yup.string().typeError(PREDICTION_MESSAGES.eventType).oneOf(EVENT_TYPES, PREDICTION_MESSAGES.eventType).required('type is required'),
  value: finiteNumber(PREDICTION_MESSAGES.value).nullable().optional(),
  timestamp: isoTimestamp().optional(),
});
export type ValidEvent = yup.InferType<typeof eventSchema>;

export const eventsBatchSchema = yup.object({
  events: yup.array(eventSchema.required()).min(1, PREDICTION_MESSAGES.batchEmpty).max(EVENTS_BATCH_MAX, PREDICTION_MESSAGES.eventsBatch).required(),
});

/** A catalogue item; fields beyond these are kept as they are and can be filtered on. */
export const itemSchema = yup.object({
  id: identifier().required('id is required'),
  title: yup
    .string()
    .typeError(PREDICTION_MESSAGES.string)
    .test('not-blank', PREDICTION_MESSAGES.blank, (value) => value === undefined || value.trim().length > 0)
    .max(ITEM_TITLE_MAX, `At most ${ITEM_TITLE_MAX} characters`)
    .required('title is required'),
  description: yup.string().typeError(PREDICTION_MESSAGES.string).max(ITEM_TEXT_MAX, `At most ${ITEM_TEXT_MAX} characters`).optional(),
  category: yup.string().typeError(PREDICTION_MESSAGES.string).max(IDENTIFIER_MAX, PREDICTION_MESSAGES.identifierLength).optional(),
  tags: stringList().optional(),
  genres: stringList().optional(),
  regions: stringList().optional(),
  price: finiteNumber(PREDICTION_MESSAGES.nonNegative).min(0, PREDICTION_MESSAGES.nonNegative).optional(),
  stock: finiteNumber(PREDICTION_MESSAGES.nonNegative).min(0, PREDICTION_MESSAGES.nonNegative).optional(),
  rating: finiteNumber('Must be a number from 0 to 5').min(0, 'Must be a number from 0 to 5').max(5, 'Must be a number from 0 to 5').optional(),
  rating_count: finiteNumber(PREDICTION_MESSAGES.nonNegative).integer('Must be a whole number').min(0, PREDICTION_MESSAGES.nonNegative).optional(),
  delivery_days: finiteNumber(PREDICTION_MESSAGES.nonNegative).min(0, PREDICTION_MESSAGES.nonNegative).optional(),
  available: yup.boolean().typeError(PREDICTION_MESSAGES.boolean).optional(),
  flagged: yup.boolean().typeError(PREDICTION_MESSAGES.boolean).optional(),
  seller_id: identifier().optional(),
  created_at: isoTimestamp().optional(),
});

export const itemsBatchSchema = yup.object({
  items: yup.array(itemSchema.required()).min(1, PREDICTION_MESSAGES.batchEmpty).max(ITEMS_BATCH_MAX, PREDICTION_MESSAGES.itemsBatch).required(),
});

function isFilterScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

const RANGE_KEYS = ['gte', 'lte', 'gt', 'lt'];

/** Whether a value is a FilterValue: equals, one of, or a non-empty range of numbers. */
export function isFilterValue(value: unknown): value is FilterValue {
  if (isFilterScalar(value)) return true;
  if (Array.isArray(value)) return value.length > 0 && value.length <= FILTER_VALUES_MAX && value.every(isFilterScalar);
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => RANGE_KEYS.includes(key) && typeof value[key] === 'number' && Number.isFinite(value[key]));
}

const jsonObject = (max: number) =>
  yup
    .mixed<Record<string, unknown>>()
    .test('object', PREDICTION_MESSAGES.object, (value) => value === undefined || isPlainObject(value))
    .test('size', PREDICTION_MESSAGES.tooManyFields(max), (value) => value === undefined || Object.keys(value).length <= max);

export const predictRequestSchema = yup
  .object({
    query: yup.string().typeError(PREDICTION_MESSAGES.string).max(QUERY_MAX_LENGTH, PREDICTION_MESSAGES.query).default(''),
    top_k: yup.number().typeError(PREDICTION_MESSAGES.topK).integer(PREDICTION_MESSAGES.topK).min(TOP_K_MIN, PREDICTION_MESSAGES.topK).max(TOP_K_MAX, PREDICTION_MESSAGES.topK).default(TOP_K_DEFAULT),
    filters: jsonObject(FILTER_FIELDS_MAX)
      .test('filter-values', PREDICTION_MESSAGES.filter, function checkFilters(value) {
        if (!value) return true;
        const bad = Object.keys(value).find((field) => !isFilterValue(value[field]));
        return bad === undefined ? true : this.createError({ path: `filters.${bad}`, message: PREDICTION_MESSAGES.filter });
      })
      .default(() => ({})),
    metadata: jsonObject(METADATA_FIELDS_MAX)
      .test('metadata-fields', PREDICTION_MESSAGES.string, function checkMetadata(value) {
        if (!value) return true;
        for (const field of ['user_id', 'channel']) {
          const given = value[field];
          if (given === undefined || given === null) continue;
          if (typeof given !== 'string') return this.createError({ path: `metadata.${field}`, message: PREDICTION_MESSAGES.string });
          if (given.length > IDENTIFIER_MAX) return this.createError({ path: `metadata.${field}`, message: PREDICTION_MESSAGES.identifierLength });
        }
        return true;
      })
      .default(() => ({})),
    custom_attributes: jsonObject(METADATA_FIELDS_MAX).default(() => ({})),
    include_seen: yup.boolean().strict().typeError(PREDICTION_MESSAGES.boolean).default(false),
    exclude_items: yup
      .array(yup.string().strict().typeError(PREDICTION_MESSAGES.stringList).max(IDENTIFIER_MAX, PREDICTION_MESSAGES.identifierLength).required(PREDICTION_MESSAGES.stringList))
      .strict()
      .typeError(PREDICTION_MESSAGES.stringList)
      .max(EXCLUDE_ITEMS_MAX, PREDICTION_MESSAGES.excludeItems)
      .default(() => []),
  })
  .noUnknown('Unknown field: send query, top_k, filters, metadata, custom_attributes, include_seen and exclude_items');
export type ValidPredictRequest = yup.InferType<typeof predictRequestSchema>;

/** Whether a value has a custom attribute's declared type. */
export function hasAttributeType(value: unknown, type: CustomAttributeType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
  }
}

export const CUSTOM_ATTRIBUTE_TYPE_NAMES: Record<CustomAttributeType, string> = Object.fromEntries(
  CUSTOM_ATTRIBUTE_TYPES.map((type) => [type, type === 'array' ? 'an array' : type === 'object' ? 'an object' : `a ${type}`]),
) as Record<CustomAttributeType, string>;
