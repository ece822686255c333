import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { deliveriesFor } from '../collectionFixtures';
import { PUBLISHED } from '../fixtures';
import { DELIVERY_LOG_LABEL, NO_DELIVERIES } from './WebhookDeliveryLog';
import { DELIVERIES_FAILED, NO_SECRET_YET, ROTATE_SECRET_LABEL, WebhookSettings } from './WebhookSettings';

const DELIVERIES = deliveriesFor([PUBLISHED.satisfaction, PUBLISHED.checkout]);

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/WebhookSettings',
  component: WebhookSettings,
  args: {
    secretHint: 'whsec_Q2x9…',
    canRotate: true,
    rotating: false,
    onRotate: fn(),
    deliveries: { data: DELIVERIES, isError: false, error: null, refetch: fn() },
  },
} satisfies Meta<typeof WebhookSettings>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The secret's hint with Rotate secret, and the deliveries. */
export const Deliveries: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Signing secret' })).toBeVisible();
    await expect(canvas.getByText('whsec_Q2x9…')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: ROTATE_SECRET_LABEL }));
    await expect(args.onRotate).toHaveBeenCalledTimes(1);
    const log = within(canvas.getByRole('grid', { name: DELIVERY_LOG_LABEL }));
    await expect(log.getByText('Retrying')).toBeVisible();
  },
};

/** Before the first save: no secret to rotate yet, and no deliveries. */
export const FirstWebhook: Story = {
  args: { secretHint: null, deliveries: { data: [], isError: false, error: null, refetch: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_SECRET_YET)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: ROTATE_SECRET_LABEL })).not.toBeInTheDocument();
    await expect(canvas.getByText(NO_DELIVERIES)).toBeVisible();
  },
};

export const Rotating: Story = {
  args: { rotating: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: ROTATE_SECRET_LABEL })).toBeDisabled();
  },
};

/** Whoever may not manage the settings sees the hint and the log, not Rotate secret. */
export const ReadOnly: Story = {
  args: { canRotate: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('whsec_Q2x9…')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: ROTATE_SECRET_LABEL })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { deliveries: { data: undefined, isError: false, error: null, refetch: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading webhook deliveries' })).toBeVisible();
  },
};

/** The log failing to load says so and offers to try again. */
export const DeliveriesFail: Story = {
  args: {
    deliveries: { data: undefined, isError: true, error: new Error('The delivery store is unavailable.'), refetch: fn() },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(DELIVERIES_FAILED)).toBeVisible();
    await expect(canvas.getByText('The delivery store is unavailable.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.deliveries.refetch).toHaveBeenCalledTimes(1);
  },
};

/** At phone width Rotate secret goes under the hint; the log scrolls in its own box. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    const hint = canvas.getByText('whsec_Q2x9…').getBoundingClientRect();
    await expect(canvas.getByRole('button', { name: ROTATE_SECRET_LABEL }).getBoundingClientRect().top).toBeGreaterThan(hint.bottom);
    await expectNoSidewaysScroll(canvasElement);
  },
};
