/**
 * An invited user's first visit: what their invitation shows, and activating the account with
 * the password they choose.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { AuthResponse, InvitationUser } from '@domain/auth/types';
import type { Config } from '../../config';
import { User } from '../../entities';
import { apiError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { record } from '../audit';
import { consumeInvitation, findOpenInvitation } from '../invitations';
import { sessionResponse } from './session';

export async function describeInvitation(em: EntityManager, token: string): Promise<{ user: InvitationUser }> {
  const { user, company } = await findOpenInvitation(em, token);
  return { user: { name: user.name, email: user.email, company: company.name, role: user.role } };
}

export async function activateAccount(em: EntityManager, config: Config, token: string, password: string): Promise<AuthResponse> {
  const open = await findOpenInvitation(em, token);
  if (open.company.status !== 'active') throw apiError('company_inactive');
  const passwordHash = await hashPassword(password);
  const user = await em.transactional(async (em) => {
    await consumeInvitation(em, open.invitation);
    const invited = await em.findOneOrFail(User, { id: open.user.id });
    invited.passwordHash = passwordHash;
    invited.status = 'active';
    record(em, { action: 'account_activated', companyId: invited.companyId, actor: { kind: 'user', id: invited.id, email: invited.email }, target: { type: 'user', id: invited.id, label: invited.email } });
    return invited;
  });
  return sessionResponse(config, user, open.company);
}
