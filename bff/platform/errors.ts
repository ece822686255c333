/**
 * The BFF's failures: every failure leaves the BFF as JSON `{ error, message, code }` (plus
 * `fields` for validation errors) with the right status. Routes throw these; they never catch
 * (middleware/errors.ts answers them). Codes and their wording are defined in src/domain/errors.ts.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ValidationError } from 'yup';
import { API_ERRORS, type ApiErrorBody, type ErrorCode } from '@domain/errors';
import { isConnectionLost } from './busyDatabase';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    /** Short and human-readable: the dashboard shows it as is. */
    readonly error: string,
    /** One sentence of detail. */
    readonly detail: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(error);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return { error: this.error, message: this.detail, code: this.code, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

export interface ErrorDetails {
  /** Replaces the code's own wording where a resource or case has better words. */
  error?: string;
  message?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The failure named by `code`, with its status and wording from the domain's catalogue. */
export function apiError(code: ErrorCode, details: ErrorDetails = {}): HttpError {
  const definition = API_ERRORS[code];
  const error = details.error ?? definition.error;
  return new HttpError(
    definition.status,
    code,
    error,
    details.message ?? (details.error ? error : definition.message),
    details.fields,
    details.headers,
  );
}

/** Field-level messages from a yup failure; the first message is the one the dashboard shows. */
export function fromValidationError(failure: ValidationError): HttpError {
  const fields: Record<string, string> = {};
  const failures = failure.inner.length ? failure.inner : [failure];
  for (const item of failures) {
    const field = item.path || 'body';
    fields[field] ??= item.message;
  }
  const first = failures[0]?.message ?? API_ERRORS.validation_failed.error;
  const names = Object.keys(fields).join(', ');
  return apiError('validation_failed', { error: first, message: `Check these fields: ${names}.`, fields });
}

interface BodyParserFailure {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
  limit?: number;
}

function describeLimit(bytes: number | undefined): string {
  if (!bytes) return 'the allowed size';
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** How long a client waits before trying again after a lost database connection: a failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export function toHttpError(failure: unknown): HttpError | null {
  if (failure instanceof HttpError) return failure;
  // A lost connection is no fault of the request: 503, to be tried again, never a 500.
  if (isConnectionLost(failure)) return apiError('database_unavailable', { headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } });
  if (failure instanceof ValidationError) return fromValidationError(failure);
  if (failure instanceof UniqueConstraintViolationException) return apiError('already_exists');
  const parserFailure = (failure ?? {}) as BodyParserFailure;
  // co-body reports unparsable JSON (or a bare string or number) as a SyntaxError with status 400.
  if (failure instanceof SyntaxError && parserFailure.status === 400) {
    // The parser (co-body, through bourne) refuses a "__proto__" key before anything could use it.
    if (/forbidden prototype property/.test(failure.message)) {
      const message = 'The body uses the reserved name "__proto__" as a key; rename the field.';
      return apiError('unstorable_value', { message, fields: { body: message } });
    }
    return apiError('malformed_body');
  }
  switch (parserFailure.type) {
    case 'entity.parse.failed':
      return apiError('malformed_body');
    case 'entity.too.large':
      return apiError('body_too_large', { message: `The request body must be at most ${describeLimit(parserFailure.limit)}.` });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return apiError('unsupported_encoding');
    case 'request.aborted':
      return apiError('request_aborted');
  }
  const status = parserFailure.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && parserFailure.expose) {
    const message = parserFailure.message || 'Bad request';
    return new HttpError(status, 'request_failed', message, message);
  }
  return null;
}
