import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GUIDE_CARDS, GuideTab } from './GuideTab';

const meta = { title: 'Surveys/CreateIQ/GuideTab', component: GuideTab } satisfies Meta<typeof GuideTab>;
export default meta;

type Story = StoryObj<typeof meta>;

export const HelpCards: Story = {
  play: async ({ canvas }) => {
    await expect(GUIDE_CARDS.map((card) => card.title)).toEqual([
      'Getting started',
      'Question types',
      'Conditional logic',
      'Customization',
      'Save and deploy',
      'Best practices',
      'Pro tips',
    ]);
    for (const card of GUIDE_CARDS) {
      await expect(canvas.getByRole('region', { name: card.title })).toBeVisible();
    }
    await expect(canvas.getByText(/Conditions can only use earlier questions/)).toBeVisible();
  },
};
