import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { newQuestion } from '@domain/survey/defaults';
import { BUILDER_MESSAGES } from '@domain/survey/messages';
import { EDITOR_LABELS, QuestionEditor, type QuestionEditorProps } from './QuestionEditor';
import { DATA_TYPES } from './fixtures';

function Stateful(args: QuestionEditorProps) {
  const [question, setQuestion] = useState(args.question);
  return (
    <QuestionEditor
      {...args}
      question={question}
      onChange={(next) => {
        setQuestion(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/CreateIQ/QuestionEditor',
  component: QuestionEditor,
  args: { question: newQuestion('dropdown', 'q_new'), onChange: fn(), earlier: [], dataTypes: DATA_TYPES, usedDataTypes: new Set(['dt-email']) },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof QuestionEditor>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A title is required ('Question title is required' once the field is left blank). */
export const TitleRequired: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Dropdown' })).toBeVisible();
    await userEvent.click(canvas.getByRole('textbox', { name: new RegExp(EDITOR_LABELS.title) }));
    await userEvent.tab();
    await expect(canvas.getByText(BUILDER_MESSAGES.questionTitleRequired)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: new RegExp(EDITOR_LABELS.title) }), 'Preferred store');
    await expect(canvas.queryByText(BUILDER_MESSAGES.questionTitleRequired)).not.toBeInTheDocument();
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Preferred store' }));
    await expect(canvas.getByRole('textbox', { name: 'Option 1' })).toBeVisible();
  },
};
