import type { EntityManager } from '@mikro-orm/core';
import type { AppMiddleware, Orm } from '../types';

/**
 * Each request gets its own EntityManager, so no entity leaks from one request into another: routes
 * read it as `ctx.state.em` and pass it to the services. It is forked the first time it is read, so
 * a request answered from the session alone makes none.
 */
export function requestContext(orm: Orm): AppMiddleware {
  return (ctx, next) => {
    let em: EntityManager | undefined;
    Object.defineProperty(ctx.state, 'em', { get: () => (em ??= orm.em.fork({ disableContextResolution: true })), configurable: true });
    return next();
  };
}
