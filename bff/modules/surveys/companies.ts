/**
 * The companies surveys are filed under: the company a new draft, survey, theme or logo goes to,
 * and the names of the companies whose published surveys a list shows.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Company } from '../../entities';
import { companyFor } from '../../middleware/tenant';
import type { UserActor } from '../../types';

/**
 * The company a new draft, survey, theme or logo is filed under: a global admin's "View Data
 * For" choice (which must be one existing company), everyone else's own company (middleware/tenant.ts).
 */
export function companyForNew(em: EntityManager, actor: UserActor, companyFilter: string | undefined): Promise<string> {
  return companyFor(em, actor, companyFilter);
}

export async function companyNames(em: EntityManager, companyIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(companyIds)];
  if (!unique.length) return new Map();
  const companies = await em.find(Company, { id: { $in: unique } }, { fields: ['id', 'name'] });
  return new Map(companies.map((company) => [company.id, company.name]));
}
