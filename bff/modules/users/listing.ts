/**
 * The users an actor may see, with their companies' names.
 */
import type { ManagedUser } from '@domain/auth/types';
import { Company, User } from '../../entities';
import { companiesFor } from '../../middleware/tenant';
import type { Orm, UserActor } from '../../types';
import { presentManagedUser } from './present';

async function companiesById(orm: Orm, companyIds: string[]): Promise<Map<string, Company>> {
  const companies = await orm.em.find(Company, { id: { $in: [...new Set(companyIds)] } });
  return new Map(companies.map((company) => [company.id, company]));
}

export async function listUsers(orm: Orm, actor: UserActor, requestedCompany: string | undefined): Promise<ManagedUser[]> {
  const companyId = await companiesFor(orm.em, actor, requestedCompany);
  const users = await orm.em.find(User, companyId ? { companyId } : {}, { orderBy: { name: 'asc', id: 'asc' } });
  const companies = await companiesById(orm, users.map((user) => user.companyId));
  return users.map((user) => presentManagedUser(user, companies.get(user.companyId)!));
}
