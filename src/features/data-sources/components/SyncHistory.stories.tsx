import type { Meta, StoryObj } from '@storybook/react-vite';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { expect, waitFor, within } from 'storybook/test';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, SYNC_RUN_STATUS_LABELS, type SyncRunView } from '@domain/data/connectors';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { dataSourceApiRoutes, REST_ERROR, REST_RUNS, run, SOURCES } from '../fixtures';
import { RunsTable, SyncHistory, when } from './SyncHistory';

/** A source card's width on the Data Sources screen. */
const CARD_WIDTH = 420;

let calls: MockCall[] = [];
/** The runs' reads fail until the story lets them through. */
let refusingRuns = false;

const RUNS_PATH = (id: string) => `/api/data-sources/${id}/runs`;
const runsReads = (id: string) => calls.filter((call) => call.method === 'GET' && call.path === RUNS_PATH(id)).length;

/** The failed source's history: its failed run over an earlier one that went through. */
const FAILED_RUNS: SyncRunView[] = [
  SOURCES.restFailed.lastRun as SyncRunView,
  run(SOURCES.restFailed.id, 1, { added: 300, processed: 300 }),
];

/** The syncing source's history: the run under way over the last finished one. */
const RUNNING_RUNS: SyncRunView[] = [
  SOURCES.restSyncing.lastRun as SyncRunView,
  run(SOURCES.restSyncing.id, 1, { added: 9_200, processed: 9_200 }),
];

const STORY_RUNS = {
  [SOURCES.restApi.id]: REST_RUNS,
  [SOURCES.restFailed.id]: FAILED_RUNS,
  [SOURCES.restSyncing.id]: RUNNING_RUNS,
};
const STORY_SOURCES = [SOURCES.restApi, SOURCES.restFailed, SOURCES.restSyncing, SOURCES.hubspot];

const meta = {
  title: 'Data Sources/SyncHistory',
  component: SyncHistory,
  args: { source: SOURCES.restApi },
  decorators: [
    // Inside a source card as wide as on the Data Sources screen, where the history is shown.
    (Story) => (
      <Card variant="outlined" data-card sx={{ maxWidth: CARD_WIDTH }}>
        <CardContent>
          <Story />
        </CardContent>
      </Card>
    ),
  ],
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes({ sources: STORY_SOURCES, runs: STORY_RUNS }));
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof SyncHistory>;
export default meta;

type Story = StoryObj<typeof meta>;

const formatCount = (value: number) => new Intl.NumberFormat().format(value);

/** The row of that run, found by its start. */
const rowOf = (table: HTMLElement, started: SyncRunView) => {
  const cell = within(table).getByText(when(started.startedAt));
  const row = cell.closest('tr');
  if (!row) throw new Error('The start is not in a row');
  return row;
};

/** Closed, nothing is read; opened, the runs are read and listed newest first. */
export const ClosedThenOpened: Story = {
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: CONNECTOR_LABELS.history });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    await expect(runsReads(SOURCES.restApi.id)).toBe(0);

    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await canvas.findByRole('table', { name: CONNECTOR_LABELS.syncHistoryOf(SOURCES.restApi.name) });
    await expect(runsReads(SOURCES.restApi.id)).toBe(1);
    const [newest, , failed] = REST_RUNS;
    const firstRow = rowOf(table, newest);
    await expect(firstRow).toHaveTextContent(SYNC_RUN_STATUS_LABELS.succeeded);
    // Newest first: the first run's row comes before the older failed one's.
    await expect(firstRow.compareDocumentPosition(rowOf(table, failed)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

/**
 * At a card's width the table may be wider than the card: it scrolls sideways inside its own
 * region, which takes the keyboard's focus, and the card keeps its width.
 */
export const AtCardWidth: Story = {
  args: { initiallyOpen: true },
  play: async ({ canvas, canvasElement }) => {
    const region = await canvas.findByRole('region', { name: CONNECTOR_LABELS.syncHistoryOf(SOURCES.restApi.name) });
    await expect(region).toHaveAttribute('tabindex', '0');
    const card = canvasElement.querySelector<HTMLElement>('[data-card]');
    if (!card) throw new Error('No card around the history');
    await expect(card.getBoundingClientRect().width).toBeLessThanOrEqual(CARD_WIDTH);
    await expect(region.getBoundingClientRect().right).toBeLessThanOrEqual(card.getBoundingClientRect().right);
  },
};

/** A source never synced: the history says so instead of an empty table. */
export const Empty: Story = {
  args: { source: SOURCES.hubspot, initiallyOpen: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(CONNECTOR_LABELS.noRuns)).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

/** A failed run: its first error on its own line, right below the run, across the whole table. */
export const FailedRunWithFirstError: Story = {
  args: { source: SOURCES.restFailed, initiallyOpen: true },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: CONNECTOR_LABELS.syncHistoryOf(SOURCES.restFailed.name) });
    const [failed, succeeded] = FAILED_RUNS;
    const runRow = rowOf(table, failed);
    await expect(runRow).toHaveTextContent(SYNC_RUN_STATUS_LABELS.failed);
    await expect(runRow).not.toHaveTextContent(REST_ERROR);

    const error = within(table).getByText(`${CONNECTOR_LABELS.firstError}: ${REST_ERROR}`);
    await expect(error).toBeVisible();
    const errorRow = error.closest('tr');
    await expect(runRow.nextElementSibling).toBe(errorRow);
    await expect(error.closest('td')).toHaveAttribute('colspan', '5');
    // The run that went through has no error line.
    await expect(rowOf(table, succeeded).nextElementSibling?.textContent ?? '').not.toContain(CONNECTOR_LABELS.firstError);
  },
};

