import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, spyOn, waitFor, within } from 'storybook/test';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { failure, mockFetch, type MockRoutes } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { mockXhr, type XhrCall, type XhrRoutes } from '@/lib/testing/mockXhr';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { SOURCES } from '../fixtures';
import { IMPORT_SUCCESS_CLOSE_MS, ImportDataDialog } from './ImportDataDialog';
import {
  CUSTOMERS_PREVIEW,
  customersFile,
  DRY_RUN_TWO_BAD_ROWS,
  IMPORTED_ALL,
  IMPORTED_VALID_ONLY,
  partNames,
  PREVIEW_WITH_TEMPLATE,
  rowsInvalid,
  sentOptions,
  SHORT_HEADER_PREVIEW,
  STORING_LINES,
  streamed,
  streamedFailure,
  UPSERTED,
} from './importFixtures';

const PREVIEW_ROUTE = 'POST /api/data-sources/import/preview';
const IMPORT_ROUTE = 'POST /api/data-sources/import';

/** The streamed calls of the running story, for its play function to check what was sent. */
let xhrCalls: XhrCall[] = [];

/** Both stand-ins: the preview goes through fetch, the streamed import through XMLHttpRequest. */
function serve(fetchRoutes: MockRoutes, xhrRoutes: XhrRoutes = {}) {
  const restoreFetch = mockFetch(fetchRoutes);
  const restoreXhr = mockXhr(xhrRoutes);
  xhrCalls = restoreXhr.calls;
  return () => {
    restoreFetch();
    restoreXhr();
  };
}

/** A dry run answers the check, a stored import the import; the last options sent are kept for the play function. */
function importRoutes(answers: { check?: typeof DRY_RUN_TWO_BAD_ROWS; store?: (call: XhrCall) => ReturnType<typeof streamed> }) {
  return {
    [IMPORT_ROUTE]: (call: XhrCall) => {
      if (sentOptions(call).dryRun) return streamed(answers.check ?? DRY_RUN_TWO_BAD_ROWS, STORING_LINES.slice(0, 2));
      return answers.store ? answers.store(call) : streamed(IMPORTED_ALL);
    },
  };
}

const meta = {
  title: 'Data Sources/Import/ImportDataDialog',
  component: ImportDataDialog,
  args: { open: true, onClose: fn(), onImported: fn(), companyId: null },
  beforeEach: () => serve({ [PREVIEW_ROUTE]: { body: CUSTOMERS_PREVIEW } }, importRoutes({})),
} satisfies Meta<typeof ImportDataDialog>;
export default meta;

type Story = StoryObj<typeof meta>;
type User = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Import Data' }));

async function chooseCustomersFile(userEvent: User) {
  const modal = await dialog();
  await userEvent.upload(modal.getByLabelText('File to import (max 10MB)'), customersFile());
  return modal;
}

/**
 * Waits for what a streamed answer shows: the stand-in sends the upload progress and each line a
 * few milliseconds apart, which a busy machine stretches.
 */
const streamedStep = (find: () => HTMLElement) => waitFor(() => expect(find()).toBeVisible(), { timeout: 5_000 });

/** Chooses the file and waits for its preview. */
async function previewCustomers(userEvent: User) {
  const modal = await chooseCustomersFile(userEvent);
  await modal.findByRole('region', { name: /Preview: first \d+ rows?/ });
  return modal;
}

