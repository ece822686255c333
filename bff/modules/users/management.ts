/**
 * Changes an administrator makes to another user's account: status, deletion, password and
 * permissions, each within the rank rules of access.ts.
 */
import type { EntityManager } from '@mikro-orm/core';
import { hasPermission, type Permission, type Role } from '@domain/auth/roles';
import type { ManagedUser } from '@domain/auth/types';
import { SECRET_CHANGED } from '@domain/audit/types';
import type { UserStatus } from '@domain/company/options';
import { Company, DashboardPreference, Invitation, SsoEvent, User } from '../../entities';
import { apiError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { UserActor } from '../../types';
import { changesOf, record } from '../audit';
import { deleteStoredFile } from '../files';
import { assertCanAssignRole, assertCanManage, assertNotSelf } from './access';
import { presentManagedUser } from './present';

async function managed(em: EntityManager, user: User): Promise<ManagedUser> {
  const company = await em.findOneOrFail(Company, { id: user.companyId });
  return presentManagedUser(user, company);
}

export async function setUserStatus(em: EntityManager, actor: UserActor, target: User, status: UserStatus): Promise<ManagedUser> {
  assertNotSelf(actor, target, 'You cannot change your own status');
  assertCanManage(actor, target);
  if (target.status !== status) record(em, { action: 'user_status_changed', companyId: target.companyId, target: { type: 'user', id: target.id, label: target.email }, changes: { before: { status: target.status }, after: { status } } });
  target.status = status;
  await em.flush();
  return managed(em, target);
}

export async function removeUser(em: EntityManager, actor: UserActor, target: User): Promise<void> {
  assertNotSelf(actor, target, 'You cannot delete your own account');
  assertCanManage(actor, target);
  await em.transactional(async (em) => {
    await em.nativeDelete(Invitation, { userId: target.id });
    await em.nativeDelete(DashboardPreference, { userId: target.id });
    await em.nativeDelete(User, { id: target.id });
    await deleteStoredFile(em, target.photoFileId);
    record(em, { action: 'user_deleted', companyId: target.companyId, target: { type: 'user', id: target.id, label: target.email }, changes: { before: { name: target.name, role: target.role, status: target.status } } });
  });
}

export async function resetUserPassword(em: EntityManager, actor: UserActor, target: User, newPassword: string): Promise<void> {
  assertCanManage(actor, target);
  target.passwordHash = await hashPassword(newPassword);
  // Sessions opened with the old password end, except the admin's own current one.
  if (target.id !== actor.id) target.sessionVersion += 1;
  record(em, { action: 'user_password_reset', companyId: target.companyId, target: { type: 'user', id: target.id, label: target.email }, changes: { after: { password: SECRET_CHANGED } } });
  await em.flush();
}

export async function updateUserPermissions(em: EntityManager, actor: UserActor, target: User, role: Role, permissions: Permission[]): Promise<ManagedUser> {
  assertNotSelf(actor, target, 'You cannot change your own permissions');
  assertCanManage(actor, target);
  const company = await em.findOneOrFail(Company, { id: target.companyId });
  assertCanAssignRole(actor, role, company, permissions.includes('admin:all'));
  if (!actor.isGlobalAdmin) {
    const beyondOwn = permissions.filter((permission) => !hasPermission(actor, permission));
    if (beyondOwn.length) {
      throw apiError('access_denied', { message: `You can only grant permissions you hold yourself (not ${beyondOwn.join(', ')}).` });
    }
  }
  const granted = new Set<Permission>(permissions);
  if (role === 'admin') granted.add('admin:all');
  const change = changesOf({ role: target.role, permissions: [...target.permissions].sort() }, { role, permissions: [...granted].sort() });
  if (change) record(em, { action: 'user_permissions_changed', companyId: target.companyId, target: { type: 'user', id: target.id, label: target.email }, changes: change });
  target.role = role;
  target.permissions = [...granted];
  await em.flush();
  return presentManagedUser(target, company);
}

/**
 * Unbinds the account's single sign-on identity, so its next SSO sign-in links again under the
 * linking rules (ssoSignIn.ts in the auth module). The unlink is recorded with who did it.
 */
export async function unlinkUserSso(em: EntityManager, actor: UserActor, target: User): Promise<ManagedUser> {
  assertCanManage(actor, target);
  if (target.azureId && target.ssoIssuer) {
    em.create(SsoEvent, {
      companyId: target.companyId,
      userId: target.id,
      kind: 'unlinked',
      code: null,
      issuer: target.ssoIssuer,
      subject: target.azureId,
      email: target.email,
      actorName: actor.user.name,
    });
    record(em, { action: 'sso_unlinked', companyId: target.companyId, target: { type: 'user', id: target.id, label: target.email }, changes: { before: { issuer: target.ssoIssuer, subject: target.azureId } } });
  }
  target.ssoIssuer = null;
  target.azureId = null;
  target.tenantId = null;
  target.ssoLinkedAt = null;
  await em.flush();
  return managed(em, target);
}
