import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DRY_RUN_CLEAN, DRY_RUN_TWO_BAD_ROWS } from './importFixtures';
import { ImportReport } from './ImportReport';

const meta = {
  title: 'Data Sources/Import/ImportReport',
  component: ImportReport,
  args: { result: DRY_RUN_TWO_BAD_ROWS },
} satisfies Meta<typeof ImportReport>;
export default meta;

type Story = StoryObj<typeof meta>;

export const TwoBadRows: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2 errors in 2 of 6 rows.')).toBeVisible();
    const table = within(canvas.getByRole('region', { name: 'Row errors' }));
    await expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Row', 'Field', 'Value', 'Reason']);
    await expect(table.getAllByRole('row')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Download report (CSV)' })).toBeEnabled();
  },
};

export const NoProblems: Story = {
  args: { result: DRY_RUN_CLEAN },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No problems found in 6 rows.')).toBeVisible();
    await expect(canvas.getByText(/Would add: 6/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Download report (CSV)' })).not.toBeInTheDocument();
  },
};

/** More errors than a report lists: the count is the whole file's, the list scrolls at its maximum height. */
export const ManyErrors: Story = {
  args: {
    result: {
      ...DRY_RUN_TWO_BAD_ROWS,
      totalRows: 40_000,
      invalidRows: 2_400,
      errorCount: 2_400,
      outOfRange: 120,
      errors: Array.from({ length: 60 }, (_, index) => ({
        row: index + 2,
        field: 'email',
        value: `customer${index}@`,
        reason: 'Not a valid e-mail address',
      })),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(`2,400 errors in 2,400 of 40,000 rows (the first 60 are listed).`)).toBeVisible();
    await expect(canvas.getByText(/\(120 outside the date range\)/)).toBeVisible();
    const region = canvas.getByRole('region', { name: 'Row errors' });
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    await expect(region.clientHeight).toBeLessThanOrEqual(240);
  },
};
