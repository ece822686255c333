import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NOT_AVAILABLE_YET } from '@/ui/ComingSoon';
import { SurveyCreationPage } from './SurveyCreationPage';

const meta = {
  title: 'Pages/CreateIQ',
  component: SurveyCreationPage,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SurveyCreationPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'CreateIQ' })).toBeVisible();
    await expect(canvas.getByText(NOT_AVAILABLE_YET)).toBeVisible();
  },
};
