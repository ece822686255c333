import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import type { Condition } from '@domain/survey/types';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { CONDITION_LABELS, ConditionsEditor, type ConditionsEditorProps } from './ConditionsEditor';
import { FEEDBACK_QUESTIONS } from './fixtures';
import { MODE_LABELS, RULE_ADVICE } from './ruleAdvice';

function Stateful(args: ConditionsEditorProps) {
  const [conditions, setConditions] = useState(args.conditions);
  const [mode, setMode] = useState(args.mode);
  return (
    <ConditionsEditor
      {...args}
      conditions={conditions}
      onChange={(next) => {
        setConditions(next);
        args.onChange(next);
      }}
      mode={mode}
      onModeChange={(next) => {
        setMode(next);
        args.onModeChange(next);
      }}
    />
  );
}

/** "If the answer to Question 1 equals Yes, show this question": the rule customers write first. */
const SHOW_WHEN_RETURNING: Condition[] = [{ id: 'c_returning', targetQuestionId: FEEDBACK_QUESTIONS.returning.id, operator: 'equals', value: 'yes', action: 'show' }];
const RETURNING = `Question 1 ("${FEEDBACK_QUESTIONS.returning.title}")`;

const meta = {
  title: 'Surveys/CreateIQ/ConditionsEditor',
  component: ConditionsEditor,
  args: { conditions: [], mode: 'default', earlier: [FEEDBACK_QUESTIONS.returning, FEEDBACK_QUESTIONS.satisfaction], onChange: fn(), onModeChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ConditionsEditor>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NoEarlierQuestions: Story = {
  args: { earlier: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(BUILDER_MESSAGES.noPreviousQuestions)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: CONDITION_LABELS.add })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('radiogroup')).not.toBeInTheDocument();
  },
};

export const AddAndRemove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: CONDITION_LABELS.add }));
    await expect(args.onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ targetQuestionId: FEEDBACK_QUESTIONS.satisfaction.id, operator: 'equals', value: '', action: 'show' }),
    ]);
    await expect(canvas.getByText(RULE_ADVICE.noValue(1))).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: CONDITION_LABELS.value }), '4');
    await expect(args.onChange).toHaveBeenLastCalledWith([expect.objectContaining({ value: '4' })]);
    await expect(canvas.queryByText(RULE_ADVICE.noValue(1))).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: CONDITION_LABELS.remove(1) }));
    await expect(args.onChange).toHaveBeenLastCalledWith([]);
  },
};

/**
 * The specification's default: a Show rule leaves the question shown whether it matches or not.
 * The editor says so in words and warns that the rule changes nothing.
 */
export const DefaultModeShowRule: Story = {
  args: { conditions: SHOW_WHEN_RETURNING },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: MODE_LABELS.default })).toBeChecked();
    await expect(canvas.getByText(`Shown when ${RETURNING} equals "yes"; also shown while Question 1 is unanswered or no rule matches.`)).toBeVisible();
    const rule = within(canvas.getByRole('group', { name: CONDITION_LABELS.condition(1) }));
    await expect(rule.getByText(RULE_ADVICE.showChangesNothing(1))).toBeVisible();
  },
};

/** Choosing Show only when: the question is hidden until the rule matches, and the warning goes. */
export const ShowOnlyWhen: Story = {
  args: { conditions: SHOW_WHEN_RETURNING },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: MODE_LABELS['show-only-when'] }));
    await expect(args.onModeChange).toHaveBeenLastCalledWith('show-only-when');
    await expect(canvas.getByText(`Shown when ${RETURNING} equals "yes"; hidden while Question 1 is unanswered or no rule matches.`)).toBeVisible();
    await expect(canvas.queryByText(RULE_ADVICE.showChangesNothing(1))).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: MODE_LABELS.default }));
    await expect(args.onModeChange).toHaveBeenLastCalledWith('default');
  },
};

/** Rules that cannot work: a value no longer among the options, a Hide rule with nothing after it in Show only when. */
export const Warnings: Story = {
  args: {
    mode: 'show-only-when',
    conditions: [
      { id: 'c_old', targetQuestionId: FEEDBACK_QUESTIONS.returning.id, operator: 'equals', value: 'Maybe', action: 'hide' },
      { id: 'c_gone', targetQuestionId: 'q_deleted', operator: 'equals', value: 'x', action: 'show' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(RULE_ADVICE.notAnOption(1, 'Maybe', 'Question 1', 'never matches'))).toBeVisible();
    await expect(canvas.getByText(RULE_ADVICE.hideChangesNothing(1))).toBeVisible();
    await expect(canvas.getByText(RULE_ADVICE.notEarlier(2))).toBeVisible();
    await expect(canvas.getByText(RULE_ADVICE.neverShown)).toBeVisible();
  },
};

/** At phone width the mode, the sentence, the warnings and every field fit without scrolling sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  args: { conditions: SHOW_WHEN_RETURNING },
  play: async ({ canvas, canvasElement }) => {
    // MUI draws the radio itself; its input is transparent, so the label is what must show.
    await expect(canvas.getByText(MODE_LABELS['show-only-when'])).toBeVisible();
    await expect(canvas.getByText(RULE_ADVICE.showChangesNothing(1))).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** A condition whose target is gone stays visible, named as such, until the user changes it. */
export const DeletedTarget: Story = {
  args: { conditions: FEEDBACK_QUESTIONS.improve.conditions, earlier: [FEEDBACK_QUESTIONS.returning] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: CONDITION_LABELS.target })).toHaveTextContent(CONDITION_LABELS.unknownTarget);
  },
};
