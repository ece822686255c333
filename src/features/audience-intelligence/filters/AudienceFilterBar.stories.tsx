import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { NO_AUDIENCE_FILTERS } from '@domain/audience/contract';
import { FILTER_LABELS } from '../labels';
import { AudienceFilterBar } from './AudienceFilterBar';

const meta = {
  title: 'Audience Intelligence/Filters/AudienceFilterBar',
  component: AudienceFilterBar,
  args: { value: NO_AUDIENCE_FILTERS, onChange: fn() },
} satisfies Meta<typeof AudienceFilterBar>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The four dropdowns with the specification's options; nothing to clear yet. */
export const NoFilters: Story = {
  play: async ({ args, canvas, userEvent }) => {
    for (const label of [FILTER_LABELS.dataSource, FILTER_LABELS.lifecycle, FILTER_LABELS.risk, FILTER_LABELS.recency]) {
      await expect(canvas.getByRole('combobox', { name: new RegExp(`^${label}`) })).toHaveTextContent(FILTER_LABELS.any);
    }
    await expect(canvas.getByRole('button', { name: FILTER_LABELS.clear })).toBeDisabled();
    await userEvent.click(canvas.getByRole('combobox', { name: /^Recency/ }));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(['Last 24h', 'Last 7 days', 'Last 30 days', 'Last 90 days']);
    await userEvent.click(screen.getByRole('option', { name: 'Last 7 days' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...NO_AUDIENCE_FILTERS, recency: [7] });
  },
};

export const Filtered: Story = {
  args: { value: { dataSource: ['web', 'crm'], lifecycle: ['at_risk'], risk: [], recency: [30] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('combobox', { name: /^Data Source/ })).toHaveTextContent('Web, CRM');
    await expect(canvas.getByRole('combobox', { name: /^Lifecycle Stage/ })).toHaveTextContent('At-Risk');
    await userEvent.click(canvas.getByRole('button', { name: FILTER_LABELS.clear }));
    await expect(args.onChange).toHaveBeenLastCalledWith(NO_AUDIENCE_FILTERS);
  },
};
