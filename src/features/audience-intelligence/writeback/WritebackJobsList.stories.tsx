import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { ACME_ID } from '../fixtures';
import { writebackRoutes } from './fixtures';
import { WRITEBACK_JOB_LABELS } from '../labels';
import { WritebackJobsList } from './WritebackJobsList';

let restore: RestoreFetch;

const meta = {
  title: 'Audience Intelligence/Write Back/WritebackJobsList',
  component: WritebackJobsList,
  decorators: [withSession('globalAdmin')],
  args: { companyId: ACME_ID },
  beforeEach: () => {
    restore = mockFetch(writebackRoutes());
    return restore;
  },
} satisfies Meta<typeof WritebackJobsList>;
export default meta;

type Story = StoryObj<typeof meta>;

const jobCard = async (canvasElement: HTMLElement, name: RegExp) => within(await within(canvasElement).findByRole('article', { name }));

export const Jobs: Story = {
  play: async ({ canvasElement }) => {
    const sending = await jobCard(canvasElement, /1,240 profiles/);
    await expect(sending.getByText('Sending')).toBeVisible();
    await expect(sending.getByText('The receiver answered status 503')).toBeVisible();
    await expect(sending.getByText(/2 attempts · 2 of 3 batches delivered/)).toBeVisible();
    await expect(sending.getByText('Predictions')).toBeVisible();

    const partial = await jobCard(canvasElement, /312 profiles/);
    await expect(partial.getByText('Partly delivered')).toBeVisible();
    await expect(partial.getByText('Zendesk')).toBeVisible();
    await expect(partial.getByText('The destination was deleted')).toBeVisible();

    const delivered = await jobCard(canvasElement, /1 profile$/);
    await expect(delivered.getAllByText('Delivered')).toHaveLength(2);
    await expect(restore.calls[0]).toMatchObject({ path: '/api/audience-intelligence/writeback/jobs', query: { companyFilter: ACME_ID } });
  },
};

export const NoJobs: Story = {
  beforeEach: () => {
    restore = mockFetch(writebackRoutes({ jobs: [] }));
    return restore;
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(WRITEBACK_JOB_LABELS.empty)).toBeVisible();
  },
};

export const LoadFailed: Story = {
  beforeEach: () => {
    restore = mockFetch({ 'GET /api/audience-intelligence/writeback/jobs': failure('internal_error') });
    return restore;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(WRITEBACK_JOB_LABELS.loadFailed)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};
