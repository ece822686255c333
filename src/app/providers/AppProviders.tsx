import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NotificationsProvider } from '@/lib/notifications';
// The module itself, not the '@/theme' barrel: the barrel also brings the brand components
// (and MUI's Tooltip and Popper with them) into the first download.
import { AppTheme } from '@/theme/AppTheme';
import { AuthProvider, CompanyFilterProvider, SsoProvider } from '@/features/auth';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything the pages rely on, outermost first: server state, theme, notices, single sign-on
 * (it decides how a session can be restored), the session, and the company being viewed.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppTheme>
        <NotificationsProvider>
          <SsoProvider>
            <AuthProvider>
              <CompanyFilterProvider>{children}</CompanyFilterProvider>
            </AuthProvider>
          </SsoProvider>
        </NotificationsProvider>
      </AppTheme>
    </QueryClientProvider>
  );
}
