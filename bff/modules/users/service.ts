import type { Logger } from 'pino';
import { DEFAULT_PERMISSIONS, hasPermission, roleSatisfies, type Permission, type Role } from '@domain/auth/roles';
import type { InviteInput, UserProfileInput } from '@domain/auth/schemas';
import { MESSAGES } from '@domain/auth/schemas';
import type { InviteResponse, ManagedUser, SessionUser } from '@domain/auth/types';
import type { UserStatus } from '@domain/company/options';
import type { Config } from '../../config';
import { Company, DashboardPreference, Invitation, User } from '../../entities';
import { apiError } from '../../platform/errors';
import { companiesFor, companyFor } from '../../middleware/tenant';
import type { Orm, UserActor } from '../../types';
import { hashPassword } from '../../platform/passwords';
import { createStoredImage, deleteStoredFile, type CheckedImage } from '../files';
import { invitationLink, issueInvitation } from '../invitations';
import type { Mailer } from '../../platform/mailer';
import { normalizeEmail } from './email';
import { presentManagedUser, presentSessionUser } from './present';

export interface UserServiceDependencies {
  orm: Orm;
  config: Config;
  logger: Logger;
  mailer: Mailer | null;
}

/** Optional profile text: absent keeps the stored value, null or blank clears it. */
function nextValue(value: string | null | undefined, current: string | null): string | null {
  if (value === undefined) return current;
  return value === null || value.trim() === '' ? null : value;
}

/** Someone who manages users may not act on a user above their own rank (a Global Admin above all). */
function assertCanManage(actor: UserActor, target: User): void {
  if (actor.isGlobalAdmin) return;
  if (target.role === 'admin' || target.permissions.includes('admin:all') || !roleSatisfies(actor.role, target.role)) {
    throw apiError('access_denied', { message: 'You cannot manage a user whose role is higher than yours.' });
  }
}

function assertCanAssignRole(actor: UserActor, role: Role, company: Pick<Company, 'isInternal'>, grantsEverything: boolean): void {
  if (role === 'admin' || grantsEverything) {
    if (!actor.isGlobalAdmin) {
      throw apiError('only_global_admin_assigns', { message: 'Only a global admin can give someone the Global Admin role.' });
    }
    if (!company.isInternal) {
      throw apiError('only_global_admin_assigns', { message: 'A Global Admin must belong to the internal company.' });
    }
    return;
  }
  if (!actor.isGlobalAdmin && !roleSatisfies(actor.role, role)) {
    throw apiError('access_denied', { message: 'You cannot assign a role higher than your own.' });
  }
}

/** Changing one's own status, permissions or existence would lock an admin out by mistake. */
function assertNotSelf(actor: UserActor, target: User, error: string): void {
  if (target.id === actor.id) throw apiError('own_account', { error });
}

