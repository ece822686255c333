import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { QUESTION_ANSWER_FILTER_LABELS } from '@domain/survey/collection';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { PUBLISHED, publishedApiRoutes, withSurveySession } from '../fixtures';
import { callsTo } from '../published/storyHelpers';
import { ANSWERS_FAILED, COUNTS_TITLE, QuestionAnswersDialog } from './QuestionAnswersDialog';

let calls: MockCall[] = [];
const satisfaction = PUBLISHED.satisfaction;
const question = (id: string) => satisfaction.survey.questions.find((entry) => entry.id === id)!;

const meta = {
  title: 'Surveys/InsightIQ/QuestionAnswersDialog',
  component: QuestionAnswersDialog,
  args: { surveyId: satisfaction.id, question: question('q_rating'), open: true, onClose: fn() },
  decorators: [withSurveySession()],
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof QuestionAnswersDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialogOf = async (name: string) => within(await screen.findByRole('dialog', { name }));

/** A rating: counts per star, the average, the answers ten at a time, and the filters. */
export const Rating: Story = {
  play: async ({ args }) => {
    const dialog = await dialogOf(args.question!.title);
    await expect(await dialog.findByText(/answers · Average \d(\.\d)? out of 5/)).toBeVisible();
    await expect(dialog.getByRole('figure', { name: COUNTS_TITLE })).toHaveAccessibleDescription(/^1: \d+, 2: \d+, 3: \d+, 4: \d+, 5: \d+$/);
    await expect(within(dialog.getByRole('list', { name: 'Answers' })).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(dialog.getByRole('button', { name: 'Go to page 2 of the answers' }));
    await waitFor(() => expect(callsTo(calls, 'GET', /q_rating\/answers$/).at(-1)?.query).toEqual({ filter: 'all', page: '2', limit: '10' }));
    await userEvent.click(dialog.getByRole('button', { name: QUESTION_ANSWER_FILTER_LABELS.today }));
    await waitFor(() => expect(callsTo(calls, 'GET', /q_rating\/answers$/).at(-1)?.query).toEqual({ filter: 'today', page: '1', limit: '10' }));
    await expect(dialog.getByRole('button', { name: QUESTION_ANSWER_FILTER_LABELS.today })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Yes or no: both counted, even one nobody chose. */
export const YesNo: Story = {
  args: { question: question('q_recommend') },
  play: async ({ args }) => {
    const dialog = await dialogOf(args.question!.title);
    await expect(await dialog.findByRole('figure', { name: COUNTS_TITLE })).toHaveAccessibleDescription(/^Yes: \d+, No: \d+$/);
  },
};

/** Free text: no chart, just the answers. */
export const FreeText: Story = {
  args: { question: question('q_improve') },
  play: async ({ args }) => {
    const dialog = await dialogOf(args.question!.title);
    await expect(await dialog.findByRole('list', { name: 'Answers' })).toBeVisible();
    await expect(dialog.queryByRole('figure')).not.toBeInTheDocument();
  },
};

export const NobodyAnswered: Story = {
  args: { surveyId: PUBLISHED.holiday.id, question: question('q_email') },
  play: async ({ args }) => {
    const dialog = await dialogOf(args.question!.title);
    await userEvent.click(await dialog.findByRole('button', { name: QUESTION_ANSWER_FILTER_LABELS.week }));
    await expect(await dialog.findByText(RESULTS_MESSAGES.noAnswers)).toBeVisible();
  },
};

export const LoadFails: Story = {
  beforeEach: () =>
    mockFetch(publishedApiRoutes({ overrides: { [`GET /api/surveys/${satisfaction.id}/questions/q_rating/answers`]: failure('internal_error') } })),
  play: async ({ args }) => {
    const dialog = await dialogOf(args.question!.title);
    await expect(await dialog.findByText(ANSWERS_FAILED)).toBeVisible();
  },
};
