import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { API_ERRORS } from '@domain/errors';
import { DRAFT_BAR_LABELS, DraftBar } from './DraftBar';
import { CREATOR_LABELS } from './labels';

const nameField = { name: 'Store visit feedback – June', onChange: fn(), onBlur: fn(), saving: false, error: null };

const meta = {
  title: 'Surveys/CreateIQ/DraftBar',
  component: DraftBar,
  args: {
    nameField: null,
    canManage: true,
    saving: false,
    saved: false,
    publishing: false,
    publishBlocked: false,
    onSave: fn(),
    onPublish: fn(),
    onNewSurvey: fn(),
  },
} satisfies Meta<typeof DraftBar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NotADraftYet: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(CREATOR_LABELS.unsavedSurvey)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CREATOR_LABELS.saveAsDraft }));
    await expect(args.onSave).toHaveBeenCalled();
  },
};

/** A current draft: its name is edited here ('Saving...' while it is saved) and the button updates it. */
export const CurrentDraft: Story = {
  args: { nameField: { ...nameField, saving: true } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue(nameField.name);
    await expect(canvas.getByText(CREATOR_LABELS.saving)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName }), '!');
    await expect(args.nameField?.onChange).toHaveBeenCalledWith(`${nameField.name}!`);
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.updateDraft })).toBeEnabled();
  },
};

export const Saving: Story = {
  args: { nameField, saving: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.saving })).toBeDisabled();
  },
};

export const Saved: Story = {
  args: { nameField, saved: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.saved })).toBeEnabled();
  },
};

/** Publish waits for the checklist; a global admin viewing every company is told to choose one. */
export const Blocked: Story = {
  args: { publishBlocked: true, checklistId: 'checklist', companyNotice: API_ERRORS.company_required.message },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.publish })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: CREATOR_LABELS.publish })).toHaveAttribute('aria-describedby', 'checklist');
    await expect(canvas.getByText(API_ERRORS.company_required.message)).toBeVisible();
  },
};

/** A viewer sees the current draft's name, read-only, with nothing to save or publish. */
export const ViewerOfADraft: Story = {
  args: { nameField, canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: CREATOR_LABELS.draftName })).toHaveValue(nameField.name);
    await expect(canvas.queryByText(DRAFT_BAR_LABELS.autosaves)).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
