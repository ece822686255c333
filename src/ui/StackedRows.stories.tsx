import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectCardsInFull } from '@/lib/testing/tables';
import { StackedRows } from './StackedRows';

const onOpen = fn();

const meta = {
  title: 'UI/StackedRows',
  component: StackedRows,
  args: {
    label: 'Members',
    rows: [
      {
        id: 1,
        name: 'Alice Martin',
        fields: [
          { label: 'Name', value: 'Alice Martin' },
          { label: 'Email', value: 'alice.martin.with-a-very-long-address@acme-corporation.example' },
          { label: 'Status', value: <Chip size="small" label="Active" color="success" /> },
          { label: 'Last signed in', value: 'Nov 29, 2026, 8:41 AM' },
        ],
        actions: (
          <Button size="small" onClick={onOpen}>
            Open
          </Button>
        ),
      },
    ],
  },
  globals: PHONE_GLOBALS,
} satisfies Meta<typeof StackedRows>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A phone: every label beside its value, a long address wrapped rather than cut, the row's buttons under it. */
export const Phone: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Members' });
    const [card] = await expectCardsInFull(list, ['Name', 'Email', 'Status', 'Last signed in']);
    // Its button is the card's tab stop: the list is not one as well.
    await expect(list).not.toHaveAttribute('tabindex');
    await expect(card).toHaveAccessibleName('Alice Martin');
    await userEvent.click(within(card).getByRole('button', { name: 'Open' }));
    await expect(onOpen).toHaveBeenCalled();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** Cards with nothing to press: the list itself takes the keyboard's focus, so a dialog full of them can be scrolled. */
export const NothingToPress: Story = {
  args: { rows: [{ id: 1, name: 'Alice Martin', fields: [{ label: 'Name', value: 'Alice Martin' }] }] },
  play: async ({ canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Members' });
    await userEvent.tab();
    await expect(list).toHaveFocus();
  },
};
