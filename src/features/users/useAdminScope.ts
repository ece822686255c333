/**
 * What the user and permission modals work on: which users to list, which company is in view, and
 * what the signed-in administrator may hand out there.
 */
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { useTargetCompany, type TargetCompany } from '@/lib/useTargetCompany';
import type { RoleAssigner } from './roleOptions';

export interface AdminScope {
  /** The companyFilter query of the user list: undefined lists every company's users. */
  filterParam: string | undefined;
  /** A global admin with "All Companies" chosen. */
  viewingAll: boolean;
  /** The filtered company, or the administrator's own. */
  target: TargetCompany;
  /** "All companies" or the name of the company in view. */
  scopeLabel: string | undefined;
  assigner: RoleAssigner;
}

export function useAdminScope(): AdminScope {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const target = useTargetCompany();
  const viewingAll = can('chooseCompany') && companyFilter === ALL_COMPANIES;
  return {
    filterParam,
    viewingAll,
    target,
    scopeLabel: viewingAll ? 'All companies' : target.company?.name,
    assigner: { role: session?.role ?? 'user', companyFilter, viewedCompany: target.company },
  };
}
