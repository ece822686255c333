/**
 * Path and query parameters of the API, validated at the boundary like bodies: a value that
 * cannot be one of ours (a NUL byte, an over-long string, the wrong shape) is a 400 before it
 * reaches a query.
 */
import * as yup from 'yup';
import { CATEGORY_IDS } from './audience/contract';
import { SEGMENT_CALL_PATHS } from './data/connectors';
import { AUTH_WORDING } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Random tokens and file ids: URL-safe base64. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export const ALL_COMPANIES = 'all';
export const isUuid = (value: string): boolean => UUID.test(value);

export const PARAM_MESSAGES = {
  id: 'Must be a valid id',
  fileId: 'Must be a valid file id',
  companyFilter: "Must be a company id or 'all'",
  questionId: 'Must be a question id of letters, digits, - and _',
  categoryId: `Must be one of: ${CATEGORY_IDS.join(', ')}`,
  categoryKind: 'Must be category or view',
  categoryRef: 'Must be an audience category id or a saved view id',
  segmentCall: `Must be one of Segment's calls: ${Object.keys(SEGMENT_CALL_PATHS).join(', ')}`,
} as const;

export const uuid = (message: string = PARAM_MESSAGES.id) => yup.string().matches(UUID, message);
/** A company or user id sent in a body, where absent, null or empty means "none". */
export const optionalId = () => yup.string().matches(UUID, { message: PARAM_MESSAGES.id, excludeEmptyString: true }).nullable().optional();

/** Every path parameter of the API, by its name in the route. */
export const PATH_PARAMS = {
  id: uuid().required(PARAM_MESSAGES.id),
  /** 24 random bytes. */
  fileId: yup.string().required(PARAM_MESSAGES.fileId).matches(/^[A-Za-z0-9_-]{32}$/, PARAM_MESSAGES.fileId),
  /** An invitation link's token; anything unlike one reads as the link the specification calls invalid. */
  token: yup
    .string()
    .required(AUTH_WORDING.invalidInvitation)
    .max(200, AUTH_WORDING.invalidInvitation)
    .matches(BASE64URL, AUTH_WORDING.invalidInvitation),
  /** A survey question's id, as the survey schema allows it (src/domain/survey/schemas.ts). */
  questionId: yup.string().required(PARAM_MESSAGES.questionId).max(100, PARAM_MESSAGES.questionId).matches(/^[A-Za-z0-9_-]+$/, PARAM_MESSAGES.questionId),
  /** An Audience Intelligence category (src/domain/audience/contract.ts). */
  categoryId: yup.string().required(PARAM_MESSAGES.categoryId).oneOf(CATEGORY_IDS, PARAM_MESSAGES.categoryId),
  /** The dashboard's drill-down: an audience category or a saved view. */
  categoryKind: yup.string().required(PARAM_MESSAGES.categoryKind).oneOf(['category', 'view'], PARAM_MESSAGES.categoryKind),
  /** A category id or a saved view's UUID (which of the two is checked against categoryKind by the route). */
  categoryRef: yup
    .string()
    .required(PARAM_MESSAGES.categoryRef)
    .test('category-ref', PARAM_MESSAGES.categoryRef, (value) => (CATEGORY_IDS as readonly string[]).includes(value ?? '') || UUID.test(value ?? '')),
  /** A call of Segment's HTTP Tracking API under an ingestion URL (/v1/track, or analytics.js's /v1/t). */
  segmentCall: yup.string().required(PARAM_MESSAGES.segmentCall).oneOf(Object.keys(SEGMENT_CALL_PATHS), PARAM_MESSAGES.segmentCall),
} as const;

export type PathParam = keyof typeof PATH_PARAMS;

/** A global admin's "View Data For" choice: a company id, or 'all' (also when absent). */
export const companyFilterQuery = yup.object({
  companyFilter: yup
    .string()
    .optional()
    .test('company-filter', PARAM_MESSAGES.companyFilter, (value) => value === undefined || value === '' || value === ALL_COMPANIES || UUID.test(value)),
});
