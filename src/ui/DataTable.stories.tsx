import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { DataTable } from './DataTable';

const rows = Array.from({ length: 30 }, (_, index) => ({ id: index + 1, name: `Company ${String(index + 1).padStart(2, '0')}` }));

const meta = {
  title: 'UI/DataTable',
  component: DataTable,
  args: { rows: rows.slice(0, 3), columns: [{ field: 'name', headerName: 'Name', flex: 1 }], label: 'Companies', maxHeight: 400 },
} satisfies Meta<typeof DataTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const FewRows: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid', { name: 'Companies' })).toBeInTheDocument();
    // One page of rows needs no pagination footer.
    await expect(canvas.queryByText(/1–3 of 3/)).not.toBeInTheDocument();
  },
};

export const ManyRowsSorted: Story = {
  args: { rows, initialSort: [{ field: 'name', sort: 'desc' }] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('1–25 of 30')).toBeInTheDocument();
    const firstCell = canvas.getAllByRole('gridcell')[0];
    await expect(firstCell).toHaveTextContent('Company 30');
  },
};

const LONG_TEXT =
  'Returning customers are identified by their loyalty number at the till, so this survey asks for it instead of an e-mail address.';

/** Long text wraps and its row grows to show it in full. */
export const WrappedText: Story = {
  args: {
    rows: [
      { id: 1, name: 'Short' },
      { id: 2, name: LONG_TEXT },
    ],
    columns: [{ field: 'name', headerName: 'Reason', flex: 1, minWidth: 200 }],
    wrapText: true,
  },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
  play: async ({ canvas }) => {
    const [short, long] = canvas.getAllByRole('gridcell');
    await expect(long).toHaveTextContent(LONG_TEXT);
    // Every word of the long text is inside its cell: the cell grew rather than cut it off.
    await expect(long.scrollWidth).toBeLessThanOrEqual(long.clientWidth + 1);
    await expect(long.scrollHeight).toBeLessThanOrEqual(long.clientHeight + 1);
    await expect(long.getBoundingClientRect().height).toBeGreaterThan(short.getBoundingClientRect().height * 2);
  },
};

const PEOPLE = [
  { id: 1, name: 'Alice Martin', email: 'alice.martin@acme-corporation.example', createdAt: '2026-11-29T08:41:00Z', status: 'Active' },
  { id: 2, name: 'Bob Okafor', email: 'bob@acme.example', createdAt: '2026-03-02T17:05:00Z', status: 'Suspended' },
];
const PEOPLE_COLUMNS: GridColDef[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 160 },
  { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (value: string) => new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) },
  { field: 'status', headerName: 'Status', width: 80 },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 60,
    getActions: ({ row }) => [<GridActionsCellItem key="delete" icon={<DeleteOutlinedIcon />} label={`Delete ${String(row.name)}`} onClick={onDelete} />],
  },
];
const onDelete = fn();

/** A phone: a card per row, each column's label beside its value, the actions as buttons. */
export const PhoneCards: Story = {
  args: { rows: PEOPLE, columns: PEOPLE_COLUMNS, label: 'People', initialSort: [{ field: 'name', sort: 'desc' }] },
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    const cards = await expectCardsInFull(canvas.getByRole('list', { name: 'People' }), ['Name', 'Email', 'Created', 'Status']);
    // In the grid's first order: names descending.
    await expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Bob Okafor', 'Alice Martin']);
    await expect(within(cards[1]).getByText('alice.martin@acme-corporation.example')).toBeVisible();
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Delete Alice Martin' }));
    await expect(onDelete).toHaveBeenCalled();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** A phone with more than a page of rows: 25 cards, then the next page. */
export const PhoneCardsPaged: Story = {
  args: { rows, initialSort: [{ field: 'name', sort: 'asc' }] },
  globals: PHONE_GLOBALS,
  play: async ({ canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Companies' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    await userEvent.click(canvas.getByRole('button', { name: 'Go to page 2' }));
    await expect(within(canvas.getByRole('list', { name: 'Companies' })).getAllByRole('listitem').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Company 26',
      'Company 27',
      'Company 28',
      'Company 29',
      'Company 30',
    ]);
  },
};

/**
 * 1440 px: columns take their content's width and the flexible ones share the room to spare, so
 * a date or an e-mail address declared narrower than it is is shown in full.
 */
export const WideScreen: Story = {
  args: { rows: PEOPLE, columns: PEOPLE_COLUMNS, label: 'People' },
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'People' });
    await expectColumnsInFull(grid, ['name', 'email', 'createdAt', 'status']);
    // The room to spare goes to the flexible columns, the e-mail's the most.
    const width = (field: string) => grid.querySelector(`[role="columnheader"][data-field="${field}"]`)!.getBoundingClientRect().width;
    await waitFor(() => expect(width('email')).toBeGreaterThan(width('name')));
    await expect(width('createdAt')).toBeLessThan(width('name'));
  },
};

/** A narrow table: the flexible column shrinks to its minimum and shortens its text, in full on pointing. */
export const LacksRoom: Story = {
  args: { rows: PEOPLE, columns: PEOPLE_COLUMNS.slice(0, 3), label: 'People' },
  decorators: [(Story) => <div style={{ width: 480 }}>{Story()}</div>],
  play: async ({ canvas, userEvent }) => {
    const grid = canvas.getByRole('grid', { name: 'People' });
    // The date keeps its full width; the long address gives way.
    await expectColumnsInFull(grid, ['createdAt']);
    const address = within(grid).getByText('alice.martin@acme-corporation.example');
    await waitFor(() => expect(address.scrollWidth).toBeGreaterThan(address.clientWidth));
    await userEvent.hover(address);
    await expect(address).toHaveAttribute('title', 'alice.martin@acme-corporation.example');
  },
};
