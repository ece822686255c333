import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { BUILDER_MESSAGES, CHECK_MESSAGES } from '@domain/survey/messages';
import type { Question } from '@domain/survey/types';
import { FEEDBACK_QUESTIONS, FEEDBACK_SURVEY } from './fixtures';
import { QuestionList, type QuestionListProps } from './QuestionList';

function Stateful(args: QuestionListProps) {
  const [questions, setQuestions] = useState<Question[]>(args.questions);
  return (
    <QuestionList
      {...args}
      questions={questions}
      onChange={(next) => {
        setQuestions(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/CreateIQ/QuestionList',
  component: QuestionList,
  args: { questions: FEEDBACK_SURVEY.questions, onChange: fn(), onEdit: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof QuestionList>;
export default meta;

type Story = StoryObj<typeof meta>;

const titles = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('heading').textContent);

/**
 * Reordering with the keyboard: Space on a handle picks the question up, arrows move it, Space drops
 * it. The rating moved below its follow-up leaves the follow-up's condition flagged, not dropped.
 */
export const KeyboardReorder: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const handle = canvas.getByRole('button', { name: `Reorder Question 2 ("${FEEDBACK_QUESTIONS.satisfaction.title}")` });
    await expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    handle.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(args.onChange).toHaveBeenCalled());
    await expect(titles(canvasElement)).toEqual([
      FEEDBACK_QUESTIONS.returning.title,
      FEEDBACK_QUESTIONS.category.title,
      FEEDBACK_QUESTIONS.improve.title,
      FEEDBACK_QUESTIONS.satisfaction.title,
      FEEDBACK_QUESTIONS.email.title,
    ]);
    const improve = within(canvas.getByRole('listitem', { name: `Question 3 ("${FEEDBACK_QUESTIONS.improve.title}")` }));
    await expect(
      improve.getByText(
        CHECK_MESSAGES.laterTarget(`Question 3 ("${FEEDBACK_QUESTIONS.improve.title}")`, `Question 4 ("${FEEDBACK_QUESTIONS.satisfaction.title}")`),
      ),
    ).toBeVisible();
  },
};

/** Duplicate puts a copy right after; Delete keeps the conditions that used the question, flagged. */
export const DuplicateAndDelete: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: `Duplicate Question 3 ("${FEEDBACK_QUESTIONS.category.title}")` }));
    await expect(titles(canvasElement)[3]).toBe(`${FEEDBACK_QUESTIONS.category.title} (Copy)`);
    await userEvent.click(canvas.getByRole('button', { name: `Delete Question 1 ("${FEEDBACK_QUESTIONS.returning.title}")` }));
    const email = within(canvas.getByRole('listitem', { name: `Question 5 ("${FEEDBACK_QUESTIONS.email.title}")` }));
    await expect(email.getByText(CHECK_MESSAGES.missingTarget(`Question 5 ("${FEEDBACK_QUESTIONS.email.title}")`))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `Edit Question 5 ("${FEEDBACK_QUESTIONS.email.title}")` }));
    await expect(args.onEdit).toHaveBeenCalledWith(FEEDBACK_QUESTIONS.email.id);
  },
};

export const Empty: Story = {
  args: { questions: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(BUILDER_MESSAGES.noQuestionsYet)).toBeVisible();
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.queryByRole('button', { name: /^Reorder / })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  },
};
