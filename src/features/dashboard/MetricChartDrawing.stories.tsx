import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { chartModel } from './chartModel';
import { METRICS_7D } from './fixtures';
import { MetricChartDrawing } from './MetricChartDrawing';

const meta = {
  title: 'Dashboard/MetricChartDrawing',
  component: MetricChartDrawing,
  args: { model: chartModel('all', METRICS_7D), chartType: 'line', height: 320, hideLegend: false },
} satisfies Meta<typeof MetricChartDrawing>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Several series as lines, named in the legend. */
export const Lines: Story = {
  play: async ({ canvas, args }) => {
    for (const series of args.model.series) await expect(await canvas.findByText(series.label)).toBeVisible();
  },
};

/** One series as bars, without a legend (the figure's caption names it). */
export const Bars: Story = {
  args: { model: chartModel('calls', METRICS_7D), chartType: 'bar', hideLegend: true },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[class*="MuiBarChart-element"], [class*="MuiBarElement"]').length).toBeGreaterThan(0));
    await expect(canvasElement.textContent).not.toContain(args.model.series[0].label);
  },
};
