import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mockFetch } from '@/lib/testing/mockFetch';
import { ACME_ID, overviewRoutes, SAVED_CHART } from './fixtures';
import { SAVED_CHART_LABELS, SavedChartPanel } from './SavedChartPanel';

const meta = {
  title: 'Dashboard/SavedChartPanel',
  component: SavedChartPanel,
  args: { chart: SAVED_CHART, scope: { companyFilter: ACME_ID, range: '7d' }, chartType: 'line', rangeLabel: '7 Days' },
  beforeEach: () => mockFetch(overviewRoutes()),
} satisfies Meta<typeof SavedChartPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A saved chart of Premium Users' conversion, over the range on show. */
export const PremiumConversion: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('figure', { name: SAVED_CHART_LABELS.title(SAVED_CHART) })).toHaveAccessibleDescription(/^Conversion rate \(%\)/);
  },
};

export const AsBars: Story = {
  args: { chartType: 'bar', scope: { companyFilter: ACME_ID, range: '90d' }, rangeLabel: '90 Days' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('figure', { name: SAVED_CHART_LABELS.title(SAVED_CHART) })).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach: () => mockFetch(overviewRoutes({ failing: ['series'] })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SAVED_CHART_LABELS.failed)).toBeVisible();
  },
};
