import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ApiError } from '@/lib/apiClient';
import { FailureAlert } from './FailureAlert';

const meta = {
  title: 'UI/FailureAlert',
  component: FailureAlert,
  args: { title: 'Failed to load users', error: new ApiError('Database unavailable', 503, null) },
} satisfies Meta<typeof FailureAlert>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithServerReason: Story = {};

export const WithRetry: Story = {
  args: { onRetry: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const WithoutReason: Story = {
  args: { title: 'Failed to delete company', error: null },
};
