import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ageLabel } from '@domain/survey/lifecycle';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { SESSIONS } from '@/lib/testing/fixtures';
import {
  ACME_PUBLISHED,
  PUBLISHED,
  publishedApiRoutes,
  RESPONSES,
  SURVEY_READER_SESSION,
  withSurveySession,
} from './fixtures';
import { CARD_ACTIONS, formatEndDate } from './published/PublishedSurveyCard';
import { CREATE_SURVEY_LABEL, LOAD_FAILED } from './published/DeployPanel';
import { READ_ONLY_DISPLAY } from './published/CustomDisplayPanel';
import { PICK_SURVEY_TO_PREVIEW } from './published/PreviewPanel';
import { CHOOSE_COMPANY_FOR_EMBED } from './embed/EmbedCodePanel';
import { SUMMARY_LABELS, TREND_TITLE } from './results/AnalyticsSummary';
import { PICK_SURVEY_FOR_RESULTS, SURVEY_SELECT_LABEL } from './results/ResultsPanel';
import { RESPONSES_TABLE_LABEL } from './results/ResponsesTable';
import { START_SURVEY_TITLE } from './published/StartSurveyDialog';
import { JUST_PUBLISHED_HINT, justPublishedPath } from './published/justPublished';
import { callsTo, expectNotice } from './published/storyHelpers';
import { DELETE_SURVEY_TITLE, EDIT_CONFIRM_LABEL, EDIT_SURVEY_TITLE, LIVEIQ_TAGLINE, SurveyPublishedPage } from './SurveyPublishedPage';

let calls: MockCall[] = [];

const PAGE_PATH = '/zero-party/survey-published';

const meta = {
  title: 'Pages/LiveIQ',
  component: SurveyPublishedPage,
  decorators: [withSurveySession()],
  parameters: { layout: 'padded', router: { initialEntries: [PAGE_PATH], path: PAGE_PATH } },
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof SurveyPublishedPage>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = async (name: string) => within(await screen.findByRole('article', { name }));

/** Running, stopped, ended by its responses, and a new one: each card says which, how old, and until when. */
export const WithSurveys: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'LiveIQ' })).toBeVisible();
    await expect(canvas.getByText(LIVEIQ_TAGLINE)).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Deploy' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Deploy', 'Custom Display', 'Preview', 'Embed Code', 'InsightIQ']);

    const satisfaction = await card('Store Visit Satisfaction');
    await expect(satisfaction.getByText('Active')).toBeVisible();
    await expect(satisfaction.getByText('Age: 12 days')).toBeVisible();
    await expect(satisfaction.getByText(`Ends: ${formatEndDate(String(PUBLISHED.satisfaction.endCondition?.value))}`)).toBeVisible();
    await expect(satisfaction.getByText('128 completed responses')).toBeVisible();
    await expect(satisfaction.getByRole('button', { name: CARD_ACTIONS.stop })).toBeVisible();

    const checkout = await card('Checkout Experience');
    await expect(checkout.getByText('Age: Less than 1 hour')).toBeVisible();
    await expect(checkout.getByText('Ends in: 14 day(s)')).toBeVisible();

    const feedback = await card('Garden Range Feedback');
    await expect(feedback.getByText('Inactive')).toBeVisible();
    await expect(feedback.getByText(`Age: ${ageLabel(PUBLISHED.feedback.publishedAt, new Date())}`)).toBeVisible();
    await expect(feedback.getByText('No end condition')).toBeVisible();
    await expect(feedback.getByRole('button', { name: CARD_ACTIONS.start })).toBeVisible();

    const holiday = await card('Holiday Campaign Poll');
    await expect(holiday.getByText('Ended at: 300 response(s)')).toBeVisible();
    await expect(holiday.getByText('Inactive')).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(ACME_PUBLISHED.length);
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(publishedApiRoutes({ surveys: [] })),
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByText(PUBLISHED_MESSAGES.empty));
    await userEvent.click(canvas.getByRole('button', { name: CREATE_SURVEY_LABEL }));
    await expect(await canvas.findByText('Navigated to /zero-party/survey-creation')).toBeInTheDocument();
  },
};

