import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
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
    columns: [{ field: 'name', headerName: 'Reason', width: 240 }],
    wrapText: true,
  },
  play: async ({ canvas }) => {
    const [short, long] = canvas.getAllByRole('gridcell');
    await expect(long).toHaveTextContent(LONG_TEXT);
    // Every word of the long text is inside its cell: the cell grew rather than cut it off.
    await expect(long.scrollWidth).toBeLessThanOrEqual(long.clientWidth + 1);
    await expect(long.scrollHeight).toBeLessThanOrEqual(long.clientHeight + 1);
    await expect(long.getBoundingClientRect().height).toBeGreaterThan(short.getBoundingClientRect().height * 2);
  },
};
