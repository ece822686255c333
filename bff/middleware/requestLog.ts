import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { withLogContext } from '../logger';
import type { AppMiddleware } from '../types';

/** A request id a proxy or load balancer already gave the request is kept when it is this plain. */
const FORWARDED_REQUEST_ID = /^[\w.:@-]{1,100}$/;

/** The request's id: the X-Request-Id it came with, when plain, or a new one. */
export function requestId(header: string | string[] | undefined): string {
  const forwarded = Array.isArray(header) ? header[0] : header;
  return forwarded && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
}

/** Invitation tokens travel in addresses; they never reach the logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/auth\/validate-invitation\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}

/**
 * One JSON line per request, written once the error middleware has settled the status. The request
 * gets its id here (answered in X-Request-Id): every line logged while it runs carries it as reqId.
 */
export function requestLogger(logger: Logger): AppMiddleware {
  return function logRequest(ctx, next) {
    const reqId = requestId(ctx.headers['x-request-id']);
    ctx.set('X-Request-Id', reqId);
    return withLogContext({ reqId }, async () => {
      const started = performance.now();
      try {
        await next();
      } finally {
        logger.info(
          {
            method: ctx.method,
            url: redactUrl(ctx.originalUrl),
            status: ctx.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
          },
          'request',
        );
      }
    });
  };
}
