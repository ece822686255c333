import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { API_ERRORS } from '@domain/errors';
import { publishProblems } from '@domain/survey/check';
import { defaultSurvey } from '@domain/survey/defaults';
import { BuilderTab } from './BuilderTab';
import { DATA_TYPES, FEEDBACK_QUESTIONS, FEEDBACK_SURVEY } from './fixtures';
import { CREATOR_LABELS } from './labels';
import type { DraftWorkflow } from './useDraftWorkflow';

/** A workflow at rest: the survey shown, nothing being saved, read or published. */
function workflowOf(survey: DraftWorkflow['survey'], current: { id: string; name: string } | null = null): DraftWorkflow {
  return {
    survey,
    setSurvey: fn(),
    currentDraftId: current?.id ?? null,
    nameField: current ? { name: current.name, onChange: fn(), onBlur: fn(), saving: false, error: null } : null,
    loadingId: null,
    publishingId: null,
    saving: false,
    saved: false,
    askingName: false,
    askedName: false,
    save: fn(),
    createDraft: fn(),
    cancelCreate: fn(),
    creating: false,
    publishFromBuilder: fn(),
    publishDraft: fn(),
    loadDraft: fn(),
    newSurvey: fn(),
    draftDeleted: fn(),
    draftRenamed: fn(),
  };
}

const meta = {
  title: 'Surveys/CreateIQ/BuilderTab',
  component: BuilderTab,
  args: {
    workflow: workflowOf(FEEDBACK_SURVEY, { id: 'draft-feedback', name: 'Store visit feedback – June' }),
    dataTypes: DATA_TYPES,
    canManage: true,
    opening: false,
    readOnly: false,
    problems: publishProblems(FEEDBACK_SURVEY),
    checklistId: 'builder-checklist',
    viewingAll: false,
  },
} satisfies Meta<typeof BuilderTab>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A current draft ready to publish: its name in the draft bar, its questions below. */
export const CurrentDraft: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue('Store visit feedback – June');
    await expect(canvas.getByText(CREATOR_LABELS.readyToPublish)).toBeVisible();
    await expect(canvas.getByRole('listitem', { name: `Question 1 ("${FEEDBACK_QUESTIONS.returning.title}")` })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.publish }));
    await expect(args.workflow.publishFromBuilder).toHaveBeenCalled();
  },
};

/** A new survey seen by a global admin viewing every company: publishing waits for its problems, and a company is needed. */
export const NewSurveyForEveryCompany: Story = {
  args: { workflow: workflowOf(defaultSurvey()), problems: publishProblems(defaultSurvey()), viewingAll: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CREATOR_LABELS.unsavedSurvey)).toBeVisible();
    await expect(canvas.getByText(API_ERRORS.company_required.message)).toBeVisible();
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.publish })).toBeDisabled();
  },
};

/** A draft being opened (not current until its content arrives): a progress bar, and the fields wait with no button to act on them. */
export const Opening: Story = {
  args: { workflow: workflowOf(FEEDBACK_SURVEY), opening: true, readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading draft' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.surveyTitle })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: CREATOR_LABELS.publish })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: CREATOR_LABELS.addNewField })).not.toBeInTheDocument();
  },
};
