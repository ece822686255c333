import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { publishProblems } from '@domain/survey/check';
import { defaultSurvey } from '@domain/survey/defaults';
import { CHECK_MESSAGES } from '@domain/survey/messages';
import { BROKEN_LOGIC_SURVEY } from './fixtures';
import { CREATOR_LABELS } from './labels';
import { PublishChecklist } from './PublishChecklist';

const meta = {
  title: 'Surveys/CreateIQ/PublishChecklist',
  component: PublishChecklist,
  args: { problems: [] },
} satisfies Meta<typeof PublishChecklist>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CREATOR_LABELS.readyToPublish)).toBeVisible();
  },
};

export const NothingYet: Story = {
  args: { problems: publishProblems({ ...defaultSurvey(), title: ' ' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CHECK_MESSAGES.titleRequired)).toBeVisible();
    await expect(canvas.getByText(CHECK_MESSAGES.noQuestions)).toBeVisible();
  },
};

export const BrokenConditions: Story = {
  args: { problems: publishProblems(BROKEN_LOGIC_SURVEY) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CREATOR_LABELS.publishChecklist)).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};
