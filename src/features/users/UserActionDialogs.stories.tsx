import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import type { ManagedUser } from '@domain/auth/types';
import type { UserStatus } from '@domain/company/options';
import { USERS, withSession } from '@/lib/testing/fixtures';
import { UserActionDialogs } from './UserActionDialogs';
import type { UserActions } from './useUserActions';

type Dialog<T> = { subject: T | null; shown: T | null; open: boolean; show: (subject: T) => void; close: () => void };
const closed = <T,>(): Dialog<T> => ({ subject: null, shown: null, open: false, show: fn(), close: fn() });
const openFor = <T,>(subject: T): Dialog<T> => ({ subject, shown: subject, open: true, show: fn(), close: fn() });

/** Every dialog closed; a story opens the one it shows. */
const idle = (open: Partial<UserActions> = {}): UserActions => ({
  statusChange: closed<{ user: ManagedUser; status: UserStatus }>(),
  askStatusChange: fn(),
  confirmStatusChange: fn(),
  passwordUser: closed<ManagedUser>(),
  userToDelete: closed<ManagedUser>(),
  askDelete: fn(),
  confirmDelete: fn(),
  deleting: false,
  deleteFailure: null,
  userToUnlink: closed<ManagedUser>(),
  confirmUnlink: fn(),
  ...open,
});

const meta = {
  title: 'Administration/Users/UserActionDialogs',
  component: UserActionDialogs,
  decorators: [withSession('companyAdmin')],
  args: { actions: idle({ statusChange: openFor({ user: USERS.bob, status: 'inactive' as UserStatus }) }) },
} satisfies Meta<typeof UserActionDialogs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A status change names the user and the new status, and is made on confirmation. */
export const ChangeStatus: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Change User Status' }));
    await expect(dialog.getByText(new RegExp(`change ${USERS.bob.name}'s status to`))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Change Status' }));
    await expect(args.actions.confirmStatusChange).toHaveBeenCalled();
  },
};

/** Delete asks first; a failed deletion says so in the dialog. */
export const DeleteFailed: Story = {
  args: { actions: idle({ userToDelete: openFor(USERS.bob), deleteFailure: new Error('Database unavailable') }) },
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete User' }));
    await expect(dialog.getByText(`Are you sure you want to delete ${USERS.bob.name} (${USERS.bob.email})? This action cannot be undone.`)).toBeVisible();
    await expect(dialog.getByText('Failed to delete user')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.actions.userToDelete.close).toHaveBeenCalled();
  },
};

/** Unlinking single sign-on says what the user's next sign-on does. */
export const UnlinkSingleSignOn: Story = {
  args: { actions: idle({ userToUnlink: openFor(USERS.bob) }) },
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Unlink Single Sign-On' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Unlink' }));
    await expect(args.actions.confirmUnlink).toHaveBeenCalled();
  },
};

/** Reset Password opens its own form. */
export const ResetPassword: Story = {
  args: { actions: idle({ passwordUser: openFor(USERS.bob) }) },
  play: async () => {
    await expect(await screen.findByLabelText(/^New Password/)).toBeVisible();
  },
};
