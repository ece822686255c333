import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { expect, screen, waitFor } from 'storybook/test';
import { adminApiRoutes, SESSIONS, withSession } from '@/lib/testing/fixtures';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { AdminModalsProvider, useAdminModals, type AdminModalName } from './AdminModals';

const ENTRIES: { name: AdminModalName; label: string }[] = [
  { name: 'companies', label: 'Manage Companies' },
  { name: 'users', label: 'Manage Users' },
  { name: 'permissions', label: 'Manage Permissions' },
  { name: 'companyProfile', label: 'Company Profile' },
  { name: 'profileSettings', label: 'Profile Settings' },
  { name: 'requests', label: 'Requests Inbox' },
  { name: 'overrideLogs', label: 'Override Logs' },
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
