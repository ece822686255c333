/** What a route requires and whether a session meets it (platform specification, sections 2 and 6). */
import { hasPermission, roleSatisfies, type Permission, type PermissionHolder, type Role } from '@domain/auth/roles';

export type RouteAccess =
  | { kind: 'public' }
  /** Any signed-in user. */
  | { kind: 'protected' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'role'; role: Role };

export const PUBLIC: RouteAccess = { kind: 'public' };
export const SIGNED_IN: RouteAccess = { kind: 'protected' };
export const needsPermission = (permission: Permission): RouteAccess => ({ kind: 'permission', permission });
export const needsRole = (role: Role): RouteAccess => ({ kind: 'role', role });

/** A global admin holds every permission (hasPermission); a role is met by any higher role. */
export function canAccess(access: RouteAccess, holder: PermissionHolder | null | undefined): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'protected':
      return Boolean(holder);
    case 'permission':
      return hasPermission(holder, access.permission);
    case 'role':
      return roleSatisfies(holder?.role, access.role);
  }
}

export type AccessDecision = 'allow' | 'loading' | 'sign-in' | 'unauthorized';

export function decideAccess(access: RouteAccess, holder: PermissionHolder | null, isLoading: boolean): AccessDecision {
  if (access.kind === 'public') return 'allow';
  if (!holder) return isLoading ? 'loading' : 'sign-in';
  return canAccess(access, holder) ? 'allow' : 'unauthorized';
}
