import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { PLAN_BENEFITS, PRICING_NOTE, SALES_THANK_YOU } from '@domain/plans/plans';
import { withSession } from '@/lib/testing/fixtures';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import PlansPage from './PlansPage';
import { ENTRY_USAGE } from './usageFixtures';

const meta = {
  title: 'Pages/Plans',
  component: PlansPage,
  decorators: [withSession('companyAdmin')],
  parameters: { router: { initialEntries: ['/plans'], path: '/plans' } },
  beforeEach: () => mockFetch({ 'GET /api/plans/usage': { body: ENTRY_USAGE } }),
} satisfies Meta<typeof PlansPage>;
export default meta;

type Story = StoryObj<typeof meta>;

let requestsSent: MockCall[] = [];

export const Default: Story = {
  play: async ({ canvas }) => {
    for (const name of ['Free', 'Entry Level', 'Mid-Market', 'Enterprise']) {
      await expectShown(() => canvas.getByRole('article', { name }));
    }
    const midMarket = within(canvas.getByRole('article', { name: 'Mid-Market' }));
    await expectShown(() => midMarket.getByText('Most Popular'));
    await expectShown(() => midMarket.getByText('$2,000'));
    await expectShown(() => midMarket.getByText('80,000 API calls'));
    await expect(canvas.getAllByText('Most Popular')).toHaveLength(1);
    for (const benefit of PLAN_BENEFITS) await expectShown(() => canvas.getByText(benefit.text));
    await expectShown(() => canvas.getByText(PRICING_NOTE));
    await expectShown(() => canvas.getByText('This month: 12,480 of 20,000 calls'));
  },
};

/** The request is sent to the requests inbox, then the dialog closes and thanks the visitor. */
export const ContactSales: Story = {
  beforeEach: () => {
    const restore = mockFetch({
      'GET /api/plans/usage': { body: ENTRY_USAGE },
      'POST /api/requests': ({ body }) => ({ status: 201, body: { id: 'r-1', ...(body as object) } }),
    });
    requestsSent = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Contact Sales' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact Sales' }));
    await expect(dialog.getByLabelText(/^Email Address/)).toHaveValue('alice@acme.example');
    await userEvent.type(dialog.getByLabelText('Tell us about your needs'), 'Five brands and a data warehouse.');
    await userEvent.click(dialog.getByRole('button', { name: 'Send Request' }));
    await expectShown(() => screen.getByText(SALES_THANK_YOU));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contact Sales' })).not.toBeInTheDocument());
    await expect(requestsSent.find((call) => call.path === '/api/requests')?.body).toMatchObject({ kind: 'contact_sales', contactEmail: 'alice@acme.example', message: expect.stringContaining('Five brands') });
  },
};

/** A paid plan's trial is set up by sales: the same dialog, naming the plan. */
export const StartFreeTrial: Story = {
  play: async ({ canvas, userEvent }) => {
    const entry = within(canvas.getByRole('article', { name: 'Entry Level' }));
    await userEvent.click(entry.getByRole('button', { name: 'Start Free Trial' }));
    await expectShown(() => screen.getByText(/free trial of the Entry Level plan/));
  },
};
