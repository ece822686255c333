/**
 * Verification of single sign-on ID tokens: signature against the issuer's published keys,
 * issuer, audience (our client id), algorithm and expiry, before any claim is trusted. Microsoft
 * Entra publishes its keys at a known address; any other OpenID Connect provider names them in its
 * discovery document (ISSUER/.well-known/openid-configuration), read once and again after a failure.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { SsoSettings } from '../../config';
import { apiError } from '../../platform/errors';

export interface IdentityClaims extends JWTPayload {
  /** Entra's object id: the user's id across every application of the tenant. */
  oid?: string;
  /** Entra's tenant id. */
  tid?: string;
  email?: string;
  email_verified?: boolean | string;
  /** Entra: true when the e-mail's domain is verified by the tenant that issued the token. */
  xms_edov?: boolean | string;
  preferred_username?: string;
  nonce?: string;
}

export type IdTokenVerifier = (idToken: string, expectedNonce?: string | null) => Promise<IdentityClaims>;

/** Signature algorithms an ID token may use: asymmetric only, so no shared secret can forge one. */
const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

interface SigningKeys {
  keys: ReturnType<typeof createRemoteJWKSet>;
  algorithms: string[];
}

/** The discovery document's address for an issuer (OpenID Connect Discovery 1.0, section 4). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

async function discoverKeys(sso: SsoSettings, fetchImpl: typeof fetch): Promise<SigningKeys> {
  const response = await fetchImpl(discoveryUrl(sso.issuer), { signal: AbortSignal.timeout(5_000), headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Discovery answered ${response.status}`);
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown; id_token_signing_alg_values_supported?: unknown };
  // A document for another issuer is not this issuer's (section 4.3).
  if (document.issuer !== sso.issuer) throw new Error('Discovery names another issuer');
  const jwksUri = sso.jwksUri ?? (typeof document.jwks_uri === 'string' ? document.jwks_uri : null);
  if (!jwksUri) throw new Error('Discovery names no jwks_uri');
  const advertised = Array.isArray(document.id_token_signing_alg_values_supported) ? document.id_token_signing_alg_values_supported : ['RS256'];
  const algorithms = ASYMMETRIC_ALGORITHMS.filter((algorithm) => advertised.includes(algorithm));
  if (!algorithms.length) throw new Error('Discovery names no asymmetric ID token algorithm');
  return { keys: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5_000 }), algorithms };
}

export function createIdTokenVerifier(sso: SsoSettings, fetchImpl: typeof fetch = fetch): IdTokenVerifier {
  let signingKeys: Promise<SigningKeys> | null =
    sso.provider === 'entra' && sso.jwksUri
      ? Promise.resolve({ keys: createRemoteJWKSet(new URL(sso.jwksUri), { timeoutDuration: 5_000 }), algorithms: ['RS256'] })
      : null;
  const keysNow = (): Promise<SigningKeys> => {
    signingKeys ??= discoverKeys(sso, fetchImpl).catch((failure: unknown) => {
      // Read again on the next sign-in rather than failing every one until a restart.
      signingKeys = null;
      throw failure;
    });
    return signingKeys;
  };

  return async (idToken, expectedNonce) => {
    let keys: SigningKeys;
    try {
      keys = await keysNow();
    } catch {
      throw apiError('sso_unavailable');
    }
    let claims: IdentityClaims;
    try {
      ({ payload: claims } = await jwtVerify<IdentityClaims>(idToken, keys.keys, {
        issuer: sso.issuer,
        audience: sso.clientId,
        algorithms: keys.algorithms,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: 60,
      }));
    } catch (failure) {
      if (failure instanceof errors.JWKSTimeout || !(failure instanceof errors.JOSEError)) throw apiError('sso_unavailable');
      throw apiError('invalid_identity_token');
    }
    // The sign-in that asked with a nonce gets back a token bearing it (OpenID Connect Core, 3.1.3.7).
    if (expectedNonce && claims.nonce !== expectedNonce) throw apiError('invalid_identity_token');
    return claims;
  };
}
