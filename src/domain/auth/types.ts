import type { CompanyStatus, UserStatus } from '../company/options';
import type { CompanyRetention } from '../company/retention';
import type { Permission, Role } from './roles';

/** The signed-in user as the dashboard keeps it (platform specification, section 3). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  companyId: string;
  profileName: string | null;
  phone: string | null;
  department: string | null;
  jobTitle: string | null;
  bio: string | null;
  photoUrl: string | null;
  /** Identity-provider ids; null for password accounts. */
  azureId?: string | null;
  tenantId?: string | null;
}

export interface Company {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  companySize: string | null;
  website: string | null;
  phone: string | null;
  address: string | null;
  description: string | null;
  targetAudience: string | null;
  /** IANA time zone of the dashboard's days, weeks and months; null (or absent) means UTC. */
  timeZone?: string | null;
  /** How many days raw events, the call log and survey responses are kept; null (or absent) keeps them. */
  retention?: CompanyRetention;
  status: CompanyStatus;
  /** Served by the BFF; null when the company has no logo. */
  logoUrl: string | null;
  isInternal: boolean;
  createdAt: string;
}

/** The answer of login, register, verify-user and activate-account. */
export interface AuthResponse {
  token: string;
  user: SessionUser;
  company: Company;
  permissions: Permission[];
}

export interface ManagedUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  permissions: Permission[];
  companyId: string;
  company: { id: string; name: string };
  profileName: string | null;
  photoUrl: string | null;
  createdAt: string;
  /** The single sign-on identity the account is bound to; null (or absent) when none. */
  sso?: SsoIdentity | null;
}

/** An account's single sign-on binding: the issuer, the Entra tenant (else null) and the subject. */
export interface SsoIdentity {
  issuer: string;
  tenantId: string | null;
  subject: string;
  linkedAt: string | null;
}

export type SsoEventKind = 'linked' | 'unlinked' | 'refused';

/** One change to, or refused use of, an account's single sign-on binding. */
export interface SsoEventView {
  id: string;
  userId: string;
  kind: SsoEventKind;
  /** The refusal's error code (sso_email_unverified, sso_link_not_allowed, sso_identity_mismatch). */
  code: string | null;
  issuer: string;
  subject: string;
  email: string | null;
  actorName: string | null;
  createdAt: string;
}

/** A company's single sign-on settings and its recent events (GET /api/companies/:id/sso). */
export interface CompanySso {
  verifiedDomains: string[];
  allowLinking: boolean;
  events: SsoEventView[];
}

export interface InvitationUser {
  name: string;
  email: string;
  company: string;
  role: Role;
}

export interface InviteResponse {
  user: ManagedUser;
  /** The activation link; shown to the inviting admin since delivery by mail is optional. */
  invitationLink: string;
  expiresAt: string;
  emailSent: boolean;
}

export interface SsoConfig {
  enabled: boolean;
  /** entra signs in through MSAL; oidc through any OpenID Connect provider's discovery document. */
  provider?: 'entra' | 'oidc' | null;
  /** The name on the sign-in button. */
  displayName?: string | null;
  clientId: string | null;
  /** The Entra authority, or the OpenID Connect issuer. */
  authority: string | null;
  /** Scopes requested by the popup flow. */
  scopes: string[];
}
