import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ApiError } from '@/lib/apiClient';
import { FormActions } from './FormActions';

const meta = {
  title: 'UI/FormActions',
  component: FormActions,
  args: { failureTitle: 'Failed to send invitation', failure: null, submitLabel: 'Send Invitation', pending: false, onCancel: fn() },
} satisfies Meta<typeof FormActions>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { pending: true, submitLabel: 'Sending...' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { failure: new ApiError('Email already exists', 409, null) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to send invitation');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Email already exists');
  },
};
