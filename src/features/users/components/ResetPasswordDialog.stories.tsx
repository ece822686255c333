import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { USERS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ResetPasswordDialog } from './ResetPasswordDialog';

const meta = {
  title: 'Administration/Users/ResetPasswordDialog',
  component: ResetPasswordDialog,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch({ [`POST /api/users/${USERS.bob.id}/reset-password`]: { status: 204 } }),
  args: { user: USERS.bob, open: true, onClose: fn() },
} satisfies Meta<typeof ResetPasswordDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The button stays disabled until the password has 8 characters. */
export const DisabledUntilValid: Story = {
  play: async ({ args, userEvent }) => {
    const button = await screen.findByRole('button', { name: 'Reset Password' });
    await expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Bob-123');
    await expectShown(() => screen.getByText('Password must be at least 8 characters long'));
    await expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^New Password/), '4');
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

export const Fails: Story = {
  beforeEach: () => mockFetch({ [`POST /api/users/${USERS.bob.id}/reset-password`]: failure('not_found', { error: 'User not found' }) }),
  play: async ({ userEvent }) => {
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'Bob-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectShown(() => screen.getByText('Failed to reset password'));
    await expectShown(() => screen.getByText('User not found'));
  },
};