/** A server error is asked again twice (after 1 s, then 2 s); then the list stays empty and says why. */
export const ListFailure: Story = {
  beforeEach: () => {
    const restore = mockFetch(
      publishedApiRoutes({ overrides: { 'GET /api/surveys/published': failure('internal_error', { error: 'Database unavailable' }) } }),
    );
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText(LOAD_FAILED)).toBeVisible(), { timeout: 6_000 });
    await expect(canvas.getByText('Database unavailable')).toBeVisible();
    await expect(callsTo(calls, 'GET', '/api/surveys/published')).toHaveLength(3);
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
  },
};

/** A refusal (4xx) is an answer, not an accident: it is not asked again. */
export const ListRefusedIsNotRetried: Story = {
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes({ overrides: { 'GET /api/surveys/published': failure('access_denied') } }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(LOAD_FAILED));
    // The failure is shown only once the retries are over (ListFailure): one call by then is all.
    await expect(callsTo(calls, 'GET', '/api/surveys/published')).toHaveLength(1);
  },
};

/** A first failure that the retry overcomes shows the surveys. */
export const ListRecoversOnRetry: Story = {
  beforeEach: () => {
    let attempts = 0;
    const routes = publishedApiRoutes();
    const restore = mockFetch({
      ...routes,
      'GET /api/surveys/published': (call) => {
        attempts += 1;
        if (attempts === 1) return failure('internal_error');
        const dispatch = routes['GET /api/*'];
        return typeof dispatch === 'function' ? dispatch(call) : dispatch;
      },
    });
    calls = restore.calls;
    return restore;
  },
  play: async () => {
    await waitFor(() => expect(screen.getByRole('article', { name: 'Store Visit Satisfaction' })).toBeVisible(), { timeout: 4_000 });
    await expect(callsTo(calls, 'GET', '/api/surveys/published')).toHaveLength(2);
  },
};

/** Start asks for an end condition, checks it with the shared rules, then starts the survey. */
export const StartWithEndCondition: Story = {
  play: async ({ userEvent }) => {
    const feedback = await card('Garden Range Feedback');
    await userEvent.click(feedback.getByRole('button', { name: CARD_ACTIONS.start }));
    const dialog = within(await screen.findByRole('dialog', { name: START_SURVEY_TITLE }));
    const submit = () => userEvent.click(dialog.getByRole('button', { name: START_SURVEY_TITLE }));

    await submit();
    await expectShown(() => dialog.getByText(PUBLISHED_MESSAGES.endDateRequired));
    await userEvent.type(dialog.getByLabelText(/End date/), '2020-01-01');
    await submit();
    await expectShown(() => dialog.getByText(PUBLISHED_MESSAGES.endDateRequired));

    await userEvent.click(dialog.getByRole('radio', { name: 'After a number of days' }));
    await expect(dialog.getByRole('spinbutton', { name: /Number of days/ })).toHaveAttribute('min', '1');
    await userEvent.type(dialog.getByRole('spinbutton', { name: /Number of days/ }), '0');
    await submit();
    await expectShown(() => dialog.getByText(PUBLISHED_MESSAGES.daysInvalid));

    await userEvent.click(dialog.getByRole('radio', { name: 'After a number of responses' }));
    await submit();
    await expectShown(() => dialog.getByText(PUBLISHED_MESSAGES.responsesInvalid));
    await userEvent.type(dialog.getByRole('spinbutton', { name: /Number of responses/ }), '250');
    await expect(dialog.getByRole('spinbutton', { name: /Number of responses/ })).toHaveValue(250);
    await submit();

    await expectNotice(PUBLISHED_MESSAGES.started);
    const sent = callsTo(calls, 'PUT', `/api/surveys/published/${PUBLISHED.feedback.id}/status`);
    await expect(sent.map((call) => call.body)).toEqual([{ status: 'active', endCondition: { type: 'responses', value: 250 } }]);
    await expect(feedback.getByText('Active')).toBeVisible();
    await expect(feedback.getByText('Ends at: 250 response(s)')).toBeVisible();
    await expect(screen.queryByRole('dialog', { name: START_SURVEY_TITLE })).not.toBeInTheDocument();
  },
};

