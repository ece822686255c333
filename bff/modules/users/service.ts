import type { Logger } from 'pino';
import { DEFAULT_PERMISSIONS, hasPermission, roleSatisfies, type Permission, type Role } from '@domain/auth/roles';
import type { InviteInput, UserProfileInput } from '@domain/auth/schemas';
import { MESSAGES } from '@domain/auth/schemas';
import type { InviteResponse, ManagedUser, SessionUser } from '@domain/auth/types';
import type { UserStatus } from '@domain/company/options';
import type { Config } from '../../config';
import type { Orm } from '../../db';
import { Company, Invitation, User } from '../../entities';
import { badRequest, conflict, forbidden } from '../../middleware/errors';
import { findCompanyInReach, scopedCompanyFilter } from '../../middleware/tenant';
import type { Actor } from '../../types';
import { EMAIL_EXISTS, ONLY_GLOBAL_ADMIN_ASSIGNS } from '../auth/messages';
import { hashPassword } from '../auth/passwords';
import { normalizeEmail } from '../auth/service';
import { createStoredImage, deleteStoredFile, type CheckedImage } from '../files/service';
import { invitationLink, issueInvitation } from '../invitations/service';
import type { Mailer } from '../invitations/mailer';
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
function assertCanManage(actor: Actor, target: User): void {
  if (actor.isGlobalAdmin) return;
  if (target.role === 'admin' || target.permissions.includes('admin:all') || !roleSatisfies(actor.role, target.role)) {
    throw forbidden('Access denied', 'You cannot manage a user whose role is higher than yours.');
  }
}

function assertCanAssignRole(actor: Actor, role: Role, company: Company, grantsEverything: boolean): void {
  if (role === 'admin' || grantsEverything) {
    if (!actor.isGlobalAdmin) throw forbidden(ONLY_GLOBAL_ADMIN_ASSIGNS, 'Only a global admin can give someone the Global Admin role.');
    if (!company.isInternal) {
      throw forbidden(ONLY_GLOBAL_ADMIN_ASSIGNS, 'A Global Admin must belong to the internal company.');
    }
    return;
  }
  if (!actor.isGlobalAdmin && !roleSatisfies(actor.role, role)) {
    throw forbidden('Access denied', 'You cannot assign a role higher than your own.');
  }
}

export function createUserService({ orm, config, logger, mailer }: UserServiceDependencies) {
  async function companyNames(companyIds: string[]): Promise<Map<string, Company>> {
    const companies = await orm.em.find(Company, { id: { $in: [...new Set(companyIds)] } });
    return new Map(companies.map((company) => [company.id, company]));
  }

  async function managed(user: User): Promise<ManagedUser> {
    const company = await orm.em.findOneOrFail(Company, { id: user.companyId });
    return presentManagedUser(user, company);
  }

  async function sendInvitation(user: User, company: Company, link: string, expiresAt: Date): Promise<boolean> {
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
    async list(actor: Actor, requestedCompany: unknown): Promise<ManagedUser[]> {
      const companyId = scopedCompanyFilter(actor, requestedCompany);
      const users = await orm.em.find(User, companyId ? { companyId } : {}, { orderBy: { name: 'asc', id: 'asc' } });
      const companies = await companyNames(users.map((user) => user.companyId));
      return users.map((user) => presentManagedUser(user, companies.get(user.companyId)!));
    },

    async invite(actor: Actor, input: InviteInput): Promise<InviteResponse> {
      const requested = input.companyId || null;
      let company: Company;
      if (actor.isGlobalAdmin) {
        if (!requested) throw badRequest(MESSAGES.companyRequired, MESSAGES.companyRequired, { companyId: MESSAGES.companyRequired });
        company = await findCompanyInReach(orm, actor, requested);
      } else {
        if (requested && requested !== actor.companyId) {
          throw forbidden('Access denied', 'You can only invite users into your own company.');
        }
        company = actor.company;
      }
      const role = input.role as Role;
      assertCanAssignRole(actor, role, company, false);

      const email = normalizeEmail(input.email);
      const existing = await orm.em.findOne(User, { email });
      // Inviting someone again who never activated replaces their link; anyone else is taken.
      if (existing && (existing.status !== 'invited' || existing.companyId !== company.id)) {
        throw conflict(EMAIL_EXISTS, 'An account with this e-mail address already exists.');
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

    async setStatus(actor: Actor, target: User, status: UserStatus): Promise<ManagedUser> {
      if (target.id === actor.id) throw badRequest('You cannot change your own status');
      assertCanManage(actor, target);
      target.status = status;
      await orm.em.flush();
      return managed(target);
    },

    async remove(actor: Actor, target: User): Promise<void> {
      if (target.id === actor.id) throw badRequest('You cannot delete your own account');
      assertCanManage(actor, target);
      await orm.em.transactional(async (em) => {
        await em.nativeDelete(Invitation, { userId: target.id });
        await em.nativeDelete(User, { id: target.id });
        await deleteStoredFile(em, target.photoFileId);
      });
    },

    async resetPassword(actor: Actor, target: User, newPassword: string): Promise<void> {
      assertCanManage(actor, target);
      target.passwordHash = await hashPassword(newPassword);
      // Sessions opened with the old password end, except the admin's own current one.
      if (target.id !== actor.id) target.sessionVersion += 1;
      await orm.em.flush();
    },

    async updatePermissions(actor: Actor, target: User, role: Role, permissions: Permission[]): Promise<ManagedUser> {
      if (target.id === actor.id) throw badRequest('You cannot change your own permissions');
      assertCanManage(actor, target);
      const company = await orm.em.findOneOrFail(Company, { id: target.companyId });
      assertCanAssignRole(actor, role, company, permissions.includes('admin:all'));
      if (!actor.isGlobalAdmin) {
        const beyondOwn = permissions.filter((permission) => !hasPermission(actor, permission));
        if (beyondOwn.length) {
          throw forbidden('Access denied', `You can only grant permissions you hold yourself (not ${beyondOwn.join(', ')}).`);
        }
      }
      const granted = new Set<Permission>(permissions);
      if (role === 'admin') granted.add('admin:all');
      target.role = role;
      target.permissions = [...granted];
      await orm.em.flush();
      return presentManagedUser(target, company);
    },

    async updateProfile(actor: Actor, input: UserProfileInput): Promise<SessionUser> {
      const user = actor.user;
      user.profileName = input.profileName;
      user.phone = nextValue(input.phone, user.phone);
      user.department = nextValue(input.department, user.department);
      user.jobTitle = nextValue(input.jobTitle, user.jobTitle);
      user.bio = nextValue(input.bio, user.bio);
      await orm.em.flush();
      return presentSessionUser(user);
    },

    async setPhoto(actor: Actor, image: CheckedImage): Promise<SessionUser> {
      const user = actor.user;
      await orm.em.transactional(async (em) => {
        const previous = user.photoFileId;
        user.photoFileId = createStoredImage(em, user.companyId, 'user_photo', image).id;
        await em.flush();
        await deleteStoredFile(em, previous);
      });
      return presentSessionUser(user);
    },

    async removePhoto(actor: Actor): Promise<SessionUser> {
      const user = actor.user;
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
