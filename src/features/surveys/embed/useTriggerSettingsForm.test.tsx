import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRIGGER_SETTINGS, type TriggerSettingsView } from '@domain/survey/collection';
import { PUBLISHED_MESSAGES, TRIGGER_MESSAGES } from '@domain/survey/messages';
import { NotificationsProvider } from '@/lib/notifications';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { publishedApiRoutes } from '../fixtures';
import { useTriggerSettingsForm } from './useTriggerSettingsForm';


const PATH = `/api/companies/${acmeCompany.id}/trigger-settings`;
const NONE: TriggerSettingsView = { triggerSettings: DEFAULT_TRIGGER_SETTINGS, webhookSecretHint: null };
const WEBHOOK: TriggerSettingsView = {
  triggerSettings: { ...DEFAULT_TRIGGER_SETTINGS, triggerType: 'webhook', webhookUrl: 'https://hooks.acme.example/navout' },
  webhookSecretHint: null,
};

function setup(view: TriggerSettingsView) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </QueryClientProvider>
  );
  const onNewSecret = vi.fn();
  const hook = renderHook(() => useTriggerSettingsForm(acmeCompany.id, view, onNewSecret), { wrapper });
  return { ...hook, onNewSecret };
}

describe('useTriggerSettingsForm', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('starts from the saved settings and saves them, handing on the first webhook’s secret', async () => {
    restore = mockFetch(publishedApiRoutes({ triggers: NONE }));
    const { result, onNewSecret } = setup(WEBHOOK);
    expect(result.current.triggerType).toBe('webhook');
    await act(() => result.current.submit());
    expect(await screen.findByText(PUBLISHED_MESSAGES.settingsSaved)).toBeInTheDocument();
    expect(restore.calls.filter((call) => call.method === 'PUT' && call.path === PATH).map((call) => call.body)).toEqual([
      { triggerSettings: WEBHOOK.triggerSettings },
    ]);
    expect(onNewSecret).toHaveBeenCalledWith(expect.stringMatching(/^whsec_/));
    expect(result.current.saving).toBe(false);
  });

  it('sends nothing while a field is wrong', async () => {
    restore = mockFetch(publishedApiRoutes({ triggers: NONE }));
    const { result } = setup({ ...NONE, triggerSettings: { ...DEFAULT_TRIGGER_SETTINGS, triggerType: 'callback' } });
    await act(() => result.current.submit());
    expect(restore.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    expect(screen.queryByText(PUBLISHED_MESSAGES.settingsSaved)).not.toBeInTheDocument();
  });

  it('says why a save failed, and shows no secret', async () => {
    restore = mockFetch(publishedApiRoutes({ triggers: NONE, overrides: { [`PUT ${PATH}`]: failure('validation_failed', { message: 'No private networks.' }) } }));
    const { result, onNewSecret } = setup(WEBHOOK);
    await act(() => result.current.submit());
    expect(await screen.findByText(TRIGGER_MESSAGES.saveFailed('No private networks.'))).toBeInTheDocument();
    expect(onNewSecret).not.toHaveBeenCalled();
  });
});