export const StartFails: Story = {
  beforeEach: () =>
    mockFetch(
      publishedApiRoutes({
        overrides: {
          [`PUT /api/surveys/published/${PUBLISHED.feedback.id}/status`]: failure('validation_failed', {
            message: 'The end date must not be in the past',
          }),
        },
      }),
    ),
  play: async ({ userEvent }) => {
    const feedback = await card('Garden Range Feedback');
    await userEvent.click(feedback.getByRole('button', { name: CARD_ACTIONS.start }));
    const dialog = within(await screen.findByRole('dialog', { name: START_SURVEY_TITLE }));
    await userEvent.click(dialog.getByRole('radio', { name: 'After a number of days' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: /Number of days/ }), '7');
    await userEvent.click(dialog.getByRole('button', { name: START_SURVEY_TITLE }));
    await expectNotice(PUBLISHED_MESSAGES.startFailed('The end date must not be in the past'));
    await expect(screen.queryByRole('dialog', { name: START_SURVEY_TITLE })).not.toBeInTheDocument();
    await expect(feedback.getByText('Inactive')).toBeVisible();
  },
};

export const Stop: Story = {
  play: async ({ userEvent }) => {
    const satisfaction = await card('Store Visit Satisfaction');
    await userEvent.click(satisfaction.getByRole('button', { name: CARD_ACTIONS.stop }));
    await expectNotice(PUBLISHED_MESSAGES.stopped);
    await expect(satisfaction.getByText('Inactive')).toBeVisible();
    await expect(callsTo(calls, 'PUT', `/api/surveys/published/${PUBLISHED.satisfaction.id}/status`).map((call) => call.body)).toEqual([
      { status: 'inactive' },
    ]);
  },
};

/** Edit never changes the published survey: it warns, copies it into a draft and opens CreateIQ with it. */
export const EditMakesADraftCopy: Story = {
  play: async ({ canvas, userEvent }) => {
    const satisfaction = await card('Store Visit Satisfaction');
    await userEvent.click(satisfaction.getByRole('button', { name: CARD_ACTIONS.edit }));
    const dialog = within(await screen.findByRole('dialog', { name: EDIT_SURVEY_TITLE }));
    await expect(dialog.getByText(PUBLISHED_MESSAGES.editWarning)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: EDIT_CONFIRM_LABEL }));
    const location = await canvas.findByText(/^Navigated to \/zero-party\/survey-creation\?draftId=/);
    const [post] = callsTo(calls, 'POST', '/api/surveys/drafts');
    await expect(post.body).toEqual({ name: 'Store Visit Satisfaction (Copy)', survey: PUBLISHED.satisfaction.survey });
    await expect(location).toHaveTextContent('draftId=7c0ffee0-0000-4000-8000-000000000001');
    await expect(callsTo(calls, 'PUT', /^\/api\/surveys\/published\//)).toHaveLength(0);
  },
};

export const EditFails: Story = {
  beforeEach: () =>
    mockFetch(publishedApiRoutes({ overrides: { 'POST /api/surveys/drafts': failure('internal_error', { message: 'Database unavailable' }) } })),
  play: async ({ userEvent }) => {
    const satisfaction = await card('Store Visit Satisfaction');
    await userEvent.click(satisfaction.getByRole('button', { name: CARD_ACTIONS.edit }));
    const dialog = within(await screen.findByRole('dialog', { name: EDIT_SURVEY_TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: EDIT_CONFIRM_LABEL }));
    await expectNotice(PUBLISHED_MESSAGES.copyFailed('Database unavailable'));
    await expect(screen.getByRole('article', { name: 'Store Visit Satisfaction' })).toBeVisible();
  },
};