/** A run still under way: started, but its finish is not yet known. */
export const RunStillRunning: Story = {
  args: { source: SOURCES.restSyncing, initiallyOpen: true },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: CONNECTOR_LABELS.syncHistoryOf(SOURCES.restSyncing.name) });
    const [running, finished] = RUNNING_RUNS;
    const runningRow = rowOf(table, running);
    await expect(runningRow).toHaveTextContent(SYNC_RUN_STATUS_LABELS.running);
    await expect(within(runningRow).getByText(`${CONNECTOR_LABELS.finished} ${when(null)}`)).toBeVisible();
    await expect(within(rowOf(table, finished)).queryByText(`${CONNECTOR_LABELS.finished} ${when(null)}`)).not.toBeInTheDocument();
  },
};

/** While the runs are read, a spinner named after the history. */
export const Loading: Story = {
  args: { initiallyOpen: true },
  beforeEach: () => {
    const restore = mockFetch({
      ...dataSourceApiRoutes({ sources: STORY_SOURCES, runs: STORY_RUNS }),
      [`GET ${RUNS_PATH(SOURCES.restApi.id)}`]: { delayMs: Infinity },
    });
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: CONNECTOR_LABELS.history })).toBeVisible();
  },
};

/** The history cannot be read: the failure with its reason, and Retry reads it again. */
export const LoadErrorThenRetry: Story = {
  args: { initiallyOpen: true },
  beforeEach: () => {
    refusingRuns = true;
    const restore = mockFetch({
      ...dataSourceApiRoutes({ sources: STORY_SOURCES, runs: STORY_RUNS }),
      [`GET ${RUNS_PATH(SOURCES.restApi.id)}`]: () => (refusingRuns ? failure('internal_error') : { body: REST_RUNS }),
    });
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await expectShown(() => canvas.getByText(CONNECTOR_MESSAGES.runsFailed));
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    refusingRuns = false;
    const reads = runsReads(SOURCES.restApi.id);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('table', { name: CONNECTOR_LABELS.syncHistoryOf(SOURCES.restApi.name) })).toBeVisible();
    await expect(runsReads(SOURCES.restApi.id)).toBeGreaterThan(reads);
    await waitFor(() => expect(canvas.queryByText(CONNECTOR_MESSAGES.runsFailed)).not.toBeInTheDocument());
  },
};

/** The table alone, as the history shows it: the columns, and each run's counts in its row. */
export const RunsTableWithSeveralRuns: Story = {
  render: () => <RunsTable name={SOURCES.restApi.name} runs={REST_RUNS} />,
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: CONNECTOR_LABELS.syncHistoryOf(SOURCES.restApi.name) });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    await expect(headers).toEqual([CONNECTOR_LABELS.started, CONNECTOR_LABELS.status, CONNECTOR_LABELS.added, CONNECTOR_LABELS.updated, CONNECTOR_LABELS.failed]);

    // One row per run, and one more for the failed run's error.
    const withErrors = REST_RUNS.filter((each) => each.firstError).length;
    await expect(within(table).getAllByRole('row')).toHaveLength(1 + REST_RUNS.length + withErrors);

    for (const each of REST_RUNS) {
      const cells = within(rowOf(table, each)).getAllByRole('cell').map((cell) => cell.textContent);
      await expect(cells.slice(1)).toEqual([SYNC_RUN_STATUS_LABELS[each.status], formatCount(each.added), formatCount(each.updated), formatCount(each.failed)]);
    }
  },
};
