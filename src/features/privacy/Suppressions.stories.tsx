import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { withSession } from '@/lib/testing/fixtures';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { EMAIL_SUPPRESSION, privacyApiRoutes, VISITOR_SUPPRESSION } from './fixtures';
import { NO_SUPPRESSIONS } from './labels';
import { SuppressionItem, Suppressions } from './Suppressions';

const meta = {
  title: 'Administration/Privacy/Suppressions',
  component: Suppressions,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(privacyApiRoutes()),
  args: { companyId: acmeCompany.id, enabled: true },
} satisfies Meta<typeof Suppressions>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each identifier masked, with what intake dropped for it and where. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = within(await canvas.findByRole('list', { name: 'Suppressed identifiers' })).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent(`${EMAIL_SUPPRESSION.hint}`);
    await expect(items[0]).toHaveTextContent('Shopify orders: 3 · Survey widget: 2');
    await expect(items[1]).toHaveTextContent(`${VISITOR_SUPPRESSION.hint}`);
    await expect(items[1]).toHaveTextContent('0 intakes dropped');
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(privacyApiRoutes({ suppressions: [] })),
  play: async ({ canvasElement }) => {
    await expectShown(() => within(canvasElement).getByText(NO_SUPPRESSIONS));
  },
};

const removed = fn();

/** One suppression alone: what intake dropped, and a Remove button that names it. */
export const Item: StoryObj<typeof SuppressionItem> = {
  render: () => <SuppressionItem suppression={EMAIL_SUPPRESSION} onRemove={removed} />,
  play: async ({ canvasElement, userEvent }) => {
    removed.mockClear();
    const canvas = within(canvasElement);
    await expect(canvasElement).toHaveTextContent('5 intakes dropped');
    await userEvent.click(canvas.getByRole('button', { name: `Remove the suppression of ${EMAIL_SUPPRESSION.hint}` }));
    await expect(removed).toHaveBeenCalledTimes(1);
  },
};

export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Suppressed identifiers' });
    await expect(canvas.getByRole('button', { name: `Remove the suppression of ${EMAIL_SUPPRESSION.hint}` })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
