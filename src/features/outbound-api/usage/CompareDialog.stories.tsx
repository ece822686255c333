import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
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
