import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import { CONDITION_LABELS, ConditionsEditor, type ConditionsEditorProps } from './ConditionsEditor';
import { FEEDBACK_QUESTIONS } from './fixtures';

function Stateful(args: ConditionsEditorProps) {
  const [conditions, setConditions] = useState(args.conditions);
  return (
    <ConditionsEditor
      {...args}
      conditions={conditions}
      onChange={(next) => {
        setConditions(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/CreateIQ/ConditionsEditor',
  component: ConditionsEditor,
  args: { conditions: [], earlier: [FEEDBACK_QUESTIONS.returning, FEEDBACK_QUESTIONS.satisfaction], onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ConditionsEditor>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NoEarlierQuestions: Story = {
  args: { earlier: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(BUILDER_MESSAGES.noPreviousQuestions)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: CONDITION_LABELS.add })).not.toBeInTheDocument();
  },
};

export const AddAndRemove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: CONDITION_LABELS.add }));
    await expect(args.onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ targetQuestionId: FEEDBACK_QUESTIONS.satisfaction.id, operator: 'equals', value: '', action: 'show' }),
    ]);
    await userEvent.type(canvas.getByRole('textbox', { name: CONDITION_LABELS.value }), '4');
    await expect(args.onChange).toHaveBeenLastCalledWith([expect.objectContaining({ value: '4' })]);
    await userEvent.click(canvas.getByRole('button', { name: CONDITION_LABELS.remove(1) }));
    await expect(args.onChange).toHaveBeenLastCalledWith([]);
  },
};

/** A condition whose target is gone stays visible, named as such, until the user changes it. */
export const DeletedTarget: Story = {
  args: { conditions: FEEDBACK_QUESTIONS.improve.conditions, earlier: [FEEDBACK_QUESTIONS.returning] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: CONDITION_LABELS.target })).toHaveTextContent(CONDITION_LABELS.unknownTarget);
  },
};
