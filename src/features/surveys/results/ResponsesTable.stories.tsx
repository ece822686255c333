import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { RESULTS_PAGE_SIZE, type SurveyResponse } from '@domain/survey/collection';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { withSurveySession, PUBLISHED, RESPONSES } from '../fixtures';
import { RESPONSE_DETAIL_TITLE } from './ResponseDetailDialog';
import { QUESTION_COLUMNS, RESPONSES_TABLE_LABEL, ResponsesTable } from './ResponsesTable';

const all = RESPONSES[PUBLISHED.feedback.id];
const pageOf = (responses: SurveyResponse[], page: number) => ({
  responses: responses.slice((page - 1) * RESULTS_PAGE_SIZE, page * RESULTS_PAGE_SIZE),
  pagination: { total: responses.length, page, limit: RESULTS_PAGE_SIZE, totalPages: Math.ceil(responses.length / RESULTS_PAGE_SIZE) },
});

const meta = {
  title: 'Surveys/InsightIQ/ResponsesTable',
  component: ResponsesTable,
  args: { questions: PUBLISHED.feedback.survey.questions, page: pageOf(all, 1), currentPage: 1, loading: false, onPageChange: fn() },
  decorators: [withSurveySession()],
  render: function Render(args) {
    const [page, setPage] = useState(args.currentPage);
    return (
      <ResponsesTable
        {...args}
        page={args.page && args.page.pagination.total ? pageOf(all, page) : args.page}
        currentPage={page}
        onPageChange={(next) => {
          args.onPageChange(next);
          setPage(next);
        }}
      />
    );
  },
} satisfies Meta<typeof ResponsesTable>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The garden survey's 42 responses: 20 a page, the first questions as columns, every answer in the details. */
export const Paged: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const grid = within(canvas.getByRole('grid', { name: RESPONSES_TABLE_LABEL }));
    await expect(grid.getByRole('columnheader', { name: 'Your first name' })).toBeVisible();
    await expect(grid.queryByRole('columnheader', { name: 'Rate the quality' })).not.toBeInTheDocument();
    await expect(canvas.getByText(`1–20 of ${all.length}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /next page/i }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await waitFor(() => expect(canvas.getByText(`21–40 of ${all.length}`)).toBeVisible());

    await userEvent.click(grid.getAllByRole('button', { name: /^All answers of the response/ })[0]);
    const dialog = within(await screen.findByRole('dialog', { name: RESPONSE_DETAIL_TITLE }));
    await expect(dialog.getByText('Q: Rate the quality')).toBeVisible();
    await expect(dialog.getByText('Q: Preferred contact')).toBeVisible();
  },
};

export const NoResponses: Story = {
  args: { page: pageOf([], 1) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(RESULTS_MESSAGES.noResponses)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { page: undefined, loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid', { name: RESPONSES_TABLE_LABEL })).toBeVisible();
  },
};

const questions = PUBLISHED.feedback.survey.questions;
/** Five responses a page: a phone's story need not draw twenty cards to show what each holds. */
const FEW = 5;
const fewOf = (page: number) => ({
  responses: all.slice((page - 1) * FEW, page * FEW),
  pagination: { total: all.length, page, limit: FEW, totalPages: Math.ceil(all.length / FEW) },
});

/** A phone: a card per response with every column's label and value, the pages under them. */
export const Phone: Story = {
  args: { page: fewOf(1) },
  render: (args) => <ResponsesTable {...args} />,
  globals: PHONE_GLOBALS,
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    const labels = ['Details', 'Started', 'Device', 'Complete', 'Completion time', 'IP address', ...questions.slice(0, QUESTION_COLUMNS).map((question) => question.title)];
    const cards = await expectCardsInFull(canvas.getByRole('list', { name: RESPONSES_TABLE_LABEL }), labels);
    await expect(cards).toHaveLength(FEW);
    await expectNoSidewaysScroll(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Go to page 2' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(within(cards[0]).getByRole('button', { name: /^All answers of the response/ }));
    await expect(await screen.findByRole('dialog', { name: RESPONSE_DETAIL_TITLE })).toBeVisible();
  },
};

/** 1440 px with the e-mail question first: dates and addresses are shown in full, not shortened. */
export const WideScreen: Story = {
  args: {
    page: fewOf(1),
    questions: [questions.find((question) => question.type === 'email')!, ...questions.filter((question) => question.type !== 'email')],
  },
  render: (args) => <ResponsesTable {...args} />,
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: RESPONSES_TABLE_LABEL });
    await expect(within(grid).getAllByText(/@mail\.example$/).length).toBeGreaterThan(0);
    await expectColumnsInFull(grid, ['started_at', 'q:q_mail', 'ip_address']);
  },
};
