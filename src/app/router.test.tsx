import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '@/lib/session';
import { mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { companyAdminSession, globalAdminSession, SessionFixture } from '@/lib/testing/sessions';
import { AppTheme } from '@/theme/AppTheme';
import { AppRoutes } from './router';

/**
 * Every page is loaded on demand, the first visit to one compiling its module graph: beside the
 * type check and the linter on two cores, that takes seconds.
 */
const PAGE_LOADED = { timeout: 15_000 };

let restoreFetch: RestoreFetch | undefined;
afterEach(() => restoreFetch?.());

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function visit(path: string, session: Session | null) {
  restoreFetch = mockFetch({ 'GET /api/companies': { body: [] } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppTheme defaultMode="light">
      <QueryClientProvider client={queryClient}>
        <SessionFixture session={session}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
            <CurrentPath />
          </MemoryRouter>
        </SessionFixture>
      </QueryClientProvider>
    </AppTheme>,
  );
}

describe('the routes', () => {
  it('sends a visitor without a session from a protected page to sign in', async () => {
    visit('/data-types', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' }, PAGE_LOADED)).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });

  it('shows a permitted page inside the shell', async () => {
    visit('/data-types', companyAdminSession);
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Types' }, PAGE_LOADED)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('keeps Audience Intelligence for the global admin', async () => {
    visit('/audience-intelligence', companyAdminSession);
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, PAGE_LOADED)).toBeInTheDocument();
  });

  it('opens Audience Intelligence for the global admin', async () => {
    visit('/audience-intelligence', globalAdminSession);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audience Intelligence' }, PAGE_LOADED)).toBeInTheDocument();
  });

  it('sends /dashboard to the overview', async () => {
    visit('/dashboard', companyAdminSession);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Retail' }, PAGE_LOADED)).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it('answers an unknown address with a not-found page', async () => {
    visit('/no-such-page', companyAdminSession);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, PAGE_LOADED)).toBeInTheDocument();
  });
});