/** Step 1: the file picker states what it accepts and the 10MB limit. */
export const ChooseFile: Story = {
  play: async () => {
    const modal = await dialog();
    await expectShown(() => modal.getByRole('button', { name: 'Choose File' }));
    await expect(modal.getByText('CSV, JSON or Excel file (.csv, .json, .xlsx, .xls), max 10MB')).toBeVisible();
    await expect(modal.getByLabelText('File to import (max 10MB)')).toHaveAttribute('accept', '.csv,.json,.xlsx,.xls');
    await expect(modal.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  },
};

/** Step 1, a file chosen: its name and size while the server reads it. A global admin's company goes first. */
export const FileChosen: Story = {
  args: { companyId: 'c-acme' },
  beforeEach: () => serve({ [PREVIEW_ROUTE]: { body: CUSTOMERS_PREVIEW, delayMs: Infinity } }),
  play: async ({ userEvent }) => {
    const spy = spyOn(globalThis, 'fetch');
    const modal = await chooseCustomersFile(userEvent);
    await expectShown(() => modal.getByText('customers.csv'));
    await expect(modal.getByRole('progressbar', { name: 'Reading customers.csv' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Choose Another File' })).toBeDisabled();
    const body = spy.mock.calls[0]?.[1]?.body;
    await expect(partNames(body)).toEqual(['companyId', 'file']);
    await expect((body as FormData).get('companyId')).toBe('c-acme');
  },
};

/** Step 2: the first five rows, the delimiter, what the records are, and a mapping per column (changed here from the keyboard). */
export const PreviewWithMapping: Story = {
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    const preview = within(modal.getByRole('region', { name: /Preview: first 5 rows/ }));
    await expect(preview.getAllByRole('row')).toHaveLength(6);
    await expect(preview.getByText('Kowalska, Anna')).toBeVisible();
    await expect(modal.getByText('Delimiter: comma (,)')).toBeVisible();
    await expect(modal.getByRole('combobox', { name: 'What are the records?' })).toHaveTextContent('People (customers, contacts, accounts)');
    await expect(modal.getByRole('combobox', { name: 'Unified field for email' })).toHaveDisplayValue('E-mail');
    await expect(modal.getByRole('combobox', { name: 'Unified field for signup_date' })).toHaveDisplayValue('Created at');
    await expect(modal.queryByText('Saved mapping applied')).not.toBeInTheDocument();

    // Keyboard only: the city is kept as it is rather than read as a location.
    const city = modal.getByRole('combobox', { name: 'Unified field for city' });
    await expect(city).toHaveDisplayValue('Location');
    await userEvent.selectOptions(city, 'Keep as is');
    await expect(city).toHaveDisplayValue('Keep as is');

    // Two columns may not feed one unified field.
    await userEvent.selectOptions(modal.getByRole('combobox', { name: 'Unified field for full_name' }), 'E-mail');
    await expectShown(() => modal.getByText('Already mapped from email'));
    await expect(modal.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.selectOptions(modal.getByRole('combobox', { name: 'Unified field for full_name' }), 'Name');
    await expect(modal.getByRole('button', { name: 'Check file' })).toBeEnabled();
  },
};

/** Step 2 when a file with this header was imported before: its saved mapping, key and date columns. */
export const SavedMappingApplied: Story = {
  beforeEach: () => serve({ [PREVIEW_ROUTE]: { body: PREVIEW_WITH_TEMPLATE } }, importRoutes({})),
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await expectShown(() => modal.getByText('Saved mapping applied'));
    await expect(modal.getByRole('combobox', { name: 'Unified field for city' })).toHaveDisplayValue('Keep as is');
    await expect(modal.getByRole('combobox', { name: 'Key column for updates (optional)' })).toHaveTextContent('customer_id');
    await expect(modal.getByRole('combobox', { name: 'Date column' })).toHaveTextContent('signup_date');
  },
};

/** Check file: the dry run finds two bad rows, lists them and offers the report as CSV. */
export const DryRunReport: Story = {
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await userEvent.click(modal.getByRole('button', { name: 'Check file' }));

    await streamedStep(() => modal.getByText('2 errors in 2 of 6 rows.'));
    // The options go first, so the server knows what to do with the rows as they arrive.
    await expect(partNames(xhrCalls[0]!.body)).toEqual(['options', 'file']);
    await expect(sentOptions(xhrCalls[0]!)).toMatchObject({
      dryRun: true,
      recordKind: 'people',
      mapping: { customer_id: 'user_id', email: 'email', full_name: 'name' },
      skipInvalid: false,
      sourceId: null,
    });
    await expect(modal.getByText(/Would add: 4 · Would update: 0 · Would skip: 2/)).toBeVisible();
    const errors = within(modal.getByRole('region', { name: 'Row errors' }));
    const rows = errors.getAllByRole('row');
    await expect(rows).toHaveLength(3);
    await expect(rows[1]).toHaveTextContent(/^4emailli\.wei@exampleNot a valid e-mail address$/);
    await expect(rows[2]).toHaveTextContent(/^6signup_date07\/03\/2026Not a date/);

    const created = spyOn(URL, 'createObjectURL');
    await userEvent.click(modal.getByRole('button', { name: 'Download report (CSV)' }));
    await expect(created).toHaveBeenCalledTimes(1);
    const csv = await (created.mock.calls[0]![0] as Blob).text();
    await expect(csv.split('\n')[0]).toBe('row,field,value,reason');
    await expect(csv).toContain('4,email,li.wei@example,Not a valid e-mail address');
    created.mockRestore();
  },
};

/** Import: a determinate bar fed by the server's progress lines, naming the step. */
export const Progress: Story = {
  beforeEach: () => serve({ [PREVIEW_ROUTE]: { body: CUSTOMERS_PREVIEW } }, { [IMPORT_ROUTE]: { lines: STORING_LINES, holdOpen: true } }),
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await userEvent.click(modal.getByRole('button', { name: 'Import' }));
    const bar = await modal.findByRole('progressbar', { name: 'Importing customers.csv' }, { timeout: 5_000 });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'), { timeout: 5_000 });
    await expect(modal.getByText('Storing records')).toBeVisible();
    await expect(modal.getByText('3 of 6 rows stored')).toBeVisible();
    await expect(modal.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  },
};

/** Success: the specification's message with the count, then the dialog closes by itself. */
export const Success: Story = {
  play: async ({ args, userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await userEvent.click(modal.getByRole('button', { name: 'Import' }));
    await streamedStep(() => modal.getByText(DATA_SOURCE_MESSAGES.imported('customers.csv', 6)));
    await expect(args.onImported).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onImported).toHaveBeenCalledWith(IMPORTED_ALL), { timeout: IMPORT_SUCCESS_CLOSE_MS + 2_000 });
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Re-import into customers.csv: its kind is fixed, its key preselected; the result says what was added, updated and skipped. */
export const ReimportUpserts: Story = {
  args: { source: SOURCES.customersCsv },
  beforeEach: () => serve({ [PREVIEW_ROUTE]: { body: CUSTOMERS_PREVIEW } }, importRoutes({ store: () => streamed(UPSERTED) })),
  play: async ({ args, userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await expect(modal.getByText('Into customers.csv: records with the same key are updated.')).toBeVisible();
    await expect(modal.getByRole('combobox', { name: 'What are the records?' })).toHaveAttribute('aria-disabled', 'true');
    await expect(modal.getByRole('combobox', { name: 'Key column for updates (optional)' })).toHaveTextContent('customer_id');
    await userEvent.click(modal.getByRole('button', { name: 'Import' }));
    await streamedStep(() => modal.getByText(DATA_SOURCE_MESSAGES.imported('customers.csv', 5)));
    await expect(modal.getByText('Added: 1 · Updated: 4 · Skipped: 1')).toBeVisible();
    await expect(sentOptions(xhrCalls[0]!)).toMatchObject({ sourceId: SOURCES.customersCsv.id, keyColumn: 'customer_id' });
    await userEvent.click(modal.getByRole('button', { name: 'Done' }));
    await expect(args.onImported).toHaveBeenCalledWith(UPSERTED);
  },
};

/** An import refused for invalid rows shows the report and offers to import the valid rows only. */
export const RowsInvalidImportValidOnly: Story = {
  beforeEach: () =>
    serve(
      { [PREVIEW_ROUTE]: { body: CUSTOMERS_PREVIEW } },
      importRoutes({ store: (call) => (sentOptions(call).skipInvalid ? streamed(IMPORTED_VALID_ONLY) : rowsInvalid(DRY_RUN_TWO_BAD_ROWS)) }),
    ),
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await userEvent.click(modal.getByRole('button', { name: 'Import' }));
    await streamedStep(() => modal.getByText('Some rows are not valid'));
    await expect(within(modal.getByRole('region', { name: 'Row errors' })).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(modal.getByRole('button', { name: 'Import valid rows only' }));
    await streamedStep(() => modal.getByText(DATA_SOURCE_MESSAGES.imported('customers.csv', 4)));
    await expect(sentOptions(xhrCalls[1]!)).toMatchObject({ dryRun: false, skipInvalid: true });
    await expect(modal.getByText('Skipped: 2 rows (outside the date range or not valid)')).toBeVisible();
  },
};

/** A file over the limit: the server's own words. */
export const FileTooLarge: Story = {
  beforeEach: () => serve({ [PREVIEW_ROUTE]: failure('import_too_large') }),
  play: async ({ userEvent }) => {
    const modal = await chooseCustomersFile(userEvent);
    await expectShown(() => modal.getByText('File too large'));
    await expect(modal.getByText('The file must be at most 10 MB.')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Choose Another File' })).toBeEnabled();
  },
};

/** A JSON file that is neither an array nor an object. */
export const InvalidJson: Story = {
  beforeEach: () => serve({ [PREVIEW_ROUTE]: failure('invalid_file', { message: DATA_SOURCE_MESSAGES.invalidJson }) }),
  play: async ({ userEvent }) => {
    const modal = await chooseCustomersFile(userEvent);
    await expectShown(() => modal.getByText(DATA_SOURCE_MESSAGES.invalidJson));
    await expect(modal.getByText(DATA_SOURCE_MESSAGES.importFailed)).toBeVisible();
  },
};

/** The server failed half-way: the specification's message, and the options stay for another try. */
export const ImportFails: Story = {
  beforeEach: () =>
    serve({ [PREVIEW_ROUTE]: { body: CUSTOMERS_PREVIEW } }, { [IMPORT_ROUTE]: streamedFailure(failure('internal_error')) }),
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await userEvent.click(modal.getByRole('button', { name: 'Import' }));
    await streamedStep(() => modal.getByText(DATA_SOURCE_MESSAGES.importFailed));
    await expect(modal.getByRole('button', { name: 'Import' })).toBeEnabled();
  },
};

/** The mapping every import of id, email, name, signup_date and plan starts from. */
const SHORT_HEADER_MAPPING = { id: 'User ID', email: 'E-mail', name: 'Name', signup_date: 'Created at', plan: 'Subscription status' };

async function expectShortHeaderMapped(modal: ReturnType<typeof within>) {
  for (const [column, field] of Object.entries(SHORT_HEADER_MAPPING)) {
    await expect(modal.getByRole('combobox', { name: `Unified field for ${column}` })).toHaveDisplayValue(field);
  }
}

/** A new file of id, email, name, signup_date and plan: every column is mapped. */
export const NewFileMapsEveryColumn: Story = {
  beforeEach: () => serve({ [PREVIEW_ROUTE]: { body: SHORT_HEADER_PREVIEW } }, importRoutes({})),
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await expectShortHeaderMapped(modal);
  },
};

/**
 * The same file as "Import another file" into customers.csv, whose own mapping names other columns
 * (customer_id, full_name): the source keeps its choices and the file's other columns map as for
 * a new file, so all five are mapped here too.
 */
export const ImportAnotherFileMapsEveryColumn: Story = {
  args: { source: { ...SOURCES.customersCsv, mapping: { customer_id: 'user_id', email: 'email', full_name: 'name', signup_date: 'created_at', plan: 'subscription_status' } } },
  beforeEach: () => serve({ [PREVIEW_ROUTE]: { body: SHORT_HEADER_PREVIEW } }, importRoutes({})),
  play: async ({ userEvent }) => {
    const modal = await previewCustomers(userEvent);
    await expect(modal.getByText('Into customers.csv: records with the same key are updated.')).toBeVisible();
    await expectShortHeaderMapped(modal);
  },
};

/** At phone width the dialog fills the screen and each column is a stacked row: column, what it looks like, its first value, then its unified field. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement, userEvent }) => {
    const modal = await previewCustomers(userEvent);
    const mapping = within(modal.getByRole('region', { name: 'Map columns to unified fields' }));
    await expect(mapping.queryByRole('table')).not.toBeInTheDocument();
    await expect(mapping.getAllByRole('listitem')).toHaveLength(CUSTOMERS_PREVIEW.columns.length);
    await expect(mapping.getByText('· E-mail · maria.garcia@example.com')).toBeVisible();
    await expect(mapping.getByRole('combobox', { name: 'Unified field for email' })).toHaveDisplayValue('E-mail');
    await expect(modal.getByRole('button', { name: 'Check file' })).toBeVisible();
    const dialogBox = screen.getByRole('dialog', { name: 'Import Data' });
    await expect(dialogBox.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(canvasElement);
  },
};
