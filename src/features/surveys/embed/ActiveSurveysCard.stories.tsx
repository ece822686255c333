import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { acmeCompany } from '@/lib/testing/sessions';
import { PUBLISHED } from '../fixtures';
import { ActiveSurveysCard, CUSTOM_STYLING, DEFAULT_STYLING, NO_ACTIVE_SURVEYS } from './ActiveSurveysCard';

const summary = (survey: typeof PUBLISHED.satisfaction, customStyling: boolean) => ({
  id: survey.id,
  name: survey.name,
  survey: survey.survey,
  questionCount: survey.survey.questions.length,
  customStyling,
});

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/ActiveSurveysCard',
  component: ActiveSurveysCard,
  args: {
    companyName: acmeCompany.name,
    companyId: acmeCompany.id,
    surveys: [summary(PUBLISHED.satisfaction, true), summary(PUBLISHED.checkout, false), summary(PUBLISHED.feedback, false)],
  },
} satisfies Meta<typeof ActiveSurveysCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Whose code it is, how many surveys it shows, and which bring their own styling. */
export const ThreeActive: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('3 active surveys')).toBeVisible();
    const items = within(canvas.getByRole('list', { name: 'Active surveys' })).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(within(items[0]).getByText(CUSTOM_STYLING)).toBeVisible();
    await expect(within(items[2]).getByText('11 questions')).toBeVisible();
    await expect(within(items[2]).getByText(DEFAULT_STYLING)).toBeVisible();
  },
};

export const OneActive: Story = {
  args: { surveys: [summary(PUBLISHED.checkout, false)] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 active survey')).toBeVisible();
  },
};

export const NoneActive: Story = {
  args: { surveys: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_ACTIVE_SURVEYS)).toBeVisible();
    await expect(canvas.getByText(acmeCompany.id)).toBeVisible();
  },
};
