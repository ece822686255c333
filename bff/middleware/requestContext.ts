import { RequestContext } from '@mikro-orm/core';
import type { Orm } from '../db';
import type { AppMiddleware } from '../types';

/** Each request gets its own identity map, so no entity leaks from one request into another. */
export function requestContext(orm: Orm): AppMiddleware {
  return (_ctx, next) => RequestContext.create(orm.em, next);
}
