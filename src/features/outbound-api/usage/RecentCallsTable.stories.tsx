import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { RECENT_CALLS } from '../fixtures';
import { RecentCallsTable } from './RecentCallsTable';

const meta = {
  title: 'Outbound API/Usage/RecentCallsTable',
  component: RecentCallsTable,
  args: { calls: RECENT_CALLS, onReplay: fn(), onCompare: fn() },
} satisfies Meta<typeof RecentCallsTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Predict calls can be replayed or compared; an events call cannot. */
export const Calls: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getAllByRole('button', { name: /^Replay call of/ })).toHaveLength(2);
    await expect(canvas.getByText('401 api_key_paused')).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button', { name: /^Compare call of/ })[0]);
    await expect(args.onCompare).toHaveBeenCalledWith(RECENT_CALLS[0]);
  },
};
