import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { DataTypesPage } from './DataTypesPage';

const meta = {
  title: 'Pages/Data Types',
  component: DataTypesPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DataTypesPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Data Types' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};
