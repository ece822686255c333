import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { Session } from '@/lib/session';
import { mockFetch } from '@/lib/testing/mockFetch';
import {
  companyAdminSession,
  companyUserSession,
  globalAdminSession,
  globexCompany,
  sampleCompanies,
  SessionFixture,
} from '@/lib/testing/sessions';
import { AdminModalsProvider } from '../adminModals/AdminModals';
import { AdminHeader } from './AdminHeader';

interface HeaderStoryArgs {
  session: Session;
  companyFilter?: string;
}

function SignedInHeader({ session, companyFilter }: HeaderStoryArgs) {
  return (
    <SessionFixture session={session} companyFilter={companyFilter}>
      <AdminModalsProvider>
        <AdminHeader />
      </AdminModalsProvider>
    </SessionFixture>
  );
}

const meta = {
  title: 'Shell/AdminHeader',
  component: SignedInHeader,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/'], path: '/' } },
  beforeEach: () => mockFetch({ 'GET /api/companies': { body: sampleCompanies } }),
  args: { session: globalAdminSession },
} satisfies Meta<typeof SignedInHeader>;
export default meta;

type Story = StoryObj<typeof meta>;

const openMenu = async (canvas: ReturnType<typeof within>, userEvent: { click: (element: Element) => Promise<void> }) => {
  await userEvent.click(canvas.getByRole('button', { name: /^Account menu/ }));
  const menu = await within(document.body).findByRole('menu');
  // The menu grows in: wait until it has finished appearing.
  await waitFor(() => expect(menu).toBeVisible());
  return menu;
};

export const GlobalAdminViewingAll: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByTestId('header-company-name')).toHaveTextContent('All Companies');
    const menu = within(await openMenu(canvas, userEvent));
    for (const entry of ['Manage Companies', 'Manage Users', 'Manage Permissions', 'Company Profile', 'Requests Inbox', 'Override Logs', 'Audit Log', 'Privacy', 'Plans']) {
      await expect(menu.getByRole('menuitem', { name: entry })).toBeVisible();
    }
    await expect(menu.getByText('View Data For')).toBeVisible();
    await expect(await menu.findByRole('menuitemradio', { name: 'Globex Health' })).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'All Companies' })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  },
};

/** The menu opens the override logs of the company in view. */
export const GlobalAdminOpensOverrideLogs: Story = {
  beforeEach: () => mockFetch({ 'GET /api/companies': { body: sampleCompanies }, 'GET /api/admin/override-logs': { body: [] } }),
  play: async ({ canvas, userEvent }) => {
    const menu = within(await openMenu(canvas, userEvent));
    await userEvent.click(menu.getByRole('menuitem', { name: 'Override Logs' }));
    const modal = within(await within(document.body).findByRole('dialog', { name: 'Override Logs' }, { timeout: 5_000 }));
    await expect(await modal.findByText('No identifier overrides yet.')).toBeVisible();
  },
};

export const GlobalAdminViewingOneCompany: Story = {
  args: { companyFilter: globexCompany.id },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Globex Health')).toBeVisible();
    const menu = within(await openMenu(canvas, userEvent));
    await userEvent.click(await menu.findByRole('menuitemradio', { name: 'All Companies' }));
    await expect(canvas.getByTestId('header-company-name')).toHaveTextContent('All Companies');
  },
};

export const CompanyAdmin: Story = {
  args: { session: companyAdminSession },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByTestId('header-company-name')).toHaveTextContent('Acme Retail');
    const menu = within(await openMenu(canvas, userEvent));
    await expect(menu.queryByRole('menuitem', { name: 'Manage Companies' })).not.toBeInTheDocument();
    await expect(menu.queryByRole('menuitem', { name: 'Requests Inbox' })).not.toBeInTheDocument();
    // The override logs of every company are the Navout team's, though a company admin edits surveys.
    await expect(menu.queryByRole('menuitem', { name: 'Override Logs' })).not.toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'Manage Users' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Company Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Audit Log' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Privacy' })).toBeVisible();
    await expect(menu.queryByText('View Data For')).not.toBeInTheDocument();
  },
};

export const CompanyUser: Story = {
  args: { session: companyUserSession },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Account menu: Bob Chen User' })).toBeVisible();
    const menu = within(await openMenu(canvas, userEvent));
    await expect(menu.queryByText('Admin Controls')).not.toBeInTheDocument();
    await expect(menu.queryByRole('menuitem', { name: 'Privacy' })).not.toBeInTheDocument();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Logout' }));
    await expect(await canvas.findByText('Navigated to /login')).toBeInTheDocument();
  },
};
