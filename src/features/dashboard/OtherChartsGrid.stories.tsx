import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { DASHBOARD_CHART_TITLES } from '@domain/dashboard/contract';
import { METRICS_7D } from './fixtures';
import { GRID_LABELS, OtherChartsGrid } from './OtherChartsGrid';

const meta = {
  title: 'Dashboard/OtherChartsGrid',
  component: OtherChartsGrid,
  args: {
    charts: ['recommendations', 'conversion', 'clicks', 'calls', 'duration'],
    metrics: METRICS_7D,
    chartTypes: { calls: 'bar' },
    rangeLabel: '7 Days',
    onMove: fn(),
    onSelect: fn(),
  },
} satisfies Meta<typeof OtherChartsGrid>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Five charts (segments is the main one); a click on a card makes it the main chart. */
export const FiveCharts: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { name: GRID_LABELS.title })).toBeVisible();
    for (const chart of args.charts) await expect(await canvas.findByRole('figure', { name: DASHBOARD_CHART_TITLES[chart] })).toBeVisible();
    await userEvent.click(canvas.getByRole('figure', { name: DASHBOARD_CHART_TITLES.clicks }));
    await expect(args.onSelect).toHaveBeenCalledWith('clicks');
  },
};

/** From the keyboard: Space on a handle picks the chart up, an arrow moves it, Space drops it. */
export const KeyboardMove: Story = {
  play: async ({ canvas, userEvent, args }) => {
    (await canvas.findByRole('button', { name: GRID_LABELS.move(DASHBOARD_CHART_TITLES.conversion) })).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith('conversion', 'recommendations'));
    // Moving is not choosing.
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** Enter on a card's own button does what the button says, not a drag. */
export const ButtonsStayButtons: Story = {
  play: async ({ canvas, userEvent, args }) => {
    (await canvas.findByRole('button', { name: GRID_LABELS.show(DASHBOARD_CHART_TITLES.duration) })).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith('duration');
    await expect(args.onMove).not.toHaveBeenCalled();
  },
};
