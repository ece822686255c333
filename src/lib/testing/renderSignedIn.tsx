/** Rendering a screen in a unit test, signed in, with notices and a fresh query cache. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NotificationsProvider } from '../notifications';
import type { Session } from '../session';
import { SESSIONS } from './fixtures';
import { SessionFixture } from './sessions';

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
