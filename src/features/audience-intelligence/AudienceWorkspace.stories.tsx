import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CATEGORY_NAMES } from '@domain/audience/contract';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { ACME_ID, AUDIENCE_USERS, audienceRoutes, withAudienceSession } from './fixtures';
import { formatCount } from './format';
import { EXPLORER_LABELS, SUMMARY_LABELS, USERS_TABLE_LABEL } from './labels';
import { AudienceWorkspace } from './AudienceWorkspace';

let calls: MockCall[] = [];

const meta = {
  title: 'Audience Intelligence/AudienceWorkspace',
  component: AudienceWorkspace,
  decorators: [withAudienceSession()],
  args: { companyId: ACME_ID },
  beforeEach: () => {
    const restore = mockFetch(audienceRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof AudienceWorkspace>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A category from the explorer: its users, the summary for it, and the search within it. */
export const ExplorerCategory: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = within(canvas.getByRole('list', { name: EXPLORER_LABELS.builtIn }));
    await userEvent.click(await list.findByRole('button', { name: new RegExp(`^${CATEGORY_NAMES.mobile}`) }));
    const grid = within(await canvas.findByRole('grid', { name: USERS_TABLE_LABEL }));
    const mobile = AUDIENCE_USERS.filter((user) => user.categories.includes('mobile'));
    await expect(within(canvas.getByRole('region', { name: SUMMARY_LABELS.categoryUsers })).getByText(formatCount(mobile.length))).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: EXPLORER_LABELS.search }), 'okafor');
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/categories/mobile/users')).at(-1)?.query.search).toBe('okafor'));
    const okafors = mobile.filter((user) => user.name?.includes('Okafor'));
    await waitFor(() => expect(screen.getByRole('heading', { name: `${CATEGORY_NAMES.mobile} (${okafors.length})` })).toBeVisible());
    if (okafors[0]) await expect(grid.getByText(okafors[0].name!)).toBeVisible();
  },
};
