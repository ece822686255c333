import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { SurveyPublishedPage } from './SurveyPublishedPage';

const meta = {
  title: 'Pages/LiveIQ',
  component: SurveyPublishedPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SurveyPublishedPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'LiveIQ' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};
