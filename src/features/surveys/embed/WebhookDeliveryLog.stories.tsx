import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { deliveriesFor } from '../collectionFixtures';
import { PUBLISHED } from '../fixtures';
import { DELIVERY_LOG_LABEL, NO_DELIVERIES, WebhookDeliveryLog } from './WebhookDeliveryLog';

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/WebhookDeliveryLog',
  component: WebhookDeliveryLog,
  args: { deliveries: deliveriesFor([PUBLISHED.satisfaction, PUBLISHED.checkout]) },
} satisfies Meta<typeof WebhookDeliveryLog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Newest first: when, which survey, how it went, how often it was tried, what the receiver said. */
export const Deliveries: Story = {
  play: async ({ canvas }) => {
    const grid = within(canvas.getByRole('grid', { name: DELIVERY_LOG_LABEL }));
    await expect(grid.getAllByText('Delivered')).toHaveLength(4);
    await expect(grid.getByText('Retrying')).toBeVisible();
    await expect(grid.getByText('HTTP 503 · Service Unavailable')).toBeVisible();
    await expect(grid.getAllByText(PUBLISHED.checkout.name).length).toBeGreaterThan(0);
  },
};

export const Empty: Story = {
  args: { deliveries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_DELIVERIES)).toBeVisible();
  },
};
