/**
 * Invitation links: 32 random bytes, kept only as their SHA-256, valid for seven days and
 * usable once.
 */
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { INVITATION_TTL_DAYS, SHORT_TEXT_MAX } from '@domain/limits';
import { Company, Invitation, User } from '../../entities';
import { apiError } from '../../platform/errors';
import { hashSecret } from '../../platform/secrets';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface IssuedInvitation {
  token: string;
  invitation: Invitation;
}

/** Replaces any earlier invitation of the user: only the newest link works. */
export async function issueInvitation(em: EntityManager, user: User, now = new Date()): Promise<IssuedInvitation> {
  await em.nativeDelete(Invitation, { userId: user.id });
  const token = randomBytes(32).toString('base64url');
  const invitation = em.create(Invitation, {
    userId: user.id,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
  });
  return { token, invitation };
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/setup-account?token=${encodeURIComponent(token)}`;
}

export interface OpenInvitation {
  invitation: Invitation;
  user: User;
  company: Company;
}

/** The invitation behind a token, refusing unknown, expired and used ones with the specification's words. */
export async function findOpenInvitation(em: EntityManager, token: string, now = new Date()): Promise<OpenInvitation> {
  const invalid = apiError('invitation_invalid');
  if (!token || token.length > SHORT_TEXT_MAX) throw invalid;
  const invitation = await em.findOne(Invitation, { tokenHash: hashSecret(token) });
  if (!invitation) throw invalid;
  const user = await em.findOne(User, { id: invitation.userId });
  const company = user ? await em.findOne(Company, { id: user.companyId }) : null;
  if (!user || !company) throw invalid;
  if (invitation.usedAt || user.status === 'active') throw apiError('invitation_used');
  if (user.status === 'suspended') throw apiError('account_suspended');
  if (invitation.expiresAt.getTime() <= now.getTime()) throw apiError('invitation_expired');
  return { invitation, user, company };
}

/**
 * Marks the invitation used unless someone else just did: the conditional update makes two
 * simultaneous activations with one link impossible.
 */
export async function consumeInvitation(em: EntityManager, invitation: Invitation, now = new Date()): Promise<void> {
  const updated = await em.nativeUpdate(Invitation, { id: invitation.id, usedAt: null }, { usedAt: now, updatedAt: now });
  if (updated !== 1) throw apiError('invitation_used');
}
