import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PUBLISHED } from '../fixtures';
import { PICK_SURVEY_TO_PREVIEW, PreviewPanel } from './PreviewPanel';

const meta = {
  title: 'Surveys/LiveIQ/PreviewPanel',
  component: PreviewPanel,
  args: { survey: PUBLISHED.satisfaction },
} satisfies Meta<typeof PreviewPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const BrandedSurvey: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Preview' })).toBeVisible();
    await expect(canvas.getByText('Store Visit Satisfaction')).toBeVisible();
  },
};

export const NothingChosen: Story = {
  args: { survey: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(PICK_SURVEY_TO_PREVIEW)).toBeVisible();
  },
};
