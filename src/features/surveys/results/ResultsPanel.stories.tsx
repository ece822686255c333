import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { analyticsOf, filterResponses } from '../collectionFixtures';
import { ACME_PUBLISHED, PUBLISHED, publishedApiRoutes, RESPONSES, withSurveySession } from '../fixtures';
import { callsTo, expectNotice } from '../published/storyHelpers';
import { SUMMARY_LABELS, TREND_TITLE } from './AnalyticsSummary';
import { EXPORT_LABEL } from './ExportButton';
import { PICK_SURVEY_FOR_RESULTS, RESULTS_SECTIONS, ResultsPanel, SURVEY_SELECT_LABEL } from './ResultsPanel';
import { RESPONSES_TABLE_LABEL } from './ResponsesTable';
import { LOAD_USER_ANALYTICS } from './UserAnalyticsSection';

let calls: MockCall[] = [];
let downloads: string[] = [];
const satisfaction = PUBLISHED.satisfaction;

const meta = {
  title: 'Surveys/InsightIQ/ResultsPanel',
  component: ResultsPanel,
  args: { surveys: ACME_PUBLISHED, selected: satisfaction, onSelect: fn() },
  decorators: [withSurveySession()],
  parameters: { layout: 'padded' },
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    // The export's file is caught before the browser would save it.
    downloads = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function catchDownload(this: HTMLAnchorElement) {
      if (this.download) downloads.push(this.download);
      else click.call(this);
    };
    return () => {
      restore();
      HTMLAnchorElement.prototype.click = click;
    };
  },
  render: function Render(args) {
    const [selected, setSelected] = useState(args.selected);
    return (
      <ResultsPanel
        {...args}
        selected={selected}
        onSelect={(survey) => {
          args.onSelect(survey);
          setSelected(survey);
        }}
      />
    );
  },
} satisfies Meta<typeof ResultsPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const region = async (name: string) => within(await screen.findByRole('region', { name }));
const lastResponsesQuery = () => callsTo(calls, 'GET', `/api/surveys/${satisfaction.id}/responses`).at(-1)?.query;

/** The store survey: analytics, then the first page of responses, the questions, and user analytics on request. */
export const StoreSurvey: Story = {
  play: async ({ canvas, userEvent }) => {
    const total = RESPONSES[satisfaction.id].length;
    await expect(await canvas.findByRole('figure', { name: TREND_TITLE })).toBeVisible();
    await expect(canvas.getByText(SUMMARY_LABELS.total).nextElementSibling).toHaveTextContent(String(total));
    await waitFor(() => expect(canvas.getByText(`1–20 of ${total}`)).toBeVisible());
    await expect(lastResponsesQuery()).toEqual({ page: '1', limit: '20' });
    await expect(callsTo(calls, 'GET', `/api/surveys/${satisfaction.id}/analytics`)).toHaveLength(1);
    await expect(callsTo(calls, 'GET', `/api/surveys/${satisfaction.id}/user-analytics`)).toHaveLength(0);

    const users = await region(RESULTS_SECTIONS.users);
    await userEvent.click(users.getByRole('button', { name: LOAD_USER_ANALYTICS }));
    await expect(await users.findByText('Unique Users')).toBeVisible();
  },
};

/** Filters go to the server and start again from page 1; the export takes the same filters. */
export const FilterAndExport: Story = {
  play: async ({ canvas, userEvent }) => {
    const responses = await region(RESULTS_SECTIONS.responses);
    await waitFor(() => expect(responses.getByText(/^1–20 of/)).toBeVisible());
    await userEvent.click(responses.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastResponsesQuery()).toEqual({ page: '2', limit: '20' }));

    await userEvent.click(responses.getByRole('combobox', { name: 'Completion' }));
    await userEvent.click(screen.getByRole('option', { name: 'Incomplete' }));
    await userEvent.click(responses.getByRole('combobox', { name: 'Device' }));
    await userEvent.click(screen.getByRole('option', { name: 'Desktop' }));
    await waitFor(() => expect(lastResponsesQuery()).toEqual({ page: '1', limit: '20', completed: 'false', deviceType: 'desktop' }));
    const kept = filterResponses(RESPONSES[satisfaction.id], { completed: 'false', deviceType: 'desktop' }).length;
    await waitFor(() => expect(responses.getByText(`1–${Math.min(kept, 20)} of ${kept}`)).toBeVisible());

    await userEvent.click(responses.getByRole('button', { name: EXPORT_LABEL }));
    await expectNotice(RESULTS_MESSAGES.exported(kept));
    await expect(callsTo(calls, 'GET', `/api/surveys/${satisfaction.id}/responses/export`).at(-1)?.query).toEqual({
      completed: 'false',
      deviceType: 'desktop',
    });
    await expect(downloads).toEqual([expect.stringMatching(/^store_visit_satisfaction_responses_\d{4}-\d{2}-\d{2}\.csv$/)]);
    await expect(canvas.getByRole('button', { name: EXPORT_LABEL })).toBeEnabled();
  },
};

/** A search that matches nothing says so. */
export const NothingMatches: Story = {
  play: async ({ userEvent }) => {
    const responses = await region(RESULTS_SECTIONS.responses);
    await userEvent.type(responses.getByRole('searchbox', { name: 'Search answers' }), 'zeppelin');
    // The search waits for a pause in typing, then asks the server.
    await expect(await responses.findByText(RESULTS_MESSAGES.noResponses, {}, { timeout: 5_000 })).toBeVisible();
    await expect(lastResponsesQuery()).toEqual({ page: '1', limit: '20', search: 'zeppelin' });
  },
};

/** Another survey from the selector: its own results, with no filters carried over. */
export const SwitchSurvey: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('figure', { name: TREND_TITLE });
    await userEvent.click(canvas.getByRole('combobox', { name: SURVEY_SELECT_LABEL }));
    await userEvent.click(screen.getByRole('option', { name: PUBLISHED.feedback.name }));
    const analytics = analyticsOf(RESPONSES[PUBLISHED.feedback.id]);
    await waitFor(() =>
      expect(canvas.getByText(SUMMARY_LABELS.total).nextElementSibling).toHaveTextContent(String(analytics.totalResponses)),
    );
    await expect(canvas.getByRole('columnheader', { name: 'Your first name' })).toBeVisible();
  },
};

export const NoSurveyChosen: Story = {
  args: { selected: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(PICK_SURVEY_FOR_RESULTS)).toBeVisible();
    await expect(calls).toHaveLength(0);
  },
};

/** Silent failures (data document, section 8): no analytics, and an empty first page of responses. */
export const LoadsFail: Story = {
  beforeEach: () => {
    const restore = mockFetch(
      publishedApiRoutes({
        overrides: {
          [`GET /api/surveys/${satisfaction.id}/analytics`]: failure('internal_error'),
          [`GET /api/surveys/${satisfaction.id}/responses`]: failure('internal_error'),
        },
      }),
    );
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas }) => {
    const responses = await region(RESULTS_SECTIONS.responses);
    await expect(await responses.findByText(RESULTS_MESSAGES.noResponses)).toBeVisible();
    await expect(canvas.queryByText(SUMMARY_LABELS.total)).not.toBeInTheDocument();
    await expect(canvas.getByRole('grid', { name: RESPONSES_TABLE_LABEL })).toBeVisible();
    await expect(await region(RESULTS_SECTIONS.questions)).toBeTruthy();
  },
};
