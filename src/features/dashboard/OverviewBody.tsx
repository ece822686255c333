import LinearProgress from '@mui/material/LinearProgress';
import { DASHBOARD_MESSAGES, type DashboardMetrics, type DashboardPreferences } from '@domain/dashboard/contract';
import type { DashboardScope } from './api';
import { EmptyOverview } from './EmptyOverview';
import { OverviewDashboard } from './OverviewDashboard';
import { RangeBar } from './RangeBar';
import type { MainView, OverviewRange } from './useOverviewUrlState';

export interface OverviewBodyProps {
  metrics: DashboardMetrics;
  preferences: DashboardPreferences;
  scope: DashboardScope;
  range: OverviewRange;
  onRangeChange: (range: OverviewRange) => void;
  /** The server's refusal of the last custom range, shown beside the dates. */
  rangeError?: string | null;
  /** Another range's figures are on their way: the current charts stay until they arrive. */
  refreshing: boolean;
  view: MainView;
  onViewChange: (view: MainView) => void;
}

/** The overview once its figures are in: the range, the tabs, headline figures and charts, or how data gets in. */
export function OverviewBody({ metrics, preferences, scope, range, onRangeChange, rangeError, refreshing, view, onViewChange }: OverviewBodyProps) {
  if (!metrics.hasData) return <EmptyOverview />;
  return (
    <>
      <RangeBar value={range} onChange={onRangeChange} serverError={rangeError} />
      {refreshing && <LinearProgress aria-label={DASHBOARD_MESSAGES.loading} />}
      <OverviewDashboard metrics={metrics} preferences={preferences} scope={scope} view={view} onViewChange={onViewChange} />
    </>
  );
}
