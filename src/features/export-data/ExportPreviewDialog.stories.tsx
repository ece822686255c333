import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { EXPORT_FIELDS, EXPORT_LABELS } from '@domain/audience/export';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { acmeCompany } from '@/lib/testing/sessions';
import { expectCardsInFull } from '@/lib/testing/tables';
import { EXPORT_PREVIEW_PATH } from './api';
import { ExportPreviewDialog } from './ExportPreviewDialog';
import { exportApiRoutes, FIXTURE_PROFILES, previewOf } from './fixtures';
import { EXPORT_TEXT } from './labels';

const ALL = EXPORT_FIELDS.map((field) => field.id);

const meta = {
  title: 'Export Data/ExportPreviewDialog',
  component: ExportPreviewDialog,
  args: { open: true, onClose: fn(), selection: { companyId: acmeCompany.id, fields: ALL, range: '30d' }, fileName: 'data_export_30d.csv' },
  beforeEach: () => mockFetch(exportApiRoutes()),
} satisfies Meta<typeof ExportPreviewDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: EXPORT_LABELS.preview }));

/** Every field: ten rows as the file holds them, empty values marked. */
export const AllFields: Story = {
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    const table = within(await modal.findByRole('table', { name: EXPORT_LABELS.preview }));
    await expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(EXPORT_FIELDS.map((field) => field.name));
    const rows = table.getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(10);
    const expected = previewOf(FIXTURE_PROFILES, ALL, '30d').rows;
    for (const [index, row] of rows.entries()) {
      await expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(String(expected[index]!.user_id));
    }
    // The fifth profile has no age: a dash, not "null".
    await expect(within(rows[4]!).getAllByRole('cell')[3]).toHaveTextContent('—');
    await userEvent.click(modal.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** A range without profiles. */
export const Empty: Story = {
  beforeEach: () => mockFetch(exportApiRoutes({ profiles: [] })),
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByText(EXPORT_TEXT.previewEmpty)).toBeVisible();
    await expect(modal.queryByRole('table')).not.toBeInTheDocument();
  },
};

/** The server's reason, and a retry. */
export const Fails: Story = {
  beforeEach: () => mockFetch({ [`GET ${EXPORT_PREVIEW_PATH}`]: failure('internal_error', { error: 'The database is not reachable.' }) }),
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByText(EXPORT_TEXT.previewFailed)).toBeVisible();
    await expect(modal.getByText('The database is not reachable.')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** At phone width: a card per row with every chosen field, empty values marked; nothing scrolls sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const modal = await dialog();
    const list = await modal.findByRole('list', { name: EXPORT_LABELS.preview });
    await expect(modal.queryByRole('table')).not.toBeInTheDocument();
    const cards = await expectCardsInFull(list, EXPORT_FIELDS.map((field) => field.name));
    await expect(cards).toHaveLength(10);
    const expected = previewOf(FIXTURE_PROFILES, ALL, '30d').rows;
    await expect(within(cards[0]!).getByText(String(expected[0]!.user_id))).toBeVisible();
    await expect(cards[4]!.querySelectorAll('dd')[3]).toHaveTextContent('—');
    await expectNoSidewaysScroll(canvasElement);
  },
};
