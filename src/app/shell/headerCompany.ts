/** Which company the header names (platform specification, section 2, "Admin header"). */
import { allows } from '@domain/access/capabilities';
import type { Company } from '@domain/auth/types';
import { ALL_COMPANIES, callerOf, type Session } from '@/lib/session';

export const ALL_COMPANIES_LABEL = 'All Companies';
export const MY_COMPANY_LABEL = 'My Company';

export interface HeaderCompany {
  name: string;
  logoUrl: string | null;
}

/**
 * "All Companies" for whoever chooses the company (a global admin) viewing all; otherwise the
 * company being viewed (the admin's choice, or the user's own company); "My Company" when its
 * name is not known.
 */
export function headerCompany(
  session: Pick<Session, 'role' | 'permissions' | 'company'> | null,
  companyFilter: string,
  companies: readonly Pick<Company, 'id' | 'name' | 'logoUrl'>[] = [],
): HeaderCompany {
  if (allows('chooseCompany', callerOf(session)) && companyFilter === ALL_COMPANIES) return { name: ALL_COMPANIES_LABEL, logoUrl: null };
  const viewed =
    session?.company.id === companyFilter ? session.company : companies.find((company) => company.id === companyFilter);
  return { name: viewed?.name || MY_COMPANY_LABEL, logoUrl: viewed?.logoUrl ?? null };
}
