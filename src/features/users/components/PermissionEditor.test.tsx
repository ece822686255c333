import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PERMISSIONS, PERMISSION_LABELS } from '@domain/auth/roles';
import { USERS, adminApiRoutes, SESSIONS } from '@/lib/testing/fixtures';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { PermissionEditor } from './PermissionEditor';

const companyAdminAssigner = { role: 'company_admin' as const, companyFilter: 'c-acme', viewedCompany: { isInternal: false } };
const globalAdminAllView = { role: 'admin' as const, companyFilter: 'all', viewedCompany: undefined };

/**
 * The permission's checkbox, found by its label: a query by role computes the accessible name of
 * every element on the page, and the first test asks for a dozen boxes (seconds in jsdom).
 */
function checkbox(permission: keyof typeof PERMISSION_LABELS) {
  const box = screen.getByLabelText(new RegExp(`^${PERMISSION_LABELS[permission]}`));
  expect(box).toHaveAttribute('type', 'checkbox');
  return box;
}

async function chooseRole(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
}

describe('PermissionEditor', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('applies the default permissions of the role chosen', async () => {
    renderSignedIn(<PermissionEditor user={USERS.bob} assigner={companyAdminAssigner} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(checkbox('dashboard:read')).toBeChecked();
    expect(checkbox('users:write')).not.toBeChecked();

    await chooseRole('Company Admin');
    for (const permission of DEFAULT_PERMISSIONS.company_admin) expect(checkbox(permission)).toBeChecked();
    expect(checkbox('plans:read')).not.toBeChecked();

    await chooseRole('User');
    expect(checkbox('dashboard:read')).toBeChecked();
    expect(checkbox('data_sources:write')).not.toBeChecked();
  });

  it('offers Global Admin to a global admin viewing all companies only', async () => {
    const { unmount } = renderSignedIn(
      <PermissionEditor user={USERS.bob} assigner={companyAdminAssigner} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.queryByRole('option', { name: 'Global Admin' })).not.toBeInTheDocument();
    unmount();

    renderSignedIn(<PermissionEditor user={USERS.bob} assigner={globalAdminAllView} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      session: SESSIONS.globalAdmin,
    });
    await chooseRole('Global Admin');
    expect(checkbox('admin:all')).toBeChecked();
    expect(checkbox('admin:all')).toBeDisabled();
  });

  it('saves the role and permissions and names the user in the notice', async () => {
    restore = mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin }));
    const onSaved = vi.fn();
    renderSignedIn(<PermissionEditor user={USERS.bob} assigner={companyAdminAssigner} onSaved={onSaved} onCancel={vi.fn()} />);
    await userEvent.click(checkbox('plans:read'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await screen.findByText('Permissions updated for Bob Chen')).toBeInTheDocument();
    const call = restore.calls.find((entry) => entry.method === 'PUT');
    expect(call).toMatchObject({
      path: '/api/users/u-bob/permissions',
      body: { role: 'user', permissions: ['dashboard:read', 'plans:read'] },
    });
  });

  it('says so when saving fails, with the server reason', async () => {
    restore = mockFetch({
      'PUT /api/users/u-bob/permissions': failure('only_global_admin_assigns'),
    });
    renderSignedIn(<PermissionEditor user={USERS.bob} assigner={companyAdminAssigner} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    expect(await screen.findByText('Failed to update permissions')).toBeInTheDocument();
    expect(screen.getByText('Only a global admin can assign Global Admin')).toBeInTheDocument();
  });
});
