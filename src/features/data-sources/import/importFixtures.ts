/**
 * Files, previews, dry-run reports and streamed answers for the stories of the import dialog: a
 * customer list from a shop's CRM export, as a new file or as a re-import into its source.
 */
import { type ImportEvent, type ImportPreview, type ImportResult, type ImportTemplate } from '@domain/data/imports';
import { FILE_UPLOAD_TYPE } from '@domain/data/sources';
import { autoMap } from '@domain/data/autoMapping';
import { VALUE_REASONS } from '@domain/data/values';
import { failure, type MockAnswer } from '@/lib/testing/mockFetch';
import type { XhrAnswer, XhrCall } from '@/lib/testing/mockXhr';
import { SOURCES } from '../fixtures';

export const CUSTOMERS_CSV = [
  'customer_id,email,full_name,city,signup_date,lifetime_value',
  'C-1001,maria.garcia@example.com,María García,Valencia,2026-01-14,1240.50',
  'C-1002,tom.baker@example.com,Tom Baker,Leeds,2026-02-02,310.00',
  'C-1003,li.wei@example,Li Wei,Singapore,2026-02-19,88.90',
  'C-1004,anna.kowalska@example.com,"Kowalska, Anna",Kraków,2026-03-07,1999.00',
  'C-1005,sam.okafor@example.com,Sam Okafor,Lagos,07/03/2026,450.25',
  'C-1006,jules.martin@example.com,Jules Martin,Lyon,2026-03-21,75.00',
].join('\n');

export const customersFile = () => new File([CUSTOMERS_CSV], 'customers.csv', { type: 'text/csv' });

const COLUMNS = CUSTOMERS_CSV.split('\n')[0]!.split(',');

export const CUSTOMERS_PREVIEW: ImportPreview = {
  fileName: 'customers.csv',
  fileType: 'csv',
  columns: [
    { name: 'customer_id', looksLike: 'string' },
    { name: 'email', looksLike: 'email' },
    { name: 'full_name', looksLike: 'string' },
    { name: 'city', looksLike: 'string' },
    { name: 'signup_date', looksLike: 'datetime' },
    { name: 'lifetime_value', looksLike: 'number' },
  ],
  rows: [
    { customer_id: 'C-1001', email: 'maria.garcia@example.com', full_name: 'María García', city: 'Valencia', signup_date: '2026-01-14', lifetime_value: '1240.50' },
    { customer_id: 'C-1002', email: 'tom.baker@example.com', full_name: 'Tom Baker', city: 'Leeds', signup_date: '2026-02-02', lifetime_value: '310.00' },
    { customer_id: 'C-1003', email: 'li.wei@example', full_name: 'Li Wei', city: 'Singapore', signup_date: '2026-02-19', lifetime_value: '88.90' },
    { customer_id: 'C-1004', email: 'anna.kowalska@example.com', full_name: 'Kowalska, Anna', city: 'Kraków', signup_date: '2026-03-07', lifetime_value: '1999.00' },
    { customer_id: 'C-1005', email: 'sam.okafor@example.com', full_name: 'Sam Okafor', city: 'Lagos', signup_date: '07/03/2026', lifetime_value: '450.25' },
  ],
  delimiter: ',',
  suggestedKind: 'people',
  suggestedMapping: autoMap(COLUMNS, 'people'),
  template: null,
};

/** The mapping saved by the last import of a file with this header: the city is kept as it is. */
export const CUSTOMERS_TEMPLATE: ImportTemplate = {
  id: 'tpl-customers',
  name: 'customers.csv',
  columns: COLUMNS,
  recordKind: 'people',
  mapping: { customer_id: 'user_id', email: 'email', full_name: 'name', signup_date: 'created_at', lifetime_value: 'ltv' },
  keyColumn: 'customer_id',
  dateColumn: 'signup_date',
  updatedAt: '2026-05-20T10:12:00.000Z',
};

export const PREVIEW_WITH_TEMPLATE: ImportPreview = { ...CUSTOMERS_PREVIEW, template: CUSTOMERS_TEMPLATE };

