import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';
import { isGlobalAdmin } from './access';
import { CompanyFilterContext, useSession, type CompanyFilterContextValue } from './session';

export const ALL_COMPANIES = 'all';

function readStoredFilter(): string {
  return localStorage.getItem(STORAGE_KEYS.companyFilter) || ALL_COMPANIES;
}

/**
 * The global admin's "View Data For" choice, kept under adminCompanyFilter. Every other role is
 * fixed to its own company, whatever storage says.
 */
export function CompanyFilterProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const globalAdmin = isGlobalAdmin(session);
  const userId = session?.user.id ?? null;
  const [stored, setStored] = useState(readStoredFilter);
  // A new sign-in (sign-out cleared the key) starts from what is stored now.
  const [filterOwner, setFilterOwner] = useState(userId);
  if (filterOwner !== userId) {
    setFilterOwner(userId);
    setStored(readStoredFilter());
  }

  const setCompanyFilter = useCallback(
    (value: string) => {
      if (!globalAdmin) return;
      const next = value || ALL_COMPANIES;
      localStorage.setItem(STORAGE_KEYS.companyFilter, next);
      setStored(next);
    },
    [globalAdmin],
  );

  const value = useMemo<CompanyFilterContextValue>(() => {
    if (!session) return { companyFilter: ALL_COMPANIES, setCompanyFilter, filterParam: undefined };
    if (!globalAdmin) return { companyFilter: session.company.id, setCompanyFilter, filterParam: session.company.id };
    return { companyFilter: stored, setCompanyFilter, filterParam: stored === ALL_COMPANIES ? undefined : stored };
  }, [session, globalAdmin, stored, setCompanyFilter]);

  return <CompanyFilterContext.Provider value={value}>{children}</CompanyFilterContext.Provider>;
}
