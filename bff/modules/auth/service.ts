/**
 * Sign-in: with a password (passwordSignIn.ts), with a single sign-on ID token (ssoSignIn.ts)
 * or by activating an invitation (activation.ts), each answering a session (session.ts). This file
 * binds them to the service's configuration, login throttle and token verifier; each that reads
 * the database takes the EntityManager it is handed (the request's).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Permission } from '@domain/auth/roles';
import type { RegisterInput } from '@domain/auth/schemas';
import type { AuthResponse, Company as CompanyView, InvitationUser, SessionUser, SsoConfig } from '@domain/auth/types';
import type { Config } from '../../config';
import type { UserActor } from '../../types';
import { activateAccount, describeInvitation } from './activation';
import type { LoginThrottle } from './loginThrottle';
import { login, register } from './passwordSignIn';
import { me } from './session';
import { auditedSignIn, type SignInMethod } from './signInAudit';
import type { IdTokenVerifier } from './sso';
import { assertSsoConfigured, ssoConfig, verifyUser } from './ssoSignIn';

export { SSO_SCOPES } from './ssoSignIn';

export interface AuthServiceDependencies {
  config: Config;
  throttle: LoginThrottle;
  verifyIdToken: IdTokenVerifier | null;
}

export function createAuthService({ config, throttle, verifyIdToken }: AuthServiceDependencies) {
  return {
    /** Runs a sign-in and records it, let in or refused, in the audit log. */
    audited: (em: EntityManager, method: SignInMethod, typedEmail: string | null, signIn: () => Promise<AuthResponse>): Promise<AuthResponse> => auditedSignIn(em, method, typedEmail, signIn),
    login: (em: EntityManager, credentials: { email: string; password: string }, address: string): Promise<AuthResponse> => login(em, config, throttle, credentials, address),
    register: (em: EntityManager, input: RegisterInput): Promise<AuthResponse> => register(em, config, input),
    me: (actor: UserActor): { user: SessionUser; company: CompanyView; permissions: Permission[] } => me(actor),
    ssoConfig: (): SsoConfig => ssoConfig(config),
    assertSsoConfigured: (): IdTokenVerifier => assertSsoConfigured(config, verifyIdToken),
    verifyUser: (em: EntityManager, idToken: string, nonce: string | null = null): Promise<AuthResponse> => verifyUser(em, config, verifyIdToken, idToken, nonce),
    describeInvitation: (em: EntityManager, token: string): Promise<{ user: InvitationUser }> => describeInvitation(em, token),
    activateAccount: (em: EntityManager, token: string, password: string): Promise<AuthResponse> => activateAccount(em, config, token, password),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
