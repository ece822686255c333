import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DASHBOARD_TAB_LABELS, DASHBOARD_TABS, type SavedChart } from '@domain/dashboard/contract';
import type { MainView } from './useOverviewUrlState';

export const METRIC_TABS_LABEL = 'Main chart';

export interface MetricTabsProps {
  view: MainView;
  savedCharts: readonly SavedChart[];
  onChange: (view: MainView) => void;
  /** The id of the panel the tabs control (the main chart). */
  panelId: string;
}

/** All Metrics, # of Calls, Recommendations, Conversion Rate, A/B Clicks, Users, then the saved charts. */
export function MetricTabs({ view, savedCharts, onChange, panelId }: MetricTabsProps) {
  const values: string[] = [...DASHBOARD_TABS, ...savedCharts.map((chart) => chart.id)];
  // A chart of "Other Charts" without a tab (duration, segments) leaves no tab selected.
  const selected = values.includes(view) ? view : false;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={selected}
        onChange={(_event, next: MainView) => onChange(next)}
        aria-label={METRIC_TABS_LABEL}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {DASHBOARD_TABS.map((tab) => (
          <Tab key={tab} value={tab} label={DASHBOARD_TAB_LABELS[tab]} aria-controls={selected === tab ? panelId : undefined} />
        ))}
        {savedCharts.map((chart) => (
          <Tab key={chart.id} value={chart.id} label={chart.label} aria-controls={selected === chart.id ? panelId : undefined} />
        ))}
      </Tabs>
    </Box>
  );
}
