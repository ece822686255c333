import { Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AdminModalsProvider } from '@/features/admin/AdminModals';
import { useSession } from '@/features/auth/session';
import { PageSpinner } from '@/app/components/PageSpinner';
import { AdminHeader } from './AdminHeader';
import { visibleNavigation } from './navigation';
import { Sidebar } from './Sidebar';

/** The frame of every signed-in page: sidebar, header, and the page below the header. */
export function AppLayout() {
  const { session } = useSession();
  const smallScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  /** null until the user chooses: narrow screens start collapsed. */
  const [collapsedChoice, setCollapsedChoice] = useState<boolean | null>(null);
  const collapsed = collapsedChoice ?? smallScreen;
  const groups = useMemo(() => visibleNavigation(session), [session]);

  return (
    <AdminModalsProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
        <Sidebar groups={groups} collapsed={collapsed} onToggleCollapsed={() => setCollapsedChoice(!collapsed)} />
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <AdminHeader />
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
