/**
 * Every sign-in, let in or refused, goes into the audit log with the address it came from: a
 * session answered is recorded for its account; a refusal (wrong password, throttled, suspended,
 * an SSO token refused) with its error code, under the account the typed address names, if any.
 * A failure of ours (the database, a full password pool) decided nothing and is not recorded.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { AuthResponse } from '@domain/auth/types';
import { User } from '../../entities';
import { toHttpError } from '../../platform/errors';
import { recordNow } from '../audit';
import { normalizeEmail } from '../users';

export type SignInMethod = 'password' | 'sso';

export async function auditedSignIn(em: EntityManager, method: SignInMethod, typedEmail: string | null, signIn: () => Promise<AuthResponse>): Promise<AuthResponse> {
  let session: AuthResponse;
  try {
    session = await signIn();
  } catch (failure) {
    const refusal = toHttpError(failure);
    if (refusal && refusal.status < 500) {
      const email = typedEmail ? normalizeEmail(typedEmail) : null;
      const account = email ? await em.fork().findOne(User, { email }, { fields: ['id', 'companyId'] }) : null;
      await recordNow(em, {
        action: `${method}_sign_in_failed`,
        companyId: account?.companyId ?? null,
        actor: { kind: 'anonymous', id: account?.id ?? null, email },
        target: { type: 'user', id: account?.id ?? null, label: email },
        code: refusal.code,
      });
    }
    throw failure;
  }
  const { user } = session;
  await recordNow(em, {
    action: `${method}_sign_in`,
    companyId: user.companyId,
    actor: { kind: 'user', id: user.id, email: user.email },
    target: { type: 'user', id: user.id, label: user.email },
  });
  return session;
}
