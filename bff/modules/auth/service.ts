import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { DEFAULT_PERMISSIONS } from '@domain/auth/roles';
import { EMAIL_PATTERN, type RegisterInput } from '@domain/auth/schemas';
import type { AuthResponse, Company as CompanyView, InvitationUser, SessionUser, SsoConfig } from '@domain/auth/types';
import type { Permission } from '@domain/auth/roles';
import type { Config } from '../../config';
import { Company, User } from '../../entities';
import { accountFailure } from '../../middleware/auth';
import { apiError } from '../../platform/errors';
import type { Orm, UserActor } from '../../types';
import { presentCompany } from '../companies';
import { consumeInvitation, findOpenInvitation } from '../invitations';
import { normalizeEmail, permissionsOf, presentSessionUser } from '../users';
import type { LoginThrottle } from './loginThrottle';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../platform/passwords';
import type { IdTokenVerifier } from './sso';
import { signSessionToken } from './tokens';

export const SSO_SCOPES = ['User.Read', 'openid', 'profile', 'email'];

export interface AuthServiceDependencies {
  orm: Orm;
  config: Config;
  throttle: LoginThrottle;
  verifyIdToken: IdTokenVerifier | null;
}

export function createAuthService({ orm, config, throttle, verifyIdToken }: AuthServiceDependencies) {
  const invalidCredentials = () => apiError('invalid_credentials');

  function respond(user: User, company: Company): AuthResponse {
    return {
      token: signSessionToken(config, user),
      user: presentSessionUser(user),
      company: presentCompany(company),
      permissions: permissionsOf(user),
    };
  }

  async function companyOf(user: User): Promise<Company | null> {
    return orm.em.findOne(Company, { id: user.companyId });
  }

  function assertSsoConfigured(): IdTokenVerifier {
    if (!verifyIdToken || !config.sso) {
      throw apiError('sso_not_configured');
    }
    return verifyIdToken;
  }

  return {
    async login(credentials: { email: string; password: string }, address: string): Promise<AuthResponse> {
      const email = normalizeEmail(credentials.email);
      // Counted before the password is checked, so parallel attempts cannot all slip under the limit;
      // from here every way out but success stays counted as a failure.
      await throttle.countAttempt(email, address);
      let user: User | null;
      let matches: boolean;
      try {
        user = await orm.em.findOne(User, { email });
        matches = user?.passwordHash
          ? await verifyPassword(credentials.password, user.passwordHash)
          : await spendPasswordCheck(credentials.password);
      } catch (failure) {
        // No password was checked (the password pool was full, or the database failed): no guess was made.
        await throttle.giveBack(email, address);
        throw failure;
      }

      if (user && user.status === 'invited' && !user.passwordHash) throw apiError('account_not_activated');
      if (!user || !matches) throw invalidCredentials();
      // Account states are revealed only to someone who knows the password.
      const company = await companyOf(user);
      const failure = accountFailure(user, company);
      if (failure) throw failure;
      await throttle.recordSuccess(email, address);
      return respond(user, company!);
    },

    async register(input: RegisterInput): Promise<AuthResponse> {
      const email = normalizeEmail(input.email);
      const emailTaken = () => apiError('email_taken');
      if (await orm.em.count(User, { email })) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      try {
        const { user, company } = await orm.em.transactional(async (em) => {
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
          return { user, company };
        });
        return respond(user, company);
      } catch (failure) {
        if (failure instanceof UniqueConstraintViolationException) throw emailTaken();
        throw failure;
      }
    },

    me(actor: UserActor): { user: SessionUser; company: CompanyView; permissions: Permission[] } {
      return {
        user: presentSessionUser(actor.user),
        company: presentCompany(actor.company),
        permissions: actor.permissions,
      };
    },

    ssoConfig(): SsoConfig {
      return {
        enabled: Boolean(config.sso),
        clientId: config.sso?.clientId ?? null,
        authority: config.sso?.authority ?? null,
        scopes: SSO_SCOPES,
      };
    },

    assertSsoConfigured,

    async verifyUser(idToken: string): Promise<AuthResponse> {
      const verify = assertSsoConfigured();
      const claims = await verify(idToken);
      const objectId = typeof claims.oid === 'string' && claims.oid ? claims.oid : null;
      let user = objectId ? await orm.em.findOne(User, { azureId: objectId }) : null;
      if (!user) {
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
      }
      if (!user) {
        throw apiError('user_not_found');
      }
      const company = await companyOf(user);
      const failure = accountFailure(user, company);
      if (failure) throw failure;
      if (!user.azureId && objectId) {
        user.azureId = objectId;
        user.tenantId = typeof claims.tid === 'string' ? claims.tid : config.sso!.tenantId;
        await orm.em.flush();
      }
      return respond(user, company!);
    },

    async describeInvitation(token: string): Promise<{ user: InvitationUser }> {
      const { user, company } = await findOpenInvitation(orm.em, token);
      return { user: { name: user.name, email: user.email, company: company.name, role: user.role } };
    },

    async activateAccount(token: string, password: string): Promise<AuthResponse> {
      const open = await findOpenInvitation(orm.em, token);
      if (open.company.status !== 'active') throw apiError('company_inactive');
      const passwordHash = await hashPassword(password);
      const user = await orm.em.transactional(async (em) => {
        await consumeInvitation(em, open.invitation);
        const invited = await em.findOneOrFail(User, { id: open.user.id });
        invited.passwordHash = passwordHash;
        invited.status = 'active';
        return invited;
      });
      return respond(user, open.company);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
