import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { NoticeSnackbar } from './NoticeSnackbar';

const meta = {
  title: 'Lib/NoticeSnackbar',
  component: NoticeSnackbar,
  args: {
    message: 'Profile updated successfully!',
    severity: 'success',
    open: true,
    autoHideDuration: 60_000,
    onClose: fn(),
    onExited: fn(),
  },
} satisfies Meta<typeof NoticeSnackbar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Profile updated successfully!');
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const Failure: Story = {
  args: { message: 'Failed to update user profile', severity: 'error' },
};

export const Warning: Story = {
  args: { message: 'Your session has ended. Please sign in again.', severity: 'warning' },
};
