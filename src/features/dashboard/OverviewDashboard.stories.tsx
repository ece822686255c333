import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { DASHBOARD_CHART_TITLES, DASHBOARD_TAB_LABELS } from '@domain/dashboard/contract';
import { mockFetch } from '@/lib/testing/mockFetch';
import { ACME_ID, DEFAULT_PREFERENCES, METRICS_30D, overviewRoutes, SAVED_CHART, USED_PREFERENCES, withOverviewSession } from './fixtures';
import { GRID_LABELS } from './OtherChartsGrid';
import { OverviewDashboard, REMOVE_SAVED_CHART } from './OverviewDashboard';

const meta = {
  title: 'Dashboard/OverviewDashboard',
  component: OverviewDashboard,
  decorators: [withOverviewSession()],
  args: { metrics: METRICS_30D, preferences: DEFAULT_PREFERENCES, scope: { companyFilter: ACME_ID, range: '30d' }, view: 'all', onViewChange: fn() },
  beforeEach: () => mockFetch(overviewRoutes()),
} satisfies Meta<typeof OverviewDashboard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Four weeks of Acme Retail: tabs, figures, the main chart and all six charts in the grid. */
export const ThirtyDays: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_TAB_LABELS.all })).toHaveAccessibleDescription(new RegExp(METRICS_30D.labels[3]));
    const grid = within(canvas.getByRole('region', { name: GRID_LABELS.title }));
    await expect(await grid.findAllByRole('figure')).toHaveLength(6);
    await userEvent.click(canvas.getByRole('tab', { name: DASHBOARD_TAB_LABELS.conversion }));
    await expect(args.onViewChange).toHaveBeenCalledWith('conversion');
  },
};

/** The calls chart on show: it leaves the grid, which keeps the user's order. */
export const CallsMain: Story = {
  args: { view: 'calls', preferences: USED_PREFERENCES },
  play: async ({ canvas }) => {
    const grid = within(canvas.getByRole('region', { name: GRID_LABELS.title }));
    await expect((await grid.findAllByRole('figure')).map((figure) => figure.getAttribute('aria-labelledby') && figure.querySelector('figcaption')?.textContent)).toEqual(
      USED_PREFERENCES.gridOrder.filter((chart) => chart !== 'calls').map((chart) => DASHBOARD_CHART_TITLES[chart]),
    );
  },
};

/** A saved chart tab can be removed; the view returns to All Metrics. */
export const SavedChartTab: Story = {
  args: { view: SAVED_CHART.id, preferences: USED_PREFERENCES },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('tab', { name: SAVED_CHART.label, selected: true })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: REMOVE_SAVED_CHART }));
    await waitFor(() => expect(args.onViewChange).toHaveBeenCalledWith('all'));
  },
};
