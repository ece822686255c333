import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { adminApiRoutes, SESSIONS, withSession } from '@/lib/testing/fixtures';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { AdminModalsProvider, ModalErrorBoundary, useAdminModals, type AdminModalName } from './AdminModals';

const ENTRIES: { name: AdminModalName; label: string }[] = [
  { name: 'companies', label: 'Manage Companies' },
  { name: 'users', label: 'Manage Users' },
  { name: 'permissions', label: 'Manage Permissions' },
  { name: 'companyProfile', label: 'Company Profile' },
  { name: 'profileSettings', label: 'Profile Settings' },
  { name: 'requests', label: 'Requests Inbox' },
  { name: 'overrideLogs', label: 'Override Logs' },
  { name: 'auditLog', label: 'Audit Log' },
  { name: 'privacy', label: 'Privacy' },
];

/** Stands in for the header's user menu: each button opens one modal by name. */
function MenuStandIn() {
  const modals = useAdminModals();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {ENTRIES.map(({ name, label }) => (
        <Button key={name} variant="outlined" onClick={() => modals.open(name)}>
          {label}
        </Button>
      ))}
    </Stack>
  );
}

function AdminModalsDemo() {
  return (
    <AdminModalsProvider>
      <MenuStandIn />
    </AdminModalsProvider>
  );
}

const meta = {
  title: 'Shell/AdminModalsProvider',
  component: AdminModalsDemo,
  decorators: [withSession('globalAdmin')],
  beforeEach: () =>
    mockFetch({
      ...adminApiRoutes({ session: SESSIONS.globalAdmin }),
      'GET /api/requests': { body: [] },
      'GET /api/admin/override-logs': { body: [] },
      'GET /api/audit-log': { body: { entries: [], nextCursor: null } },
      'GET /api/privacy/erasures': { body: [] },
      'GET /api/privacy/suppressions': { body: [] },
    }),
} satisfies Meta<typeof AdminModalsDemo>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each modal loads on first opening and closes back to the page. */
export const OpensEachModal: Story = {
  play: async ({ canvas, userEvent }) => {
    const titles: Record<AdminModalName, string> = {
      companies: 'Company Management',
      users: 'User Management',
      permissions: 'Permission Management',
      companyProfile: 'Company Profile',
      profileSettings: 'Profile Settings',
      requests: 'Requests Inbox',
      overrideLogs: 'Override Logs',
      auditLog: 'Audit Log',
      privacy: 'Privacy',
    };
    for (const { name, label } of ENTRIES) {
      await userEvent.click(canvas.getByRole('button', { name: label }));
      const modal = await screen.findByRole('dialog', { name: titles[name] }, { timeout: 5_000 });
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(modal).not.toBeInTheDocument());
    }
  },
};

/** An ordinary user opens Profile Settings only; other names are refused. */
export const OrdinaryUser: Story = {
  decorators: [withSession('user')],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Manage Companies' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Requests Inbox' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Override Logs' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Profile Settings' }));
    await screen.findByRole('dialog', { name: 'Profile Settings' }, { timeout: 5_000 });
    await expectShown(() => screen.getByRole('dialog', { name: 'Profile Settings' }));
    await expect(screen.queryByRole('dialog', { name: 'Company Management' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('dialog', { name: 'Requests Inbox' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('dialog', { name: 'Override Logs' })).not.toBeInTheDocument();
  },
};

function UnreachableModal(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

/** A page with a modal that cannot load (offline, or a chunk gone after a release). */
function FailingModalDemo() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>The page under the modal.</p>
      {open && (
        <ModalErrorBoundary onClose={() => setOpen(false)}>
          <UnreachableModal />
        </ModalErrorBoundary>
      )}
    </>
  );
}

/** A modal that cannot load says so over the page, which stays usable, and closes. */
export const ModalFailsToLoad: Story = {
  render: () => <FailingModalDemo />,
  play: async ({ canvas, userEvent }) => {
    const notice = await screen.findByRole('alert');
    await expect(notice).toHaveTextContent('This window could not be opened. Check your connection, then reload the page.');
    await expect(canvas.getByText('The page under the modal.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  },
};
