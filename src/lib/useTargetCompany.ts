/**
 * The company an administration screen works on: the one chosen in the global admin's company
 * filter, otherwise the signed-in user's own company.
 */
import type { Company } from '@domain/auth/types';
import { useCompany } from './accounts';
import { useCompanyFilter, useSession } from './session';

export interface TargetCompany {
  company: Company | undefined;
  /** True when the target is the signed-in user's own company (the session keeps a copy of it). */
  isOwn: boolean;
  isLoading: boolean;
  error: unknown;
}

export function useTargetCompany(): TargetCompany {
  const { session } = useSession();
  const { filterParam } = useCompanyFilter();
  const ownCompany = session?.company;
  const targetId = filterParam ?? ownCompany?.id;
  const isOwn = targetId !== undefined && targetId === ownCompany?.id;
  // The session's copy is shown at once; the server's answer replaces it when it arrives.
  const query = useCompany(targetId);
  return {
    company: query.data ?? (isOwn ? ownCompany : undefined),
    isOwn,
    isLoading: query.isLoading && !isOwn,
    error: query.error,
  };
}
