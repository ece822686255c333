import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DASHBOARD_MESSAGES, DASHBOARD_TAB_LABELS } from '@domain/dashboard/contract';
import { mockFetch } from '@/lib/testing/mockFetch';
import { ACME_ID, DEFAULT_PREFERENCES, METRICS_30D, overviewRoutes, withOverviewSession } from './fixtures';
import { OverviewBody } from './OverviewBody';
import { RANGE_LABELS } from './RangeBar';

const meta = {
  title: 'Dashboard/OverviewBody',
  component: OverviewBody,
  decorators: [withOverviewSession()],
  args: {
    metrics: METRICS_30D,
    preferences: DEFAULT_PREFERENCES,
    scope: { companyFilter: ACME_ID, range: '30d' },
    range: { range: '30d' },
    onRangeChange: fn(),
    rangeError: null,
    refreshing: false,
    view: 'all',
    onViewChange: fn(),
  },
  beforeEach: () => mockFetch(overviewRoutes()),
} satisfies Meta<typeof OverviewBody>;
export default meta;

type Story = StoryObj<typeof meta>;

/** With figures: the range bar above the tabs, figures and charts. */
export const WithFigures: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('group', { name: RANGE_LABELS.group })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: DASHBOARD_TAB_LABELS.all, selected: true })).toBeVisible();
    await expect(canvas.queryByRole('progressbar', { name: DASHBOARD_MESSAGES.loading })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '7 Days' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith({ range: '7d' });
  },
};

/** Another range on its way: a progress bar over the current charts. */
export const Refreshing: Story = {
  args: { refreshing: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: DASHBOARD_MESSAGES.loading })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: DASHBOARD_TAB_LABELS.all })).toBeVisible();
  },
};

/** A company without data yet: how data gets in, and no range bar. */
export const NoDataYet: Story = {
  args: { metrics: { ...METRICS_30D, hasData: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: DASHBOARD_MESSAGES.emptyTitle })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: RANGE_LABELS.group })).toBeNull();
  },
};
