import type { Logger } from 'pino';
import type { AppMiddleware } from '../types';

/** Invitation tokens travel in addresses; they never reach the logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/auth\/validate-invitation\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}

/** One JSON line per request, written once the error middleware has settled the status. */
export function requestLogger(logger: Logger): AppMiddleware {
  return async function logRequest(ctx, next) {
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
  };
}
