import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { ManagedUser } from '@domain/auth/types';
import { USER_LIST, USERS } from '@/lib/testing/fixtures';
import { PermissionUserTable } from './PermissionUserTable';

const meta = {
  title: 'Administration/Users/PermissionUserTable',
  component: PermissionUserTable,
  args: {
    users: USER_LIST,
    canEdit: (user: ManagedUser) => user.id !== USERS.ada.id,
    onEdit: fn(),
  },
} satisfies Meta<typeof PermissionUserTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('row', { name: /admin@navout\.example/ })).toHaveTextContent('Every permission');
    await expect(canvas.queryByRole('button', { name: `Edit permissions of ${USERS.ada.name}` })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit permissions of Carol Chen' }));
    await expect(args.onEdit).toHaveBeenCalledWith(USERS.carol);
  },
};
