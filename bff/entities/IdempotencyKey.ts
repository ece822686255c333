import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A write sent with an Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header) and the
 * answer it was given: the widget's response writes and POST /api/v1/events. Written in the
 * transaction of the write itself, so a write is never stored without its key, and a retry after
 * a lost answer (a process killed, a connection dropped) is answered from here rather than stored
 * twice (bff/platform/idempotency.ts). Kept until `expiresAt` (a day), then deleted.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    /** SHA-256 (hex) of the route, its scope (the survey, the response or the company) and the key as sent. */
    id: p.string().primary().length(64),
    /** The route the key was sent to, for reading the table. */
    route: p.string().length(40),
    /** SHA-256 (hex) of the request body: the same key with another body is refused. */
    fingerprint: p.string().length(64),
    /** The answer's status and JSON body, replayed as they were. */
    status: p.integer(),
    body: p.text(),
    createdAt: p.datetime().fieldName('created_at'),
    expiresAt: p.datetime().fieldName('expires_at'),
  },
  // The sweep of expired keys.
  indexes: [{ name: 'idempotency_keys_expires_at_index', properties: ['expiresAt'] }],
});
export type IdempotencyKey = InferEntity<typeof IdempotencyKey>;
