import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ResponseFilters } from './ResponseFilters';
import { NO_FILTERS, type ResultsFilterState } from './resultFilters';

const meta = {
  title: 'Surveys/InsightIQ/ResponseFilters',
  component: ResponseFilters,
  args: { value: NO_FILTERS, onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState<ResultsFilterState>(args.value);
    return (
      <ResponseFilters
        value={value}
        onChange={(next) => {
          args.onChange(next);
          setValue(next);
        }}
      />
    );
  },
} satisfies Meta<typeof ResponseFilters>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each filter changes the query; the search waits for a pause in typing. */
export const Filtering: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Device' }));
    await userEvent.click(within(document.body).getByRole('option', { name: 'Mobile' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, deviceType: 'mobile' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search answers' }), 'parking');
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, deviceType: 'mobile', search: 'parking' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(NO_FILTERS);
  },
};

/** A range that ends before it starts is pointed out. */
export const ReversedDates: Story = {
  args: { value: { ...NO_FILTERS, dateFrom: '2026-03-09', dateTo: '2026-03-02', completion: 'completed' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The start date is after the end date.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
  },
};
