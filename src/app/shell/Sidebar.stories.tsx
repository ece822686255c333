import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { callerOf } from '@/lib/session';
import { companyUserSession, globalAdminSession } from '@/lib/testing/sessions';
import { APP_ROUTES } from '../routes';
import { buildNavigation, visibleNavigation } from './navigation';
import { Sidebar } from './Sidebar';

const navigation = buildNavigation(APP_ROUTES);
const everything = visibleNavigation(callerOf(globalAdminSession), navigation);
const companyUser = visibleNavigation(
  callerOf({ ...companyUserSession, permissions: ['dashboard:read', 'data_sources:read'] }),
  navigation,
);

const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen', router: { initialEntries: ['/data-types'], path: '/data-types' } },
  args: { groups: everything, collapsed: false, onToggleCollapsed: fn() },
} satisfies Meta<typeof Sidebar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Data Types' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Audience Intelligence' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Surveys' }));
    await expect(canvas.getByRole('button', { name: 'Surveys' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'CreateIQ' })).not.toBeInTheDocument());

    await userEvent.click(canvas.getByRole('button', { name: 'Collapse sidebar' }));
    await expect(args.onToggleCollapsed).toHaveBeenCalled();
  },
};

export const Collapsed: Story = {
  args: { collapsed: true },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('link', { name: 'Data Types' })).not.toBeInTheDocument();
    // A collapsed group goes straight to its first page.
    const surveys = await canvas.findByRole('button', { name: 'Surveys' });
    await expect(surveys).toHaveAccessibleDescription('Surveys: CreateIQ');
    await userEvent.click(surveys);
    await expect(await canvas.findByText('Navigated to /zero-party/survey-creation')).toBeInTheDocument();
  },
};

export const CompanyUser: Story = {
  args: { groups: companyUser },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: 'Audience Intelligence' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Discovery' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Outbound API' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Export Data' })).toBeVisible();
  },
};

/** On phones and tablets: over the page, never collapsed; a chosen page or the close button hides it. */
export const OverPage: Story = {
  args: { collapsed: true, overlay: { open: true, opened: true, onClose: fn() } },
  play: async ({ args, userEvent }) => {
    const navigation = within(await screen.findByRole('navigation', { name: 'Main navigation' }));
    await expect(navigation.getByRole('link', { name: 'Data Types' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Expand sidebar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    await expect(args.overlay?.onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(navigation.getByRole('link', { name: 'Data Sources' }));
    await expect(args.overlay?.onClose).toHaveBeenCalledTimes(2);
  },
};
