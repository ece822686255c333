/** Browser storage keys (platform specification, section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'auth_user',
  role: 'auth_role',
  company: 'auth_company',
  permissions: 'auth_permissions',
  companyFilter: 'adminCompanyFilter',
  theme: 'theme',
  /** The survey draft CreateIQ saves to (data document, section 3, "Browser storage used here"). */
  currentDraftId: 'currentDraftId',
} as const;

/** Everything a sign-out must clear. */
export const AUTH_STORAGE_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.user,
  STORAGE_KEYS.role,
  STORAGE_KEYS.company,
  STORAGE_KEYS.permissions,
  STORAGE_KEYS.companyFilter,
] as const;

export function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}
