import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ErasureJobs } from './ErasureJobs';
import { privacyApiRoutes } from './fixtures';
import { NO_ERASURES } from './labels';

const meta = {
  title: 'Administration/Privacy/Erasure jobs',
  component: ErasureJobs,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(privacyApiRoutes()),
  args: { companyId: acmeCompany.id, enabled: true },
} satisfies Meta<typeof ErasureJobs>;
export default meta;

type Story = StoryObj<typeof meta>;

const items = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('list', { name: 'Erasure jobs' })).getAllByRole('listitem');

/** Newest first; the list is asked again while one runs, until it is done. */
export const Jobs: Story = {
  play: async ({ canvasElement }) => {
    const [running, done, failed] = await items(canvasElement);
    await expect(running).toHaveTextContent('User ID cu***42');
    await expect(within(done).getByText('Done')).toBeVisible();
    await expect(within(failed).getByText('Failed')).toBeVisible();
    await waitFor(() => expect(within(running).getByText('Done')).toBeVisible(), { timeout: 8_000 });
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(privacyApiRoutes({ erasures: [] })),
  play: async ({ canvasElement }) => {
    await expectShown(() => within(canvasElement).getByText(NO_ERASURES));
  },
};

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ 'GET /api/privacy/erasures': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectShown(() => canvas.getByText('Failed to load the erasures'));
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const [running] = await items(canvasElement);
    await expect(running).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
