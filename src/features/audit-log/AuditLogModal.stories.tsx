import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import AuditLogModal, { NO_AUDIT_ENTRIES } from './AuditLogModal';
import { auditLogApiRoutes, CREDENTIALS_ENTRY, EXPORT_ENTRY, REFUSED_ENTRY, ROLE_ENTRY } from './fixtures';

const meta = {
  title: 'Administration/Audit Log',
  component: AuditLogModal,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(auditLogApiRoutes()),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof AuditLogModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Audit Log' }));
const entryRows = (modal: ReturnType<typeof within>): HTMLElement[] =>
  modal.getAllByRole('row').filter((row: HTMLElement) => within(row).queryAllByRole('gridcell').length > 0);
const cellOf = (row: HTMLElement, field: string) => {
  const cell = row.querySelector<HTMLElement>(`[role="gridcell"][data-field="${field}"]`);
  if (!cell) throw new Error(`No ${field} cell in the row`);
  return cell;
};

/** Newest first, a page at a time: who, from where, on what, and what changed (a secret only as "changed"). */
export const WithEntries: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('grid', { name: 'Audit log entries' });
    await expect(modal.getByRole('status')).toHaveTextContent('4 entries shown');
    const [exported, credentials, , role] = entryRows(modal);
    await expect(cellOf(exported, 'action')).toHaveTextContent('Profiles exported');
    await expect(cellOf(exported, 'changes')).toHaveTextContent('rows: 14365');
    await expect(cellOf(exported, 'address')).toHaveTextContent(EXPORT_ENTRY.address!);
    await expect(cellOf(credentials, 'target')).toHaveTextContent(`Data source: ${CREDENTIALS_ENTRY.target.label}`);
    await expect(cellOf(credentials, 'changes')).toHaveTextContent('apiKey: changed');
    await expect(cellOf(role, 'changes')).toHaveTextContent('role: user → company_admin');
    await expect(cellOf(role, 'actor')).toHaveTextContent(ROLE_ENTRY.actor.email!);

    await userEvent.click(modal.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(modal.getByRole('status')).toHaveTextContent('6 entries'));
    await expect(modal.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const refused = entryRows(modal)[4];
    await expect(cellOf(refused, 'changes')).toHaveTextContent('Refused: invalid_credentials');
    await expect(cellOf(refused, 'address')).toHaveTextContent(REFUSED_ENTRY.address!);
  },
};

/** Choosing an action asks the server for those entries only. */
export const FilteredByAction: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByRole('grid', { name: 'Audit log entries' });
    await userEvent.click(modal.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sign-in refused (password)' }));
    await waitFor(() => expect(modal.getByRole('status')).toHaveTextContent(/^1 entry$/));
    await expect(cellOf(entryRows(modal)[0], 'action')).toHaveTextContent('Sign-in refused (password)');
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(auditLogApiRoutes([])),
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByText(NO_AUDIT_ENTRIES)).toBeVisible();
  },
};

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ 'GET /api/audit-log': failure('internal_error', { error: 'Database unavailable' }) }),
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByText('Failed to load the audit log'));
    await expectShown(() => modal.getByRole('button', { name: 'Retry' }));
  },
};

/** At phone width the dialog fills the screen; each entry reads as a card of its own. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const modal = await dialog();
    const cards = within(await modal.findByRole('list', { name: 'Audit log entries' })).getAllByRole('listitem');
    await expect(cards).toHaveLength(4);
    await expect(cards[0]).toHaveTextContent('Profiles exported');
    await expect(modal.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};
