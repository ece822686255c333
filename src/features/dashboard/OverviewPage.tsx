/** The dashboard overview (platform document, section 2: "Dashboard overview (/)"), routed at "/". */
import { lazy, Suspense, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { ApiError } from '@/lib/apiClient';
import { failureReason } from '@/lib/failure';
import { useCompanyFilter, useSession } from '@/lib/session';
import { dashboardKeys, useDashboardMetrics, useDashboardPreferences, type DashboardScope } from './api';
import { useOverviewUrlState } from './useOverviewUrlState';

// What is drawn with the figures (the range bar, tabs, headline figures and charts) cannot show
// before they arrive: its download starts with the page, beside the figures' request, and the
// first paint (the heading and the loading notice) does not wait for it.
const bodyModule = import('./OverviewBody');
const OverviewBody = lazy(async () => ({ default: (await bodyModule).OverviewBody }));
const RangeBar = lazy(async () => ({ default: (await import('./RangeBar')).RangeBar }));

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
          <Suspense fallback={<Loading />}>
            <RangeBar value={range} onChange={setRange} serverError={failureReason(metrics.error)} />
          </Suspense>
        ) : (
          <Loading />
        )
      ) : (
        <Suspense fallback={<Loading />}>
          <OverviewBody
            metrics={data}
            preferences={preferences.data}
            scope={scope}
            range={range}
            onRangeChange={setRange}
            rangeError={rangeRefused ? failureReason(metrics.error) : null}
            refreshing={metrics.isPlaceholderData}
            view={view}
            onViewChange={setView}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** The figures (or the code that draws them) on their way. */
function Loading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
      <CircularProgress size={28} aria-hidden />
      <Typography>{DASHBOARD_MESSAGES.loading}</Typography>
    </Box>
  );
}
