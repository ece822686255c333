import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { DataSourcesPage } from './DataSourcesPage';

const meta = {
  title: 'Pages/Data Sources',
  component: DataSourcesPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DataSourcesPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};
