import { EntitySchema } from '@mikro-orm/core';
import type { Permission, Role } from '@domain/auth/roles';
import type { UserStatus } from '@domain/company/options';
import { BaseRecord, BaseRecordSchema } from './BaseRecord';

export class User extends BaseRecord<NullableUserField> {
  /** Always stored lower-cased, so look-ups are case-insensitive on every database. */
  email!: string;
  name!: string;
  /** Null until an invited user activates their account. */
  passwordHash: string | null = null;
  role!: Role;
  status!: UserStatus;
  permissions!: Permission[];
  companyId!: string;
  profileName: string | null = null;
  phone: string | null = null;
  department: string | null = null;
  jobTitle: string | null = null;
  bio: string | null = null;
  photoFileId: string | null = null;
  /** The identity provider's object id (oid), recorded at the first single sign-on. */
  azureId: string | null = null;
  tenantId: string | null = null;
  /** Carried by every session token; raising it (password reset) ends the user's existing sessions. */
  sessionVersion = 0;
}

type NullableUserField =
  | 'passwordHash'
  | 'profileName'
  | 'phone'
  | 'department'
  | 'jobTitle'
  | 'bio'
  | 'photoFileId'
  | 'azureId'
  | 'tenantId'
  | 'sessionVersion';

export const UserSchema = new EntitySchema<User, BaseRecord>({
  class: User,
  extends: BaseRecordSchema,
  tableName: 'users',
  properties: {
    email: { type: 'string', unique: true },
    name: { type: 'string' },
    passwordHash: { type: 'string', nullable: true },
    role: { type: 'string' },
    status: { type: 'string' },
    permissions: { type: 'json' },
    // A relation (kept as the bare id) so the unit of work writes companies before their users.
    companyId: { kind: 'm:1', entity: 'Company', mapToPk: true, fieldName: 'company_id' },
    profileName: { type: 'string', nullable: true },
    phone: { type: 'string', nullable: true },
    department: { type: 'string', nullable: true },
    jobTitle: { type: 'string', nullable: true },
    bio: { type: 'text', nullable: true },
    photoFileId: { type: 'string', nullable: true },
    azureId: { type: 'string', nullable: true, unique: true },
    tenantId: { type: 'string', nullable: true },
    sessionVersion: { type: 'integer' },
  },
});
