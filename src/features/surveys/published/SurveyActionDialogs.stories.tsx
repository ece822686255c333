import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey } from '@domain/survey/types';
import { PUBLISHED } from '../fixtures';
import { START_SURVEY_TITLE } from './StartSurveyDialog';
import { DELETE_SURVEY_TITLE, EDIT_CONFIRM_LABEL, EDIT_SURVEY_TITLE, SurveyActionDialogs } from './SurveyActionDialogs';
import type { PublishedSurveyActions } from './usePublishedSurveyActions';

type Dialog = PublishedSurveyActions['editFor'];
const closed = (): Dialog => ({ subject: null, shown: null, open: false, show: fn(), close: fn() });
const openFor = (survey: PublishedSurvey): Dialog => ({ subject: survey, shown: survey, open: true, show: fn(), close: fn() });

/** Every dialog closed; a story opens the one it shows. */
const idle = (open: Partial<PublishedSurveyActions> = {}): PublishedSurveyActions => ({
  statusChangingIds: [],
  deletingIds: [],
  startFor: closed(),
  askStart: fn(),
  closeStart: fn(),
  start: fn(),
  stop: fn(),
  editFor: closed(),
  copying: false,
  confirmEdit: fn(),
  deleteFor: closed(),
  askDelete: fn(),
  cancelDelete: fn(),
  confirmDelete: fn(),
  ...open,
});

const meta = {
  title: 'Surveys/LiveIQ/SurveyActionDialogs',
  component: SurveyActionDialogs,
  args: { actions: idle({ startFor: openFor(PUBLISHED.feedback) }) },
} satisfies Meta<typeof SurveyActionDialogs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Start asks when the survey ends; closing the dialog is the page's to do. */
export const Start: Story = {
  play: async ({ userEvent, args }) => {
    await screen.findByRole('dialog', { name: START_SURVEY_TITLE });
    await userEvent.keyboard('{Escape}');
    await expect(args.actions.closeStart).toHaveBeenCalled();
  },
};

/** Edit warns that a draft copy is made, and makes it on confirmation. */
export const Edit: Story = {
  args: { actions: idle({ editFor: openFor(PUBLISHED.feedback) }) },
  play: async ({ userEvent, args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: EDIT_SURVEY_TITLE }));
    await expect(dialog.getByText(PUBLISHED_MESSAGES.editWarning)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: EDIT_CONFIRM_LABEL }));
    await expect(args.actions.confirmEdit).toHaveBeenCalled();
  },
};

/** Delete asks for confirmation first. */
export const Delete: Story = {
  args: { actions: idle({ deleteFor: openFor(PUBLISHED.feedback) }) },
  play: async ({ userEvent, args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: DELETE_SURVEY_TITLE }));
    await expect(dialog.getByText(PUBLISHED_MESSAGES.confirmDelete)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(args.actions.confirmDelete).toHaveBeenCalled();
  },
};

/** Before a first opening no dialog is on the page, and none of their code is downloaded. */
export const NoneOpened: Story = {
  args: { actions: idle() },
  play: async () => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};
