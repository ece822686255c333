import { ApiKey } from './ApiKey';
import { Company } from './Company';
import { Invitation } from './Invitation';
import { StoredFile } from './StoredFile';
import { User } from './User';

export const ENTITIES = [Company, User, Invitation, StoredFile, ApiKey];

// Each name is both the entity (em.find(User, ...)) and its type (user: User).
export { ApiKey } from './ApiKey';
export { Company } from './Company';
export { Invitation } from './Invitation';
export { StoredFile, type StoredFileKind } from './StoredFile';
export { User } from './User';
