/**
 * Signing in with a Microsoft Entra ID token: the settings the dashboard needs to ask for one,
 * and the account the verified token names.
 */
import { EMAIL_PATTERN } from '@domain/auth/schemas';
import type { AuthResponse, SsoConfig } from '@domain/auth/types';
import type { Config } from '../../config';
import { User } from '../../entities';
import { accountFailure } from '../../middleware/auth';
import { apiError } from '../../platform/errors';
import type { Orm } from '../../types';
import { normalizeEmail } from '../users';
import { companyOf, sessionResponse } from './session';
import type { IdentityClaims, IdTokenVerifier } from './sso';

export const SSO_SCOPES = ['User.Read', 'openid', 'profile', 'email'];

export function ssoConfig(config: Config): SsoConfig {
  return {
    enabled: Boolean(config.sso),
    clientId: config.sso?.clientId ?? null,
    authority: config.sso?.authority ?? null,
    scopes: SSO_SCOPES,
  };
}

export function assertSsoConfigured(config: Config, verifyIdToken: IdTokenVerifier | null): IdTokenVerifier {
  if (!verifyIdToken || !config.sso) {
    throw apiError('sso_not_configured');
  }
  return verifyIdToken;
}

/** The account of the token's object id, or else of one of its e-mail addresses not bound to another identity. */
async function accountOfClaims(orm: Orm, claims: IdentityClaims, objectId: string | null): Promise<User | null> {
  let user = objectId ? await orm.em.findOne(User, { azureId: objectId }) : null;
  if (user) return user;
  const addresses = [claims.email, claims.preferred_username]
    .filter((value): value is string => typeof value === 'string')
    .map(normalizeEmail)
    .filter((value) => EMAIL_PATTERN.test(value));
  for (const email of new Set(addresses)) {
    user = await orm.em.findOne(User, { email });
    if (user) break;
  }
  // An account already bound to another identity is not taken over by a matching e-mail.
  if (user?.azureId && user.azureId !== objectId) user = null;
  return user;
}

export async function verifyUser(orm: Orm, config: Config, verifyIdToken: IdTokenVerifier | null, idToken: string): Promise<AuthResponse> {
  const verify = assertSsoConfigured(config, verifyIdToken);
  const claims = await verify(idToken);
  const objectId = typeof claims.oid === 'string' && claims.oid ? claims.oid : null;
  const user = await accountOfClaims(orm, claims, objectId);
  if (!user) {
    throw apiError('user_not_found');
  }
  const company = await companyOf(orm, user);
  const failure = accountFailure(user, company);
  if (failure) throw failure;
  if (!user.azureId && objectId) {
    user.azureId = objectId;
    user.tenantId = typeof claims.tid === 'string' ? claims.tid : config.sso!.tenantId;
    await orm.em.flush();
  }
  return sessionResponse(config, user, company!);
}
