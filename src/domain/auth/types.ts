import type { CompanyStatus, UserStatus } from '../company/options';
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
  clientId: string | null;
  authority: string | null;
  /** Scopes requested by the popup flow. */
  scopes: string[];
}
