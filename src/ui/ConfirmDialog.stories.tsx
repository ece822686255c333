import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';
import { FailureAlert } from './FailureAlert';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Delete User',
    confirmLabel: 'Delete',
    destructive: true,
    children: 'Are you sure you want to delete Bob Chen (bob@acme.example)? This action cannot be undone.',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const DeleteUser: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const ChangeStatus: Story = {
  args: {
    title: 'Change User Status',
    confirmLabel: 'Change Status',
    destructive: false,
    children: "Are you sure you want to change Bob Chen's status to Suspended?",
  },
};

/** While the action runs, both buttons wait. */
export const Busy: Story = {
  args: { busy: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const ActionFailed: Story = {
  args: {
    error: <FailureAlert title="Failed to delete user" error={new Error('A company must keep at least one admin')} />,
  },
};
