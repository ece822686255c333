import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_MESSAGES } from '@domain/survey/messages';
import { NotificationsProvider } from '@/lib/notifications';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { SAVED_THEMES } from '../../fixtures';
import { useThemeDeletion } from './useThemeDeletion';

const [green, night] = SAVED_THEMES;
const path = (id: string) => `/api/surveys/themes/${id}`;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useThemeDeletion(), { wrapper });
}

describe('useThemeDeletion', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('asks first, and keeps the theme named while the question closes', () => {
    restore = mockFetch({});
    const { result } = setup();
    expect(result.current.open).toBe(false);
    act(() => result.current.ask(green));
    expect(result.current).toMatchObject({ open: true, theme: green });
    act(() => result.current.cancel());
    expect(result.current).toMatchObject({ open: false, theme: green });
    act(() => result.current.confirm());
    expect(restore.calls).toHaveLength(0);
    act(() => result.current.ask(night));
    expect(result.current.theme).toBe(night);
  });

  it('deletes the theme once confirmed, says so and closes', async () => {
    restore = mockFetch({ [`DELETE ${path(night.id)}`]: { status: 204 } });
    const { result } = setup();
    act(() => result.current.ask(night));
    act(() => result.current.confirm());
    expect(await screen.findByText(THEME_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(result.current.open).toBe(false));
    expect(restore.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE ${path(night.id)}`]);
  });

  it('says why a delete failed, and closes', async () => {
    restore = mockFetch({ [`DELETE ${path(green.id)}`]: failure('not_found', { error: 'Theme not found' }) });
    const { result } = setup();
    act(() => result.current.ask(green));
    act(() => result.current.confirm());
    expect(await screen.findByText('Failed to delete theme: Theme not found')).toBeInTheDocument();
    await waitFor(() => expect(result.current.open).toBe(false));
    expect(result.current.deleting).toBe(false);
  });
});
