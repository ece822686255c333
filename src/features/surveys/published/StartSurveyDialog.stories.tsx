import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { PUBLISHED } from '../fixtures';
import { START_SURVEY_TITLE, StartSurveyDialog } from './StartSurveyDialog';

const TODAY = '2026-06-15';

const meta = {
  title: 'Surveys/LiveIQ/StartSurveyDialog',
  component: StartSurveyDialog,
  args: { survey: PUBLISHED.feedback, starting: false, onStart: fn(), onClose: fn(), today: TODAY },
} satisfies Meta<typeof StartSurveyDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: START_SURVEY_TITLE }));

/** An end date must be today or later. */
export const EndOnADate: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    const date = form.getByLabelText(/End date/);
    await expect(date).toHaveAttribute('min', TODAY);
    await userEvent.click(form.getByRole('button', { name: START_SURVEY_TITLE }));
    await expect(await form.findByText(PUBLISHED_MESSAGES.endDateRequired)).toBeVisible();
    await userEvent.type(date, '2026-06-14');
    await userEvent.click(form.getByRole('button', { name: START_SURVEY_TITLE }));
    await expect(args.onStart).not.toHaveBeenCalled();
    await userEvent.clear(date);
    await userEvent.type(date, TODAY);
    await userEvent.click(form.getByRole('button', { name: START_SURVEY_TITLE }));
    await expect(args.onStart).toHaveBeenCalledWith(PUBLISHED.feedback, { type: 'date', value: TODAY });
  },
};

/** Days and responses are whole numbers from 1. */
export const EndAfterDaysOrResponses: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    await userEvent.click(form.getByRole('radio', { name: 'After a number of days' }));
    const days = form.getByRole('spinbutton', { name: /Number of days/ });
    await expect(days).toHaveAttribute('min', '1');
    await userEvent.type(days, '1.5');
    await userEvent.click(form.getByRole('button', { name: START_SURVEY_TITLE }));
    await expect(await form.findByText(PUBLISHED_MESSAGES.daysInvalid)).toBeVisible();

    await userEvent.click(form.getByRole('radio', { name: 'After a number of responses' }));
    await expect(form.queryByText(PUBLISHED_MESSAGES.daysInvalid)).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: START_SURVEY_TITLE }));
    await expect(await form.findByText(PUBLISHED_MESSAGES.responsesInvalid)).toBeVisible();
    await userEvent.type(form.getByRole('spinbutton', { name: /Number of responses/ }), '500');
    await userEvent.click(form.getByRole('button', { name: START_SURVEY_TITLE }));
    await expect(args.onStart).toHaveBeenCalledWith(PUBLISHED.feedback, { type: 'responses', value: 500 });
  },
};

export const Starting: Story = {
  args: { starting: true },
  play: async () => {
    const form = await dialog();
    await expect(form.getByRole('button', { name: 'Starting...' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};
