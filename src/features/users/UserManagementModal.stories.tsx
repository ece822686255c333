import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { adminApiRoutes, BOB_SSO, SAMPLE_INVITATION_LINK, SESSIONS, SSO_USER_LIST, USERS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { expectShown } from '@/lib/testing/storyHelpers';
import UserManagementModal from './UserManagementModal';

const meta = {
  title: 'Administration/User Management',
  component: UserManagementModal,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin })),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof UserManagementModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'User Management' }));
const userRow = async (email: string) => (await dialog()).findByRole('row', { name: new RegExp(email.replace('.', '\\.')) });

export const CompanyAdmin: Story = {
  play: async () => {
    const modal = await dialog();
    await expect(await userRow(USERS.ivy.email)).toHaveTextContent('Invited');
    // A company admin sees their own company only: no company column.
    await expect(modal.queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
  },
};

/** Invite: Global Admin is not offered to a company admin; the link shows once sent. */
export const InviteShowsTheLink: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(modal.getByRole('button', { name: 'Invite User' }));
    await userEvent.click(modal.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'Company Admin' })).toBeInTheDocument();
    await expect(screen.queryByRole('option', { name: 'Global Admin' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.type(modal.getByLabelText(/^Email/), 'erin@acme.example');
    await userEvent.type(modal.getByLabelText(/^Full Name/), 'Erin Fox');
    await userEvent.click(modal.getByRole('button', { name: 'Send Invitation' }));

    await expectShown(() => screen.getByText('Invitation sent to erin@acme.example'));
    await expect(await modal.findByLabelText('Invitation Link')).toHaveValue(SAMPLE_INVITATION_LINK);
    await expect(await userRow('erin@acme.example')).toHaveTextContent('Invited');
  },
};

export const GlobalAdminAllCompanies: Story = {
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.globalAdmin })),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await expect(await userRow(USERS.dan.email)).toHaveTextContent('Globex Health');
    await expectShown(() => modal.getByRole('columnheader', { name: 'Company' }));
    await userEvent.click(modal.getByRole('button', { name: 'Invite User' }));
    await expectShown(() => modal.getByRole('combobox', { name: /^Company/ }));
    await userEvent.click(modal.getByRole('combobox', { name: 'Role' }));
    await expect(await screen.findByRole('option', { name: 'Global Admin' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

/** Changing a status asks first, then the list reloads with the new status. */
export const ChangeStatus: Story = {
  play: async ({ userEvent }) => {
    const row = within(await userRow(USERS.bob.email));
    await userEvent.click(row.getByRole('combobox', { name: 'Status of Bob Chen' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Change User Status' }));
    await expectShown(() => confirm.getByText("Are you sure you want to change Bob Chen's status to Suspended?"));
    await userEvent.click(confirm.getByRole('button', { name: 'Change Status' }));
    await waitFor(async () => expect(await userRow(USERS.bob.email)).toHaveTextContent('Suspended'));
    await expectShown(() => screen.getByText('Bob Chen is now Suspended'));
  },
};

export const ChangeStatusFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...adminApiRoutes({ session: SESSIONS.companyAdmin }),
      [`PUT /api/users/${USERS.ivy.id}/status`]: failure('request_failed', { error: 'An invited user must accept the invitation first' }),
    }),
  play: async ({ userEvent }) => {
    const row = within(await userRow(USERS.ivy.email));
    await userEvent.click(row.getByRole('combobox', { name: 'Status of Ivy Invitee' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Active' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Change Status' }));
    await expect(
      await screen.findByText('Failed to update user status: An invited user must accept the invitation first'),
    ).toBeVisible();
  },
};

export const ResetPassword: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Reset password for Bob Chen' }));
    const reset = within(await screen.findByRole('dialog', { name: 'Reset Password' }));
    await expect(reset.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    await userEvent.type(reset.getByLabelText(/^New Password/), 'Bob-Keller-2026');
    await waitFor(() => expect(reset.getByRole('button', { name: 'Reset Password' })).toBeEnabled());
    await userEvent.click(reset.getByRole('button', { name: 'Reset Password' }));
    await expectShown(() => screen.getByText('Password reset for Bob Chen'));
  },
};

export const DeleteUser: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Delete Ivy Invitee' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete User' }));
    await expectShown(() => confirm.getByText(/This action cannot be undone\./));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expectShown(() => screen.getByText('User Ivy Invitee was deleted'));
    await waitFor(() => expect(modal.queryByRole('row', { name: /ivy@acme\.example/ })).not.toBeInTheDocument());
  },
};

