import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { AudienceIntelligencePage } from './AudienceIntelligencePage';

const meta = {
  title: 'Pages/Audience Intelligence',
  component: AudienceIntelligencePage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof AudienceIntelligencePage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Audience Intelligence' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};
