import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PUBLISHED } from '../fixtures';
import { JUST_PUBLISHED_HINT } from './justPublished';
import { CARD_ACTIONS, formatEndDate, PublishedSurveyCard } from './PublishedSurveyCard';

const meta = {
  title: 'Surveys/LiveIQ/PublishedSurveyCard',
  component: PublishedSurveyCard,
  args: {
    survey: PUBLISHED.satisfaction,
    now: new Date(),
    canManage: true,
    onStart: fn(),
    onStop: fn(),
    onEdit: fn(),
    onCustomize: fn(),
    onPreview: fn(),
    onEmbedCode: fn(),
    onViewResults: fn(),
    onDelete: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PublishedSurveyCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A running survey: Stop, and every other action, each naming its survey. */
export const Active: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('article', { name: 'Store Visit Satisfaction' })).toBeVisible();
    await expect(canvas.getByText('Active')).toBeVisible();
    await expect(canvas.getByText(`Ends: ${formatEndDate(String(PUBLISHED.satisfaction.endCondition?.value))}`)).toBeVisible();
    for (const [label, handler] of [
      [CARD_ACTIONS.stop, args.onStop],
      [CARD_ACTIONS.edit, args.onEdit],
      [CARD_ACTIONS.customize, args.onCustomize],
      [CARD_ACTIONS.preview, args.onPreview],
      [CARD_ACTIONS.embedCode, args.onEmbedCode],
      [CARD_ACTIONS.results, args.onViewResults],
      [CARD_ACTIONS.delete, args.onDelete],
    ] as const) {
      await userEvent.click(canvas.getByRole('button', { name: label }));
      await expect(handler).toHaveBeenCalledWith(PUBLISHED.satisfaction);
    }
    await expect(canvas.queryByRole('button', { name: CARD_ACTIONS.start })).not.toBeInTheDocument();
  },
};

export const Inactive: Story = {
  args: { survey: PUBLISHED.feedback },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Inactive')).toBeVisible();
    await expect(canvas.getByText('Age: 5 hours')).toBeVisible();
    await expect(canvas.getByText('42 completed responses')).toBeVisible();
    // The survey's description, not its title again.
    await expect(canvas.getByText(PUBLISHED.feedback.survey.description)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CARD_ACTIONS.start }));
    await expect(args.onStart).toHaveBeenCalledWith(PUBLISHED.feedback);
  },
};

/** Ended by its response limit: inactive, and it says so. */
export const Ended: Story = {
  args: { survey: PUBLISHED.holiday },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ended at: 300 response(s)')).toBeVisible();
    await expect(canvas.getByText('Age: 40 days')).toBeVisible();
  },
};

/** Stopped after its 14 days ran out: the day it ended, not days still to go. */
export const EndedAfterDays: Story = {
  args: { survey: { ...PUBLISHED.checkout, status: 'inactive', startedAt: new Date(Date.UTC(2026, 9, 1, 9)).toISOString() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(`Ended: ${formatEndDate('2026-10-15')}`)).toBeVisible();
    await expect(canvas.queryByText(/Ends in/)).not.toBeInTheDocument();
  },
};

/** A start or stop running: the button waits. */
export const ChangingStatus: Story = {
  args: { survey: PUBLISHED.checkout, changingStatus: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: CARD_ACTIONS.stop })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: CARD_ACTIONS.delete })).toBeDisabled();
    await expect(canvas.getByText('Ends in: 14 day(s)')).toBeVisible();
  },
};

/** Without manageSurveys: Preview, the embed code and the results, which only read. */
export const ReadOnly: Story = {
  args: { canManage: false, survey: PUBLISHED.globex, showCompany: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual([
      CARD_ACTIONS.preview,
      CARD_ACTIONS.embedCode,
      CARD_ACTIONS.results,
    ]);
    await expect(canvas.getByText('Globex Health')).toBeVisible();
    await expect(canvas.getByText('Age: Unknown')).toBeVisible();
  },
};

/** Just published and inactive: the card says what comes next, and Start is focused; Enter starts it. */
export const JustPublished: Story = {
  args: { survey: PUBLISHED.feedback, justPublished: true },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(JUST_PUBLISHED_HINT)).toBeVisible();
    const start = canvas.getByRole('button', { name: CARD_ACTIONS.start });
    await waitFor(() => expect(start).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onStart).toHaveBeenCalledWith(PUBLISHED.feedback);
  },
};

/** Just published but already running (started elsewhere): nothing left to point at. */
export const JustPublishedAlreadyActive: Story = {
  args: { justPublished: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(JUST_PUBLISHED_HINT)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: CARD_ACTIONS.stop })).not.toHaveFocus();
  },
};
