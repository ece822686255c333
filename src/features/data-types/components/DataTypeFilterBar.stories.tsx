import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { COMPANY_LIST } from '@/lib/testing/fixtures';
import { NO_FILTERS } from '../filtering';
import { DataTypeFilterBar } from './DataTypeFilterBar';

const meta = {
  title: 'Data Types/Data Type Filter Bar',
  component: DataTypeFilterBar,
  args: { filters: NO_FILTERS, onChange: fn() },
} satisfies Meta<typeof DataTypeFilterBar>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A global admin viewing all companies: the company filter beside the type filter. */
export const WithCompanyFilter: Story = {
  args: { companies: COMPANY_LIST },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('combobox', { name: 'Company' })).toHaveTextContent('All Companies');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Company' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Global Only' }));
    await expect(args.onChange).toHaveBeenCalledWith({ company: 'global', type: 'all' });
  },
};

export const TypeOnly: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Type' })).toHaveTextContent('All Types');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Static' }));
    await expect(args.onChange).toHaveBeenCalledWith({ company: 'all', type: 'static' });
  },
};
