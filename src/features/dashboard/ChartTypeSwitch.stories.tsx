import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ChartTypeSwitch } from './ChartTypeSwitch';

const meta = {
  title: 'Dashboard/ChartTypeSwitch',
  component: ChartTypeSwitch,
  args: { value: 'line', onChange: fn() },
  // On the page it sits in the main chart's card.
  decorators: [(Story) => <Paper variant="outlined" sx={{ p: 2 }}><Story /></Paper>],
} satisfies Meta<typeof ChartTypeSwitch>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Line: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: 'Line', pressed: true })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Bar' }));
    await expect(args.onChange).toHaveBeenCalledWith('bar');
  },
};

/** Clicking the chosen type again keeps it: one of the two is always on. */
export const Bar: Story = {
  args: { value: 'bar' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Bar', pressed: true }));
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