export const DeleteFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...adminApiRoutes({ session: SESSIONS.companyAdmin }),
      [`DELETE /api/users/${USERS.bob.id}`]: failure('internal_error', { error: 'Database unavailable' }),
    }),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Delete Bob Chen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete User' }));
    await expectShown(() => confirm.getByText('Failed to delete user'));
    await expectShown(() => confirm.getByText('Database unavailable'));
  },
};

/** The company's single sign-on below the users: its settings and its latest links, unlinks and refusals. */
export const SingleSignOnSettings: Story = {
  play: async () => {
    const modal = await dialog();
    const panel = within(await modal.findByRole('region', { name: 'Single Sign-On' }));
    await expect(await panel.findByRole('list', { name: 'Single sign-on events' })).toHaveTextContent(
      `Refused 00u5ivy2invitee as ${USERS.ivy.email}: the provider did not vouch for the e-mail address`,
    );
    await expect(panel.getByRole('textbox', { name: 'Verified e-mail domains' })).toHaveValue('acme.example');
  },
};

const unlinkRoutes = () => adminApiRoutes({ session: SESSIONS.companyAdmin, users: SSO_USER_LIST });

/** Unlinking asks first, naming the provider; then the row loses its link and the panel records who unlinked it. */
export const UnlinkSingleSignOn: Story = {
  beforeEach: () => mockFetch(unlinkRoutes()),
  play: async ({ userEvent }) => {
    await expect(await userRow(USERS.bob.email)).toHaveTextContent('Linked');
    const modal = await dialog();
    await userEvent.click(modal.getByRole('button', { name: 'Unlink single sign-on for Bob Chen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Unlink Single Sign-On' }));
    await expectShown(() =>
      confirm.getByText(
        `Unlink Bob Chen from ${BOB_SSO.issuer}? Their next single sign-on links again only if they are invited or the company allows linking.`,
      ),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Unlink' }));

    await expectShown(() => screen.getByText('Bob Chen is no longer linked to single sign-on'));
    await waitFor(async () => expect(await userRow(USERS.bob.email)).not.toHaveTextContent('Linked'));
    await expect(modal.queryByRole('button', { name: 'Unlink single sign-on for Bob Chen' })).not.toBeInTheDocument();
    const events = within(modal.getByRole('list', { name: 'Single sign-on events' }));
    await waitFor(() =>
      expect(events.getAllByRole('listitem')[0]).toHaveTextContent(`Alice Martin unlinked ${USERS.bob.email} from ${BOB_SSO.subject}`),
    );
  },
};

export const UnlinkCancelled: Story = {
  beforeEach: () => mockFetch(unlinkRoutes()),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Unlink single sign-on for Bob Chen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Unlink Single Sign-On' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unlink Single Sign-On' })).not.toBeInTheDocument());
    await expect(await userRow(USERS.bob.email)).toHaveTextContent('Linked');
  },
};

export const UnlinkFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...unlinkRoutes(),
      [`DELETE /api/users/${USERS.bob.id}/sso`]: failure('internal_error', { error: 'Database unavailable' }),
    }),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Unlink single sign-on for Bob Chen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    await expectShown(() => screen.getByText('Failed to unlink single sign-on: Database unavailable'));
    await expect(await userRow(USERS.bob.email)).toHaveTextContent('Linked');
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin, users: [] })),
  play: async () => {
    await expect(await (await dialog()).findByText('No users found for the selected company.')).toBeVisible();
  },
};

export const LoadFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...adminApiRoutes({ session: SESSIONS.companyAdmin }),
      'GET /api/users': failure('internal_error', { error: 'Database unavailable' }),
    }),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('Failed to load users'));
    await expectShown(() => modal.getByRole('button', { name: 'Retry' }));
  },
};

export const Loading: Story = {
  beforeEach: () => mockFetch({ 'GET /api/users': { delayMs: Infinity } }),
};

/** A phone: the modal fills the screen and each user is a card with every column, the status select and the actions in reach. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const modal = await dialog();
    const list = await modal.findByRole('list', { name: 'Users' });
    const cards = await expectCardsInFull(list, ['Name', 'Email', 'Role', 'Status', 'Single sign-on']);
    const bob = cards.find((card) => card.getAttribute('aria-label') === USERS.bob.name)!;
    await expect(within(bob).getByRole('combobox', { name: 'Status of Bob Chen' })).toBeVisible();
    await expect(within(bob).getByRole('button', { name: 'Delete Bob Chen' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** 1440 px, a global admin over every company: the e-mail addresses are shown in full. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.globalAdmin })),
  play: async () => {
    const modal = await dialog();
    await userRow(USERS.dan.email);
    await expectColumnsInFull(modal.getByRole('grid', { name: 'Users' }), ['name', 'email', 'role', 'company', 'actions']);
  },
};
