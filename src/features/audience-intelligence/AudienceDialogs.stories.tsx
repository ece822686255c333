import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { NO_AUDIENCE_FILTERS } from '@domain/audience/contract';
import { mockFetch } from '@/lib/testing/mockFetch';
import { AudienceDialogs, type AudienceDialogState } from './AudienceDialogs';
import { ACME_ID, audienceRoutes, withAudienceSession } from './fixtures';
import { DESTINATION_LABELS, SAVE_VIEW_LABELS, WRITEBACK_JOB_LABELS } from './labels';

/** Every dialog closed; a story opens the one it shows. */
const closed = (open: Partial<AudienceDialogState> = {}): AudienceDialogState => ({
  openUser: null,
  setOpenUser: fn(),
  savingView: false,
  setSavingView: fn(),
  deletingView: null,
  setDeletingView: fn(),
  writeback: null,
  setWriteback: fn(),
  managingDestinations: false,
  setManagingDestinations: fn(),
  showingJobs: false,
  setShowingJobs: fn(),
  ...open,
});

const meta = {
  title: 'Audience Intelligence/AudienceDialogs',
  component: AudienceDialogs,
  decorators: [withAudienceSession()],
  args: { companyId: ACME_ID, dialogs: closed({ showingJobs: true }), query: { ...NO_AUDIENCE_FILTERS, search: '' }, categoryId: null, audienceSize: 47 },
  beforeEach: () => mockFetch(audienceRoutes()),
} satisfies Meta<typeof AudienceDialogs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The writeback jobs, read when the dialog opens. */
export const WritebackJobs: Story = {
  play: async () => {
    const jobs = within(await screen.findByRole('dialog', { name: WRITEBACK_JOB_LABELS.title }));
    await expect(await jobs.findByRole('article', { name: /1,240 profiles/ })).toBeVisible();
  },
};

/** Save View for the audience in view. */
export const SaveView: Story = {
  args: { dialogs: closed({ savingView: true }) },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: SAVE_VIEW_LABELS.title })).toBeVisible();
  },
};

/** The destinations Write Back sends to. */
export const Destinations: Story = {
  args: { dialogs: closed({ managingDestinations: true }) },
  play: async () => {
    const destinations = within(await screen.findByRole('dialog', { name: DESTINATION_LABELS.title }));
    await expect(await destinations.findByText('Salesforce')).toBeVisible();
  },
};
