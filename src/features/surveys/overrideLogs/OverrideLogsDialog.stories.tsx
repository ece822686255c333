import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { CHECKOUT_OVERRIDE, DELETED_SURVEY_OVERRIDE, overrideLogApiRoutes, PATIENT_PORTAL_OVERRIDE } from './fixtures';
import OverrideLogsDialog from './OverrideLogsDialog';

const meta = {
  title: 'Administration/Override Logs',
  component: OverrideLogsDialog,
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch(overrideLogApiRoutes()),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof OverrideLogsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Override Logs' }));
/** The grid's rows of logs, without its header row. */
const logRows = (modal: ReturnType<typeof within>): HTMLElement[] =>
  modal.getAllByRole('row').filter((row: HTMLElement) => within(row).queryAllByRole('gridcell').length > 0);
const cellOf = (row: HTMLElement, field: string) => {
  const cell = row.querySelector<HTMLElement>(`[role="gridcell"][data-field="${field}"]`);
  if (!cell) throw new Error(`No ${field} cell in the row`);
  return cell;
};

/** Every company's overrides, newest first: when, which survey, whose, who, why, and both settings. */
export const WithLogs: Story = {
  play: async () => {
    const modal = await dialog();
    await modal.findByRole('grid', { name: 'Override logs' });
    await expect(modal.getByRole('status')).toHaveTextContent('4 overrides');
    await expect(modal.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'When',
      'Survey',
      'Company',
      'Changed by',
      'Reason',
      'Identifier settings',
      'Company settings',
    ]);
    await expect(logRows(modal).map((row: HTMLElement) => cellOf(row, 'surveyName').textContent)).toEqual([
      'Checkout Experience',
      'Patient Portal Survey',
      'Spring Sale Poll (deleted)',
      'Garden Range Feedback',
    ]);

    const [checkout] = logRows(modal);
    const when = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(CHECKOUT_OVERRIDE.timestamp));
    await expect(within(cellOf(checkout, 'timestamp')).getByText(when)).toHaveAttribute('datetime', CHECKOUT_OVERRIDE.timestamp);
    await expect(cellOf(checkout, 'userName')).toHaveTextContent('Alice Martin');
    await expect(cellOf(logRows(modal)[1], 'companyName')).toHaveTextContent('Globex');
    // The survey's own settings beside the company's it overrode.
    await expect(cellOf(checkout, 'customSettings')).toHaveTextContent('RequiredUUID (order_id)');
    await expect(cellOf(checkout, 'globalSettings')).toHaveTextContent('RequiredEmail (user_email, email)');
    // A long reason wraps and its row grows to show it whole.
    const reason = cellOf(checkout, 'overrideReason');
    await expect(reason).toHaveTextContent(CHECKOUT_OVERRIDE.overrideReason);
    await expect(reason.scrollWidth).toBeLessThanOrEqual(reason.clientWidth + 1);
    await expect(reason.scrollHeight).toBeLessThanOrEqual(reason.clientHeight + 1);
  },
};

/** A company that asks for no reason, and a survey deleted since its override. */
export const NoReasonAndDeletedSurvey: Story = {
  beforeEach: () =>
    mockFetch(
      overrideLogApiRoutes({
        logs: [PATIENT_PORTAL_OVERRIDE, DELETED_SURVEY_OVERRIDE],
      }),
    ),
  play: async () => {
    const modal = await dialog();
    await modal.findByRole('grid', { name: 'Override logs' });
    const [portal, deleted] = logRows(modal);
    await expect(cellOf(portal, 'overrideReason')).toHaveTextContent('No reason given');
    await expect(cellOf(portal, 'userName')).toHaveTextContent('Carol Chen');
    await expect(cellOf(portal, 'customSettings')).toHaveTextContent('RequiredUUID (portal_user_id), Custom (patient_ref)');
    await expect(cellOf(portal, 'globalSettings')).toHaveTextContent('Not requiredCustom (patient_ref)');
    await expect(within(cellOf(portal, 'surveyName')).queryByText('(deleted)')).not.toBeInTheDocument();

    await expect(within(cellOf(deleted, 'surveyName')).getByText('(deleted)')).toBeVisible();
    await expect(cellOf(deleted, 'overrideReason')).toHaveTextContent(DELETED_SURVEY_OVERRIDE.overrideReason);
    await expect(cellOf(deleted, 'customSettings')).toHaveTextContent('Not requiredEmail (newsletter_email)');
  },
};

/** No override yet: one line, in a dialog sized to it (600 px at most), not one as wide as the screen. */
export const Empty: Story = {
  beforeEach: () => mockFetch(overrideLogApiRoutes({ logs: [] })),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('No identifier overrides yet.'));
    await expect(modal.queryByRole('grid')).not.toBeInTheDocument();
    await expect(modal.queryByRole('status')).not.toBeInTheDocument();
    await expect(screen.getByRole('dialog', { name: 'Override Logs' }).getBoundingClientRect().width).toBeLessThanOrEqual(600);
  },
};

/** With logs, the table takes the room it needs: the dialog grows wider than a message's. */
export const WideWithLogs: Story = {
  play: async () => {
    const modal = await dialog();
    await modal.findByRole('grid', { name: 'Override logs' });
    await expect(screen.getByRole('dialog', { name: 'Override Logs' }).getBoundingClientRect().width).toBeGreaterThan(900);
  },
};

let recovered = false;

/** The logs cannot be loaded: the reason and Retry, which loads them once the server answers again. */
export const LoadFails: Story = {
  beforeEach: () => {
    recovered = false;
    return mockFetch(
      overrideLogApiRoutes({
        list: () => (recovered ? { body: [CHECKOUT_OVERRIDE] } : failure('request_failed', { error: 'Database unavailable' })),
      }),
    );
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('Failed to load override logs'));
    await expect(modal.getByText('Database unavailable')).toBeVisible();
    await expect(modal.queryByRole('grid')).not.toBeInTheDocument();
    recovered = true;
    await userEvent.click(modal.getByRole('button', { name: 'Retry' }));
    await modal.findByRole('grid', { name: 'Override logs' });
    await waitFor(() => expect(logRows(modal)).toHaveLength(1));
    await expect(modal.queryByText('Failed to load override logs')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach: () => mockFetch(overrideLogApiRoutes({ list: { delayMs: Infinity } })),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByRole('progressbar', { name: 'Loading override logs' }));
    await expect(screen.getByRole('dialog', { name: 'Override Logs' }).getBoundingClientRect().width).toBeLessThanOrEqual(600);
  },
};

/** A phone: each override is a card with every column, the long reason wrapped. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const modal = await dialog();
    const cards = await expectCardsInFull(await modal.findByRole('list', { name: 'Override logs' }), [
      'When',
      'Survey',
      'Company',
      'Changed by',
      'Reason',
      'Identifier settings',
      'Company settings',
    ]);
    await expect(cards).toHaveLength(4);
    await expect(within(cards[0]).getByText(CHECKOUT_OVERRIDE.overrideReason)).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** 1440 px: the times, surveys, companies and names in full. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async () => {
    const modal = await dialog();
    const grid = await modal.findByRole('grid', { name: 'Override logs' });
    await expectColumnsInFull(grid, ['timestamp', 'surveyName', 'companyName', 'userName', 'overrideReason']);
  },
};
