import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { USER_LIST, USERS } from '@/lib/testing/fixtures';
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
