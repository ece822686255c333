import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { DASHBOARD_MESSAGES, SAVED_CHARTS_MAX } from '@domain/dashboard/contract';
import { SAVE_CHART_LABELS, SaveChartViewDialog } from './SaveChartViewDialog';

const meta = {
  title: 'Dashboard/SaveChartViewDialog',
  component: SaveChartViewDialog,
  args: { open: true, onClose: fn(), categoryName: 'Premium Users', modeLabel: 'Conversion', savedCount: 1, onSave: fn() },
} satisfies Meta<typeof SaveChartViewDialog>;
export default meta;

type Story = StoryObj<typeof meta>;
const dialog = () => within(screen.getByRole('dialog', { name: DASHBOARD_MESSAGES.saveChartView }));

/** Save waits for a non-blank name; the name is saved trimmed. */
export const Drilled: Story = {
  play: async ({ userEvent, args }) => {
    const save = dialog().getByRole('button', { name: SAVE_CHART_LABELS.save });
    await expect(save).toBeDisabled();
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.chartName), '   ');
    await expect(save).toBeDisabled();
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.chartName), 'Premium trend  ');
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith('Premium trend');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Without an active drill-down there is nothing to save. */
export const NotDrilled: Story = {
  args: { categoryName: null },
  play: async ({ userEvent }) => {
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.chartName), 'Anything');
    await expect(dialog().getByRole('button', { name: SAVE_CHART_LABELS.save })).toBeDisabled();
  },
};

export const LimitReached: Story = {
  args: { savedCount: SAVED_CHARTS_MAX },
  play: async ({ userEvent }) => {
    await userEvent.type(dialog().getByLabelText(DASHBOARD_MESSAGES.chartName), 'One more');
    await expect(dialog().getByRole('button', { name: SAVE_CHART_LABELS.save })).toBeDisabled();
    await expect(dialog().getByText(SAVE_CHART_LABELS.full)).toBeVisible();
  },
};
