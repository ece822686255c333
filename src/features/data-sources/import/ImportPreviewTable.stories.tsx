import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CUSTOMERS_PREVIEW } from './importFixtures';
import { ImportPreviewTable } from './ImportPreviewTable';

const meta = {
  title: 'Data Sources/Import/ImportPreviewTable',
  component: ImportPreviewTable,
  args: { preview: CUSTOMERS_PREVIEW },
} satisfies Meta<typeof ImportPreviewTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Csv: Story = {
  play: async ({ canvas }) => {
    const table = within(canvas.getByRole('region', { name: /Preview: first 5 rows/ }));
    await expect(table.getAllByRole('columnheader')).toHaveLength(6);
    await expect(table.getAllByRole('row')).toHaveLength(6);
    // A quoted comma stays inside its cell.
    await expect(table.getByRole('cell', { name: 'Kowalska, Anna' })).toBeVisible();
    await expect(canvas.getByText('Delimiter: comma (,)')).toBeVisible();
  },
};

export const SemicolonDelimited: Story = {
  args: { preview: { ...CUSTOMERS_PREVIEW, delimiter: ';' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Delimiter: semicolon (;)')).toBeVisible();
  },
};

/** JSON and Excel have no delimiter to show. */
export const JsonRecords: Story = {
  args: { preview: { ...CUSTOMERS_PREVIEW, fileName: 'customers.json', fileType: 'json', delimiter: null, rows: CUSTOMERS_PREVIEW.rows.slice(0, 2) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Preview: first 2 rows/)).toBeVisible();
    await expect(canvas.queryByText(/Delimiter/)).not.toBeInTheDocument();
  },
};
