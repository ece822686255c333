/**
 * Companies, users and a stand-in BFF for the stories and tests of the administration modals,
 * the profile settings and the plans page. The sessions and companies are those of sessions.tsx,
 * so every screen's stories sign in as the same people.
 */
import { createElement } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { DEFAULT_PERMISSIONS, type Role } from '@domain/auth/roles';
import type { Company, CompanySso, InviteResponse, ManagedUser, SessionUser, SsoEventView, SsoIdentity } from '@domain/auth/types';
import { ALL_COMPANIES } from '@/lib/session';
import { NotificationsProvider } from '../notifications';
import type { Session } from '../session';
import { failure, patternRoutes, type MockAnswer, type MockRoutes, type PatternRoute } from './mockFetch';
import {
  acmeCompany,
  companyAdminSession,
  companyUserSession,
  globalAdminSession,
  globexCompany,
  navoutCompany,
  sampleCompanies,
  SessionFixture,
} from './sessions';

export const initechCompany: Company = {
  ...globexCompany,
  id: 'c-initech',
  name: 'Initech',
  domain: 'initech.example',
  industry: 'Finance',
  companySize: '11-50',
  status: 'suspended',
  createdAt: '2026-03-02T10:45:00.000Z',
};

export const COMPANY_LIST: Company[] = [...sampleCompanies, initechCompany];

function managedUser(
  id: string,
  name: string,
  email: string,
  role: Role,
  owner: Company,
  details: Partial<ManagedUser> = {},
): ManagedUser {
  return {
    id,
    name,
    email,
    role,
    status: 'active',
    permissions: [...DEFAULT_PERMISSIONS[role]],
    companyId: owner.id,
    company: { id: owner.id, name: owner.name },
    profileName: null,
    photoUrl: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...details,
  };
}

/** The ids of the signed-in fixture users match the auth fixtures' sessions. */
export const USERS = {
  ada: managedUser(globalAdminSession.user.id, globalAdminSession.user.name, globalAdminSession.user.email, 'admin', navoutCompany),
  alice: managedUser(companyAdminSession.user.id, companyAdminSession.user.name, companyAdminSession.user.email, 'company_admin', acmeCompany),
  bob: managedUser(companyUserSession.user.id, companyUserSession.user.name, companyUserSession.user.email, 'user', acmeCompany),
  ivy: managedUser('u-ivy', 'Ivy Invitee', 'ivy@acme.example', 'user', acmeCompany, { status: 'invited' }),
  carol: managedUser('u-carol', 'Carol Chen', 'carol@globex.example', 'company_admin', globexCompany),
  dan: managedUser('u-dan', 'Dan Brooks', 'dan@globex.example', 'user', globexCompany, { status: 'suspended' }),
} satisfies Record<string, ManagedUser>;

export const USER_LIST: ManagedUser[] = Object.values(USERS);

/** Acme's OpenID Connect provider, whose identities its users link at their first single sign-on. */
export const SSO_ISSUER = 'https://acme.okta.example';

/** Bob's single sign-on identity: linked again after an administrator unlinked his first one. */
export const BOB_SSO: SsoIdentity = { issuer: SSO_ISSUER, tenantId: null, subject: '00u8k2bob4chen', linkedAt: '2026-05-28T08:03:00.000Z' };

/** The users, with Bob linked to single sign-on. */
export const SSO_USER_LIST: ManagedUser[] = USER_LIST.map((entry) => (entry.id === USERS.bob.id ? { ...entry, sso: BOB_SSO } : entry));

function ssoEvent(id: string, details: Omit<SsoEventView, 'id' | 'issuer' | 'actorName' | 'code'> & Partial<SsoEventView>): SsoEventView {
  return { id, issuer: SSO_ISSUER, code: null, actorName: null, ...details };
}

/** Acme's latest single sign-on events, newest first, as GET /api/companies/:id/sso lists them. */
export const SSO_EVENTS: SsoEventView[] = [
  ssoEvent('se-5', {
    userId: USERS.bob.id,
    kind: 'refused',
    code: 'sso_identity_mismatch',
    subject: '00u3xq7mallory',
    email: USERS.bob.email,
    createdAt: '2026-05-30T09:12:00.000Z',
  }),
  ssoEvent('se-4', {
    userId: USERS.ivy.id,
    kind: 'refused',
    code: 'sso_email_unverified',
    subject: '00u5ivy2invitee',
    email: USERS.ivy.email,
    createdAt: '2026-05-29T16:40:00.000Z',
  }),
  ssoEvent('se-3', { userId: USERS.bob.id, kind: 'linked', subject: BOB_SSO.subject, email: USERS.bob.email, createdAt: '2026-05-28T08:03:00.000Z' }),
  ssoEvent('se-2', {
    userId: USERS.bob.id,
    kind: 'unlinked',
    subject: '00u1bob0laptop',
    email: USERS.bob.email,
    actorName: USERS.alice.name,
    createdAt: '2026-05-27T14:25:00.000Z',
  }),
  ssoEvent('se-1', { userId: USERS.bob.id, kind: 'linked', subject: '00u1bob0laptop', email: USERS.bob.email, createdAt: '2026-05-20T10:00:00.000Z' }),
];

