import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { OutboundApiPage } from './OutboundApiPage';

const meta = {
  title: 'Pages/Outbound API',
  component: OutboundApiPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof OutboundApiPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Outbound API' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};
