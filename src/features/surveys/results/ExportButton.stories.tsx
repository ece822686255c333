import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EXPORT_LABEL, ExportButton, EXPORTING_LABEL } from './ExportButton';

const meta = {
  title: 'Surveys/InsightIQ/ExportButton',
  component: ExportButton,
  args: { progress: null, onExport: fn() },
} satisfies Meta<typeof ExportButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: EXPORT_LABEL }));
    await expect(args.onExport).toHaveBeenCalledOnce();
  },
};

/** Rows counted against the total the server announced. */
export const Exporting: Story = {
  args: { progress: { rows: 48, total: 128 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: EXPORTING_LABEL })).toBeDisabled();
    await expect(canvas.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '37.5');
    await expect(canvas.getByText('48 of 128 rows')).toBeVisible();
  },
};

/** No total announced: the bar runs without an end. */
export const ExportingWithoutTotal: Story = {
  args: { progress: { rows: 12, total: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Export progress' })).not.toHaveAttribute('aria-valuenow');
    await expect(canvas.getByText('12 rows')).toBeVisible();
  },
};
