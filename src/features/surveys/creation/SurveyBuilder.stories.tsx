import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { defaultSurvey } from '@domain/survey/defaults';
import type { Survey } from '@domain/survey/types';
import { DATA_TYPES, FEEDBACK_QUESTIONS, FEEDBACK_SURVEY } from './fixtures';
import { CREATOR_LABELS } from './labels';
import { SurveyBuilder, type SurveyBuilderProps } from './SurveyBuilder';

function Stateful(args: SurveyBuilderProps) {
  const [survey, setSurvey] = useState<Survey>(args.survey);
  return (
    <SurveyBuilder
      {...args}
      survey={survey}
      onChange={(next) => {
        setSurvey(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/CreateIQ/SurveyBuilder',
  component: SurveyBuilder,
  args: { survey: FEEDBACK_SURVEY, onChange: fn(), dataTypes: DATA_TYPES },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof SurveyBuilder>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Edit opens 'Create New Survey' on that question; its save comes back into the list. */
export const EditAQuestion: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Questions (5)' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `Edit Question 1 ("${FEEDBACK_QUESTIONS.returning.title}")` }));
    const dialog = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.editorTitle }));
    const title = dialog.getByRole('textbox', { name: /Question Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Have you visited before?');
    await userEvent.click(dialog.getByRole('button', { name: CREATOR_LABELS.saveQuestion }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('listitem', { name: 'Question 1 ("Have you visited before?")' })).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

/** Cancel leaves the survey as it was, whatever was added in the modal. */
export const CancelKeepsTheSurvey: Story = {
  args: { survey: defaultSurvey() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: CREATOR_LABELS.surveyDescription }), ' today');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ description: 'Please answer the following questions today' }));
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.addNewField }));
    const dialog = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.editorTitle }));
    await userEvent.click(dialog.getByRole('button', { name: 'Rating' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Question Title/ }), 'How likely are you to return?');
    await userEvent.click(dialog.getByRole('button', { name: CREATOR_LABELS.saveQuestion }));
    await userEvent.click(dialog.getByRole('button', { name: CREATOR_LABELS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('heading', { name: 'Questions (0)' })).toBeVisible();
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.surveyTitle })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: CREATOR_LABELS.addNewField })).not.toBeInTheDocument();
  },
};
