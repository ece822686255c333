import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { ConditionFields } from './ConditionFields';
import { FEEDBACK_QUESTIONS } from './fixtures';
import { CONDITION_LABELS } from './labels';
import { RULE_ADVICE } from './ruleAdvice';

const meta = {
  title: 'Surveys/CreateIQ/ConditionFields',
  component: ConditionFields,
  args: {
    condition: { id: 'c_new', targetQuestionId: FEEDBACK_QUESTIONS.returning.id, operator: 'equals', value: 'no', action: 'hide' },
    index: 0,
    earlier: [FEEDBACK_QUESTIONS.returning, FEEDBACK_QUESTIONS.satisfaction],
    warnings: [],
    onUpdate: fn(),
    onRemove: fn(),
  },
} satisfies Meta<typeof ConditionFields>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A yes/no question's condition offers Yes and No as its values. */
export const ChoiceValue: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: CONDITION_LABELS.value }));
    await userEvent.click(await screen.findByRole('option', { name: 'Yes' }));
    await expect(args.onUpdate).toHaveBeenLastCalledWith({ value: 'yes' });
    await userEvent.click(canvas.getByRole('button', { name: CONDITION_LABELS.remove(1) }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

/** Its warnings inside its own box. */
export const WithWarning: Story = {
  args: { warnings: [{ conditionId: 'c_new', message: RULE_ADVICE.notAnOption(1, 'Maybe', 'Question 1', 'never matches') }], condition: { id: 'c_new', targetQuestionId: FEEDBACK_QUESTIONS.returning.id, operator: 'equals', value: 'Maybe', action: 'show' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(RULE_ADVICE.notAnOption(1, 'Maybe', 'Question 1', 'never matches'));
    await expect(canvas.getByRole('combobox', { name: CONDITION_LABELS.value })).toHaveTextContent('Maybe');
  },
};
