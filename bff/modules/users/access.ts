/**
 * Who may act on whom: the rank rules every change to another user's account goes through.
 */
import { roleSatisfies, type Role } from '@domain/auth/roles';
import type { Company, User } from '../../entities';
import { apiError } from '../../platform/errors';
import type { UserActor } from '../../types';

/** Someone who manages users may not act on a user above their own rank (a Global Admin above all). */
export function assertCanManage(actor: UserActor, target: User): void {
  if (actor.isGlobalAdmin) return;
  if (target.role === 'admin' || target.permissions.includes('admin:all') || !roleSatisfies(actor.role, target.role)) {
    throw apiError('access_denied', { message: 'You cannot manage a user whose role is higher than yours.' });
  }
}

export function assertCanAssignRole(actor: UserActor, role: Role, company: Pick<Company, 'isInternal'>, grantsEverything: boolean): void {
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
export function assertNotSelf(actor: UserActor, target: User, error: string): void {
  if (target.id === actor.id) throw apiError('own_account', { error });
}
