/**
 * Signing in with a single sign-on ID token: the settings the dashboard needs to ask for one, and
 * the account the verified token's identity is bound to.
 *
 * An account is bound to one identity: (issuer, Entra tenant, subject), the subject being Entra's
 * object id (oid) or else the token's sub. A bound account is found by that identity alone, never
 * by an e-mail claim, which the user or their tenant may change (and which some providers let
 * anyone set). An unbound account is linked at a first sign-in only when
 *  - the token proves the address: email_verified is true, or for Entra xms_edov is true or the
 *    address's domain is one the account's company vouches for; and
 *  - the account has a pending invitation, or its company allows linking at sign-in.
 * Anything else is refused with its code and nothing is bound. Links and refusals are recorded
 * (SsoEvent) for the company's administrators.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { EMAIL_PATTERN } from '@domain/auth/schemas';
import type { AuthResponse, SsoConfig } from '@domain/auth/types';
import type { ErrorCode } from '@domain/errors';
import type { Config, SsoSettings } from '../../config';
import { Company, Invitation, SsoEvent, User } from '../../entities';
import { accountFailure } from '../../middleware/auth';
import { apiError } from '../../platform/errors';
import { record } from '../audit';
import { normalizeEmail } from '../users';
import { sessionResponse } from './session';
import type { IdentityClaims, IdTokenVerifier } from './sso';

export const SSO_SCOPES = ['User.Read', 'openid', 'profile', 'email'];

export function ssoConfig(config: Config): SsoConfig {
  const sso = config.sso;
  return {
    enabled: Boolean(sso),
    provider: sso?.provider ?? null,
    displayName: sso?.displayName ?? null,
    clientId: sso?.clientId ?? null,
    authority: sso?.authority ?? null,
    scopes: sso?.scopes ?? SSO_SCOPES,
  };
}

export function assertSsoConfigured(config: Config, verifyIdToken: IdTokenVerifier | null): IdTokenVerifier {
  if (!verifyIdToken || !config.sso) {
    throw apiError('sso_not_configured');
  }
  return verifyIdToken;
}

/** The identity a verified token names. */
export interface SsoIdentityClaim {
  issuer: string;
  tenantId: string | null;
  subject: string;
  /** The address the token claims (normalised), or null. */
  email: string | null;
}

const isTrue = (value: unknown): boolean => value === true || value === 'true';

export function identityOf(sso: SsoSettings, claims: IdentityClaims): SsoIdentityClaim {
  const entra = sso.provider === 'entra';
  const subject = entra ? claims.oid : claims.sub;
  if (typeof subject !== 'string' || !subject || typeof claims.iss !== 'string') throw apiError('invalid_identity_token');
  const tenantId = entra && typeof claims.tid === 'string' ? claims.tid : null;
  // Only the e-mail claim: preferred_username is a display hint the user or tenant may set.
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : null;
  return { issuer: claims.iss, tenantId, subject, email: email && EMAIL_PATTERN.test(email) ? email : null };
}

/** Whether the token proves the address is its holder's, for an account of this company. */
export function addressProven(sso: SsoSettings, claims: IdentityClaims, email: string, company: Pick<Company, 'ssoVerifiedDomains'> | null): boolean {
  if (isTrue(claims.email_verified)) return true;
  if (sso.provider !== 'entra') return false;
  if (isTrue(claims.xms_edov)) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return Boolean(company?.ssoVerifiedDomains?.includes(domain));
}

function recordEvent(em: EntityManager, user: Pick<User, 'id' | 'companyId'>, identity: SsoIdentityClaim, kind: SsoEvent['kind'], code: ErrorCode | null = null): void {
  em.create(SsoEvent, {
    companyId: user.companyId,
    userId: user.id,
    kind,
    code,
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    actorName: null,
  });
}

