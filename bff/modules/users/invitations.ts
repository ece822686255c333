/**
 * Inviting someone into a company: the invited account, its one-time activation link, and the
 * e-mail that carries it when a mailer is configured.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { DEFAULT_PERMISSIONS } from '@domain/auth/roles';
import { MESSAGES, type InviteInput } from '@domain/auth/schemas';
import type { InviteResponse } from '@domain/auth/types';
import type { Config } from '../../config';
import { Company, User } from '../../entities';
import { apiError } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import { companyFor } from '../../middleware/tenant';
import type { UserActor } from '../../types';
import { record } from '../audit';
import { invitationLink, issueInvitation } from '../invitations';
import { assertCanAssignRole } from './access';
import { normalizeEmail } from './email';
import { presentManagedUser } from './present';

export interface InvitationDependencies {
  config: Config;
  logger: Logger;
  mailer: Mailer | null;
}

/** Answers whether the e-mail left; a failure is logged, as the link is also given to the inviter. */
async function sendInvitation(mailer: Mailer | null, logger: Logger, user: User, company: Pick<Company, 'name'>, link: string, expiresAt: Date): Promise<boolean> {
  if (!mailer) return false;
  try {
    await mailer.send({
      to: user.email,
      subject: `You are invited to ${company.name} on Navout`,
      text: [
        `Hello ${user.name},`,
        '',
        `You have been invited to join ${company.name} on Navout.`,
        'Open this link to choose your password and activate your account:',
        link,
        '',
        `The link works once and expires on ${expiresAt.toUTCString()}.`,
      ].join('\n'),
    });
    return true;
  } catch (failure) {
    logger.warn({ err: failure, email: user.email }, 'Invitation e-mail could not be sent');
    return false;
  }
}

export async function inviteUser(em: EntityManager, { config, logger, mailer }: InvitationDependencies, actor: UserActor, input: InviteInput): Promise<InviteResponse> {
  const requested = input.companyId || null;
  let company: Pick<Company, 'id' | 'name' | 'isInternal'>;
  if (actor.isGlobalAdmin && !requested) {
    throw apiError('validation_failed', { error: MESSAGES.companyRequired, fields: { companyId: MESSAGES.companyRequired } });
  }
  const companyId = await companyFor(em, actor, requested);
  if (actor.isGlobalAdmin) company = await em.findOneOrFail(Company, { id: companyId });
  else company = actor.company;
  const role = input.role;
  assertCanAssignRole(actor, role, company, false);

  const email = normalizeEmail(input.email);
  const existing = await em.findOne(User, { email });
  // Inviting someone again who never activated replaces their link; anyone else is taken.
  if (existing && (existing.status !== 'invited' || existing.companyId !== company.id)) {
    throw apiError('email_taken');
  }

  const { user, token, expiresAt } = await em.transactional(async (em) => {
    const invitee =
      existing ??
      em.create(User, { email, name: input.name, role, status: 'invited', permissions: [], companyId: company.id });
    invitee.name = input.name;
    invitee.role = role;
    invitee.permissions = [...DEFAULT_PERMISSIONS[role]];
    const issued = await issueInvitation(em, invitee);
    record(em, { action: existing ? 'invitation_resent' : 'user_invited', companyId: company.id, target: { type: 'user', id: invitee.id, label: email }, changes: { after: { name: input.name, role } } });
    return { user: invitee, token: issued.token, expiresAt: issued.invitation.expiresAt };
  });

  const link = invitationLink(config.publicUrl, token);
  logger.info({ email: user.email, companyId: company.id, invitationLink: link }, 'Invitation created');
  const emailSent = await sendInvitation(mailer, logger, user, company, link, expiresAt);
  return { user: presentManagedUser(user, company), invitationLink: link, expiresAt: expiresAt.toISOString(), emailSent };
}
