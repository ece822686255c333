import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { DiscoverySettingsPage } from './DiscoverySettingsPage';

const meta = {
  title: 'Pages/Discovery Settings',
  component: DiscoverySettingsPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DiscoverySettingsPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Discovery Settings' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};
