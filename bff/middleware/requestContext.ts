import { runInRequestScope } from '../platform/requestScope';
import type { AppMiddleware, Orm } from '../types';

/** Each request gets its own identity map, so no entity leaks from one request into another. */
export function requestContext(orm: Orm): AppMiddleware {
  return (_ctx, next) => runInRequestScope(orm.em, next);
}
