/**
 * Verification of Microsoft Entra ID tokens: signature against the issuer's published keys,
 * issuer, audience (our client id), algorithm and expiry, before any claim is trusted.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { SsoSettings } from '../../config';
import { apiError } from '../../platform/errors';

export interface IdentityClaims extends JWTPayload {
  oid?: string;
  tid?: string;
  email?: string;
  preferred_username?: string;
}

export type IdTokenVerifier = (idToken: string) => Promise<IdentityClaims>;

export function createIdTokenVerifier(sso: SsoSettings): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(sso.jwksUri), { timeoutDuration: 5_000 });
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify<IdentityClaims>(idToken, keys, {
        issuer: sso.issuer,
        audience: sso.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat'],
        clockTolerance: 60,
      });
      return payload;
    } catch (failure) {
      if (failure instanceof errors.JWKSTimeout || !(failure instanceof errors.JOSEError)) {
        throw apiError('sso_unavailable');
      }
      throw apiError('invalid_identity_token');
    }
  };
}
