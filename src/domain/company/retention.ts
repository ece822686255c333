/**
 * A company's retention periods: how many days its raw events, its prediction API call log and its
 * survey responses are kept before the retention job deletes them (bff/modules/retention). Null
 * keeps them. The Company Profile form and PUT /api/companies/profile (and /:id) share this schema.
 */
import * as yup from 'yup';

export const RETENTION_DAYS_MIN = 1;
/** Ten years. */
export const RETENTION_DAYS_MAX = 3650;

export interface CompanyRetention {
  /** Raw events (data records of kind events), by their event time. */
  eventsDays: number | null;
  /** The prediction API's call log (its per-minute and monthly rollups stay). */
  callLogDays: number | null;
  /** Survey responses with their answers, by their last change. */
  responsesDays: number | null;
}

export const RETENTION_FIELDS = ['eventsDays', 'callLogDays', 'responsesDays'] as const satisfies ReadonlyArray<keyof CompanyRetention>;

export const RETENTION_LABELS: Record<keyof CompanyRetention, string> = {
  eventsDays: 'Raw events',
  callLogDays: 'Prediction call log',
  responsesDays: 'Survey responses',
};

export const NO_RETENTION: CompanyRetention = { eventsDays: null, callLogDays: null, responsesDays: null };

const retentionMessage = (field: keyof CompanyRetention) =>
  `${RETENTION_LABELS[field]} retention must be a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}, or empty to keep them`;

/**
 * One period: a whole number of days in range, or null. The form's empty text is null and its digits
 * a number (cast); the BFF validates strictly, so there only a number or null passes.
 */
const retentionDays = (field: keyof CompanyRetention) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => (typeof original === 'string' && original.trim() === '' ? null : value))
    .typeError(retentionMessage(field))
    .integer(retentionMessage(field))
    .min(RETENTION_DAYS_MIN, retentionMessage(field))
    .max(RETENTION_DAYS_MAX, retentionMessage(field))
    .nullable()
    .defined(retentionMessage(field));

/** All three periods, each given (null keeps); unknown keys are refused. */
export const retentionSchema = yup
  .object({
    eventsDays: retentionDays('eventsDays'),
    callLogDays: retentionDays('callLogDays'),
    responsesDays: retentionDays('responsesDays'),
  })
  .noUnknown('Retention accepts only eventsDays, callLogDays and responsesDays');