/** Records the refusal (in its own write, so nothing else of the attempt is kept) and answers it. */
async function refuse(db: EntityManager, user: User, identity: SsoIdentityClaim, code: ErrorCode): Promise<never> {
  const em = db.fork();
  recordEvent(em, user, identity, 'refused', code);
  await em.flush();
  throw apiError(code);
}

async function pendingInvitation(em: EntityManager, user: User, now = new Date()): Promise<Invitation | null> {
  if (user.status !== 'invited') return null;
  return em.findOne(Invitation, { userId: user.id, usedAt: null, expiresAt: { $gt: now } }, { orderBy: { expiresAt: 'desc' } });
}

export async function verifyUser(
  db: EntityManager,
  config: Config,
  verifyIdToken: IdTokenVerifier | null,
  idToken: string,
  nonce: string | null = null,
): Promise<AuthResponse> {
  const verify = assertSsoConfigured(config, verifyIdToken);
  const sso = config.sso!;
  const claims = await verify(idToken, nonce);
  const identity = identityOf(sso, claims);

  const bound = await db.findOne(User, { ssoIssuer: identity.issuer, azureId: identity.subject });
  if (bound) {
    // Within one issuer a subject is one person; a token of another tenant is not theirs.
    if (bound.tenantId !== identity.tenantId) await refuse(db, bound, identity, 'sso_identity_mismatch');
    const company = await db.findOne(Company, { id: bound.companyId });
    const failure = accountFailure(bound, company);
    if (failure) throw failure;
    return sessionResponse(config, bound, company!);
  }

  // Not bound: an account may be linked, by the address the token proves.
  const user = identity.email ? await db.findOne(User, { email: identity.email }) : null;
  const company = user ? await db.findOne(Company, { id: user.companyId }) : null;
  // Unproven addresses are refused whether or not an account has them, so the answer tells nothing.
  if (!identity.email || !addressProven(sso, claims, identity.email, company)) {
    if (user) await refuse(db, user, identity, 'sso_email_unverified');
    throw apiError('sso_email_unverified');
  }
  if (!user) throw apiError('user_not_found');
  if (user.status === 'suspended') throw apiError('account_suspended');
  if (user.azureId) await refuse(db, user, identity, 'sso_identity_mismatch');
  const invitation = await pendingInvitation(db, user);
  if (user.status === 'invited' && !invitation) throw apiError('account_not_activated');
  if (!invitation && !company?.ssoLinking) await refuse(db, user, identity, 'sso_link_not_allowed');
  const failure = accountFailure({ status: 'active' }, company);
  if (failure) throw failure;

  try {
    const linked = await db.transactional(async (em) => {
      // Bound only if still unbound: two first sign-ins at once cannot both bind it.
      const now = new Date();
      const updated = await em.nativeUpdate(
        User,
        { id: user.id, azureId: null },
        { ssoIssuer: identity.issuer, tenantId: identity.tenantId, azureId: identity.subject, ssoLinkedAt: now, updatedAt: now },
      );
      if (updated !== 1) throw apiError('sso_identity_mismatch');
      if (invitation) {
        // The invitation is answered by the sign-in: used, and the account active.
        const used = await em.nativeUpdate(Invitation, { id: invitation.id, usedAt: null }, { usedAt: now, updatedAt: now });
        if (used !== 1) throw apiError('invitation_used');
        await em.nativeUpdate(User, { id: user.id }, { status: 'active', updatedAt: now });
      }
      recordEvent(em, user, identity, 'linked');
      record(em, { action: 'sso_linked', companyId: user.companyId, actor: { kind: 'user', id: user.id, email: user.email }, target: { type: 'user', id: user.id, label: user.email }, changes: { after: { issuer: identity.issuer, subject: identity.subject } } });
      return em.findOneOrFail(User, { id: user.id }, { refresh: true });
    });
    return sessionResponse(config, linked, company!);
  } catch (failure) {
    // The identity was bound to another account meanwhile.
    if (failure instanceof UniqueConstraintViolationException) throw apiError('sso_identity_mismatch');
    throw failure;
  }
}
