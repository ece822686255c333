import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CONTACT_SALES_REQUEST, CUSTOM_API_REQUEST, MODEL_ACCESS_REQUEST, SCRIPT_LINK_REQUEST } from './fixtures';
import { RequestCard } from './RequestCard';

const meta = {
  title: 'Administration/Requests Inbox/Request Card',
  component: RequestCard,
  args: { request: CUSTOM_API_REQUEST },
} satisfies Meta<typeof RequestCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A custom API request: the service and its documentation, opened in a new tab. */
export const CustomApi: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Zendesk' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /developer\.zendesk\.com.*opens in a new tab/ })).toHaveAttribute('target', '_blank');
    await expect(canvas.queryByText('Contact e-mail')).not.toBeInTheDocument();
  },
};

/** A Contact Sales request: a contact address and the user's message with its line breaks. */
export const ContactSales: Story = {
  args: { request: CONTACT_SALES_REQUEST },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Contact e-mail')).toBeVisible();
    await expect(canvas.getByText(/<b>Not bold<\/b>/)).toBeVisible();
    await expect(canvas.queryByText('Link')).not.toBeInTheDocument();
  },
};

export const ModelAccess: Story = {
  args: { request: MODEL_ACCESS_REQUEST },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Model access')).toBeVisible();
    await expect(canvas.getByText('For the loyalty programme.')).toBeVisible();
  },
};

/** A link that is not a web address, from a user who no longer exists. */
export const UnsafeLink: Story = {
  args: { request: SCRIPT_LINK_REQUEST },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('javascript:alert(document.cookie)')).toBeVisible();
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
    await expect(canvas.getByText('Unknown user')).toBeVisible();
  },
};

/** Long unbroken text wraps inside the card. */
export const LongText: Story = {
  args: {
    request: {
      ...CUSTOM_API_REQUEST,
      subject: 'A'.repeat(120),
      link: `https://docs.example.com/${'segment/'.repeat(30)}`,
    },
  },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('article');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
  },
};
