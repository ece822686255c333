import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { IPublicClientApplication } from '@azure/msal-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/apiClient';
import { createAppQueryClient } from '@/lib/queryClient';
import { useSession } from '@/lib/session';
import { AUTH_STORAGE_KEYS, STORAGE_KEYS } from '@/lib/storage';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { companyAdminAnswer, companyAdminSession, companyUserAnswer } from '@/lib/testing/sessions';
import { AuthProvider } from './AuthProvider';
import { writeStoredSession } from './sessionStore';
import { SsoContext, type SsoState } from './sso';

let restoreFetch: RestoreFetch | undefined;
afterEach(() => restoreFetch?.());

const account = { homeAccountId: 'h-1', localAccountId: 'azure-bob', tenantId: 'tenant-1', username: 'bob@acme.example' };

function fakeMsal({ accounts = [account], silent = Promise.resolve({ idToken: 'id-token-1', account }) } = {}) {
  return {
    getActiveAccount: vi.fn(() => null),
    getAllAccounts: vi.fn(() => accounts),
    acquireTokenSilent: vi.fn(() => silent),
    clearCache: vi.fn(() => Promise.resolve()),
  };
}

function readySso(client: ReturnType<typeof fakeMsal>): SsoState {
  return {
    status: 'ready',
    client: client as unknown as IPublicClientApplication,
    scopes: ['openid'],
    SignInButton: () => null,
  };
}

function SessionProbe() {
  const { session, isLoading, signOut } = useSession();
  return (
    <div>
      <p>{isLoading ? 'loading' : 'settled'}</p>
      <p>{session ? `signed in as ${session.user.name}` : 'signed out'}</p>
      <button onClick={signOut}>Sign out</button>
    </div>
  );
}

function renderAuth(sso: SsoState = { status: 'disabled' }, extra?: ReactNode) {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <SsoContext.Provider value={sso}>
        <AuthProvider>
          <SessionProbe />
          {extra}
        </AuthProvider>
      </SsoContext.Provider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider at start-up', () => {
  it('restores a complete stored session without calling the server', () => {
    writeStoredSession(companyAdminSession);
    restoreFetch = mockFetch({});
    const client = fakeMsal();
    renderAuth(readySso(client));
    expect(screen.getByText('signed in as Alice Martin')).toBeInTheDocument();
    expect(screen.getByText('settled')).toBeInTheDocument();
    expect(restoreFetch.calls).toEqual([]);
    expect(client.acquireTokenSilent).not.toHaveBeenCalled();
  });

  it('starts signed out when part of the stored session is missing and nothing else can restore it', () => {
    writeStoredSession(companyAdminSession);
    localStorage.removeItem(STORAGE_KEYS.company);
    renderAuth();
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(screen.getByText('settled')).toBeInTheDocument();
  });

  it('waits while the single sign-on settings are still loading', () => {
    renderAuth({ status: 'loading' });
    expect(screen.getByText('loading')).toBeInTheDocument();
  });

  it('verifies a cached Microsoft account with the server and signs it in', async () => {
    restoreFetch = mockFetch({ 'POST /api/auth/verify-user': { body: companyUserAnswer } });
    const client = fakeMsal();
    renderAuth(readySso(client));
    expect(screen.getByText('loading')).toBeInTheDocument();

    await screen.findByText('signed in as Bob Chen');
    expect(screen.getByText('settled')).toBeInTheDocument();
    expect(restoreFetch.calls[0].body).toEqual({
      idToken: 'id-token-1',
      email: 'bob@acme.example',
      azureId: 'azure-bob',
      tenantId: 'tenant-1',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(companyUserAnswer.token);
  });

  it('forgets a cached Microsoft account the server does not know', async () => {
    restoreFetch = mockFetch({ 'POST /api/auth/verify-user': failure('user_not_found') });
    const client = fakeMsal();
    renderAuth(readySso(client));
    await screen.findByText('settled');
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(client.clearCache).toHaveBeenCalledWith({ account });
  });

  it('does not wait when no Microsoft account is cached', () => {
    renderAuth(readySso(fakeMsal({ accounts: [] })));
    expect(screen.getByText('settled')).toBeInTheDocument();
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });
});

describe('AuthProvider signing out', () => {
  it('clears every stored auth item and the Microsoft cache, and tells the server', async () => {
    writeStoredSession(companyAdminSession);
    localStorage.setItem(STORAGE_KEYS.companyFilter, 'c-acme');
    restoreFetch = mockFetch({ 'POST /api/auth/logout': { status: 204 } });
    const client = fakeMsal();
    renderAuth(readySso(client));

    act(() => screen.getByRole('button', { name: 'Sign out' }).click());

    expect(screen.getByText('signed out')).toBeInTheDocument();
    for (const key of AUTH_STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(client.clearCache).toHaveBeenCalled();
    await waitFor(() => expect(restoreFetch!.calls.map((call) => call.path)).toEqual(['/api/auth/logout']));
    // The token still went with the call although storage was cleared at once.
    expect(restoreFetch.calls[0].headers.Authorization).toBe(`Bearer ${companyAdminSession.token}`);
  });

  it('ends the session when any call answers 401', async () => {
    writeStoredSession(companyAdminSession);
    restoreFetch = mockFetch({ 'GET /api/data-types': failure('session_ended') });
    function DataTypes() {
      const query = useQuery({ queryKey: ['data-types'], queryFn: () => api.get('/api/data-types') });
      return <p>{query.isError ? 'failed' : 'fetching'}</p>;
    }
    // Like the route guard, the page goes away with the session.
    function SignedInOnly({ children }: { children: ReactNode }) {
      return useSession().session ? children : null;
    }
    renderAuth(
      { status: 'disabled' },
      <SignedInOnly>
        <DataTypes />
      </SignedInOnly>,
    );

    await screen.findByText('signed out');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // Ending a session the server already ended needs no logout call.
    expect(restoreFetch.calls.map((call) => call.path)).toEqual(['/api/data-types']);
  });

  it('stores a new sign-in', async () => {
    restoreFetch = mockFetch({});
    function SignInButton() {
      const { signIn } = useSession();
      return <button onClick={() => signIn(companyAdminAnswer)}>Sign in</button>;
    }
    renderAuth({ status: 'disabled' }, <SignInButton />);
    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    expect(screen.getByText('signed in as Alice Martin')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('company_admin');
  });

  it('keeps both of two profile changes made before the page re-renders', () => {
    restoreFetch = mockFetch({});
    writeStoredSession(companyAdminSession);
    function TwoSaves() {
      const { updateUser, updateCompany } = useSession();
      return (
        <button
          onClick={() => {
            // A profile save and a photo upload answering in the same tick.
            updateUser({ jobTitle: 'Director' });
            updateUser({ photoUrl: '/api/files/photo-1' });
            updateCompany({ name: 'Acme Stores' });
          }}
        >
          Save both
        </button>
      );
    }
    renderAuth({ status: 'disabled' }, <TwoSaves />);
    act(() => screen.getByRole('button', { name: 'Save both' }).click());
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}');
    expect(stored).toMatchObject({ jobTitle: 'Director', photoUrl: '/api/files/photo-1' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.company) ?? '{}')).toMatchObject({ name: 'Acme Stores' });
  });
});
