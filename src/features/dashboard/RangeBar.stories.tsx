import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';
import { RANGE_LABELS, RangeBar } from './RangeBar';

const meta = {
  title: 'Dashboard/RangeBar',
  component: RangeBar,
  args: { value: { range: '7d' }, onChange: fn() },
} satisfies Meta<typeof RangeBar>;
export default meta;

type Story = StoryObj<typeof meta>;

/** 7 Days by default; another range is chosen at once. */
export const SevenDays: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: '7 Days', pressed: true })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '90 Days' }));
    await expect(args.onChange).toHaveBeenCalledWith({ range: '90d' });
  },
};

/** Custom: Apply only once From and To are both set. */
export const Custom: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Custom' }));
    const apply = canvas.getByRole('button', { name: RANGE_LABELS.apply });
    await expect(apply).toBeDisabled();
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.from), '2026-09-01');
    await expect(apply).toBeDisabled();
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.to), '2026-11-30');
    await userEvent.click(apply);
    await expect(args.onChange).toHaveBeenCalledWith({ range: 'custom', from: '2026-09-01', to: '2026-11-30' });
  },
};

/** A custom range longer than the server answers is refused before it is sent. */
export const CustomTooLong: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Custom' }));
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.from), '2024-01-01');
    await userEvent.type(await canvas.findByLabelText(RANGE_LABELS.to), '2026-01-01');
    await userEvent.click(canvas.getByRole('button', { name: RANGE_LABELS.apply }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.customTooLong);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** An applied custom range from a link, with the server's refusal shown beside it. */
export const ServerRefusal: Story = {
  args: { value: { range: 'custom', from: '2026-11-01', to: '2026-11-10' }, serverError: DASHBOARD_MESSAGES.customTooLong },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Custom', pressed: true })).toBeVisible();
    await expect(await canvas.findByLabelText(RANGE_LABELS.from)).toHaveValue('2026-11-01');
    await expect(canvas.getByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.customTooLong);
  },
};
