import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { NotificationsProvider } from '@/lib/notifications';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { ACME_IDENTIFIERS, PUBLISHED, publishedApiRoutes } from '../../fixtures';
import { SAVED_FLAG_MS, useDisplayEditorForm } from './useDisplayEditorForm';

const survey = PUBLISHED.satisfaction;
const embedPath = `/api/surveys/published/${survey.id}/embed-settings`;
const triggersPath = `/api/surveys/published/${survey.id}/display-triggers`;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </QueryClientProvider>
  );
  return renderHook(
    () => {
      const editor = useDisplayEditorForm(survey, ACME_IDENTIFIERS);
      // As the editor's view does: reading the errors while drawing subscribes to them.
      return { ...editor, errors: editor.form.formState.errors };
    },
    { wrapper },
  );
}

describe('useDisplayEditorForm', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => {
    restore?.();
    vi.useRealTimers();
  });

  it('saves the styling and the targeting, then says Saved for 3 seconds', async () => {
    restore = mockFetch(publishedApiRoutes());
    const { result } = setup();
    const onInvalidStep = vi.fn();
    act(() => result.current.form.setValue('displayTriggers.showPercentage', 30));
    await act(() => result.current.submit(onInvalidStep));
    await waitFor(() => expect(result.current.saved).toBe(true));
    expect(await screen.findByText(PUBLISHED_MESSAGES.settingsSaved)).toBeInTheDocument();
    expect(onInvalidStep).not.toHaveBeenCalled();
    expect(restore.calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([embedPath, triggersPath]);
    expect(restore.calls.find((call) => call.path === triggersPath)?.body).toEqual({
      displayTriggers: expect.objectContaining({ showPercentage: 30 }),
    });

    vi.useFakeTimers();
    // The flag's timer started before the clock was faked: a new save starts one on the fake clock.
    await act(() => result.current.submit(onInvalidStep));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.saved).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SAVED_FLAG_MS - 200));
    expect(result.current.saved).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current.saved).toBe(false);
  });

  it('sends nothing while a field is wrong, names its step and has every later change checked', async () => {
    restore = mockFetch(publishedApiRoutes());
    const { result } = setup();
    const onInvalidStep = vi.fn();
    act(() => result.current.form.setValue('settings.layout.maxWidth', 'very wide'));
    await act(() => result.current.submit(onInvalidStep));
    expect(onInvalidStep).toHaveBeenCalledWith('layout');
    expect(result.current.recheck).toBe(true);
    expect(result.current.errors.settings?.layout?.maxWidth).toBeDefined();
    expect(restore.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('puts the fields the server refused on the form and says why', async () => {
    restore = mockFetch(
      publishedApiRoutes({
        overrides: {
          [`PUT ${embedPath}`]: failure('validation_failed', {
            message: 'Check the fields named in the answer.',
            fields: { 'settings.layout.maxWidth': 'Must be a length like 600px or 100%', surveyId: 'Not a field of the form' },
          }),
        },
      }),
    );
    const { result } = setup();
    await act(() => result.current.submit(vi.fn()));
    expect(await screen.findByText(PUBLISHED_MESSAGES.saveSettingsFailed('Check the fields named in the answer.'))).toBeInTheDocument();
    await waitFor(() => expect(result.current.errors.settings?.layout?.maxWidth?.message).toBe('Must be a length like 600px or 100%'));
    expect(Object.keys(result.current.errors)).toEqual(['settings']);
    expect(result.current.saved).toBe(false);
  });
});
