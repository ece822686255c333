import cors from '@koa/cors';
import type { AppMiddleware } from '../types';

export const PUBLIC_API_PREFIX = '/api/public/';

/**
 * The embeddable widget calls the public API from customers' own sites, so only that prefix
 * answers cross-origin requests. It carries no cookies or credentials.
 */
export function publicApiCors(): AppMiddleware {
  const allowCrossOrigin = cors({
    origin: '*',
    // PATCH continues a started response.
    allowMethods: ['GET', 'POST', 'PATCH', 'OPTIONS'],
    // Idempotency-Key: a write sent again after a lost answer is stored once (platform/idempotency.ts).
    allowHeaders: ['Content-Type', 'X-API-Key', 'Idempotency-Key'],
    // The widget reads the bundle's validator and how long a rate limit lasts.
    exposeHeaders: ['ETag', 'Retry-After'],
    maxAge: 600,
    credentials: false,
  }) as AppMiddleware;
  return async function corsForPublicApi(ctx, next) {
    if (ctx.path.startsWith(PUBLIC_API_PREFIX)) return allowCrossOrigin(ctx, next);
    return next();
  };
}
