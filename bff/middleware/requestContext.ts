import { runInRequestScope } from '../platform/requestScope';
import type { AppMiddleware, Orm } from '../types';

/**
 * Each request gets its own EntityManager, so no entity leaks from one request into another: routes
 * read it as `ctx.state.em` and pass it to the services. It is forked the first time it is read.
 */
export function requestContext(orm: Orm): AppMiddleware {
  return (ctx, next) =>
    runInRequestScope(orm.em, (scope) => {
      Object.defineProperty(ctx.state, 'em', { get: () => scope.em, configurable: true });
      return next();
    });
}
