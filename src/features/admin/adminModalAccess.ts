/**
 * Who may open which administration modal. The header's user menu shows an entry only when this
 * says yes, and the modal provider refuses the rest. The server checks every call again.
 */
import type { SessionContextValue } from '@/features/auth/session';

export const ADMIN_MODAL_NAMES = ['companies', 'users', 'permissions', 'companyProfile', 'profileSettings'] as const;
export type AdminModalName = (typeof ADMIN_MODAL_NAMES)[number];

type Access = Pick<SessionContextValue, 'hasPermission' | 'hasRole'>;

const RULES: Record<AdminModalName, (access: Access) => boolean> = {
  companies: ({ hasRole }) => hasRole('admin'),
  users: ({ hasPermission }) => hasPermission('users:read'),
  // company_admin's default permission set has neither users:permissions nor settings:write,
  // yet both screens are theirs by role (specification, section 6).
  permissions: ({ hasPermission, hasRole }) => hasRole('company_admin') || hasPermission('users:permissions'),
  companyProfile: ({ hasPermission, hasRole }) => hasRole('company_admin') || hasPermission('settings:write'),
  profileSettings: () => true,
};

export function canOpenAdminModal(name: AdminModalName, access: Access): boolean {
  return RULES[name](access);
}
