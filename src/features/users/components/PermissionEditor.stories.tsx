import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { PERMISSION_LABELS, type Permission } from '@domain/auth/roles';
import { adminApiRoutes, SESSIONS, USERS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { PermissionEditor } from './PermissionEditor';

const meta = {
  title: 'Administration/Users/PermissionEditor',
  component: PermissionEditor,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin })),
  args: {
    user: USERS.bob,
    assigner: { role: 'company_admin', companyFilter: acmeCompany.id, viewedCompany: acmeCompany },
    onSaved: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof PermissionEditor>;
export default meta;

type Story = StoryObj<typeof meta>;

const checkbox = (permission: Permission) =>
  screen.getByRole('checkbox', { name: new RegExp(`^${PERMISSION_LABELS[permission]}`) });

/** Choosing a role ticks that role's default permissions. */
export const RoleAppliesDefaults: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(checkbox('users:write')).not.toBeChecked();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await expect(screen.queryByRole('option', { name: 'Global Admin' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Company Admin' }));
    for (const permission of ['data_sources:write', 'models:write', 'api:write', 'users:write'] as const) {
      await expect(checkbox(permission)).toBeChecked();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Save Permissions' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const GlobalAdminAssigner: Story = {
  decorators: [withSession('globalAdmin')],
  args: { assigner: { role: 'admin', companyFilter: 'all', viewedCompany: undefined } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Global Admin' }));
    await expectShown(() => canvas.getByText('A Global Admin holds every permission, whatever is ticked.'));
    await expect(checkbox('admin:all')).toBeChecked();
  },
};

export const SaveFails: Story = {
  beforeEach: () => mockFetch({ [`PUT /api/users/${USERS.bob.id}/permissions`]: failure('access_denied') }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save Permissions' }));
    await expectShown(() => canvas.getByText('Failed to update permissions'));
  },
};
