import { EntitySchema } from '@mikro-orm/core';
import { BaseRecord, BaseRecordSchema } from './BaseRecord';

/** A single-use activation link. Only the SHA-256 of its token is kept: a database leak reveals no usable link. */
export class Invitation extends BaseRecord<'usedAt'> {
  userId!: string;
  tokenHash!: string;
  expiresAt!: Date;
  usedAt: Date | null = null;
}

export const InvitationSchema = new EntitySchema<Invitation, BaseRecord>({
  class: Invitation,
  extends: BaseRecordSchema,
  tableName: 'invitations',
  properties: {
    userId: { kind: 'm:1', entity: 'User', mapToPk: true, fieldName: 'user_id' },
    tokenHash: { type: 'string', length: 64, unique: true },
    expiresAt: { type: 'Date' },
    usedAt: { type: 'Date', nullable: true },
  },
});
