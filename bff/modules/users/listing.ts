/**
 * The users an actor may see, with their companies' names.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { ManagedUser } from '@domain/auth/types';
import { Company, User } from '../../entities';
import { companiesFor } from '../../middleware/tenant';
import type { UserActor } from '../../types';
import { presentManagedUser } from './present';

async function companiesById(em: EntityManager, companyIds: string[]): Promise<Map<string, Company>> {
  const companies = await em.find(Company, { id: { $in: [...new Set(companyIds)] } });
  return new Map(companies.map((company) => [company.id, company]));
}

export async function listUsers(em: EntityManager, actor: UserActor, requestedCompany: string | undefined): Promise<ManagedUser[]> {
  const companyId = await companiesFor(em, actor, requestedCompany);
  const users = await em.find(User, companyId ? { companyId } : {}, { orderBy: { name: 'asc', id: 'asc' } });
  const companies = await companiesById(em, users.map((user) => user.companyId));
  return users.map((user) => presentManagedUser(user, companies.get(user.companyId)!));
}
