/**
 * User management: the listing (listing.ts), invitations (invitations.ts), an administrator's
 * changes to other accounts (management.ts, under the rank rules of access.ts) and the signed-in
 * user's own profile (profile.ts). This file binds them to the service's configuration, log and
 * mailer; each takes the EntityManager it is handed (the request's).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Permission, Role } from '@domain/auth/roles';
import type { InviteInput, UserProfileInput } from '@domain/auth/schemas';
import type { InviteResponse, ManagedUser, SessionUser } from '@domain/auth/types';
import type { UserStatus } from '@domain/company/options';
import type { Config } from '../../config';
import type { User } from '../../entities';
import type { Mailer } from '../../platform/mailer';
import type { UserActor } from '../../types';
import type { CheckedImage } from '../files';
import { inviteUser } from './invitations';
import { listUsers } from './listing';
import { removeUser, resetUserPassword, setUserStatus, unlinkUserSso, updateUserPermissions } from './management';
import { removePhoto, setPhoto, updateProfile } from './profile';

export interface UserServiceDependencies {
  config: Config;
  logger: Logger;
  mailer: Mailer | null;
}

export function createUserService(dependencies: UserServiceDependencies) {
  return {
    list: (em: EntityManager, actor: UserActor, requestedCompany: string | undefined): Promise<ManagedUser[]> => listUsers(em, actor, requestedCompany),
    invite: (em: EntityManager, actor: UserActor, input: InviteInput): Promise<InviteResponse> => inviteUser(em, dependencies, actor, input),
    setStatus: (em: EntityManager, actor: UserActor, target: User, status: UserStatus): Promise<ManagedUser> => setUserStatus(em, actor, target, status),
    remove: (em: EntityManager, actor: UserActor, target: User): Promise<void> => removeUser(em, actor, target),
    resetPassword: (em: EntityManager, actor: UserActor, target: User, newPassword: string): Promise<void> => resetUserPassword(em, actor, target, newPassword),
    updatePermissions: (em: EntityManager, actor: UserActor, target: User, role: Role, permissions: Permission[]): Promise<ManagedUser> =>
      updateUserPermissions(em, actor, target, role, permissions),
    unlinkSso: (em: EntityManager, actor: UserActor, target: User): Promise<ManagedUser> => unlinkUserSso(em, actor, target),
    updateProfile: (em: EntityManager, actor: UserActor, input: UserProfileInput): Promise<SessionUser> => updateProfile(em, actor, input),
    setPhoto: (em: EntityManager, actor: UserActor, image: CheckedImage): Promise<SessionUser> => setPhoto(em, actor, image),
    removePhoto: (em: EntityManager, actor: UserActor): Promise<SessionUser> => removePhoto(em, actor),
  };
}

export type UserService = ReturnType<typeof createUserService>;
