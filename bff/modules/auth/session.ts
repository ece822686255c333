/**
 * What a sign-in answers (a session token with the user, company and permissions), and the
 * signed-in user's own view of the same.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Permission } from '@domain/auth/roles';
import type { AuthResponse, Company as CompanyView, SessionUser } from '@domain/auth/types';
import type { Config } from '../../config';
import { Company, type User } from '../../entities';
import type { UserActor } from '../../types';
import { presentCompany } from '../companies';
import { permissionsOf, presentSessionUser } from '../users';
import { signSessionToken } from './tokens';

export function sessionResponse(config: Config, user: User, company: Company): AuthResponse {
  return {
    token: signSessionToken(config, user),
    user: presentSessionUser(user),
    company: presentCompany(company),
    permissions: permissionsOf(user),
  };
}

export function companyOf(em: EntityManager, user: User): Promise<Company | null> {
  return em.findOne(Company, { id: user.companyId });
}

export function me(actor: UserActor): { user: SessionUser; company: CompanyView; permissions: Permission[] } {
  return {
    user: presentSessionUser(actor.user),
    company: presentCompany(actor.company),
    permissions: actor.permissions,
  };
}
