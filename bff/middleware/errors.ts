/**
 * The one error middleware: every failure leaves the BFF as JSON `{ error, message }` (plus
 * `fields` for validation errors) with the right status. Routes throw; they never catch.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { ValidationError } from 'yup';
import type { ApiErrorBody } from '@domain/auth/types';
import type { AppMiddleware } from '../types';

export class HttpError extends Error {
  constructor(
    readonly status: number,
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
    return { error: this.error, message: this.detail, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

export const badRequest = (error: string, detail = error, fields?: Record<string, string>) =>
  new HttpError(400, error, detail, fields);
export const unauthorized = (error: string, detail = error) => new HttpError(401, error, detail);
export const forbidden = (error: string, detail = error) => new HttpError(403, error, detail);
export const notFound = (error: string, detail = error) => new HttpError(404, error, detail);
export const conflict = (error: string, detail = error) => new HttpError(409, error, detail);
export const gone = (error: string, detail = error) => new HttpError(410, error, detail);

/** Field-level messages from a yup failure; the first message is the one the dashboard shows. */
export function fromValidationError(failure: ValidationError): HttpError {
  const fields: Record<string, string> = {};
  const failures = failure.inner.length ? failure.inner : [failure];
  for (const item of failures) {
    const field = item.path || 'body';
    fields[field] ??= item.message;
  }
  const first = failures[0]?.message ?? 'Invalid request';
  const names = Object.keys(fields).join(', ');
  return badRequest(first, `Check these fields: ${names}.`, fields);
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

export function toHttpError(failure: unknown): HttpError | null {
  if (failure instanceof HttpError) return failure;
  if (failure instanceof ValidationError) return fromValidationError(failure);
  if (failure instanceof UniqueConstraintViolationException) {
    return conflict('Already exists', 'Another record already uses one of these values.');
  }
  const parserFailure = (failure ?? {}) as BodyParserFailure;
  // co-body reports unparsable JSON (or a bare string or number) as a SyntaxError with status 400.
  if (failure instanceof SyntaxError && parserFailure.status === 400) {
    return badRequest('Malformed JSON body', 'The request body is not valid JSON.');
  }
  switch (parserFailure.type) {
    case 'entity.parse.failed':
      return badRequest('Malformed JSON body', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new HttpError(413, 'Request body too large', `The request body must be at most ${describeLimit(parserFailure.limit)}.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'Unsupported encoding', 'Send the request body as UTF-8 JSON.');
    case 'request.aborted':
      return badRequest('Request aborted', 'The request body was not received completely.');
  }
  const status = parserFailure.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && parserFailure.expose) {
    const message = parserFailure.message || 'Bad request';
    return new HttpError(status, message, message);
  }
  return null;
}

const DEFAULT_ERRORS: Record<number, [string, string]> = {
  404: ['Not found', 'No API route matches this address.'],
  405: ['Method not allowed', 'This address does not accept this method.'],
  501: ['Not implemented', 'This method is not supported.'],
};

export function errorHandler(logger: Logger): AppMiddleware {
  return async function handleErrors(ctx, next) {
    try {
      await next();
      const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
      if (isApi && ctx.status >= 400 && ctx.body == null) {
        const [error, message] = DEFAULT_ERRORS[ctx.status] ?? ['Request failed', 'The request could not be completed.'];
        const status = ctx.status;
        ctx.body = { error, message } satisfies ApiErrorBody;
        ctx.status = status;
      }
    } catch (failure) {
      const known = toHttpError(failure);
      if (known) {
        ctx.status = known.status;
        if (known.headers) ctx.set(known.headers);
        ctx.body = known.toBody();
        return;
      }
      logger.error({ err: failure, method: ctx.method, url: ctx.path }, 'Unhandled error');
      ctx.status = 500;
      ctx.body = {
        error: 'Internal server error',
        message: 'Something went wrong on our side. Please try again later.',
      } satisfies ApiErrorBody;
    }
  };
}
