import { useEffect } from 'react';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import { useGlobalIdentifiers } from '../../api/identifiers';

/**
 * The company's identifier rules, which the survey's override is checked against: the defaults
 * until they arrive, and the defaults (with `unavailable`) if they cannot be loaded.
 */
export function useCompanyIdentifierRules(companyId: string) {
  const identifiers = useGlobalIdentifiers(companyId);
  useEffect(() => {
    // Data document, section 7: a failed load of the company's rules is only logged.
    if (identifiers.error) console.warn('The global identifier settings could not be loaded', identifiers.error);
  }, [identifiers.error]);
  return { global: identifiers.data ?? DEFAULT_GLOBAL_IDENTIFIERS, unavailable: identifiers.isError };
}
