import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { CONTACT_SALES_REQUEST, INBOX } from './fixtures';
import RequestsInboxModal from './RequestsInboxModal';

const meta = {
  title: 'Administration/Requests Inbox',
  component: RequestsInboxModal,
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch({ 'GET /api/requests': { body: INBOX } }),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof RequestsInboxModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Requests Inbox' }));
const request = async (modal: ReturnType<typeof within>, subject: string) =>
  within(await modal.findByRole('article', { name: subject }));

/** Every kind, newest first, with who asked, for which company, and what they sent. */
export const WithRequests: Story = {
  play: async () => {
    const modal = await dialog();
    const zendesk = await request(modal, 'Zendesk');
    await expect(modal.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Zendesk',
      'Enterprise',
      'Churn prediction',
      'Internal CRM',
    ]);
    await expect(modal.getByRole('status')).toHaveTextContent('4 requests');
    await expect(zendesk.getByText('Custom API')).toBeVisible();
    await expect(zendesk.getByText('Acme Retail')).toBeVisible();
    await expect(zendesk.getByText(/Alice Martin/)).toBeVisible();
    await expect(zendesk.getByRole('link', { name: 'alice@acme.example' })).toHaveAttribute('href', 'mailto:alice@acme.example');
    const docs = zendesk.getByRole('link', { name: /developer\.zendesk\.com/ });
    await expect(docs).toHaveAttribute('href', 'https://developer.zendesk.com/api-reference/');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    const received = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-22T15:42:00.000Z'));
    await expect(zendesk.getByText(received)).toHaveAttribute('datetime', '2026-11-22T15:42:00.000Z');

    const sales = await request(modal, 'Enterprise');
    await expect(sales.getByText('Contact Sales')).toBeVisible();
    await expect(sales.getByRole('link', { name: 'procurement@globex.example' })).toBeVisible();
    // The message is the user's text: its markup is shown as typed, its line breaks kept.
    const message = sales.getByText(/We would like single sign-on/);
    await expect(message.textContent).toBe(CONTACT_SALES_REQUEST.message);
    await expect(message.querySelector('b')).toBeNull();
    await expect(getComputedStyle(message).whiteSpace).toBe('pre-wrap');

    await expect((await request(modal, 'Churn prediction')).getByText('Model access')).toBeVisible();
  },
};

/** A link that is not a web address is shown as text, never as a link; a deleted requester is named as unknown. */
export const UnsafeLink: Story = {
  play: async () => {
    const card = await request(await dialog(), 'Internal CRM');
    await expect(card.getByText('javascript:alert(document.cookie)')).toBeVisible();
    await expect(card.queryByRole('link')).not.toBeInTheDocument();
    await expect(card.getByText('Unknown user')).toBeVisible();
  },
};

export const FilterByKind: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await request(modal, 'Zendesk');
    const kinds = within(modal.getByRole('group', { name: 'Filter by kind' }));
    await expect(kinds.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(kinds.getByRole('button', { name: 'Contact Sales' }));
    await waitFor(() => expect(modal.getAllByRole('article')).toHaveLength(1));
    await expect(modal.getByRole('article', { name: 'Enterprise' })).toBeVisible();
    await expect(modal.getByRole('status')).toHaveTextContent('1 of 4 requests');

    await userEvent.click(kinds.getByRole('button', { name: 'Custom API' }));
    await waitFor(() => expect(modal.getAllByRole('article')).toHaveLength(2));
    await expect(modal.queryByRole('article', { name: 'Enterprise' })).not.toBeInTheDocument();

    // Clicking the chosen kind again keeps it chosen.
    await userEvent.click(kinds.getByRole('button', { name: 'Custom API' }));
    await expect(kinds.getByRole('button', { name: 'Custom API' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(kinds.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(modal.getAllByRole('article')).toHaveLength(4));
  },
};

export const NoneOfAKind: Story = {
  beforeEach: () => mockFetch({ 'GET /api/requests': { body: [CONTACT_SALES_REQUEST] } }),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await request(modal, 'Enterprise');
    await userEvent.click(modal.getByRole('button', { name: 'Model access' }));
    await expectShown(() => modal.getByText('No Model access requests.'));
    await expect(modal.queryByRole('article')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch({ 'GET /api/requests': { body: [] } }),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('No requests yet'));
    await expect(
      modal.getByText('Requests sent with Request Custom API on the Data Sources screen and Contact Sales on the Plans page appear here.'),
    ).toBeVisible();
    await expect(modal.queryByRole('group', { name: 'Filter by kind' })).not.toBeInTheDocument();
  },
};

let recovered = false;

/** The list cannot be loaded: the reason and Retry, which loads it once the server answers again. */
export const LoadFails: Story = {
  beforeEach: () => {
    recovered = false;
    return mockFetch({
      'GET /api/requests': () => (recovered ? { body: INBOX } : failure('request_failed', { error: 'Database unavailable' })),
    });
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('Failed to load requests'));
    await expect(modal.getByText('Database unavailable')).toBeVisible();
    recovered = true;
    await userEvent.click(modal.getByRole('button', { name: 'Retry' }));
    await expect(await modal.findByRole('article', { name: 'Zendesk' })).toBeVisible();
    await expect(modal.queryByText('Failed to load requests')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach: () => mockFetch({ 'GET /api/requests': { delayMs: Infinity } }),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByRole('progressbar', { name: 'Loading requests' }));
  },
};
