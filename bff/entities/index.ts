import { BaseRecordSchema } from './BaseRecord';
import { CompanySchema } from './Company';
import { InvitationSchema } from './Invitation';
import { StoredFileSchema } from './StoredFile';
import { UserSchema } from './User';

export const ENTITIES = [BaseRecordSchema, CompanySchema, UserSchema, InvitationSchema, StoredFileSchema];

export { Company } from './Company';
export { Invitation } from './Invitation';
export { StoredFile, type StoredFileKind } from './StoredFile';
export { User } from './User';
