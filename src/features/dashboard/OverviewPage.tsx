/** The dashboard overview (platform document, section 2: "Dashboard overview (/)"), routed at "/". */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { ApiError } from '@/lib/apiClient';
import { failureReason } from '@/lib/failure';
import { useCompanyFilter, useSession } from '@/lib/session';
import { dashboardKeys, useDashboardMetrics, useDashboardPreferences, type DashboardScope } from './api';
import { EmptyOverview } from './EmptyOverview';
import { OverviewDashboard } from './OverviewDashboard';
import { RangeBar } from './RangeBar';
import { useOverviewUrlState } from './useOverviewUrlState';

export const OVERVIEW_TITLE = 'Dashboard';

export function OverviewPage() {
  const { session } = useSession();
  // "All Companies" (a global admin's choice) sends no filter: the server adds every company up.
  const { filterParam } = useCompanyFilter();
  const { view, range, setView, setRange } = useOverviewUrlState();
  const scope = useMemo<DashboardScope>(() => ({ companyFilter: filterParam, ...range }), [filterParam, range]);
  const metrics = useDashboardMetrics(scope);
  const preferences = useDashboardPreferences(filterParam);
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });

  // A custom range the server refuses (400) keeps the last charts and says why beside the dates.
  const rangeRefused = metrics.error instanceof ApiError && metrics.error.status === 400 && range.range === 'custom';
  const error = rangeRefused ? preferences.error : (metrics.error ?? preferences.error);
  const data = metrics.data;
  const heading = data?.companyInfo.name ?? session?.company.name ?? OVERVIEW_TITLE;

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Typography variant="h4" component="h1">
        {heading}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {DASHBOARD_MESSAGES.retry}
            </Button>
          }
        >
          <AlertTitle>{DASHBOARD_MESSAGES.loadFailed}</AlertTitle>
          {failureReason(error)}
        </Alert>
      ) : !data || !preferences.data ? (
        rangeRefused ? (
          <RangeBar value={range} onChange={setRange} serverError={failureReason(metrics.error)} />
        ) : (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
            <CircularProgress size={28} aria-hidden />
            <Typography>{DASHBOARD_MESSAGES.loading}</Typography>
          </Box>
        )
      ) : !data.hasData ? (
        <EmptyOverview />
      ) : (
        <>
          <RangeBar value={range} onChange={setRange} serverError={rangeRefused ? failureReason(metrics.error) : null} />
          {/* Another range's figures on their way: the current charts stay until they arrive. */}
          {metrics.isPlaceholderData && <LinearProgress aria-label={DASHBOARD_MESSAGES.loading} />}
          <OverviewDashboard metrics={data} preferences={preferences.data} scope={scope} view={view} onViewChange={setView} />
        </>
      )}
    </Stack>
  );
}
