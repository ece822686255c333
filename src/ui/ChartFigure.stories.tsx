import type { Meta, StoryObj } from '@storybook/react-vite';
import { BarChart } from '@mui/x-charts/BarChart';
import { expect, waitFor } from 'storybook/test';
import { ChartFigure } from './ChartFigure';

const meta = {
  title: 'UI/ChartFigure',
  component: ChartFigure,
  args: {
    title: 'Responses in the last 7 days',
    summary: 'Responses per day: Mon 2: 9, Tue 3: 12, Wed 4: 7.',
    children: (
      <BarChart height={200} xAxis={[{ scaleType: 'band', data: ['Mon 2', 'Tue 3', 'Wed 4'] }]} series={[{ data: [9, 12, 7], label: 'Responses' }]} hideLegend skipAnimation />
    ),
  },
} satisfies Meta<typeof ChartFigure>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A figure named by its caption and described by its figures, for readers who cannot see the bars. */
export const Bars: Story = {
  play: async ({ args, canvas }) => {
    const figure = canvas.getByRole('figure', { name: args.title });
    await expect(figure).toBeVisible();
    await expect(figure).toHaveAccessibleDescription(args.summary);
  },
};

/**
 * In a box with no width (a page being hidden, a window being resized) the chart is not drawn: its
 * clipping rectangle would be negative, which the browser reports as an error. It appears once the
 * box has room again.
 */
export const InABoxWithoutWidth: Story = {
  decorators: [
    (Story) => (
      <div data-testid="box" style={{ width: 0, overflow: 'hidden' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByRole('figure', { name: args.title })).toBeInTheDocument();
    await expect(canvasElement.querySelector('svg')).toBeNull();
    // Narrower than the axes: still not drawn.
    canvas.getByTestId('box').style.width = '60px';
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await expect(canvasElement.querySelector('svg')).toBeNull();
    canvas.getByTestId('box').style.width = '480px';
    await waitFor(() => expect(canvasElement.querySelector('svg')).not.toBeNull());
    const widths = [...canvasElement.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('width') ?? 0));
    await expect(widths.every((width) => width >= 0)).toBe(true);
  },
};
