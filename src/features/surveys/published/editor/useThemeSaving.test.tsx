import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_MESSAGES } from '@domain/survey/messages';
import { NotificationsProvider } from '@/lib/notifications';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { PUBLISHED } from '../../fixtures';
import { editorValuesOf, type DisplayEditorValues } from '../displayEditorForm';
import { useThemeSaving } from './useThemeSaving';

const values = editorValuesOf(PUBLISHED.satisfaction);

function EditorForm({ children }: { children: ReactNode }) {
  const form = useForm<DisplayEditorValues>({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <EditorForm>{children}</EditorForm>
      </NotificationsProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useThemeSaving(acmeCompany.id), { wrapper });
}

describe('useThemeSaving', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('saves the editor’s colours, typography and logo under the name given, then closes', async () => {
    restore = mockFetch({ 'POST /api/surveys/themes': { status: 201, body: {} }, 'GET /api/surveys/themes': { body: [] } });
    const { result } = setup();
    act(() => result.current.start());
    expect(result.current.open).toBe(true);
    act(() => result.current.save('Store Green'));
    expect(await screen.findByText(THEME_MESSAGES.saved)).toBeInTheDocument();
    expect(result.current.open).toBe(false);
    const post = restore.calls.find((call) => call.method === 'POST');
    expect(post?.query).toEqual({ companyFilter: acmeCompany.id });
    expect(post?.body).toEqual({ name: 'Store Green', settings: { theme: values.settings.theme, logo: values.settings.logo } });
  });

  it('keeps the dialog open with the failure, and forgets it when opened again', async () => {
    restore = mockFetch({ 'POST /api/surveys/themes': failure('already_exists', { error: 'A theme with this name exists' }) });
    const { result } = setup();
    act(() => result.current.start());
    act(() => result.current.save('Acme Green'));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    act(() => result.current.start());
    expect(result.current.error).toBeUndefined();
  });
});
