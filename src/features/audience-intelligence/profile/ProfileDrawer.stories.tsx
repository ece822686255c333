import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { AUDIENCE_MESSAGES, WRITEBACK_SHORTCUTS } from '@domain/audience/contract';
import { mockFetch } from '@/lib/testing/mockFetch';
import { ACME_ID, AUDIENCE_USERS, audienceRoutes } from '../fixtures';
import { PROFILE_LABELS } from '../labels';
import { ProfileDrawer } from './ProfileDrawer';

const user = AUDIENCE_USERS.find((entry) => entry.name !== null)!;

const meta = {
  title: 'Audience Intelligence/Profile/ProfileDrawer',
  component: ProfileDrawer,
  args: { companyId: ACME_ID, userId: user.id, title: user.name!, onClose: fn(), onWriteback: fn() },
  beforeEach: () => mockFetch(audienceRoutes()),
} satisfies Meta<typeof ProfileDrawer>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The profile read from the server; the writeback buttons pre-set the dialog; X closes. */
export const Profile: Story = {
  play: async ({ args, userEvent }) => {
    const panel = within(await screen.findByRole('dialog', { name: user.name! }));
    await expect(await panel.findByRole('region', { name: PROFILE_LABELS.identityGraph })).toBeVisible();
    await expect(panel.getByRole('region', { name: PROFILE_LABELS.recentEvents })).toBeVisible();
    await userEvent.click(panel.getByRole('button', { name: WRITEBACK_SHORTCUTS.updateAnalytics.label }));
    await expect(args.onWriteback).toHaveBeenCalledWith(expect.objectContaining({ id: user.id }), { destinations: ['analytics'], data: ['profile', 'events'] });
    await userEvent.click(panel.getByRole('button', { name: WRITEBACK_SHORTCUTS.syncSegments.label }));
    await expect(args.onWriteback).toHaveBeenLastCalledWith(expect.objectContaining({ id: user.id }), { destinations: ['crm'], data: ['segments'] });
    await userEvent.click(panel.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  beforeEach: () => mockFetch({ 'GET /api/*': { delayMs: Infinity } }),
  play: async () => {
    const panel = within(await screen.findByRole('dialog', { name: user.name! }));
    await expect(panel.getByRole('progressbar', { name: PROFILE_LABELS.loading })).toBeVisible();
  },
};

/** The profile could not be read: Error Loading Data, and Retry. */
export const Failed: Story = {
  beforeEach: () => mockFetch(audienceRoutes({ failing: ['GET /users/:id'] })),
  play: async () => {
    const panel = within(await screen.findByRole('dialog', { name: user.name! }));
    const alert = within(await panel.findByRole('alert'));
    await expect(alert.getByText(AUDIENCE_MESSAGES.page)).toBeVisible();
    await expect(alert.getByRole('button', { name: AUDIENCE_MESSAGES.retry })).toBeVisible();
  },
};
