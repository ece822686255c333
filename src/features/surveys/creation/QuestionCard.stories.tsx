import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { conditionProblems } from '@domain/survey/check';
import { BROKEN_LOGIC_SURVEY, FEEDBACK_QUESTIONS, FEEDBACK_SURVEY } from './fixtures';
import { QuestionCard } from './QuestionCard';

const meta = {
  title: 'Surveys/CreateIQ/QuestionCard',
  component: QuestionCard,
  decorators: [(Story) => <ol style={{ padding: 0 }}><Story /></ol>],
  args: {
    question: FEEDBACK_QUESTIONS.improve,
    index: 3,
    questions: FEEDBACK_SURVEY.questions,
    problems: [],
    onEdit: fn(),
    onDuplicate: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof QuestionCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Number, type, title, description and the condition in words. */
export const WithCondition: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('4.')).toBeVisible();
    await expect(canvas.getByText('Long Text')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: FEEDBACK_QUESTIONS.improve.title })).toBeVisible();
    await expect(
      canvas.getByText(`Hide this question when Question 2 ("${FEEDBACK_QUESTIONS.satisfaction.title}") is greater than "2"`),
    ).toBeVisible();
    // What happens otherwise: the specification's default keeps the question shown.
    await expect(canvas.getByText('Shown while Question 2 is unanswered or no rule matches.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /^Duplicate Question 4/ }));
    await expect(args.onDuplicate).toHaveBeenCalled();
  },
};

/** The logic check's warning on a question whose condition lost its target. */
export const WithWarning: Story = {
  args: {
    index: 3,
    questions: BROKEN_LOGIC_SURVEY.questions,
    problems: conditionProblems(BROKEN_LOGIC_SURVEY.questions).filter((problem) => problem.questionId === FEEDBACK_QUESTIONS.improve.id),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/has a condition on a question that no longer exists/)).toBeVisible();
    await expect(canvas.getByText(/when a deleted question is greater than "2"/)).toBeVisible();
  },
};

/** Show only when: hidden until its rule matches, and the card says so. */
export const ShowOnlyWhen: Story = {
  args: {
    question: {
      ...FEEDBACK_QUESTIONS.improve,
      conditionMode: 'show-only-when',
      conditions: [{ id: 'c_unhappy', targetQuestionId: FEEDBACK_QUESTIONS.satisfaction.id, operator: 'less_than', value: '3', action: 'show' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Show this question when Question 2 .* is less than "3"$/)).toBeVisible();
    await expect(canvas.getByText('Hidden while Question 2 is unanswered or no rule matches.')).toBeVisible();
  },
};

export const RequiredAndReadOnly: Story = {
  args: { question: FEEDBACK_QUESTIONS.returning, index: 0, readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Required')).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
