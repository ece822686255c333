import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { BOB_SSO, SSO_USER_LIST, USER_LIST, USERS } from '@/lib/testing/fixtures';
import { expectShown } from '@/lib/testing/storyHelpers';
import { UserTable } from './UserTable';

const acmeUsers = USER_LIST.filter((user) => user.companyId === USERS.alice.companyId);

const meta = {
  title: 'Administration/Users/UserTable',
  component: UserTable,
  args: {
    users: acmeUsers,
    showCompany: false,
    canManage: true,
    currentUserId: USERS.alice.id,
    onStatusChange: fn(),
    onResetPassword: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof UserTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const CompanyAdminView: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const bob = canvas.getByRole('row', { name: /bob@acme\.example/ });
    await expect(bob).toHaveTextContent('User');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status of Bob Chen' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith(expect.objectContaining({ id: USERS.bob.id }), 'suspended');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password for Bob Chen' }));
    await expect(args.onResetPassword).toHaveBeenCalled();
    // Nobody suspends or deletes themselves from here.
    await expect(canvas.queryByRole('button', { name: 'Delete Alice Martin' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: 'Status of Alice Martin' })).not.toBeInTheDocument();
  },
};

export const GlobalAdminAllCompanies: Story = {
  args: { users: USER_LIST, showCompany: true, currentUserId: USERS.ada.id },
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('columnheader', { name: 'Company' }));
    await expect(canvas.getByRole('row', { name: /dan@globex\.example/ })).toHaveTextContent('Globex Health');
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('combobox')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  },
};

const acmeUsersWithSso = SSO_USER_LIST.filter((user) => user.companyId === USERS.alice.companyId);

/** Bob signs in with single sign-on: his row says so, names the identity on hover, and offers to unlink it. */
export const LinkedToSingleSignOn: Story = {
  args: { users: acmeUsersWithSso, onUnlinkSso: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await expectShown(() => canvas.getByRole('columnheader', { name: 'Single sign-on' }));
    const bob = within(canvas.getByRole('row', { name: /bob@acme\.example/ }));
    const linked = bob.getByText('Linked');
    await userEvent.hover(linked);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(`${BOB_SSO.issuer} · ${BOB_SSO.subject}`);
    await userEvent.unhover(linked);

    await userEvent.click(bob.getByRole('button', { name: 'Unlink single sign-on for Bob Chen' }));
    await expect(args.onUnlinkSso).toHaveBeenCalledWith(expect.objectContaining({ id: USERS.bob.id, sso: BOB_SSO }));
    // Nothing to unlink for a user who has never signed in with single sign-on.
    const ivy = within(canvas.getByRole('row', { name: /ivy@acme\.example/ }));
    await expect(ivy.queryByText('Linked')).not.toBeInTheDocument();
    await expect(ivy.queryByRole('button', { name: /^Unlink single sign-on/ })).not.toBeInTheDocument();
  },
};

/** Without users:write the link still shows, but nothing changes it. */
export const LinkedReadOnly: Story = {
  args: { users: acmeUsersWithSso, canManage: false, onUnlinkSso: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /bob@acme\.example/ })).toHaveTextContent('Linked');
    await expect(canvas.queryByRole('button', { name: 'Unlink single sign-on for Bob Chen' })).not.toBeInTheDocument();
  },
};