export function createUserService({ orm, config, logger, mailer }: UserServiceDependencies) {
  async function companyNames(companyIds: string[]): Promise<Map<string, Company>> {
    const companies = await orm.em.find(Company, { id: { $in: [...new Set(companyIds)] } });
    return new Map(companies.map((company) => [company.id, company]));
  }

  /** The signed-in user's own row, loaded to be changed (the request's actor is a read-only snapshot). */
  function ownRecord(actor: UserActor): Promise<User> {
    return orm.em.findOneOrFail(User, { id: actor.id });
  }

  async function managed(user: User): Promise<ManagedUser> {
    const company = await orm.em.findOneOrFail(Company, { id: user.companyId });
    return presentManagedUser(user, company);
  }

  async function sendInvitation(user: User, company: Pick<Company, 'name'>, link: string, expiresAt: Date): Promise<boolean> {
    if (!mailer) return false;
    try {
      await mailer.send({
        to: user.email,
        subject: `You are invited to ${company.name} on Navout`,
        text: [
          `Hello ${user.name},`,
          '',
          `You have been invited to join ${company.name} on Navout.`,
          'Open this link to choose your password and activate your account:',
          link,
          '',
          `The link works once and expires on ${expiresAt.toUTCString()}.`,
        ].join('\n'),
      });
      return true;
    } catch (failure) {
      logger.warn({ err: failure, email: user.email }, 'Invitation e-mail could not be sent');
      return false;
    }
  }

  return {
    async list(actor: UserActor, requestedCompany: string | undefined): Promise<ManagedUser[]> {
      const companyId = await companiesFor(orm.em, actor, requestedCompany);
      const users = await orm.em.find(User, companyId ? { companyId } : {}, { orderBy: { name: 'asc', id: 'asc' } });
      const companies = await companyNames(users.map((user) => user.companyId));
      return users.map((user) => presentManagedUser(user, companies.get(user.companyId)!));
    },

    async invite(actor: UserActor, input: InviteInput): Promise<InviteResponse> {
      const requested = input.companyId || null;
      let company: Pick<Company, 'id' | 'name' | 'isInternal'>;
      if (actor.isGlobalAdmin && !requested) {
        throw apiError('validation_failed', { error: MESSAGES.companyRequired, fields: { companyId: MESSAGES.companyRequired } });
      }
      const companyId = await companyFor(orm.em, actor, requested);
      if (actor.isGlobalAdmin) company = await orm.em.findOneOrFail(Company, { id: companyId });
      else company = actor.company;
      const role = input.role;
      assertCanAssignRole(actor, role, company, false);

      const email = normalizeEmail(input.email);
      const existing = await orm.em.findOne(User, { email });
      // Inviting someone again who never activated replaces their link; anyone else is taken.
      if (existing && (existing.status !== 'invited' || existing.companyId !== company.id)) {
        throw apiError('email_taken');
      }

      const { user, token, expiresAt } = await orm.em.transactional(async (em) => {
        const invitee =
          existing ??
          em.create(User, { email, name: input.name, role, status: 'invited', permissions: [], companyId: company.id });
        invitee.name = input.name;
        invitee.role = role;
        invitee.permissions = [...DEFAULT_PERMISSIONS[role]];
        const issued = await issueInvitation(em, invitee);
        return { user: invitee, token: issued.token, expiresAt: issued.invitation.expiresAt };
      });

      const link = invitationLink(config.publicUrl, token);
      logger.info({ email: user.email, companyId: company.id, invitationLink: link }, 'Invitation created');
      const emailSent = await sendInvitation(user, company, link, expiresAt);
      return { user: presentManagedUser(user, company), invitationLink: link, expiresAt: expiresAt.toISOString(), emailSent };
    },

    async setStatus(actor: UserActor, target: User, status: UserStatus): Promise<ManagedUser> {
      assertNotSelf(actor, target, 'You cannot change your own status');
      assertCanManage(actor, target);
      target.status = status;
      await orm.em.flush();
      return managed(target);
    },

    async remove(actor: UserActor, target: User): Promise<void> {
      assertNotSelf(actor, target, 'You cannot delete your own account');
      assertCanManage(actor, target);
      await orm.em.transactional(async (em) => {
        await em.nativeDelete(Invitation, { userId: target.id });
        await em.nativeDelete(DashboardPreference, { userId: target.id });
        await em.nativeDelete(User, { id: target.id });
        await deleteStoredFile(em, target.photoFileId);
      });
    },

    async resetPassword(actor: UserActor, target: User, newPassword: string): Promise<void> {
      assertCanManage(actor, target);
      target.passwordHash = await hashPassword(newPassword);
      // Sessions opened with the old password end, except the admin's own current one.
      if (target.id !== actor.id) target.sessionVersion += 1;
      await orm.em.flush();
    },

    async updatePermissions(actor: UserActor, target: User, role: Role, permissions: Permission[]): Promise<ManagedUser> {
      assertNotSelf(actor, target, 'You cannot change your own permissions');
      assertCanManage(actor, target);
      const company = await orm.em.findOneOrFail(Company, { id: target.companyId });
      assertCanAssignRole(actor, role, company, permissions.includes('admin:all'));
      if (!actor.isGlobalAdmin) {
        const beyondOwn = permissions.filter((permission) => !hasPermission(actor, permission));
        if (beyondOwn.length) {
          throw apiError('access_denied', { message: `You can only grant permissions you hold yourself (not ${beyondOwn.join(', ')}).` });
        }
      }
      const granted = new Set<Permission>(permissions);
      if (role === 'admin') granted.add('admin:all');
      target.role = role;
      target.permissions = [...granted];
      await orm.em.flush();
      return presentManagedUser(target, company);
    },

    async updateProfile(actor: UserActor, input: UserProfileInput): Promise<SessionUser> {
      const user = await ownRecord(actor);
      user.profileName = input.profileName;
      user.phone = nextValue(input.phone, user.phone);
      user.department = nextValue(input.department, user.department);
      user.jobTitle = nextValue(input.jobTitle, user.jobTitle);
      user.bio = nextValue(input.bio, user.bio);
      await orm.em.flush();
      return presentSessionUser(user);
    },

    async setPhoto(actor: UserActor, image: CheckedImage): Promise<SessionUser> {
      const user = await ownRecord(actor);
      await orm.em.transactional(async (em) => {
        const previous = user.photoFileId;
        user.photoFileId = createStoredImage(em, user.companyId, 'user_photo', image).id;
        await em.flush();
        await deleteStoredFile(em, previous);
      });
      return presentSessionUser(user);
    },

    async removePhoto(actor: UserActor): Promise<SessionUser> {
      const user = await ownRecord(actor);
      await orm.em.transactional(async (em) => {
        const previous = user.photoFileId;
        user.photoFileId = null;
        await em.flush();
        await deleteStoredFile(em, previous);
      });
      return presentSessionUser(user);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
