/**
 * The signed-in session as the whole dashboard sees it. AuthProvider (AuthProvider.tsx) owns
 * the state and its storage; everything else reads it through these hooks.
 */
import { createContext, useContext } from 'react';
import type { AuthResponse, Company, SessionUser } from '@domain/auth/types';
import type { Permission, Role } from '@domain/auth/roles';

export interface Session {
  token: string;
  user: SessionUser;
  role: Role;
  company: Company;
  permissions: Permission[];
}

export interface SessionContextValue {
  session: Session | null;
  /** True while a stored identity-provider account is being verified at start-up. */
  isLoading: boolean;
  /** Stores a login, registration, activation or SSO answer and makes it the session. */
  signIn: (answer: AuthResponse) => void;
  /** Clears every stored auth item. Navigation to /login is the caller's. */
  signOut: () => void;
  /** Replaces parts of the stored user or company after a profile edit. */
  updateUser: (changes: Partial<SessionUser>) => void;
  updateCompany: (changes: Partial<Company>) => void;
  hasPermission: (permission: Permission) => boolean;
  hasRole: (role: Role) => boolean;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <AuthProvider>');
  return value;
}

/**
 * The global admin's "View Data For" choice: 'all' or a company id. Other roles are fixed to
 * their own company, whatever is stored.
 */
export interface CompanyFilterContextValue {
  companyFilter: string;
  setCompanyFilter: (value: string) => void;
  /** The companyFilter query parameter to send: undefined for a global admin viewing all. */
  filterParam: string | undefined;
}

export const CompanyFilterContext = createContext<CompanyFilterContextValue | null>(null);

export function useCompanyFilter(): CompanyFilterContextValue {
  const value = useContext(CompanyFilterContext);
  if (!value) throw new Error('useCompanyFilter must be used inside <CompanyFilterProvider>');
  return value;
}
