/**
 * Single sign-on settings that the rest of the dashboard may import without loading MSAL itself
 * (MSAL is fetched only when the installation has single sign-on enabled).
 */

import { SSO_REDIRECT_PATH } from '@domain/auth/sso';

/** Scopes of the sign-in popup (platform specification, section 4). */
export const SSO_LOGIN_SCOPES = ['User.Read', 'openid', 'profile', 'email'] as const;

/** What a silent refresh of a cached account needs to get a fresh ID token. */
export const SSO_ID_TOKEN_SCOPES = ['openid', 'profile', 'email'] as const;

export const SSO_NOT_CONFIGURED = 'Single sign-on is not configured for this installation.';
export const SSO_UNAVAILABLE = 'Single sign-on is unavailable right now. Please sign in with your email and password.';
export const SSO_FAILED = 'Single sign-on did not complete. Please try again.';

export function ssoRedirectUri(origin: string = window.location.origin): string {
  return `${origin}${SSO_REDIRECT_PATH}`;
}

/** Merges the scopes an installation asks for with the ones sign-in always needs. */
export function loginScopes(configured: readonly string[] = []): string[] {
  return [...new Set([...SSO_LOGIN_SCOPES, ...configured])];
}

/**
 * MSAL reports a closed or cancelled popup with the code user_cancelled, oidc-client-ts with
 * "Popup closed by user"; that is a choice, not a failure.
 */
export function isSsoCancellation(error: unknown): boolean {
  const code = (error as { errorCode?: unknown } | null)?.errorCode;
  const message = (error as { message?: unknown } | null)?.message;
  return code === 'user_cancelled' || message === 'Popup closed by user';
}

/** The fields of a sign-in answer that the server verifies (POST /api/auth/verify-user). */
export interface SsoSignInResult {
  idToken: string;
  /** The nonce the sign-in asked with, which the ID token must bear (OpenID Connect sign-ins). */
  nonce?: string;
  account: {
    username: string;
    localAccountId: string;
    tenantId: string;
    idTokenClaims?: { email?: unknown; preferred_username?: unknown } & object;
  } | null;
}

export function identityFromSignIn(result: SsoSignInResult) {
  const account = result.account;
  const claims = account?.idTokenClaims;
  const claimedEmail = typeof claims?.email === 'string' ? claims.email : undefined;
  return {
    idToken: result.idToken,
    email: claimedEmail ?? account?.username ?? '',
    azureId: account?.localAccountId ?? '',
    tenantId: account?.tenantId ?? '',
    ...(result.nonce ? { nonce: result.nonce } : {}),
  };
}
