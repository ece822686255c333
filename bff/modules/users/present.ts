import { isPermission, type Permission } from '@domain/auth/roles';
import type { ManagedUser, SessionUser } from '@domain/auth/types';
import type { Company, User } from '../../entities';
import type { UserSnapshot } from '../../types';
import { fileUrl } from '../files';

export function permissionsOf(user: Pick<User, 'permissions'>): Permission[] {
  return user.permissions.filter(isPermission);
}

export function presentSessionUser(user: UserSnapshot): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    companyId: user.companyId,
    profileName: user.profileName,
    phone: user.phone,
    department: user.department,
    jobTitle: user.jobTitle,
    bio: user.bio,
    photoUrl: fileUrl(user.photoFileId),
    azureId: user.azureId,
    tenantId: user.tenantId,
  };
}

export function presentManagedUser(user: User, company: Pick<Company, 'id' | 'name'>): ManagedUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    permissions: permissionsOf(user),
    companyId: user.companyId,
    company: { id: company.id, name: company.name },
    profileName: user.profileName,
    photoUrl: fileUrl(user.photoFileId),
    createdAt: user.createdAt.toISOString(),
    sso:
      user.ssoIssuer && user.azureId
        ? { issuer: user.ssoIssuer, tenantId: user.tenantId, subject: user.azureId, linkedAt: user.ssoLinkedAt?.toISOString() ?? null }
        : null,
  };
}
