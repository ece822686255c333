import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import Grid from '@mui/material/Grid';
import { expect, fireEvent, fn } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DateRangeFields, type DateRange, type DateRangeFieldsProps } from './DateRangeFields';

/** A controlled range in a filter grid, as the screens hold one: each change comes back through onChange. */
function FilterGrid({ from, to, onChange, ...props }: DateRangeFieldsProps) {
  const [range, setRange] = useState<DateRange>({ from, to });
  return (
    <Grid container spacing={1.5}>
      <DateRangeFields
        {...props}
        {...range}
        onChange={(next) => {
          setRange(next);
          onChange(next);
        }}
      />
    </Grid>
  );
}

const meta = {
  title: 'UI/DateRangeFields',
  component: FilterGrid,
  args: { from: '', to: '', onChange: fn() },
} satisfies Meta<typeof FilterGrid>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A From day bounds the To picker and a To day the From picker; each change hands back the whole range. */
export const PickARange: Story = {
  play: async ({ args, canvas }) => {
    const from = canvas.getByLabelText('From');
    const to = canvas.getByLabelText('To');
    await expect(from).toHaveAttribute('type', 'date');
    await expect(from).not.toHaveAttribute('max');
    // A browser's date picker is typed in segments; the day is set whole, as the picker sets it.
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: '2026-03-01', to: '' });
    await expect(to).toHaveAttribute('min', '2026-03-01');
    fireEvent.change(to, { target: { value: '2026-03-31' } });
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: '2026-03-01', to: '2026-03-31' });
    await expect(from).toHaveAttribute('max', '2026-03-31');
  },
};

/** A range the filter refuses: its reason under From. */
export const WithError: Story = {
  args: { from: '2026-04-10', to: '2026-04-01', error: 'The start date is after the end date.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('The start date is after the end date.')).toBeVisible();
    await expect(canvas.getByLabelText('To')).toHaveAttribute('aria-invalid', 'false');
  },
};

/** A phone: From and To share a row, nothing sideways. */
export const Phone: Story = {
  args: { from: '2026-03-01', to: '2026-03-31' },
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    const from = canvas.getByLabelText('From').getBoundingClientRect();
    const to = canvas.getByLabelText('To').getBoundingClientRect();
    await expect(Math.abs(from.top - to.top)).toBeLessThan(2);
    await expect(from.right).toBeLessThanOrEqual(to.left);
    await expectNoSidewaysScroll(canvasElement);
  },
};
