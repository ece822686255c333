import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { DASHBOARD_CHART_TITLES } from '@domain/dashboard/contract';
import { METRICS_7D } from './fixtures';
import { GRID_LABELS } from './OtherChartsGrid';
import { SortableChartList } from './SortableChartList';

const meta = {
  title: 'Dashboard/SortableChartList',
  component: SortableChartList,
  args: {
    charts: ['recommendations', 'conversion', 'clicks'],
    metrics: METRICS_7D,
    chartTypes: {},
    rangeLabel: '7 Days',
    onMove: fn(),
    onSelect: fn(),
  },
} satisfies Meta<typeof SortableChartList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The cards in the order given, each with its handle; the keyboard moves one to the right. */
export const KeyboardMove: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getAllByRole('figure').map((figure) => figure.querySelector('figcaption')?.textContent)).toEqual(
      args.charts.map((chart) => DASHBOARD_CHART_TITLES[chart]),
    );
    canvas.getByRole('button', { name: GRID_LABELS.move(DASHBOARD_CHART_TITLES.recommendations) }).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(args.onMove).toHaveBeenCalledWith('recommendations', 'conversion'));
  },
};
