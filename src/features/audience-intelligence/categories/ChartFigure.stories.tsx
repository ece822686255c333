import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ChartFigure } from './ChartFigure';

const meta = {
  title: 'Audience Intelligence/Categories/ChartFigure',
  component: ChartFigure,
  args: {
    title: 'Users per category',
    summary: 'Users per category: High Value: 9, At Risk: 17.',
    children: <div style={{ height: 80, border: '1px dashed currentColor' }} />,
  },
} satisfies Meta<typeof ChartFigure>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Named by its caption, described by its figures for screen readers. */
export const Captioned: Story = {
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure', { name: 'Users per category' });
    await expect(figure).toHaveAccessibleDescription('Users per category: High Value: 9, At Risk: 17.');
  },
};
