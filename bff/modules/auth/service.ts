/**
 * Sign-in: with a password (passwordSignIn.ts), with a single sign-on ID token (ssoSignIn.ts)
 * or by activating an invitation (activation.ts), each answering a session (session.ts). This file
 * binds them to the service's database, configuration, login throttle and token verifier.
 */
import type { Permission } from '@domain/auth/roles';
import type { RegisterInput } from '@domain/auth/schemas';
import type { AuthResponse, Company as CompanyView, InvitationUser, SessionUser, SsoConfig } from '@domain/auth/types';
import type { Config } from '../../config';
import type { Orm, UserActor } from '../../types';
import { activateAccount, describeInvitation } from './activation';
import type { LoginThrottle } from './loginThrottle';
import { login, register } from './passwordSignIn';
import { me } from './session';
import { auditedSignIn, type SignInMethod } from './signInAudit';
import type { IdTokenVerifier } from './sso';
import { assertSsoConfigured, ssoConfig, verifyUser } from './ssoSignIn';

export { SSO_SCOPES } from './ssoSignIn';

export interface AuthServiceDependencies {
  orm: Orm;
  config: Config;
  throttle: LoginThrottle;
  verifyIdToken: IdTokenVerifier | null;
}

export function createAuthService({ orm, config, throttle, verifyIdToken }: AuthServiceDependencies) {
  return {
    /** Runs a sign-in and records it, let in or refused, in the audit log. */
    audited: (method: SignInMethod, typedEmail: string | null, signIn: () => Promise<AuthResponse>): Promise<AuthResponse> => auditedSignIn(orm, method, typedEmail, signIn),
    login: (credentials: { email: string; password: string }, address: string): Promise<AuthResponse> => login(orm, config, throttle, credentials, address),
    register: (input: RegisterInput): Promise<AuthResponse> => register(orm, config, input),
    me: (actor: UserActor): { user: SessionUser; company: CompanyView; permissions: Permission[] } => me(actor),
    ssoConfig: (): SsoConfig => ssoConfig(config),
    assertSsoConfigured: (): IdTokenVerifier => assertSsoConfigured(config, verifyIdToken),
    verifyUser: (idToken: string, nonce: string | null = null): Promise<AuthResponse> => verifyUser(orm, config, verifyIdToken, idToken, nonce),
    describeInvitation: (token: string): Promise<{ user: InvitationUser }> => describeInvitation(orm, token),
    activateAccount: (token: string, password: string): Promise<AuthResponse> => activateAccount(orm, config, token, password),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
