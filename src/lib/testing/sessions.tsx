/**
 * Realistic sessions for stories and tests, and a provider that serves one from memory (no
 * storage, no server). Screens under it see the same contexts AuthProvider and
 * CompanyFilterProvider give them in the product.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_PERMISSIONS, type Permission, type Role } from '@domain/auth/roles';
import type { AuthResponse, Company, SessionUser } from '@domain/auth/types';
import {
  ALL_COMPANIES,
  CompanyFilterContext,
  companyFilterValue,
  SessionContext,
  sessionAccess,
  sessionFromAnswer,
  type Session,
  type SessionContextValue,
} from '../session';

function company(id: string, name: string, extra: Partial<Company> = {}): Company {
  return {
    id,
    name,
    domain: `${name.toLowerCase().split(' ')[0]}.example`,
    industry: null,
    companySize: null,
    website: null,
    phone: null,
    address: null,
    description: null,
    targetAudience: null,
    status: 'active',
    logoUrl: null,
    isInternal: false,
    createdAt: '2026-01-12T09:30:00.000Z',
    ...extra,
  };
}

export const navoutCompany = company('c-navout', 'Navout', { isInternal: true, industry: 'Technology' });
export const acmeCompany = company('c-acme', 'Acme Retail', {
  industry: 'Retail',
  companySize: '201-500 employees',
  website: 'https://acme.example',
  phone: '+1 555 0100',
  address: '1 Market Street, Springfield',
  description: 'Omnichannel retailer of home and garden goods.',
  targetAudience: 'B2C',
});
export const globexCompany = company('c-globex', 'Globex Health', { industry: 'Healthcare', companySize: '51-200 employees' });
export const sampleCompanies: Company[] = [navoutCompany, acmeCompany, globexCompany];

function user(id: string, name: string, email: string, role: Role, companyId: string): SessionUser {
  return {
    id,
    email,
    name,
    role,
    status: 'active',
    companyId,
    profileName: null,
    phone: null,
    department: null,
    jobTitle: null,
    bio: null,
    photoUrl: null,
    azureId: null,
    tenantId: null,
  };
}

function answer(u: SessionUser, c: Company, permissions: readonly Permission[] = DEFAULT_PERMISSIONS[u.role]): AuthResponse {
  return { token: `token-${u.id}`, user: u, company: c, permissions: [...permissions] };
}

export const globalAdminAnswer = answer(
  user('u-admin', 'Ada Admin', 'admin@navout.example', 'admin', navoutCompany.id),
  navoutCompany,
);
export const companyAdminAnswer = answer(
  user('u-alice', 'Alice Martin', 'alice@acme.example', 'company_admin', acmeCompany.id),
  acmeCompany,
);
export const companyUserAnswer = answer(user('u-bob', 'Bob Chen', 'bob@acme.example', 'user', acmeCompany.id), acmeCompany);

export const globalAdminSession: Session = sessionFromAnswer(globalAdminAnswer);
export const companyAdminSession: Session = sessionFromAnswer(companyAdminAnswer);
export const companyUserSession: Session = sessionFromAnswer(companyUserAnswer);

export interface SessionFixtureProps {
  session: Session | null;
  isLoading?: boolean;
  /** The global admin's starting "View Data For" choice. */
  companyFilter?: string;
  children: ReactNode;
}

export function SessionFixture({ session: initial, isLoading = false, companyFilter: initialFilter, children }: SessionFixtureProps) {
  const [session, setSession] = useState(initial);
  const [filter, setFilter] = useState(initialFilter ?? ALL_COMPANIES);

  const sessionValue = useMemo<SessionContextValue>(
    () => ({
      session,
      isLoading,
      signIn: (next) => setSession(sessionFromAnswer(next)),
      signOut: () => setSession(null),
      updateUser: (changes) => setSession((s) => s && { ...s, user: { ...s.user, ...changes } }),
      updateCompany: (changes) => setSession((s) => s && { ...s, company: { ...s.company, ...changes } }),
      ...sessionAccess(session),
    }),
    [session, isLoading],
  );

  const maySwitch = sessionValue.can('chooseCompany');
  const filterValue = useMemo(
    () => companyFilterValue(session, maySwitch, filter, setFilter),
    [session, maySwitch, filter],
  );

  return (
    <SessionContext.Provider value={sessionValue}>
      <CompanyFilterContext.Provider value={filterValue}>{children}</CompanyFilterContext.Provider>
    </SessionContext.Provider>
  );
}
