import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import type { Question } from '@domain/survey/types';
import { DATA_TYPES, FEEDBACK_QUESTIONS, FEEDBACK_SURVEY } from './fixtures';
import { CREATOR_LABELS } from './labels';
import { QuestionEditorModal } from './QuestionEditorModal';

const meta = {
  title: 'Surveys/CreateIQ/QuestionEditorModal',
  component: QuestionEditorModal,
  args: { questions: [], editingId: null, dataTypes: DATA_TYPES, onApply: fn(), onClose: fn() },
} satisfies Meta<typeof QuestionEditorModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const editor = async () => within(await screen.findByRole('dialog', { name: CREATOR_LABELS.editorTitle }));
const applied = (onApply: unknown) => (onApply as ReturnType<typeof fn>).mock.lastCall?.[0] as Question[];

/**
 * The first question: a choice type starts with 'Option 1' and 'Option 2', there is nothing
 * earlier to build a condition on, and Save Question waits for a title.
 */
export const AddingAQuestion: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await editor();
    await userEvent.click(dialog.getByRole('button', { name: 'Multiple Choice' }));
    await expect(dialog.getByRole('button', { name: 'Multiple Choice' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Option 1' })).toHaveValue('Option 1');
    await expect(dialog.getByRole('textbox', { name: 'Option 2' })).toHaveValue('Option 2');
    await expect(dialog.getByText(BUILDER_MESSAGES.noPreviousQuestions)).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Add Condition' })).not.toBeInTheDocument();

    const save = dialog.getByRole('button', { name: CREATOR_LABELS.saveQuestion });
    await expect(save).toBeDisabled();
    const title = dialog.getByRole('textbox', { name: /Question Title/ });
    await userEvent.type(title, '   ');
    await expect(save).toBeDisabled();
    await userEvent.clear(title);
    await userEvent.type(title, 'Which department did you visit?');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Option' }));
    const third = dialog.getByRole('textbox', { name: 'Option 3' });
    await userEvent.clear(third);
    await userEvent.type(third, 'Garden centre');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove option 1' }));
    await userEvent.click(dialog.getByRole('switch', { name: 'Required' }));
    await userEvent.click(save);

    await expect(dialog.getByText(/Question 1 \("Which department did you visit\?"\) added/)).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'In this survey (1)' })).toBeVisible();
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: CREATOR_LABELS.reviewSurvey }));
    const [question] = applied(args.onApply);
    await expect(question).toMatchObject({
      type: 'multiple-choice',
      title: 'Which department did you visit?',
      required: true,
      options: ['Option 2', 'Garden centre'],
    });
  },
};

/** Conditions use earlier questions only; the value is chosen from the target's own answers. */
export const ConditionEditor: Story = {
  args: { questions: [FEEDBACK_QUESTIONS.returning, FEEDBACK_QUESTIONS.satisfaction, FEEDBACK_QUESTIONS.category] },
  play: async ({ args, userEvent }) => {
    const dialog = await editor();
    await userEvent.click(dialog.getByRole('button', { name: 'Short Text' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Question Title/ }), 'Which plants were you looking for?');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Condition' }));

    const target = dialog.getByRole('combobox', { name: 'If the answer to' });
    await expect(target).toHaveTextContent('Question 3 ("What did you come for today?")');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Value' }));
    const options = within(await screen.findByRole('listbox'));
    await expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual(FEEDBACK_QUESTIONS.category.options);
    await userEvent.click(options.getByRole('option', { name: 'Plants and seeds' }));

    await userEvent.click(dialog.getByRole('combobox', { name: 'Operator' }));
    const operators = within(await screen.findByRole('listbox'));
    await expect(operators.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'equals',
      'does not equal',
      'contains',
      'does not contain',
      'is greater than',
      'is less than',
    ]);
    await userEvent.click(operators.getByRole('option', { name: 'does not equal' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Then' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hide this question' }));

    await userEvent.click(dialog.getByRole('button', { name: CREATOR_LABELS.saveQuestion }));
    await userEvent.click(dialog.getByRole('button', { name: CREATOR_LABELS.reviewSurvey }));
    const added = applied(args.onApply)[3];
    await expect(added.conditions).toEqual([
      expect.objectContaining({ targetQuestionId: 'q_category', operator: 'not_equals', value: 'Plants and seeds', action: 'hide' }),
    ]);
  },
};

/** A Yes / No target offers yes and no; a rating target takes a typed value. */
export const ConditionValues: Story = {
  args: { questions: [FEEDBACK_QUESTIONS.returning, FEEDBACK_QUESTIONS.satisfaction] },
  play: async ({ userEvent }) => {
    const dialog = await editor();
    await userEvent.click(dialog.getByRole('button', { name: 'Long Text' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Condition' }));
    await expect(dialog.getByRole('textbox', { name: 'Value' })).toBeVisible();
    await userEvent.click(dialog.getByRole('combobox', { name: 'If the answer to' }));
    await userEvent.click(await screen.findByRole('option', { name: /Question 1/ }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Value' }));
    const values = within(await screen.findByRole('listbox'));
    await expect(values.getAllByRole('option').map((option) => option.textContent)).toEqual(['Yes', 'No']);
  },
};

/** Editing: Save Question replaces the question and closes; data types of other questions are not offered. */
export const EditQuestion: Story = {
  args: { questions: FEEDBACK_SURVEY.questions, editingId: FEEDBACK_QUESTIONS.improve.id },
  play: async ({ args, userEvent }) => {
    const dialog = await editor();
    const title = dialog.getByRole('textbox', { name: /Question Title/ });
    await expect(title).toHaveValue(FEEDBACK_QUESTIONS.improve.title);
    await expect(dialog.getByRole('combobox', { name: 'If the answer to' })).toHaveTextContent(/Question 2/);

    await userEvent.click(dialog.getByRole('combobox', { name: 'Data Type' }));
    const types = within(await screen.findByRole('listbox'));
    await expect(types.getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Age Group (age_group)']);
    await userEvent.click(types.getByRole('option', { name: 'Age Group (age_group)' }));

    await userEvent.clear(title);
    await userEvent.type(title, 'What should we improve?');
    await userEvent.click(dialog.getByRole('button', { name: CREATOR_LABELS.saveQuestion }));
    const questions = applied(args.onApply);
    await expect(questions.map((question) => question.id)).toEqual(FEEDBACK_SURVEY.questions.map((question) => question.id));
    await expect(questions[3]).toMatchObject({ title: 'What should we improve?', dataType: 'dt-age', conditions: FEEDBACK_QUESTIONS.improve.conditions });
  },
};
