import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { ACME_ID, audienceRoutes, withAudienceSession } from '../fixtures';
import { SAVE_VIEW_LABELS } from '../labels';
import { SaveViewDialog } from './SaveViewDialog';

let calls: MockCall[] = [];

const meta = {
  title: 'Audience Intelligence/Views/SaveViewDialog',
  component: SaveViewDialog,
  decorators: [withAudienceSession()],
  args: {
    open: true,
    onClose: fn(),
    onSaved: fn(),
    companyId: ACME_ID,
    query: { dataSource: ['mobile', 'web'], lifecycle: [], risk: ['high'], recency: [30], search: 'northwind' },
    categoryId: 'at-risk',
    userCount: 12,
  },
  beforeEach: () => {
    const restore = mockFetch(audienceRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof SaveViewDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: SAVE_VIEW_LABELS.title }));

/** The filters it keeps and its users; blank names cannot be saved; Enter saves. */
export const SaveWithEnter: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    const summary = within(form.getByRole('list', { name: SAVE_VIEW_LABELS.filters }));
    await expect(summary.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Data Source: Mobile, Web',
      'Risk Level: High',
      'Recency: Last 30 days',
      'Search: “northwind”',
      'Category: At Risk',
    ]);
    await expect(form.getByText('12')).toBeVisible();
    await expect(form.getByRole('button', { name: SAVE_VIEW_LABELS.save })).toBeDisabled();
    await userEvent.type(form.getByRole('textbox', { name: /^View name/ }), '  {Enter}');
    await expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(form.getByRole('textbox', { name: /^View name/ }), 'Northwind at risk{Enter}');
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Northwind at risk',
      filters: { dataSource: ['mobile', 'web'], lifecycle: [], risk: ['high'], recency: [30] },
      search: 'northwind',
      categoryId: 'at-risk',
      companyId: ACME_ID,
    });
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Nothing narrowed: the whole company's profiles. */
export const NoFilters: Story = {
  args: { query: { dataSource: [], lifecycle: [], risk: [], recency: [], search: '' }, categoryId: null, userCount: 47 },
  play: async () => {
    const form = await dialog();
    await expect(form.getByText(SAVE_VIEW_LABELS.noFilters)).toBeVisible();
  },
};

/** The server refused: the reason is shown and the dialog stays open. */
export const SaveFailed: Story = {
  beforeEach: () => {
    const restore = mockFetch(audienceRoutes({ failing: ['POST /views'] }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    await userEvent.type(form.getByRole('textbox', { name: /^View name/ }), 'Weekend buyers');
    await userEvent.click(form.getByRole('button', { name: SAVE_VIEW_LABELS.save }));
    await expect(await form.findByText(new RegExp(`^${SAVE_VIEW_LABELS.failed}`))).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
