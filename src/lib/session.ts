/**
 * The signed-in session as the whole dashboard sees it. The auth feature's AuthProvider owns the
 * state and its storage; everything else reads it through these hooks, and asks what the session
 * may do with `can`, which reads the capability map (src/domain/access/capabilities.ts).
 */
import { createContext, useContext } from 'react';
import { allows, type Caller, type Capability } from '@domain/access/capabilities';
import { isGlobalAdmin as reachesEveryCompany, type Permission, type Role } from '@domain/auth/roles';
import type { AuthResponse, Company, SessionUser } from '@domain/auth/types';

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
  /** The session as the capability map sees it; null when nobody is signed in. */
  caller: Caller;
  can: (capability: Capability) => boolean;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <AuthProvider>');
  return value;
}

export function sessionFromAnswer(answer: AuthResponse): Session {
  return {
    token: answer.token,
    user: answer.user,
    // The role is the one of the login answer, stored beside the user (section 6).
    role: answer.user.role,
    company: answer.company,
    permissions: answer.permissions,
  };
}

type AccessHolder = Pick<Session, 'role' | 'permissions' | 'company'>;

/** The global admin sees every company and chooses which one to view; the BFF decides the same way. */
export function isGlobalAdmin(session: AccessHolder | null | undefined): boolean {
  return session ? reachesEveryCompany(session, session.company) : false;
}

export function callerOf(session: AccessHolder | null | undefined): Caller {
  if (!session) return null;
  return { kind: 'user', role: session.role, permissions: session.permissions, isGlobalAdmin: isGlobalAdmin(session) };
}

/** The session's part of the context that is derived, not stored. */
export function sessionAccess(session: AccessHolder | null | undefined): Pick<SessionContextValue, 'caller' | 'can'> {
  const caller = callerOf(session);
  return { caller, can: (capability) => allows(capability, caller) };
}

/** The company filter's value for "View Data For: All Companies". */
export const ALL_COMPANIES = 'all';

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

/**
 * The filter a session works with: the chosen company for whoever may choose one, otherwise the
 * session's own company.
 */
export function companyFilterValue(
  session: Session | null,
  maySwitch: boolean,
  chosen: string,
  setCompanyFilter: (value: string) => void,
): CompanyFilterContextValue {
  if (!session) return { companyFilter: ALL_COMPANIES, setCompanyFilter, filterParam: undefined };
  if (!maySwitch) return { companyFilter: session.company.id, setCompanyFilter, filterParam: session.company.id };
  return { companyFilter: chosen, setCompanyFilter, filterParam: chosen === ALL_COMPANIES ? undefined : chosen };
}
