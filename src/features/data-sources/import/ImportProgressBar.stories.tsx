import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { progressView } from './importProgress';
import { ImportProgressBar } from './ImportProgressBar';

const MB = 1024 * 1024;

const meta = {
  title: 'Data Sources/Import/ImportProgressBar',
  component: ImportProgressBar,
  args: { title: 'Importing customers.csv', view: progressView(null, { sent: 3 * MB, total: 8 * MB }, false) },
} satisfies Meta<typeof ImportProgressBar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Sending: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Importing customers.csv' })).toHaveAttribute('aria-valuenow', '19');
    await expect(canvas.getByText('Sending the file')).toBeVisible();
    await expect(canvas.getByText('3.0 MB of 8.0 MB')).toBeVisible();
  },
};

export const ReadingRows: Story = {
  args: {
    view: progressView({ type: 'progress', phase: 'parsing', bytesReceived: 8 * MB, bytesTotal: 8 * MB, rowsParsed: 81_250, rowsStored: 0 }, null, false),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await expect(canvas.getByText('81,250 rows read')).toBeVisible();
  },
};

export const StoringRecords: Story = {
  args: {
    view: progressView({ type: 'progress', phase: 'storing', bytesReceived: 8 * MB, bytesTotal: 8 * MB, rowsParsed: 100_000, rowsStored: 62_000 }, null, false),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '81');
    await expect(canvas.getByText('Storing records')).toBeVisible();
    await expect(canvas.getByText('62,000 of 100,000 rows stored')).toBeVisible();
  },
};

export const CheckingDryRun: Story = {
  args: {
    title: 'Checking customers.csv',
    view: progressView({ type: 'progress', phase: 'parsing', bytesReceived: 6 * MB, bytesTotal: 8 * MB, rowsParsed: 60_000, rowsStored: 0 }, null, true),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Checking customers.csv' })).toHaveAttribute('aria-valuenow', '75');
    await expect(canvas.getByText('60,000 rows checked')).toBeVisible();
  },
};
