/**
 * Signing in with an e-mail and password, under the login throttle, and registering a new
 * company with its first administrator.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { DEFAULT_PERMISSIONS } from '@domain/auth/roles';
import type { RegisterInput } from '@domain/auth/schemas';
import type { AuthResponse } from '@domain/auth/types';
import type { Config } from '../../config';
import { Company, User } from '../../entities';
import { accountFailure } from '../../middleware/auth';
import { apiError } from '../../platform/errors';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../platform/passwords';
import { record } from '../audit';
import { normalizeEmail } from '../users';
import type { LoginThrottle } from './loginThrottle';
import { companyOf, sessionResponse } from './session';

export async function login(
  em: EntityManager,
  config: Config,
  throttle: LoginThrottle,
  credentials: { email: string; password: string },
  address: string,
): Promise<AuthResponse> {
  const email = normalizeEmail(credentials.email);
  // Counted before the password is checked, so parallel attempts cannot all slip under the limit;
  // from here every way out but success stays counted as a failure.
  await throttle.countAttempt(email, address);
  let user: User | null;
  let matches: boolean;
  try {
    user = await em.findOne(User, { email });
    matches = user?.passwordHash
      ? await verifyPassword(credentials.password, user.passwordHash)
      : await spendPasswordCheck(credentials.password);
  } catch (failure) {
    // No password was checked (the password pool was full, or the database failed): no guess was made.
    await throttle.giveBack(email, address);
    throw failure;
  }

  if (user && user.status === 'invited' && !user.passwordHash) throw apiError('account_not_activated');
  if (!user || !matches) throw apiError('invalid_credentials');
  // Account states are revealed only to someone who knows the password.
  const company = await companyOf(em, user);
  const failure = accountFailure(user, company);
  if (failure) throw failure;
  await throttle.recordSuccess(email, address);
  return sessionResponse(config, user, company!);
}

export async function register(em: EntityManager, config: Config, input: RegisterInput): Promise<AuthResponse> {
  const email = normalizeEmail(input.email);
  const emailTaken = () => apiError('email_taken');
  if (await em.count(User, { email })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const { user, company } = await em.transactional(async (em) => {
      if (await em.count(User, { email })) throw emailTaken();
      const company = em.create(Company, { name: input.companyName });
      const user = em.create(User, {
        email,
        name: input.name,
        passwordHash,
        role: 'company_admin',
        status: 'active',
        permissions: [...DEFAULT_PERMISSIONS.company_admin],
        companyId: company.id,
      });
      record(em, { action: 'company_registered', companyId: company.id, actor: { kind: 'user', id: user.id, email }, target: { type: 'company', id: company.id, label: company.name } });
      return { user, company };
    });
    return sessionResponse(config, user, company);
  } catch (failure) {
    if (failure instanceof UniqueConstraintViolationException) throw emailTaken();
    throw failure;
  }
}
