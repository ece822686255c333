/**
 * Roles and permissions (platform specification, section 6). The single source of truth for the
 * dashboard's guards and menus and for the BFF's route guards.
 */

export const ROLES = ['admin', 'company_admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Global Admin',
  company_admin: 'Company Admin',
  user: 'User',
};

export const PERMISSIONS = [
  'dashboard:read',
  'data_sources:read',
  'data_sources:write',
  'models:read',
  'models:write',
  'api:read',
  'api:write',
  'plans:read',
  'plans:write',
  'users:read',
  'users:write',
  'admin:all',
  // Used by menu checks only; never granted by default.
  'companies:write',
  'users:permissions',
  'settings:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  'dashboard:read': 'View dashboard',
  'data_sources:read': 'View data sources',
  'data_sources:write': 'Manage data sources',
  'models:read': 'View models',
  'models:write': 'Tune models',
  'api:read': 'View outbound API',
  'api:write': 'Manage outbound API',
  'plans:read': 'View plans',
  'plans:write': 'Manage plans',
  'users:read': 'View users',
  'users:write': 'Manage users',
  'admin:all': 'Full access',
  'companies:write': 'Manage companies',
  'users:permissions': 'Manage permissions',
  'settings:write': 'Manage settings',
};

/** Permission sets applied when a user's role changes. */
export const DEFAULT_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['admin:all'],
  company_admin: [
    'dashboard:read',
    'data_sources:read',
    'data_sources:write',
    'models:read',
    'models:write',
    'api:read',
    'api:write',
    'users:read',
    'users:write',
  ],
  user: ['dashboard:read'],
};

const RANK: Record<Role, number> = { user: 1, company_admin: 2, admin: 3 };

/** admin satisfies every role; company_admin satisfies company_admin and user. */
export function roleSatisfies(actual: Role | null | undefined, required: Role): boolean {
  if (!actual) return false;
  return RANK[actual] >= RANK[required];
}

export interface PermissionHolder {
  role: Role;
  permissions: readonly string[];
}

/** Role admin or the admin:all permission: every permission, in every company it may reach. */
export function holdsGlobalAdmin(holder: PermissionHolder): boolean {
  return holder.role === 'admin' || holder.permissions.includes('admin:all');
}

/**
 * A global admin reaches every company, but only as a member of the internal company: anywhere
 * else the role would be a data error, and it grants nothing beyond that member's own company.
 */
export function isGlobalAdmin(holder: PermissionHolder, company: { isInternal: boolean } | null | undefined): boolean {
  return holdsGlobalAdmin(holder) && company?.isInternal === true;
}

/** A global admin (role admin or admin:all) holds every permission. */
export function hasPermission(holder: PermissionHolder | null | undefined, permission: Permission): boolean {
  if (!holder) return false;
  if (holdsGlobalAdmin(holder)) return true;
  return holder.permissions.includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
