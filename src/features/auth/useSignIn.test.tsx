import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { companyAdminAnswer, SessionFixture } from '@/lib/testing/sessions';
import { SsoContext, type SsoClient, type SsoState } from './sso';
import { SSO_FAILED, type SsoSignInResult } from './ssoSettings';
import { useSignIn } from './useSignIn';

const ANSWER: SsoSignInResult = {
  idToken: 'header.payload.signature',
  account: { username: 'erin@contoso.example', localAccountId: 'azure-erin', tenantId: 'tenant-1' },
};

function setup(sso: SsoState = { status: 'disabled' }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionFixture session={null}>
        <SsoContext.Provider value={sso}>{children}</SsoContext.Provider>
      </SessionFixture>
    </QueryClientProvider>
  );
  return renderHook(() => ({ signIn: useSignIn(), session: useSession().session }), { wrapper });
}

function readySso() {
  const client = { clearCache: vi.fn(() => Promise.resolve()) } as unknown as SsoClient;
  const sso: SsoState = { status: 'ready', client, scopes: ['openid'], SignInButton: () => null };
  return { sso, clearCache: client.clearCache as ReturnType<typeof vi.fn> };
}

describe('useSignIn', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('sends nothing for an empty form', async () => {
    restore = mockFetch({});
    const { result } = setup();
    await act(() => result.current.signIn.submit());
    expect(restore.calls).toHaveLength(0);
    expect(result.current.signIn.error).toBeNull();
  });

  it('signs in the identity a single sign-on hands back once the server knows it', async () => {
    restore = mockFetch({ 'POST /api/auth/verify-user': { body: companyAdminAnswer } });
    const { result } = setup(readySso().sso);
    act(() => result.current.signIn.ssoSignedIn(ANSWER));
    await waitFor(() => expect(result.current.session?.user.email).toBe(companyAdminAnswer.user.email));
    expect(restore.calls[0].body).toEqual({ idToken: ANSWER.idToken, email: 'erin@contoso.example', azureId: 'azure-erin', tenantId: 'tenant-1' });
    expect(result.current.signIn.error).toBeNull();
  });

  it('says why an unknown identity was refused, and forgets it in the browser', async () => {
    restore = mockFetch({ 'POST /api/auth/verify-user': failure('user_not_found') });
    const { sso, clearCache } = readySso();
    const { result } = setup(sso);
    act(() => result.current.signIn.ssoSignedIn(ANSWER));
    await waitFor(() => expect(result.current.signIn.error).toBe('User not found. Please contact your administrator to get access to the dashboard.'));
    expect(clearCache).toHaveBeenCalledTimes(1);
    expect(result.current.session).toBeNull();
    expect(result.current.signIn.busy).toBe(false);
  });

  it('takes a closed sign-on window as a choice, and any other failure as a failed sign-on', () => {
    const { result } = setup(readySso().sso);
    act(() => result.current.signIn.ssoFailed({ errorCode: 'user_cancelled' }));
    expect(result.current.signIn.error).toBeNull();
    act(() => result.current.signIn.ssoFailed(new Error('interaction_in_progress')));
    expect(result.current.signIn.error).toBe(SSO_FAILED);
  });
});