/** Delete is permanent, so it asks first; Cancel keeps the survey. */
export const DeleteAfterConfirmation: Story = {
  play: async ({ canvas, userEvent }) => {
    const holiday = await card('Holiday Campaign Poll');
    await userEvent.click(holiday.getByRole('button', { name: CARD_ACTIONS.delete }));
    let dialog = within(await screen.findByRole('dialog', { name: DELETE_SURVEY_TITLE }));
    await expect(dialog.getByText(PUBLISHED_MESSAGES.confirmDelete)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(callsTo(calls, 'DELETE', /^\/api\/surveys\/published\//)).toHaveLength(0);

    await userEvent.click(holiday.getByRole('button', { name: CARD_ACTIONS.delete }));
    dialog = within(await screen.findByRole('dialog', { name: DELETE_SURVEY_TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expectNotice(PUBLISHED_MESSAGES.deleted);
    await waitFor(() => expect(canvas.queryByRole('article', { name: 'Holiday Campaign Poll' })).not.toBeInTheDocument());
    await expect(callsTo(calls, 'DELETE', `/api/surveys/published/${PUBLISHED.holiday.id}`)).toHaveLength(1);
  },
};

export const DeleteFails: Story = {
  beforeEach: () =>
    mockFetch(
      publishedApiRoutes({
        overrides: { [`DELETE /api/surveys/published/${PUBLISHED.holiday.id}`]: failure('not_found', { message: 'Survey not found' }) },
      }),
    ),
  play: async ({ userEvent }) => {
    const holiday = await card('Holiday Campaign Poll');
    await userEvent.click(holiday.getByRole('button', { name: CARD_ACTIONS.delete }));
    const dialog = within(await screen.findByRole('dialog', { name: DELETE_SURVEY_TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expectNotice(PUBLISHED_MESSAGES.deleteFailed('Survey not found'));
    await expect(screen.getByRole('article', { name: 'Holiday Campaign Poll' })).toBeVisible();
  },
};

/** Without a chosen survey, Custom Display, Preview and InsightIQ say how to choose one. */
export const TabsWithoutASurvey: Story = {
  play: async ({ canvas, userEvent }) => {
    await card('Store Visit Satisfaction');
    await userEvent.click(canvas.getByRole('tab', { name: 'Custom Display' }));
    await expectShown(() => canvas.getByText(PUBLISHED_MESSAGES.selectSurveyFirst));
    await userEvent.click(canvas.getByRole('tab', { name: 'Preview' }));
    await expectShown(() => canvas.getByText(PICK_SURVEY_TO_PREVIEW));
    await userEvent.click(canvas.getByRole('tab', { name: 'InsightIQ' }));
    await expectShown(() => canvas.getByText(PICK_SURVEY_FOR_RESULTS));
  },
};

/** View Results selects the survey and opens InsightIQ: its analytics and the first page of its responses. */
export const ViewResults: Story = {
  play: async ({ canvas, userEvent }) => {
    const feedback = await card('Garden Range Feedback');
    await userEvent.click(feedback.getByRole('button', { name: CARD_ACTIONS.results }));
    await expect(canvas.getByRole('tab', { name: 'InsightIQ' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('combobox', { name: SURVEY_SELECT_LABEL })).toHaveTextContent('Garden Range Feedback');
    await expect(await canvas.findByRole('figure', { name: TREND_TITLE })).toBeVisible();
    const total = RESPONSES[PUBLISHED.feedback.id].length;
    await expect(canvas.getByText(SUMMARY_LABELS.total).nextElementSibling).toHaveTextContent(String(total));
    await waitFor(() => expect(canvas.getByText(`1–20 of ${total}`)).toBeVisible());
    await expect(canvas.getByRole('grid', { name: RESPONSES_TABLE_LABEL })).toBeVisible();
    await expect(callsTo(calls, 'GET', `/api/surveys/${PUBLISHED.feedback.id}/analytics`)).toHaveLength(1);
    await expect(callsTo(calls, 'GET', `/api/surveys/${PUBLISHED.feedback.id}/responses`).map((call) => call.query)).toEqual([{ page: '1', limit: '20' }]);
  },
};

/** Embed Code on any card opens the company's one code. */
export const EmbedCodeFromCard: Story = {
  play: async ({ canvas, userEvent }) => {
    const checkout = await card('Checkout Experience');
    await userEvent.click(checkout.getByRole('button', { name: CARD_ACTIONS.embedCode }));
    await expect(canvas.getByRole('tab', { name: 'Embed Code' })).toHaveAttribute('aria-selected', 'true');
    const code = (await canvas.findByRole('textbox', { name: 'HTML Embed code' })) as HTMLTextAreaElement;
    await expect(code.value).toContain('data-company-id="c-acme"');
    await expect(await canvas.findByRole('region', { name: 'Survey Completion Triggers' })).toBeVisible();
  },
};

/** Customize Display opens the survey in the editor; Preview shows it. */
export const CustomizeAndPreview: Story = {
  play: async ({ canvas, userEvent }) => {
    const satisfaction = await card('Store Visit Satisfaction');
    await userEvent.click(satisfaction.getByRole('button', { name: CARD_ACTIONS.customize }));
    await expect(canvas.getByRole('tab', { name: 'Custom Display' })).toHaveAttribute('aria-selected', 'true');
    const editor = within(await canvas.findByRole('region', { name: 'Customize Display' }));
    await expect(editor.getByText('Store Visit Satisfaction')).toBeVisible();
    await expect(editor.getByRole('tab', { name: /Theme Management/ })).toBeVisible();
    await expect(editor.getByRole('tab', { name: /When to Show the Survey/ })).toBeVisible();

    await userEvent.click(canvas.getByRole('tab', { name: 'Deploy' }));
    await userEvent.click((await card('Garden Range Feedback')).getByRole('button', { name: CARD_ACTIONS.preview }));
    await expect(canvas.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    await expectShown(() => canvas.getByRole('heading', { name: 'Preview' }));
    await expect(canvas.getByText('Garden Range Feedback')).toBeVisible();
  },
};

/** data_sources:read without write: surveys can be looked at and previewed, not changed. */
export const ReadOnly: Story = {
  decorators: [withSurveySession(SURVEY_READER_SESSION)],
  play: async ({ canvas, userEvent }) => {
    const satisfaction = await card('Store Visit Satisfaction');
    for (const action of [CARD_ACTIONS.start, CARD_ACTIONS.stop, CARD_ACTIONS.edit, CARD_ACTIONS.customize, CARD_ACTIONS.delete]) {
      await expect(satisfaction.queryByRole('button', { name: action })).not.toBeInTheDocument();
    }
    await userEvent.click(satisfaction.getByRole('button', { name: CARD_ACTIONS.preview }));
    await expectShown(() => canvas.getByRole('heading', { name: 'Preview' }));
    await userEvent.click(canvas.getByRole('tab', { name: 'Custom Display' }));
    await expectShown(() => canvas.getByText(READ_ONLY_DISPLAY));
  },
};

/** A global admin viewing every company sees whose each survey is, and must choose one for its embed code. */
export const GlobalAdminAllCompanies: Story = {
  decorators: [withSurveySession(SESSIONS.globalAdmin)],
  beforeEach: () => mockFetch(publishedApiRoutes({ surveys: [...ACME_PUBLISHED, PUBLISHED.globex] })),
  play: async ({ canvas, userEvent }) => {
    const globex = await card('Patient Portal Survey');
    await expect(globex.getByText('Globex Health')).toBeVisible();
    await expect(globex.getByText('Age: Unknown')).toBeVisible();
    await expect((await card('Checkout Experience')).getByText('Acme Retail')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Embed Code' }));
    await expectShown(() => canvas.getByText(CHOOSE_COMPANY_FOR_EMBED));
  },
};

/** InsightIQ at phone width: the summary and the trend fit; the responses are cards, a page of 20, nothing sideways. */
export const PhoneResults: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, userEvent }) => {
    const feedback = await card('Garden Range Feedback');
    await userEvent.click(feedback.getByRole('button', { name: CARD_ACTIONS.results }));
    await expect(await canvas.findByRole('figure', { name: TREND_TITLE })).toBeVisible();
    const total = RESPONSES[PUBLISHED.feedback.id].length;
    await expect(canvas.getByText(SUMMARY_LABELS.total).nextElementSibling).toHaveTextContent(String(total));
    const responses = await canvas.findByRole('list', { name: RESPONSES_TABLE_LABEL });
    await waitFor(() => expect(within(responses).getAllByRole('listitem')).toHaveLength(Math.min(20, total)));
    await expectNoSidewaysScroll(canvasElement);
  },
};

/**
 * LiveIQ opened by CreateIQ's Publish: the survey just published stands out with what comes next,
 * and its Start is focused; Start asks for the end condition, and once it runs the hint is gone.
 * The other inactive surveys are not pointed at.
 */
export const JustPublished: Story = {
  parameters: { router: { initialEntries: [justPublishedPath(PUBLISHED.feedback.id)], path: PAGE_PATH } },
  play: async ({ userEvent }) => {
    const feedback = await card('Garden Range Feedback');
    await expectShown(() => feedback.getByText(JUST_PUBLISHED_HINT));
    const start = feedback.getByRole('button', { name: CARD_ACTIONS.start });
    await waitFor(() => expect(start).toHaveFocus());
    await expect(start).toHaveAccessibleDescription(`Garden Range Feedback ${JUST_PUBLISHED_HINT}`);
    const holiday = await card('Holiday Campaign Poll');
    await expect(holiday.queryByText(JUST_PUBLISHED_HINT)).not.toBeInTheDocument();

    await userEvent.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: START_SURVEY_TITLE }));
    await userEvent.click(dialog.getByRole('radio', { name: 'After a number of responses' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: /Number of responses/ }), '100');
    await userEvent.click(dialog.getByRole('button', { name: START_SURVEY_TITLE }));
    await expectNotice(PUBLISHED_MESSAGES.started);
    await expect(feedback.getByText('Active')).toBeVisible();
    await expect(feedback.queryByText(JUST_PUBLISHED_HINT)).not.toBeInTheDocument();
  },
};

/** The same at phone width: the card just published is scrolled to, its Start focused and on screen. */
export const JustPublishedOnPhone: Story = {
  parameters: { router: { initialEntries: [justPublishedPath(PUBLISHED.feedback.id)], path: PAGE_PATH } },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const feedback = await card('Garden Range Feedback');
    const start = feedback.getByRole('button', { name: CARD_ACTIONS.start });
    await waitFor(() => expect(start).toHaveFocus());
    const { top, bottom } = start.getBoundingClientRect();
    await expect(top).toBeGreaterThanOrEqual(0);
    await expect(bottom).toBeLessThanOrEqual(window.innerHeight);
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** A reader (no manageSurveys) opened on a survey just published: nothing to start, so nothing is pointed at. */
export const JustPublishedReadOnly: Story = {
  decorators: [withSurveySession(SURVEY_READER_SESSION)],
  parameters: { router: { initialEntries: [justPublishedPath(PUBLISHED.feedback.id)], path: PAGE_PATH } },
  play: async () => {
    const feedback = await card('Garden Range Feedback');
    await expect(feedback.queryByText(JUST_PUBLISHED_HINT)).not.toBeInTheDocument();
    await expect(feedback.queryByRole('button', { name: CARD_ACTIONS.start })).not.toBeInTheDocument();
  },
};
