/**
 * The one error middleware: every failure leaves the BFF as JSON `{ error, message, code }` (plus
 * `fields` for validation errors) with the right status. Routes throw; they never catch. The
 * failures themselves (HttpError, apiError) are in platform/errors.ts; codes and their wording are
 * defined in src/domain/errors.ts.
 */
import type { Logger } from 'pino';
import type { ErrorCode } from '@domain/errors';
import { apiError, toHttpError } from '../platform/errors';
import type { AppMiddleware } from '../types';
import { discardUnreadBody } from './discardBody';

/** Statuses set without a body (by the router for unknown routes and methods). */
const DEFAULT_ERRORS: Record<number, ErrorCode> = {
  404: 'route_not_found',
  405: 'method_not_allowed',
  501: 'not_implemented',
};

/** What a socket reports when the client hung up while its answer was still being written. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/**
 * Koa's 'error' event: a streamed answer (a file, a compressed body) failed after its headers
 * were sent. A visitor who closes the page mid-download is no fault of the server, so it is
 * logged at debug; anything else is an error.
 */
export function logResponseFailure(logger: Logger) {
  return function onResponseFailure(failure: unknown, ctx?: { method: string; path: string }) {
    const where = ctx ? { method: ctx.method, url: ctx.path } : {};
    const code = (failure as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && CLIENT_GONE.has(code)) {
      logger.debug({ ...where, code }, 'The client closed the connection before its answer was sent');
      return;
    }
    logger.error({ err: failure, ...where }, 'Response failed');
  };
}

export function errorHandler(logger: Logger): AppMiddleware {
  return async function handleErrors(ctx, next) {
    try {
      await next();
      const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
      if (isApi && ctx.status >= 400 && ctx.body == null) {
        const status = ctx.status;
        ctx.body = apiError(DEFAULT_ERRORS[status] ?? 'request_failed').toBody();
        ctx.status = status;
      }
    } catch (failure) {
      // A refused upload may still be arriving: take it in, so the client reads this answer.
      await discardUnreadBody(ctx.req);
      const known = toHttpError(failure);
      if (known) {
        ctx.status = known.status;
        if (known.headers) ctx.set(known.headers);
        ctx.body = known.toBody();
        return;
      }
      logger.error({ err: failure, method: ctx.method, url: ctx.path }, 'Unhandled error');
      ctx.status = 500;
      ctx.body = apiError('internal_error').toBody();
    }
  };
}
