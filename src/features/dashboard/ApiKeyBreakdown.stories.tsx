import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { ApiKeyBreakdown, API_KEY_LABELS } from './ApiKeyBreakdown';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectTableInFull } from '@/lib/testing/tables';
import { API_KEY_ROWS } from './fixtures';

const meta = {
  title: 'Dashboard/ApiKeyBreakdown',
  component: ApiKeyBreakdown,
  args: { open: true, onClose: fn(), rangeLabel: '7 Days', rows: API_KEY_ROWS, isLoading: false, error: null, onRetry: fn() },
} satisfies Meta<typeof ApiKeyBreakdown>;
export default meta;

type Story = StoryObj<typeof meta>;
const dialog = () => within(screen.getByRole('dialog', { name: API_KEY_LABELS.title }));

/** Each key with its figures; a missing p95 is a dash, not zero. */
export const ThreeKeys: Story = {
  play: async () => {
    const table = within(await dialog().findByRole('table', { name: API_KEY_LABELS.table }));
    await expect(table.getAllByRole('row')).toHaveLength(API_KEY_ROWS.length + 1);
    const staging = within(table.getByRole('row', { name: /Staging/ }));
    await expect(staging.getByText('—')).toBeVisible();
    await expect(table.getByRole('link', { name: API_KEY_ROWS[1].name })).toHaveAttribute('href', `/outbound-api?key=${API_KEY_ROWS[1].apiKeyId}`);
  },
};

export const NoCalls: Story = {
  args: { rows: [] },
  play: async () => {
    await expect(await dialog().findByText(API_KEY_LABELS.none)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { rows: undefined, isLoading: true },
  play: async () => {
    await expect(await dialog().findByRole('progressbar', { name: API_KEY_LABELS.loading })).toBeVisible();
  },
};

export const Failed: Story = {
  args: { rows: undefined, error: new Error('Internal server error') },
  play: async ({ args, userEvent }) => {
    await expect(await dialog().findByText(API_KEY_LABELS.failed)).toBeVisible();
    await userEvent.click(dialog().getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

const LABELS = [API_KEY_LABELS.key, API_KEY_LABELS.calls, API_KEY_LABELS.errors, API_KEY_LABELS.p50, API_KEY_LABELS.p95, API_KEY_LABELS.items];

/** A phone: a card per key with every figure, the key's name still a link to its usage. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async () => {
    const cards = await expectCardsInFull(await dialog().findByRole('list', { name: API_KEY_LABELS.table }), LABELS);
    await expect(cards).toHaveLength(API_KEY_ROWS.length);
    await expect(within(cards[1]).getByRole('link', { name: API_KEY_ROWS[1].name })).toHaveAttribute('href', `/outbound-api?key=${API_KEY_ROWS[1].apiKeyId}`);
  },
};

/** 1440 px: every figure and name in full on one line. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async () => {
    await expectTableInFull(await dialog().findByRole('table', { name: API_KEY_LABELS.table }));
  },
};
