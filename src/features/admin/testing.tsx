/** Rendering a screen of these features in a unit test, signed in, with a fresh query cache. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NotificationsProvider } from '@/app/notifications';
import { SessionFixture } from '@/features/auth/fixtures';
import type { Session } from '@/features/auth/session';
import { SESSIONS } from './fixtures';

export interface RenderSignedInOptions {
  session?: Session;
  companyFilter?: string;
}

export function renderSignedIn(ui: ReactElement, { session = SESSIONS.companyAdmin, companyFilter }: RenderSignedInOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionFixture session={session} companyFilter={companyFilter}>
        <NotificationsProvider>{ui}</NotificationsProvider>
      </SessionFixture>
    </QueryClientProvider>,
  );
}