/** Acme's single sign-on settings: its own domain vouched for, linking at sign-in off. */
export const ACME_SSO: CompanySso = { verifiedDomains: ['acme.example'], allowLinking: false, events: SSO_EVENTS };

export const SESSIONS = {
  globalAdmin: globalAdminSession,
  companyAdmin: {
    ...companyAdminSession,
    user: {
      ...companyAdminSession.user,
      profileName: 'Alice',
      phone: '+1 415 555 0199',
      department: 'Marketing',
      jobTitle: 'Head of CRM',
      bio: 'Runs the loyalty programme and its surveys.',
    },
  },
  user: companyUserSession,
} satisfies Record<string, Session>;

export type SessionFixtureName = keyof typeof SESSIONS;

/**
 * A story decorator that signs in as one of the fixture sessions, with the global admin's company
 * filter, and shows notices the way the shell does.
 */
export function withSession(name: SessionFixtureName, companyFilter = ALL_COMPANIES): Decorator {
  const WithSession: Decorator = (Story) =>
    createElement(SessionFixture, {
      session: SESSIONS[name],
      companyFilter,
      children: createElement(NotificationsProvider, null, createElement(Story)),
    });
  return WithSession;
}

/** A small logo as a data URL, so an uploaded image shows without a server. */
export const SAMPLE_IMAGE_URL =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#2f6fde"/><path d="M18 44V20l28 24V20" stroke="#fff" stroke-width="6" fill="none"/></svg>',
  );

export const SAMPLE_INVITATION_LINK = 'http://localhost:3000/setup-account?token=3f9c2d7a41b8e6c05d12ab9e7f4c8a61';

export interface AdminApiOptions {
  users?: ManagedUser[];
  companies?: Company[];
  /** The signed-in session: its user is the one the profile routes change. */
  session?: Session;
  /** The single sign-on settings and events of the company in view. */
  sso?: CompanySso;
}


/**
 * An in-memory BFF for the administration routes, for mockFetch: lists are filtered like the
 * server's and writes change them, so the reload after a write shows the change. Exact
 * "METHOD /path" keys added next to these routes take precedence (a failure, a delay).
 */
