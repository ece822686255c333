/**
 * User management: the listing (listing.ts), invitations (invitations.ts), an administrator's
 * changes to other accounts (management.ts, under the rank rules of access.ts) and the signed-in
 * user's own profile (profile.ts). This file binds them to the service's database, configuration,
 * log and mailer.
 */
import type { Logger } from 'pino';
import type { Permission, Role } from '@domain/auth/roles';
import type { InviteInput, UserProfileInput } from '@domain/auth/schemas';
import type { InviteResponse, ManagedUser, SessionUser } from '@domain/auth/types';
import type { UserStatus } from '@domain/company/options';
import type { Config } from '../../config';
import type { User } from '../../entities';
import type { Mailer } from '../../platform/mailer';
import type { Orm, UserActor } from '../../types';
import type { CheckedImage } from '../files';
import { inviteUser } from './invitations';
import { listUsers } from './listing';
import { removeUser, resetUserPassword, setUserStatus, unlinkUserSso, updateUserPermissions } from './management';
import { removePhoto, setPhoto, updateProfile } from './profile';

export interface UserServiceDependencies {
  orm: Orm;
  config: Config;
  logger: Logger;
  mailer: Mailer | null;
}

export function createUserService(dependencies: UserServiceDependencies) {
  const { orm } = dependencies;
  return {
    list: (actor: UserActor, requestedCompany: string | undefined): Promise<ManagedUser[]> => listUsers(orm, actor, requestedCompany),
    invite: (actor: UserActor, input: InviteInput): Promise<InviteResponse> => inviteUser(dependencies, actor, input),
    setStatus: (actor: UserActor, target: User, status: UserStatus): Promise<ManagedUser> => setUserStatus(orm, actor, target, status),
    remove: (actor: UserActor, target: User): Promise<void> => removeUser(orm, actor, target),
    resetPassword: (actor: UserActor, target: User, newPassword: string): Promise<void> => resetUserPassword(orm, actor, target, newPassword),
    updatePermissions: (actor: UserActor, target: User, role: Role, permissions: Permission[]): Promise<ManagedUser> =>
      updateUserPermissions(orm, actor, target, role, permissions),
    unlinkSso: (actor: UserActor, target: User): Promise<ManagedUser> => unlinkUserSso(orm, actor, target),
    updateProfile: (actor: UserActor, input: UserProfileInput): Promise<SessionUser> => updateProfile(orm, actor, input),
    setPhoto: (actor: UserActor, image: CheckedImage): Promise<SessionUser> => setPhoto(orm, actor, image),
    removePhoto: (actor: UserActor): Promise<SessionUser> => removePhoto(orm, actor),
  };
}

export type UserService = ReturnType<typeof createUserService>;
