import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { RECENT_CALLS } from '../fixtures';
import { RecentCallsTable } from './RecentCallsTable';

const meta = {
  title: 'Outbound API/Usage/RecentCallsTable',
  component: RecentCallsTable,
  args: { calls: RECENT_CALLS, onReplay: fn(), onCompare: fn() },
} satisfies Meta<typeof RecentCallsTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Predict calls can be replayed or compared; an events call cannot. */
export const Calls: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getAllByRole('button', { name: /^Replay call of/ })).toHaveLength(2);
    await expect(canvas.getByText('401 api_key_paused')).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button', { name: /^Compare call of/ })[0]);
    await expect(args.onCompare).toHaveBeenCalledWith(RECENT_CALLS[0]);
  },
};

/** A phone: a card per call with every column, Replay and Compare in reach. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const cards = await expectCardsInFull(canvas.getByRole('list', { name: 'Recent calls' }), ['When', 'Key', 'Endpoint', 'Status', 'Latency', 'Items']);
    await expect(cards).toHaveLength(RECENT_CALLS.length);
    await expectNoSidewaysScroll(canvasElement);
    await userEvent.click(canvas.getAllByRole('button', { name: /^Replay call of/ })[0]);
    await expect(args.onReplay).toHaveBeenCalledWith(RECENT_CALLS[0]);
  },
};

/** 1440 px: the call's date and time are never shortened ("Nov 29, 2026, 8:41 AM" once was). */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    await expectColumnsInFull(canvas.getByRole('grid', { name: 'Recent calls' }), ['createdAt', 'apiKeyName', 'status', 'actions']);
  },
};