export function adminApiRoutes({
  users: initialUsers = USER_LIST,
  companies: initialCompanies = COMPANY_LIST,
  session = SESSIONS.globalAdmin,
  sso: initialSso = ACME_SSO,
}: AdminApiOptions = {}): MockRoutes {
  let users = initialUsers.map((entry) => ({ ...entry }));
  let sso: CompanySso = { ...initialSso, events: [...initialSso.events] };
  let companies = initialCompanies.map((entry) => ({ ...entry }));
  let profile: SessionUser = { ...session.user };
  const companyById = (id: string) => companies.find((entry) => entry.id === id);
  const userById = (id: string) => users.find((entry) => entry.id === id);
  const found = <T>(value: T | undefined): MockAnswer => (value ? { body: value } : failure('not_found'));
  const changeUser = (id: string, changes: Partial<ManagedUser>) => {
    users = users.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry));
    return found(userById(id));
  };
  const changeCompany = (id: string, changes: Partial<Company>) => {
    companies = companies.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry));
    return found(companyById(id));
  };
  const changeProfile = (changes: Partial<SessionUser>): MockAnswer => {
    profile = { ...profile, ...changes };
    return { body: profile };
  };

  const routes: PatternRoute[] = [
    // Like the server, a non-admin only ever gets their own company's users. (mockFetch does not
    // pass the query string on, so a global admin's filtered view is set up with `users`.)
    ['GET', /^\/api\/users$/, () => ({
      body: session.role === 'admin' ? users : users.filter((entry) => entry.companyId === session.company.id),
    })],
    ['POST', /^\/api\/users\/invite$/, ({ body }) => {
      const input = body as { email: string; name: string; role: Role; companyId?: string | null };
      if (users.some((entry) => entry.email === input.email)) return failure('email_taken');
      const owner = companyById(input.companyId ?? '') ?? session.company;
      const created = managedUser(`u-new-${users.length + 1}`, input.name, input.email, input.role, owner, { status: 'invited' });
      users = [...users, created];
      const answer: InviteResponse = {
        user: created,
        invitationLink: SAMPLE_INVITATION_LINK,
        expiresAt: '2026-06-08T12:00:00.000Z',
        emailSent: false,
      };
      return { status: 201, body: answer };
    }],
    ['PUT', /^\/api\/users\/profile$/, ({ body }) => changeProfile(body as Partial<SessionUser>)],
    ['PUT', /^\/api\/users\/profile\/photo$/, () => changeProfile({ photoUrl: SAMPLE_IMAGE_URL })],
    ['DELETE', /^\/api\/users\/profile\/photo$/, () => changeProfile({ photoUrl: null })],
    ['PUT', /^\/api\/users\/([^/]+)\/status$/, ({ body }, [id]) => changeUser(id, body as Pick<ManagedUser, 'status'>)],
    ['PUT', /^\/api\/users\/([^/]+)\/permissions$/, ({ body }, [id]) =>
      changeUser(id, body as Pick<ManagedUser, 'role' | 'permissions'>)],
    ['POST', /^\/api\/users\/([^/]+)\/reset-password$/, () => ({ status: 204 })],
    // Like the server: the binding goes and the unlink is recorded with who did it.
    ['DELETE', /^\/api\/users\/([^/]+)\/sso$/, (_call, [id]) => {
      const linked = userById(id);
      if (!linked?.sso) return failure('not_found');
      const unlinked = ssoEvent(`se-${sso.events.length + 1}`, {
        userId: id,
        kind: 'unlinked',
        issuer: linked.sso.issuer,
        subject: linked.sso.subject,
        email: linked.email,
        actorName: profile.name,
        createdAt: new Date().toISOString(),
      });
      sso = { ...sso, events: [unlinked, ...sso.events] };
      return changeUser(id, { sso: null });
    }],
    ['DELETE', /^\/api\/users\/([^/]+)$/, (_call, [id]) => {
      users = users.filter((entry) => entry.id !== id);
      return { status: 204 };
    }],
    ['GET', /^\/api\/companies$/, () => ({ body: companies })],
    ['POST', /^\/api\/companies$/, ({ body }) => {
      const created: Company = {
        ...initechCompany,
        logoUrl: null,
        ...(body as Partial<Company>),
        id: `c-new-${companies.length + 1}`,
        isInternal: false,
        createdAt: '2026-05-30T09:00:00.000Z',
      };
      companies = [...companies, created];
      return { status: 201, body: created };
    }],
    ['PUT', /^\/api\/companies\/profile$/, ({ body }) => {
      const { companyId, ...changes } = body as Partial<Company> & { companyId?: string };
      return changeCompany(companyId ?? session.company.id, changes);
    }],
    ['PUT', /^\/api\/companies\/([^/]+)\/logo$/, (_call, [id]) => changeCompany(id, { logoUrl: SAMPLE_IMAGE_URL })],
    ['DELETE', /^\/api\/companies\/([^/]+)\/logo$/, (_call, [id]) => changeCompany(id, { logoUrl: null })],
    ['GET', /^\/api\/companies\/([^/]+)\/sso$/, () => ({ body: sso })],
    // Domains are kept lower-case, once each and sorted, as the server keeps them.
    ['PUT', /^\/api\/companies\/([^/]+)\/sso$/, ({ body }) => {
      const input = body as Pick<CompanySso, 'verifiedDomains' | 'allowLinking'>;
      const verifiedDomains = [...new Set(input.verifiedDomains.map((domain) => domain.toLowerCase()))].sort();
      sso = { ...sso, verifiedDomains, allowLinking: input.allowLinking };
      return { body: sso };
    }],
    ['GET', /^\/api\/companies\/([^/]+)$/, (_call, [id]) => found(companyById(id))],
    ['PUT', /^\/api\/companies\/([^/]+)$/, ({ body }, [id]) => changeCompany(id, body as Partial<Company>)],
    ['DELETE', /^\/api\/companies\/([^/]+)$/, (_call, [id]) => {
      companies = companies.filter((entry) => entry.id !== id);
      return { status: 204 };
    }],
  ];

  return patternRoutes(routes);
}

/** A file of a given size and type, for the upload validation stories and tests. */
export function sampleFile(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
