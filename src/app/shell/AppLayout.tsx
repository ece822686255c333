import { Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSession } from '@/lib/session';
import { useDialogOpen } from '@/lib/useDialogOpen';
import { AdminModalsProvider } from '../adminModals/AdminModals';
import { PageSpinner } from '../components/PageSpinner';
import type { AppRoute } from '../routes';
import { AdminHeader } from './AdminHeader';
import { buildNavigation, visibleNavigation } from './navigation';
import { Sidebar } from './Sidebar';

export interface AppLayoutProps {
  /**
   * The route table, handed in by the router rather than imported: imported here, its feature
   * indexes (and the session providers behind the auth index) would join this lazily loaded
   * chunk's graph, and the bundler then splits the API and query clients out of the first
   * download into separate files, about 1.5 KB more gzipped.
   */
  routes: readonly AppRoute[];
}

/** The frame of every signed-in page: sidebar, header, and the page below the header. */
export function AppLayout({ routes }: AppLayoutProps) {
  const { caller } = useSession();
  // Below the md breakpoint (phones, portrait tablets) a column of navigation leaves the page too
  // little room: the navigation opens over the page from a button in the header instead.
  const smallScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(false);
  const navigationOverlay = useDialogOpen();
  const navigation = useMemo(() => buildNavigation(routes), [routes]);
  const groups = useMemo(() => visibleNavigation(caller, navigation), [caller, navigation]);

  return (
    <AdminModalsProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
        <Sidebar
          groups={groups}
          collapsed={collapsed}
          onToggleCollapsed={() => setCollapsed(!collapsed)}
          overlay={smallScreen ? { open: navigationOverlay.open, opened: navigationOverlay.opened, onClose: navigationOverlay.close } : undefined}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <AdminHeader onOpenNavigation={smallScreen ? navigationOverlay.show : undefined} />
          <Box component="main" id="main-content" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
    </AdminModalsProvider>
  );
}
