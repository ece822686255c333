import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { nullable, record } from './BaseRecord';
import { User } from './User';

/** A single-use activation link. Only the SHA-256 of its token is kept: a database leak reveals no usable link. */
export const Invitation = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  properties: record({
    userId: p.manyToOne(User).mapToPk().fieldName('user_id').index().updateRule('no action'),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: nullable(p.datetime()),
  }),
});
export type Invitation = InferEntity<typeof Invitation>;
