import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionContext, sessionAccess, useCompanyFilter, type Session, type SessionContextValue } from '@/lib/session';
import { STORAGE_KEYS } from '@/lib/storage';
import { companyUserSession, globalAdminSession } from '@/lib/testing/sessions';
import { CompanyFilterProvider } from './CompanyFilterProvider';

function FilterProbe() {
  const { companyFilter, filterParam, setCompanyFilter } = useCompanyFilter();
  return (
    <div>
      <p>filter {companyFilter}</p>
      <p>param {filterParam ?? 'none'}</p>
      <button onClick={() => setCompanyFilter('c-globex')}>View Globex</button>
    </div>
  );
}

function sessionValue(session: Session | null): SessionContextValue {
  const nothing = () => undefined;
  return {
    session,
    isLoading: false,
    signIn: nothing,
    signOut: nothing,
    updateUser: nothing,
    updateCompany: nothing,
    ...sessionAccess(session),
  };
}

function renderFilter(session: Session | null) {
  const tree = (current: Session | null) => (
    <SessionContext.Provider value={sessionValue(current)}>
      <CompanyFilterProvider>
        <FilterProbe />
      </CompanyFilterProvider>
    </SessionContext.Provider>
  );
  const view = render(tree(session));
  return { ...view, switchTo: (next: Session | null) => view.rerender(tree(next)) };
}

describe('CompanyFilterProvider', () => {
  it('lets a global admin view all companies, sending no filter', () => {
    renderFilter(globalAdminSession);
    expect(screen.getByText('filter all')).toBeInTheDocument();
    expect(screen.getByText('param none')).toBeInTheDocument();
  });

  it("keeps the global admin's choice in storage and sends it", () => {
    renderFilter(globalAdminSession);
    act(() => screen.getByRole('button', { name: 'View Globex' }).click());
    expect(screen.getByText('param c-globex')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.companyFilter)).toBe('c-globex');
  });

  it("starts from the global admin's stored choice", () => {
    localStorage.setItem(STORAGE_KEYS.companyFilter, 'c-acme');
    renderFilter(globalAdminSession);
    expect(screen.getByText('param c-acme')).toBeInTheDocument();
  });

  it('fixes every other role to their own company, whatever is stored', () => {
    localStorage.setItem(STORAGE_KEYS.companyFilter, 'c-globex');
    renderFilter(companyUserSession);
    expect(screen.getByText('param c-acme')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'View Globex' }).click());
    expect(screen.getByText('param c-acme')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.companyFilter)).toBe('c-globex');
  });

  it('rereads storage when another user signs in', () => {
    localStorage.setItem(STORAGE_KEYS.companyFilter, 'c-acme');
    const view = renderFilter(globalAdminSession);
    localStorage.removeItem(STORAGE_KEYS.companyFilter);
    view.switchTo(null);
    view.switchTo(globalAdminSession);
    expect(screen.getByText('param none')).toBeInTheDocument();
  });
});
