import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppQueryClient } from '@/lib/queryClient';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { useSso } from './sso';
import { SsoProvider } from './SsoProvider';

let restoreFetch: RestoreFetch | undefined;
afterEach(() => restoreFetch?.());

function SsoStatus() {
  return <p>single sign-on {useSso().status}</p>;
}

function renderSso() {
  return render(
    <QueryClientProvider client={createAppQueryClient()}>
      <SsoProvider>
        <SsoStatus />
      </SsoProvider>
    </QueryClientProvider>,
  );
}

describe('SsoProvider', () => {
  it('is loading until the installation answers', () => {
    restoreFetch = mockFetch({ 'GET /api/auth/sso-config': { delayMs: Infinity } });
    renderSso();
    expect(screen.getByText('single sign-on loading')).toBeInTheDocument();
  });

  it('is disabled when the installation has no single sign-on', async () => {
    restoreFetch = mockFetch({
      'GET /api/auth/sso-config': { body: { enabled: false, clientId: null, authority: null, scopes: [] } },
    });
    renderSso();
    expect(await screen.findByText('single sign-on disabled')).toBeInTheDocument();
  });

  it('is disabled when enabled without a client id, which MSAL cannot use', async () => {
    restoreFetch = mockFetch({
      'GET /api/auth/sso-config': { body: { enabled: true, clientId: null, authority: null, scopes: [] } },
    });
    renderSso();
    expect(await screen.findByText('single sign-on disabled')).toBeInTheDocument();
  });

  it('is unavailable when the settings cannot be read', async () => {
    restoreFetch = mockFetch({ 'GET /api/auth/sso-config': failure('internal_error') });
    renderSso();
    expect(await screen.findByText('single sign-on unavailable')).toBeInTheDocument();
  });
});
