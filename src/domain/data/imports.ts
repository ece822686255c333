/**
 * File import (data document, sections 4, 5, 8 and 9): accepted files, the options of an import
 * and its dry run, what the server answers and the progress it reports while it works.
 */
import * as yup from 'yup';
import { neutraliseFormula } from '../csv';
import { MB } from '../limits';
import { optionalId, uuid } from '../params';
import { RECORD_KINDS, type FieldMapping, type RecordKind } from './unifiedModel';
import type { DataSource } from './sources';

export const IMPORT_EXTENSIONS = ['.csv', '.json', '.xlsx', '.xls'] as const;
export type ImportFileType = 'csv' | 'json' | 'xlsx' | 'xls';
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');

/** The default of IMPORT_MAX_BYTES; the label says "10MB". */
export const IMPORT_DEFAULT_MAX_BYTES = 10 * MB;
export const IMPORT_PREVIEW_ROWS = 5;
/** More columns than any real export has; a file with more is refused, not stored. */
export const IMPORT_MAX_COLUMNS = 500;
/** Excel's own limit for one cell. */
export const IMPORT_MAX_CELL_CHARS = 32_767;
/** Row errors a dry run lists (the total is always counted). */
export const IMPORT_MAX_REPORTED_ERRORS = 1_000;

export const IMPORT_DATE_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;
export type ImportDateRange = (typeof IMPORT_DATE_RANGES)[number];
export const IMPORT_DATE_RANGE_LABELS: Record<ImportDateRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
  all: 'All time',
};
const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<ImportDateRange, number | null> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: null };

/** The earliest time a row's date may have to be kept, or null for all time. */
export function rangeStart(range: ImportDateRange, now: number): number | null {
  const days = RANGE_DAYS[range];
  return days === null ? null : now - days * DAY_MS;
}

export function fileTypeOf(fileName: string): ImportFileType | null {
  const match = /\.(csv|json|xlsx|xls)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as ImportFileType) : null;
}

/** "Imported CSV file with 1200 records" (the import payload's description). */
export function importDescription(fileType: ImportFileType, records: number): string {
  return `Imported ${fileType.toUpperCase()} file with ${records} records`;
}

/** Sent as the multipart field `options` (JSON) beside the file. */
export const importOptionsSchema = yup.object({
  /** Validate the whole file and report, storing nothing. */
  dryRun: yup.boolean().default(false),
  recordKind: yup.string().oneOf(RECORD_KINDS).required('Choose what the records are'),
  /** Column → unified field; '' leaves a column unmapped (kept as it is). */
  mapping: yup.object().default({}).test('mapping', 'Mapping must name unified fields by column', (value) =>
    Object.values(value as Record<string, unknown>).every((target) => typeof target === 'string' && target.length <= 100),
  ),
  /** The column that identifies a record: a re-import updates records with the same value. */
  keyColumn: yup.string().max(200).nullable().default(null),
  /** The column the date range is applied to. */
  dateColumn: yup.string().max(200).nullable().default(null),
  dateRange: yup.string().oneOf(IMPORT_DATE_RANGES).default('all'),
  /** Store the valid rows and skip the invalid ones, instead of refusing the file. */
  skipInvalid: yup.boolean().default(false),
  /** Import into this existing file source (upserts by its key column) instead of a new one. */
  sourceId: uuid().nullable().default(null),
  /** A global admin's choice of company; everyone else imports into their own. */
  companyId: optionalId(),
});
export type ImportOptions = yup.InferType<typeof importOptionsSchema> & { mapping: FieldMapping; recordKind: RecordKind };

/** One problem with one row: its number in the file (the header is row 1 of a CSV). */
export interface RowError {
  row: number;
  field: string;
  value: string;
  reason: string;
}

export const ROW_ERROR_REASONS = {
  missingRequired: (field: string) => `Required: ${field} is empty`,
  missingOneOf: (fields: readonly string[]) => `One of ${fields.join(', ')} is required`,
  duplicateKey: (firstRow: number) => `Duplicate key: the same value as row ${firstRow}`,
  invalidDate: 'Not a date; the date range cannot be applied',
  /** A row with values past the header's last column (often an unquoted comma). */
  extraCells: (columns: number) => `More values than the ${columns} columns of the header`,
  /** NUL, an unpaired surrogate, a reserved key such as __proto__, or nesting deeper than the database and dashboard read. */
  unstorable: 'Holds a character, a key name or nesting that cannot be stored',
  /** Identifiers and keys are kept in indexed columns of this length. */
  tooLong: (max: number) => `Longer than ${max} characters`,
} as const;

export interface ImportColumn {
  name: string;
  /** The unified value type the samples look like. */
  looksLike: 'string' | 'number' | 'datetime' | 'boolean' | 'email';
}

/** The answer of the preview call: the first rows and what the server makes of them. */
export interface ImportPreview {
  fileName: string;
  fileType: ImportFileType;
  columns: ImportColumn[];
  rows: Array<Record<string, string>>;
  /** The CSV delimiter found (',' ';' or tab). */
  delimiter: string | null;
  suggestedKind: RecordKind;
  suggestedMapping: FieldMapping;
  /** A saved template for files with exactly this header, applied in place of the suggestion. */
  template: ImportTemplate | null;
}

export interface ImportTemplate {
  id: string;
  name: string;
  columns: string[];
  recordKind: RecordKind;
  mapping: FieldMapping;
  keyColumn: string | null;
  dateColumn: string | null;
  updatedAt: string;
}

export interface ImportResult {
  dryRun: boolean;
  fileName: string;
  fileType: ImportFileType;
  /** Rows read from the file. */
  totalRows: number;
  /** Rows that would be (or were) stored as new records. */
  added: number;
  /** Rows that replaced a record with the same key. */
  updated: number;
  /** Rows left out: outside the date range, or invalid with skipInvalid. */
  skipped: number;
  outOfRange: number;
  invalidRows: number;
  /** Every error found, up to IMPORT_MAX_REPORTED_ERRORS. */
  errors: RowError[];
  errorCount: number;
  importId: string | null;
  source: DataSource | null;
  template: ImportTemplate | null;
}

/** Streamed by the import call (Accept: application/x-ndjson), one JSON object per line. */
export type ImportEvent =
  | { type: 'progress'; phase: 'receiving' | 'parsing' | 'storing'; bytesReceived: number; bytesTotal: number | null; rowsParsed: number; rowsStored: number }
  | { type: 'result'; status: number; body: ImportResult }
  | { type: 'error'; status: number; body: { error: string; message: string; code: string; report?: ImportResult } };

export const IMPORT_PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

/** A row-error report as CSV lines (the dialog's download); values are neutralised against formula injection. */
export function rowErrorsCsv(errors: readonly RowError[]): string {
  const cell = (value: string | number) => {
    const text = neutraliseFormula(String(value));
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return ['row,field,value,reason', ...errors.map((error) => [error.row, error.field, error.value, error.reason].map(cell).join(','))].join('\n');
}
