import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ALL_COMPANIES, CompanyFilterContext, companyFilterValue, useSession } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';

function readStoredFilter(): string {
  return localStorage.getItem(STORAGE_KEYS.companyFilter) || ALL_COMPANIES;
}

/**
 * The global admin's "View Data For" choice, kept under adminCompanyFilter. Whoever may not choose
 * a company is fixed to their own, whatever storage says.
 */
export function CompanyFilterProvider({ children }: { children: ReactNode }) {
  const { session, can } = useSession();
  const maySwitch = can('chooseCompany');
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
      if (!maySwitch) return;
      const next = value || ALL_COMPANIES;
      localStorage.setItem(STORAGE_KEYS.companyFilter, next);
      setStored(next);
    },
    [maySwitch],
  );

  const value = useMemo(
    () => companyFilterValue(session, maySwitch, stored, setCompanyFilter),
    [session, maySwitch, stored, setCompanyFilter],
  );

  return <CompanyFilterContext.Provider value={value}>{children}</CompanyFilterContext.Provider>;
}