/** A shorter export of the same customers: id, email, name, signup_date, plan. */
export const SHORT_HEADER_PREVIEW: ImportPreview = {
  ...CUSTOMERS_PREVIEW,
  fileName: 'members.csv',
  columns: [
    { name: 'id', looksLike: 'string' },
    { name: 'email', looksLike: 'email' },
    { name: 'name', looksLike: 'string' },
    { name: 'signup_date', looksLike: 'datetime' },
    { name: 'plan', looksLike: 'string' },
  ],
  rows: [
    { id: 'C-1001', email: 'maria.garcia@example.com', name: 'María García', signup_date: '2026-01-14', plan: 'gold' },
    { id: 'C-1002', email: 'tom.baker@example.com', name: 'Tom Baker', signup_date: '2026-02-02', plan: 'member' },
    { id: 'C-1003', email: 'li.wei@example.com', name: 'Li Wei', signup_date: '2026-02-19', plan: 'member' },
  ],
  suggestedMapping: autoMap(['id', 'email', 'name', 'signup_date', 'plan'], 'people'),
};

/** The two bad rows of customers.csv, numbered as in the file (the header is row 1). */
export const TWO_BAD_ROWS = [
  { row: 4, field: 'email', value: 'li.wei@example', reason: VALUE_REASONS.notEmail },
  { row: 6, field: 'signup_date', value: '07/03/2026', reason: VALUE_REASONS.notDate },
];

function result(changes: Partial<ImportResult>): ImportResult {
  return {
    dryRun: false,
    fileName: 'customers.csv',
    fileType: 'csv',
    totalRows: 6,
    added: 6,
    updated: 0,
    skipped: 0,
    outOfRange: 0,
    invalidRows: 0,
    errors: [],
    errorCount: 0,
    importId: 'imp-1',
    source: null,
    template: CUSTOMERS_TEMPLATE,
    ...changes,
  };
}

export const DRY_RUN_TWO_BAD_ROWS = result({ dryRun: true, added: 4, invalidRows: 2, skipped: 2, errors: TWO_BAD_ROWS, errorCount: 2, importId: null, template: null });
export const DRY_RUN_CLEAN = result({ dryRun: true, importId: null, template: null });

const importedSource = { ...SOURCES.customersCsv, id: 'ds-new-import', type: FILE_UPLOAD_TYPE, records: 4, description: 'Imported CSV file with 4 records' };
/** Stored with skipInvalid: the four good rows. */
export const IMPORTED_VALID_ONLY = result({ added: 4, skipped: 2, invalidRows: 2, errors: TWO_BAD_ROWS, errorCount: 2, source: importedSource });
export const IMPORTED_ALL = result({ source: { ...importedSource, records: 6, description: 'Imported CSV file with 6 records' } });
/** A re-import into customers.csv by customer_id. */
export const UPSERTED = result({ added: 1, updated: 4, skipped: 1, outOfRange: 1, source: SOURCES.customersCsv });

const BYTES = 1_024;
const progress = (phase: 'receiving' | 'parsing' | 'storing', bytesReceived: number, rowsParsed: number, rowsStored: number): ImportEvent => ({
  type: 'progress',
  phase,
  bytesReceived,
  bytesTotal: BYTES,
  rowsParsed,
  rowsStored,
});

/** What the server streams for a stored import of the six rows. */
export const STORING_LINES: ImportEvent[] = [
  progress('receiving', 512, 0, 0),
  progress('parsing', BYTES, 6, 0),
  progress('storing', BYTES, 6, 3),
];

export const streamed = (body: ImportResult, lines: ImportEvent[] = STORING_LINES): XhrAnswer => ({
  lines: [...lines, { type: 'result', status: 200, body }],
});

export const rowsInvalid = (report: ImportResult): XhrAnswer => ({
  lines: [
    progress('receiving', BYTES, 0, 0),
    progress('parsing', BYTES, 6, 0),
    {
      type: 'error',
      status: 400,
      body: { ...(failure('import_rows_invalid').body as { error: string; message: string; code: string }), report },
    },
  ],
});

export const streamedFailure = (answer: MockAnswer): XhrAnswer => ({
  lines: [progress('receiving', 256, 0, 0), { type: 'error', status: answer.status ?? 400, body: answer.body }],
});

/** The import options the dialog sent (the first part of the form). */
export function sentOptions(call: XhrCall): Record<string, unknown> {
  const form = call.body as FormData;
  return JSON.parse(String(form.get('options'))) as Record<string, unknown>;
}

/** The names of the parts of a multipart body, in the order they were sent. */
export const partNames = (body: unknown) => [...(body as FormData).keys()];
