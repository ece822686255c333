import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectTableInFull, lineCount } from '@/lib/testing/tables';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable';

interface Member {
  id: string;
  name: string;
  email: string;
  joined: string;
  calls: number;
}

const MEMBERS: Member[] = [
  { id: 'a', name: 'Alice Martin', email: 'alice.martin@acme-corporation.example', joined: 'Nov 29, 2026, 8:41 AM', calls: 12_840 },
  { id: 'b', name: 'Bob Okafor', email: 'bob@acme.example', joined: 'Mar 2, 2026, 5:05 PM', calls: 3 },
];
const COLUMNS: TableColumn<Member>[] = [
  { key: 'name', label: 'Name', rowHeader: true, cell: (member) => member.name },
  { key: 'email', label: 'Email', cell: (member) => member.email },
  { key: 'joined', label: 'Joined', noWrap: true, cell: (member) => member.joined },
  { key: 'calls', label: 'Calls', align: 'right', cell: (member) => member.calls.toLocaleString('en-US') },
];

const meta = {
  title: 'UI/ResponsiveTable',
  component: ResponsiveTable<Member>,
  args: { label: 'Members', rows: MEMBERS, columns: COLUMNS, rowKey: (member) => member.id, rowName: (member) => member.name },
} satisfies Meta<typeof ResponsiveTable<Member>>;
export default meta;

type Story = StoryObj<typeof meta>;

/** 1440 px: each column as wide as its content, nothing wrapped or cut, the names as row headers. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Members' });
    await expect(within(table).getByRole('rowheader', { name: 'Alice Martin' })).toBeVisible();
    await expectTableInFull(table);
    await expect(lineCount(within(table).getByText('Nov 29, 2026, 8:41 AM'))).toBe(1);
  },
};

/** A phone: a card per row, named by the row's name, each label beside its value. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    const cards = await expectCardsInFull(canvas.getByRole('list', { name: 'Members' }), ['Name', 'Email', 'Joined', 'Calls']);
    await expect(cards[0]).toHaveAccessibleName('Alice Martin');
    await expectNoSidewaysScroll(canvasElement);
  },
};
