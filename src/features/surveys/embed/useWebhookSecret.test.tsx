import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { NotificationsProvider } from '@/lib/notifications';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { publishedApiRoutes } from '../fixtures';
import { useWebhookSecret } from './useWebhookSecret';


const SECRET_PATH = `/api/companies/${acmeCompany.id}/trigger-settings/webhook-secret`;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useWebhookSecret(acmeCompany.id), { wrapper });
}

describe('useWebhookSecret', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('shows a secret handed to it until dismissed', () => {
    const { result } = setup();
    act(() => result.current.show('whsec_saved'));
    expect(result.current.shown).toBe('whsec_saved');
    act(() => result.current.dismiss());
    expect(result.current.shown).toBeNull();
  });

  it('rotates only once confirmed, then shows the new secret', async () => {
    restore = mockFetch(publishedApiRoutes());
    const { result } = setup();
    act(() => result.current.askToRotate());
    expect(result.current.confirming).toBe(true);
    act(() => result.current.cancelRotation());
    expect(result.current.confirming).toBe(false);
    expect(restore.calls).toHaveLength(0);

    act(() => result.current.askToRotate());
    act(() => result.current.rotate());
    await waitFor(() => expect(result.current.shown).toMatch(/^whsec_/));
    expect(result.current.confirming).toBe(false);
    expect(result.current.rotating).toBe(false);
    expect(restore.calls.filter((call) => call.method === 'POST' && call.path === SECRET_PATH)).toHaveLength(1);
  });

  it('closes the confirmation and says why a rotation failed', async () => {
    restore = mockFetch(publishedApiRoutes({ overrides: { [`POST ${SECRET_PATH}`]: failure('internal_error', { message: 'The secret store is unavailable.' }) } }));
    const { result } = setup();
    act(() => result.current.askToRotate());
    act(() => result.current.rotate());
    expect(await screen.findByText(PUBLISHED_MESSAGES.saveSettingsFailed('The secret store is unavailable.'))).toBeInTheDocument();
    expect(result.current.confirming).toBe(false);
    expect(result.current.shown).toBeNull();
  });
});
