import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DASHBOARD_CHART_TITLES, DASHBOARD_TAB_LABELS } from '@domain/dashboard/contract';
import { API_KEY_LABELS } from './ApiKeyBreakdown';
import { CHART_TYPE_GROUP } from './ChartTypeSwitch';
import { METRICS_7D } from './fixtures';
import { MainChart } from './MainChart';

const meta = {
  title: 'Dashboard/MainChart',
  component: MainChart,
  args: {
    id: 'main-chart',
    view: 'all',
    metrics: METRICS_7D,
    chartType: 'line',
    onChartTypeChange: fn(),
    drilled: false,
    rangeLabel: '7 Days',
    onOpenApiKeys: fn(),
  },
} satisfies Meta<typeof MainChart>;
export default meta;

type Story = StoryObj<typeof meta>;

export const AllMetrics: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_TAB_LABELS.all })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Bar' }));
    await expect(args.onChartTypeChange).toHaveBeenCalledWith('bar');
  },
};

/** The calls chart offers the per-key breakdown. */
export const CallsAsBars: Story = {
  args: { view: 'calls', chartType: 'bar' },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.calls })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: API_KEY_LABELS.open }));
    await expect(args.onOpenApiKeys).toHaveBeenCalled();
  },
};

/** Drilled in: no Line/Bar switch. */
export const Drilled: Story = {
  args: { view: 'users', drilled: true, custom: <p>Premium Users Details</p> },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('group', { name: CHART_TYPE_GROUP })).toBeNull();
    await expect(canvas.getByText('Premium Users Details')).toBeVisible();
  },
};
