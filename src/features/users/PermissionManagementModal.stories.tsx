import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, waitFor, within } from 'storybook/test';
import { PERMISSION_LABELS } from '@domain/auth/roles';
import { adminApiRoutes, sampleFile, SESSIONS, USER_LIST, USERS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { expectShown } from '@/lib/testing/storyHelpers';
import PermissionManagementModal from './PermissionManagementModal';

const meta = {
  title: 'Administration/Permission Management',
  component: PermissionManagementModal,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin })),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof PermissionManagementModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Permission Management' }));

export const CompanyAdmin: Story = {
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByRole('row', { name: /bob@acme\.example/ })).toHaveTextContent('View dashboard');
    await expectShown(() => modal.getByRole('heading', { name: 'Company Logo of Acme Retail' }));
  },
};

/** Editing a user: the role applies its defaults, and saving names the user. */
export const EditPermissions: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Edit permissions of Bob Chen' }));
    await userEvent.click(modal.getByRole('combobox', { name: 'Role' }));
    await expect(screen.queryByRole('option', { name: 'Global Admin' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Company Admin' }));
    await expect(modal.getByRole('checkbox', { name: new RegExp(`^${PERMISSION_LABELS['users:write']}`) })).toBeChecked();
    await userEvent.click(modal.getByRole('button', { name: 'Save Permissions' }));
    await expectShown(() => screen.getByText('Permissions updated for Bob Chen'));
    await waitFor(async () => expect(await modal.findByRole('row', { name: /bob@acme\.example/ })).toHaveTextContent('Company Admin'));
  },
};

export const LogoNotAnImage: Story = {
  play: async () => {
    const modal = await dialog();
    fireEvent.change(await modal.findByLabelText('Upload company logo'), {
      target: { files: [sampleFile('logo.svgz', 'application/gzip', 4_000)] },
    });
    await expectShown(() => modal.getByText('Please select a valid image file'));
  },
};

export const LogoTooLarge: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.upload(await modal.findByLabelText('Upload company logo'), sampleFile('logo.png', 'image/png', 2 * 1024 * 1024 + 1));
    await expectShown(() => modal.getByText('File size must be less than 2MB'));
  },
};

export const LogoUploadFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...adminApiRoutes({ session: SESSIONS.companyAdmin }),
      [`PUT /api/companies/${acmeCompany.id}/logo`]: failure('invalid_image'),
    }),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.upload(await modal.findByLabelText('Upload company logo'), sampleFile('logo.png', 'image/png', 20_000));
    await expectShown(() => modal.getByText('Failed to upload logo. Please try again.'));
  },
};

/** A global admin looking at a customer company cannot make anyone Global Admin there. */
export const GlobalAdminViewingCustomer: Story = {
  decorators: [withSession('globalAdmin', acmeCompany.id)],
  beforeEach: () =>
    mockFetch(
      adminApiRoutes({ session: SESSIONS.globalAdmin, users: USER_LIST.filter((user) => user.companyId === acmeCompany.id) }),
    ),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: `Edit permissions of ${USERS.alice.name}` }));
    await userEvent.click(modal.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'User' })).toBeInTheDocument();
    await expect(screen.queryByRole('option', { name: 'Global Admin' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

export const GlobalAdminAllCompanies: Story = {
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.globalAdmin })),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Edit permissions of Carol Chen' }));
    await userEvent.click(modal.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'Global Admin' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ 'GET /api/users': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async () => {
    await expect(await (await dialog()).findByText('Failed to load users')).toBeVisible();
  },
};

/** A phone: each user is a card with the role and every permission, Edit in reach. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const modal = await dialog();
    const cards = await expectCardsInFull(await modal.findByRole('list', { name: 'Users and their permissions' }), ['Name', 'Email', 'Role', 'Permissions']);
    const bob = cards.find((card) => card.getAttribute('aria-label') === USERS.bob.name)!;
    await expect(within(bob).getByRole('button', { name: 'Edit permissions of Bob Chen' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** 1440 px: addresses in full, and every permission shown (the list wraps rather than being cut). */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async () => {
    const modal = await dialog();
    await modal.findByRole('row', { name: /bob@acme\.example/ });
    await expectColumnsInFull(modal.getByRole('grid', { name: 'Users and their permissions' }), ['name', 'email', 'role', 'permissions']);
  },
};
