import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import { PUBLISHED } from '../fixtures';
import { QuestionDrillDown, SEARCH_QUESTIONS_LABEL } from './QuestionDrillDown';

const questions = PUBLISHED.feedback.survey.questions;

const meta = {
  title: 'Surveys/InsightIQ/QuestionDrillDown',
  component: QuestionDrillDown,
  args: { questions, onOpen: fn() },
} satisfies Meta<typeof QuestionDrillDown>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every question, numbered; a search narrows them, and one opens its answers. */
export const Questions: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const list = within(canvas.getByRole('list', { name: 'Questions' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(questions.length);
    await userEvent.type(canvas.getByRole('searchbox', { name: SEARCH_QUESTIONS_LABEL }), 'buy');
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(list.getByRole('button', { name: /Would you buy again\?/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(questions.find((question) => question.id === 'q_again'));
  },
};

export const NothingFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: SEARCH_QUESTIONS_LABEL }), 'warranty');
    await expect(canvas.getByText(RESULTS_MESSAGES.noQuestionsFound)).toBeVisible();
  },
};

export const NoQuestions: Story = {
  args: { questions: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(RESULTS_MESSAGES.noQuestions)).toBeVisible();
    await expect(canvas.queryByRole('searchbox')).not.toBeInTheDocument();
  },
};
