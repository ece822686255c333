import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectTableInFull } from '@/lib/testing/tables';
import { CALL_COMPARISON } from '../fixtures';
import { CompareDialog } from './CompareDialog';

const meta = {
  title: 'Outbound API/Usage/CompareDialog',
  component: CompareDialog,
  args: { open: true, comparison: CALL_COMPARISON, error: null, onClose: fn() },
} satisfies Meta<typeof CompareDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ItemsMoved: Story = {
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Compare with the current settings' }));
    await expect(dialog.getByText('New')).toBeVisible();
    await expect(dialog.getByText('Down 1')).toBeVisible();
    await expect(dialog.getByText('genreBased (-0.120)')).toBeVisible();
  },
};

export const NothingMoved: Story = {
  args: { comparison: { ...CALL_COMPARISON, items: CALL_COMPARISON.items.slice(0, 1).map((item) => ({ ...item, before: 1, after: 1, movedBy: null })) } },
  play: async () => {
    await expect(await screen.findByText('The same items in the same order: nothing moved.')).toBeVisible();
  },
};

export const Loading: Story = { args: { comparison: undefined } };

const COLUMN_LABELS = ['Item', 'Before', 'After', 'Moved', 'Signal that moved it'];

/** A phone: the dialog fills the screen and each item is a card with its ranks and the signal that moved it. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Compare with the current settings' }));
    const cards = await expectCardsInFull(dialog.getByRole('list', { name: 'Items before and after' }), COLUMN_LABELS);
    await expect(cards).toHaveLength(CALL_COMPARISON.items.length);
    await expect(within(cards[0]).getByText(CALL_COMPARISON.items[0].id)).toBeVisible();
  },
};

/** 1440 px: every column as wide as its content, nothing wrapped or cut. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async () => {
    const table = (await screen.findByRole('dialog', { name: 'Compare with the current settings' })).querySelector('table')!;
    await expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(COLUMN_LABELS);
    await expectTableInFull(table);
  },
};
