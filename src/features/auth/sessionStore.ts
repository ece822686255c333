/**
 * How the session is kept in browser storage (platform specification, section 3): token,
 * auth_user, auth_role, auth_company and auth_permissions in localStorage, JSON where structured.
 */
import { isPermission, isRole, type Permission } from '@domain/auth/roles';
import type { Company, SessionUser } from '@domain/auth/types';
import type { Session } from '@/lib/session';
import { AUTH_STORAGE_KEYS, readJson, STORAGE_KEYS, writeJson } from '@/lib/storage';

/**
 * The stored session, or null unless user, role, company and token all exist: a partial record
 * (an interrupted sign-out, a hand-edited storage) is not trusted.
 */
export function readStoredSession(): Session | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const role = localStorage.getItem(STORAGE_KEYS.role);
  const user = readJson<SessionUser>(STORAGE_KEYS.user);
  const company = readJson<Company>(STORAGE_KEYS.company);
  if (!token || !isRole(role) || !isObject(user) || !isObject(company)) return null;
  const stored = readJson<unknown>(STORAGE_KEYS.permissions);
  const permissions: Permission[] = Array.isArray(stored) ? stored.filter(isPermission) : [];
  return { token, user, role, company, permissions };
}

export function writeStoredSession(session: Session): void {
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.role, session.role);
  writeJson(STORAGE_KEYS.user, session.user);
  writeJson(STORAGE_KEYS.company, session.company);
  writeJson(STORAGE_KEYS.permissions, session.permissions);
}

export function clearStoredSession(): void {
  for (const key of AUTH_STORAGE_KEYS) localStorage.removeItem(key);
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
