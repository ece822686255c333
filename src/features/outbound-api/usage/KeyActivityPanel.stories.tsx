import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { ACME_ID, API_KEYS, outboundApiRoutes, withApiSession } from '../fixtures';
import { KeyActivityPanel } from './KeyActivityPanel';

let calls: MockCall[] = [];

const meta = {
  title: 'Outbound API/Usage/KeyActivityPanel',
  component: KeyActivityPanel,
  decorators: [withApiSession()],
  args: { companyId: ACME_ID, keys: API_KEYS, onReplay: fn() },
  beforeEach: () => {
    const restore = mockFetch(outboundApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof KeyActivityPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** One key over 30 days: the figures and calls are asked for that key and range. */
export const OneKeyLastMonth: Story = {
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByText('2,681'));
    await userEvent.click(canvas.getByRole('button', { name: 'Last 30 days' }));
    await expectShown(() => canvas.getByText('84,120'));
    await userEvent.click(canvas.getByRole('combobox', { name: 'API token' }));
    await userEvent.click(await screen.findByRole('option', { name: API_KEYS[0].name }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/api-keys/usage' && call.query.keyId === API_KEYS[0].id && call.query.range === '30d')).toBe(true));
  },
};

/** Opened from the overview's per-key table: that key is chosen from the start. */
export const LinkedKey: Story = {
  args: { initialKeyId: API_KEYS[1].id },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'API token' })).toHaveTextContent(API_KEYS[1].name);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/api-keys/usage' && call.query.keyId === API_KEYS[1].id)).toBe(true));
  },
};
