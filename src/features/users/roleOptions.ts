/** Which roles an administrator may hand out (platform specification, sections 5 and 6). */
import { DEFAULT_PERMISSIONS, ROLE_LABELS, type Permission, type Role } from '@domain/auth/roles';
import type { Company } from '@domain/auth/types';
import { ALL_COMPANIES } from '@/lib/session';

export interface RoleAssigner {
  /** The signed-in user's role. */
  role: Role;
  /** The company filter: 'all' or a company id. */
  companyFilter: string;
  /** The company being viewed when the filter names one. */
  viewedCompany: Pick<Company, 'isInternal'> | null | undefined;
}

/**
 * Only a global admin creates global admins, and only while viewing all companies or the internal
 * company: a global admin belongs to the company that runs the platform, never to a customer.
 */
export function canAssignGlobalAdmin({ role, companyFilter, viewedCompany }: RoleAssigner): boolean {
  if (role !== 'admin') return false;
  return companyFilter === ALL_COMPANIES || viewedCompany?.isInternal === true;
}

export interface RoleOption {
  value: Role;
  label: string;
  /** Shown so the current value stays readable, but cannot be chosen. */
  disabled: boolean;
}

/**
 * The role choices of the invite form and the permission editor. A user who already is a global
 * admin keeps that option visible (disabled) for an assigner who may not grant it.
 */
export function roleOptions(assigner: RoleAssigner, currentRole?: Role): RoleOption[] {
  const mayGrantGlobalAdmin = canAssignGlobalAdmin(assigner);
  const options: RoleOption[] = [
    { value: 'user', label: ROLE_LABELS.user, disabled: false },
    { value: 'company_admin', label: ROLE_LABELS.company_admin, disabled: false },
  ];
  if (mayGrantGlobalAdmin || currentRole === 'admin') {
    options.push({ value: 'admin', label: ROLE_LABELS.admin, disabled: !mayGrantGlobalAdmin });
  }
  return options;
}

/** Choosing a role starts from that role's default permission set (specification, section 6). */
export function permissionsForRole(role: Role): Permission[] {
  return [...DEFAULT_PERMISSIONS[role]];
}
