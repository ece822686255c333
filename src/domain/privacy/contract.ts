/**
 * Erasure, suppression and export of one person (GDPR articles 17 and 15): the identifiers a
 * person is named by, the erasure job's steps and the shapes the API answers. Shared by the
 * dashboard's Privacy screen and the BFF's routes.
 */
import { object, string, type InferType } from 'yup';

export const ERASURE_IDENTIFIER_TYPES = ['email', 'userId', 'anonymousId', 'visitorId'] as const;
export type ErasureIdentifierType = (typeof ERASURE_IDENTIFIER_TYPES)[number];

export const ERASURE_IDENTIFIER_LABELS: Record<ErasureIdentifierType, string> = {
  email: 'E-mail',
  userId: 'User ID',
  anonymousId: 'Anonymous ID',
  visitorId: 'Visitor ID',
};

export type ErasureStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * The stores an erasure goes through, in order; each is a step of its own, done in batches.
 * `records` finds the person by the identifiers records are indexed by (user id, e-mail,
 * anonymous id); `recordFields` by every other field of a record, nested ones included (a Segment
 * event's traits and context); `auditLog` replaces the person's identifiers in the audit log.
 */
export const ERASURE_STEPS = ['suppress', 'records', 'recordFields', 'responses', 'displays', 'predictionCalls', 'audience', 'writeback', 'auditLog'] as const;
export type ErasureStep = (typeof ERASURE_STEPS)[number];

export const ERASURE_STEP_LABELS: Record<ErasureStep, string> = {
  suppress: 'Suppressed identifiers',
  records: 'Data source records',
  recordFields: 'Records naming them in other fields',
  responses: 'Survey responses',
  displays: 'Survey displays',
  predictionCalls: 'Prediction API calls',
  audience: 'Audience profiles',
  writeback: 'Write Back queue',
  auditLog: 'Audit log entries',
};

/**
 * What replaces an erased person's value inside a record that is kept (a record about someone else
 * that names them): a constant, so nothing links the kept record back to them.
 */
export const ERASED_VALUE = '[erased]';

export const IDENTIFIER_VALUE_MAX = 255;

const identifierSchema = object({
  type: string<ErasureIdentifierType>()
    .oneOf([...ERASURE_IDENTIFIER_TYPES], `Identifier type must be one of ${ERASURE_IDENTIFIER_TYPES.join(', ')}`)
    .required('Identifier type is required'),
  value: string()
    .trim()
    .required('Identifier value is required')
    .max(IDENTIFIER_VALUE_MAX, `Identifier value must be at most ${IDENTIFIER_VALUE_MAX} characters`)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .matches(/^[^\u0000-\u001f\u007f]*$/, 'Identifier value must not hold control characters'),
});

/** POST /api/privacy/erasures: a person by one identifier (a global admin names the company). */
export const erasureRequestSchema = object({
  identifier: identifierSchema.required('identifier is required').default(undefined),
  companyId: string().nullable().optional(),
}).noUnknown('Unknown field: ${unknown}');
export type ErasureRequest = InferType<typeof erasureRequestSchema>;

/** GET /api/privacy/people/export: a person by one identifier. */
export const personQuerySchema = object({
  type: identifierSchema.fields.type,
  value: identifierSchema.fields.value,
});

export interface ErasureStepView {
  step: ErasureStep;
  done: boolean;
  count: number;
}

export interface ErasureView {
  id: string;
  identifierType: ErasureIdentifierType;
  identifierHint: string;
  status: ErasureStatus;
  /** Steps done of all steps, 0-1. */
  progress: number;
  steps: ErasureStepView[];
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface SuppressionView {
  id: string;
  hint: string;
  erasureId: string | null;
  dropped: number;
  /** What intake refused, per intake path (a data source's name, "Survey widget"). */
  droppedBySource: Array<{ source: string; dropped: number }>;
  lastDroppedAt: string | null;
  createdAt: string;
}

/** A value as the screen may show it: the first character and the domain of an e-mail, the ends of anything else. */
export function maskIdentifier(value: string): string {
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (value.length <= 4) return `${value[0] ?? ''}***`;
  return `${value.slice(0, 2)}***${value.slice(-2)}`;
}
