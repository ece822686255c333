import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { ACME_IDENTIFIERS } from '../../fixtures';
import { useCompanyIdentifierRules } from './useCompanyIdentifierRules';

const PATH = `GET /api/companies/${acmeCompany.id}/global-identifiers`;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useCompanyIdentifierRules(acmeCompany.id), { wrapper });
}

describe('useCompanyIdentifierRules', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('checks against the defaults until the company’s rules arrive', async () => {
    restore = mockFetch({ [PATH]: { body: ACME_IDENTIFIERS } });
    const { result } = setup();
    expect(result.current).toEqual({ global: DEFAULT_GLOBAL_IDENTIFIERS, unavailable: false });
    await waitFor(() => expect(result.current.global).toEqual(ACME_IDENTIFIERS));
    expect(result.current.unavailable).toBe(false);
  });

  it('keeps the defaults when the rules cannot be loaded, and only logs it', async () => {
    restore = mockFetch({ [PATH]: failure('internal_error') });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = setup();
    await waitFor(() => expect(result.current.unavailable).toBe(true));
    expect(result.current.global).toEqual(DEFAULT_GLOBAL_IDENTIFIERS);
    expect(warn).toHaveBeenCalledWith('The global identifier settings could not be loaded', expect.any(Error));
    warn.mockRestore();
  });
});
