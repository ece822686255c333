import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUESTION_ANSWER_FILTER_LABELS } from '@domain/survey/collection';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import { isEmptyAnswer } from '@domain/survey/visibility';
import { mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { AppTheme } from '@/theme';
import { PUBLISHED, publishedApiRoutes, RESPONSES } from '../fixtures';
import { QuestionAnswersDialog } from './QuestionAnswersDialog';

const satisfaction = PUBLISHED.satisfaction;
const improve = satisfaction.survey.questions.find((question) => question.id === 'q_improve')!;
const answersPath = (surveyId: string) => `/api/surveys/${surveyId}/questions/q_improve/answers`;
const filterChip = (name: string) => screen.getByRole('button', { name });
// The dialog's frame carries the theme toggle, which needs the theme around it.
const renderDialog = (surveyId: string) =>
  renderSignedIn(
    <AppTheme>
      <QuestionAnswersDialog surveyId={surveyId} question={improve} open onClose={vi.fn()} />
    </AppTheme>,
  );

describe('QuestionAnswersDialog', { timeout: 30_000 }, () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('lists the answers and asks again for each filter, from its first page', async () => {
    restore = mockFetch(publishedApiRoutes());
    const answered = RESPONSES[satisfaction.id].filter((response) => !isEmptyAnswer(response.responses.q_improve));
    renderDialog(satisfaction.id);

    const dialog = await screen.findByRole('dialog', { name: improve.title });
    expect(await within(dialog).findByText(`${answered.length} answers`)).toBeInTheDocument();
    expect(filterChip(QUESTION_ANSWER_FILTER_LABELS.all)).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('listitem')).toHaveLength(Math.min(answered.length, 10));

    await userEvent.click(filterChip(QUESTION_ANSWER_FILTER_LABELS.incomplete));
    const incomplete = answered.filter((response) => !response.is_complete).length;
    expect(await within(dialog).findByText(`${incomplete} ${incomplete === 1 ? 'answer' : 'answers'}`)).toBeInTheDocument();
    expect(filterChip(QUESTION_ANSWER_FILTER_LABELS.incomplete)).toHaveAttribute('aria-pressed', 'true');
    expect(filterChip(QUESTION_ANSWER_FILTER_LABELS.all)).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(filterChip(QUESTION_ANSWER_FILTER_LABELS.week));
    await waitFor(() => expect(restore?.calls.at(-1)?.query).toEqual({ filter: 'week', page: '1', limit: '10' }));
    const queries = restore.calls.filter((call) => call.path === answersPath(satisfaction.id)).map((call) => call.query.filter);
    expect(queries).toEqual(['all', 'incomplete', 'week']);
  });

  it('says when nobody has answered, for the filter chosen', async () => {
    restore = mockFetch(publishedApiRoutes());
    // The holiday poll's responses are all older than a week.
    renderDialog(PUBLISHED.holiday.id);
    const dialog = await screen.findByRole('dialog', { name: improve.title });
    expect(await within(dialog).findByText(/\d+ answers/)).toBeInTheDocument();
    await userEvent.click(filterChip(QUESTION_ANSWER_FILTER_LABELS.week));
    expect(await within(dialog).findByText(RESULTS_MESSAGES.noAnswers)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Answers' })).not.toBeInTheDocument();
    expect(restore.calls.at(-1)?.path).toBe(answersPath(PUBLISHED.holiday.id));
  });
});
