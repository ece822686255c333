import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Requests counted in one fixed window for one key (a client address or a survey of the public
 * API). Kept in the database so every replica sharing it counts together; written only by the
 * atomic upsert in bff/platform/rateLimit.ts.
 */
export const RateLimitBucket = defineEntity({
  name: 'RateLimitBucket',
  tableName: 'rate_limit_buckets',
  properties: {
    key: p.string().primary().length(200),
    /** The window's number: milliseconds since the epoch divided by the window's length. */
    windowId: p.integer().index(),
    hits: p.integer(),
  },
});
export type RateLimitBucket = InferEntity<typeof RateLimitBucket>;
