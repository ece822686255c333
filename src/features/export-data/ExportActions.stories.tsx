import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EXPORT_LABELS } from '@domain/audience/export';
import { ExportActions } from './ExportActions';
import { EXPORT_TEXT } from './labels';

const meta = {
  title: 'Export Data/ExportActions',
  component: ExportActions,
  parameters: { layout: 'padded' },
  args: { selectedCount: 3, progress: null, summary: EXPORT_TEXT.rowsToExport(1_284, '30d'), onPreview: fn(), onDownload: fn(), onCancel: fn() },
} satisfies Meta<typeof ExportActions>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('1,284 rows to export (Last 30 days)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: EXPORT_LABELS.preview }));
    await userEvent.click(canvas.getByRole('button', { name: EXPORT_LABELS.download }));
    await expect(args.onPreview).toHaveBeenCalledOnce();
    await expect(args.onDownload).toHaveBeenCalledOnce();
    await expect(canvas.queryByText(EXPORT_LABELS.noFields)).not.toBeInTheDocument();
  },
};

/** Nothing chosen: both disabled, described by the hint of section 2. */
export const NoFieldSelected: Story = {
  args: { selectedCount: 0 },
  play: async ({ canvas }) => {
    for (const name of [EXPORT_LABELS.preview, EXPORT_LABELS.download]) {
      const action = canvas.getByRole('button', { name });
      await expect(action).toBeDisabled();
      await expect(action).toHaveAccessibleDescription(EXPORT_LABELS.noFields);
    }
  },
};

/** A download halfway: the rows so far against the announced total. */
export const Downloading: Story = {
  args: { progress: { rows: 5_120, total: 10_240 } },
  play: async ({ args, canvas, userEvent }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Export progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
    await expect(bar).toHaveAttribute('aria-valuetext', '5,120 of 10,240 rows');
    await expect(canvas.getByRole('button', { name: EXPORT_TEXT.exporting })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: EXPORT_TEXT.cancel }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** Before the server has announced the total. */
export const Starting: Story = {
  args: { progress: { rows: 0, total: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Export progress' })).not.toHaveAttribute('aria-valuenow');
    await expect(canvas.getByText('0 rows')).toBeVisible();
  },
};
