import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { COMPANY_LIST } from '@/lib/testing/fixtures';
import { CompanyTable } from './CompanyTable';

const meta = {
  title: 'Administration/Companies/CompanyTable',
  component: CompanyTable,
  args: { companies: COMPANY_LIST, onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof CompanyTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const initech = canvas.getByRole('row', { name: /Initech/ });
    await expect(initech).toHaveTextContent('Suspended');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Initech' }));
    await expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'c-initech' }));
    // The internal company cannot be deleted from here.
    await expect(canvas.queryByRole('button', { name: 'Delete Navout' })).not.toBeInTheDocument();
  },
};
