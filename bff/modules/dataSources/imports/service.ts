/**
 * The two import calls: the preview (first rows, column guesses, suggested mapping, the saved
 * template) and the import itself (dry run, or checked rows stored in one transaction).
 */
import { pipeline } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import {
  fileTypeOf,
  IMPORT_PREVIEW_ROWS,
  importOptionsSchema,
  type ImportColumn,
  type ImportFileType,
  type ImportOptions,
  type ImportPreview,
  type ImportResult,
} from '@domain/data/imports';
import { FILE_UPLOAD_TYPE } from '@domain/data/sources';
import { autoMap, columnSamples, suggestKind } from '@domain/data/autoMapping';
import { readTime, readValue, textOf } from '@domain/data/values';
import { presentDataSource } from '../sources/present';
import { DataSource } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { assertStorable } from '../../../platform/storable';
import { companyFor, findInReach } from '../../../middleware/tenant';
import { validateBody } from '../../../middleware/validate';
import type { Actor } from '../../../types';
import { csvRows } from '../../../platform/readers/csv';
import { xlsRows, xlsxRows } from '../../../platform/readers/excel';
import { invalidOptions, RowsInvalidError } from './failures';
import { jsonRows } from '../../../platform/readers/json';
import { invalidFile, type Upload } from '../../../platform/uploads';
import type { ImportProgress } from './progress';
import type { ReaderMeta, RowReader } from '../../../platform/readers/rows';
import { RecordSpool } from '../records/spool';
import { existingRecordIds, storeImport } from '../records/store';
import { typedCells } from '../records/unify';
import { analyzeTables } from '../../../platform/analyze';
import type { DatabaseKind } from '../../../platform/sql';
import { openTable, type DataRow, type Table } from '../../../platform/readers/table';
import { DATA_SOURCE_NOT_FOUND } from '../sources/present';
import { findTemplate, presentTemplate } from './templates';
import { ErrorReport, planImport, RowChecker, type ImportPlan } from './validate';
import { StrictUtf8Text } from '../../../platform/readers/text';

/** Rows the preview looks at to guess what each column holds. */
const GUESS_SAMPLE_ROWS = 50;

/** The file's type from its name, or 400 unsupported_file. */
export function requireFileType(fileName: string): ImportFileType {
  const fileType = fileTypeOf(fileName);
  if (!fileType) throw apiError('unsupported_file', { message: `"${fileName || 'The file'}" is not a .csv, .json, .xlsx or .xls file.` });
  return fileType;
}

/** The row reader of a file type over the uploaded bytes. */
function readerFor(fileType: ImportFileType, bytes: Upload['file']['stream'], meta: ReaderMeta): RowReader {
  switch (fileType) {
    case 'csv': {
      const text = new StrictUtf8Text();
      // A failure on either side reaches the parser as the text stream's error.
      pipeline(bytes, text, () => undefined);
      return csvRows(text, meta, () => text.head);
    }
    case 'json':
      return jsonRows(bytes, meta);
    case 'xlsx':
      return xlsxRows(bytes);
    case 'xls':
      return xlsRows(bytes);
  }
}

async function readTable(fileType: ImportFileType, upload: Upload): Promise<Table> {
  const meta: ReaderMeta = { delimiter: null };
  return openTable(readerFor(fileType, upload.file.stream, meta), meta);
}

/** What a column's sample values look like, for the mapping dialog's first guess. */
export function looksLike(values: readonly unknown[]): ImportColumn['looksLike'] {
  const present = values.filter((value) => textOf(value) !== '');
  if (!present.length) return 'string';
  const every = (test: (value: unknown) => boolean) => present.every(test);
  if (every((value) => readValue('number', value).ok)) return 'number';
  if (every((value) => readValue('boolean', value).ok)) return 'boolean';
  if (every((value) => readValue('email', value).ok)) return 'email';
  if (every((value) => readTime(value) !== null)) return 'datetime';
  return 'string';
}

function previewRow(columns: readonly string[], row: DataRow): Record<string, string> {
  return Object.fromEntries(columns.map((column) => [column, textOf(row.values[column])]));
}

/** The preview: the whole file is read (so a broken file fails here, not at import), its first rows kept. */
export async function previewImport(em: EntityManager, actor: Actor, upload: Upload): Promise<ImportPreview> {
  const { fileName } = upload.file;
  const fileType = requireFileType(fileName);
  const companyId = await companyFor(em, actor, upload.fields.companyId || null);
  const table = await readTable(fileType, upload);
  const samples: DataRow[] = [];
  for await (const batch of table.rows) {
    for (const row of batch) if (samples.length < GUESS_SAMPLE_ROWS) samples.push(row);
  }
  await upload.finished;
  const { columns } = table;
  const template = await findTemplate(em, companyId, columns);
  const previewColumns = columns.map((name) => ({ name, looksLike: looksLike(samples.map((row) => row.values[name])) }));
  const rows = samples.slice(0, IMPORT_PREVIEW_ROWS).map((row) => previewRow(columns, row));
  // From what the answer carries, so the dialog (which maps with the same function) proposes the same.
  const sampled = columnSamples(previewColumns, rows);
  const suggestedKind = suggestKind(sampled);
  return {
    fileName,
    fileType,
    columns: previewColumns,
    rows,
    delimiter: table.delimiter,
    suggestedKind,
    suggestedMapping: autoMap(sampled, suggestedKind),
    template: template ? presentTemplate(template) : null,
  };
}

export interface PreparedImport {
  options: ImportOptions;
  fileName: string;
  fileType: ImportFileType;
  companyId: string;
  /** The file source to upsert into, when options.sourceId names one. */
  source: DataSource | null;
  createdById: string | null;
}

async function readOptions(text: string | undefined): Promise<ImportOptions> {
  if (text === undefined) throw invalidOptions('Send the import options (the field "options") before the file.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidOptions('The field "options" is not valid JSON.');
  }
  assertStorable(parsed, 'options');
  return (await validateBody(importOptionsSchema, parsed)) as ImportOptions;
}

/**
 * Everything decided before the first byte of the file is read: the options, the file type, the
 * company and, for an upsert, the source (in the caller's reach, a file source).
 */
export async function prepareImport(em: EntityManager, actor: Actor, upload: Upload): Promise<PreparedImport> {
  const options = await readOptions(upload.fields.options);
  const { fileName } = upload.file;
  const fileType = requireFileType(fileName);
  const requestedCompany = options.companyId ?? (upload.fields.companyId || null);
  const createdById = actor.kind === 'user' ? actor.id : null;
  if (!options.sourceId) {
    return { options, fileName, fileType, companyId: await companyFor(em, actor, requestedCompany), source: null, createdById };
  }
  const source = await findInReach(em, actor, DataSource, options.sourceId, DATA_SOURCE_NOT_FOUND);
  if (requestedCompany && requestedCompany !== source.companyId) throw apiError('not_found', DATA_SOURCE_NOT_FOUND);
  if (source.type !== FILE_UPLOAD_TYPE) throw invalidOptions(`${source.name} is not a file source: import into a file source, or into a new one.`, 'sourceId');
  // A keyed source stays keyed: a re-import updates its records by the same column.
  if (options.keyColumn === null && source.keyField) options.keyColumn = source.keyField;
  if (source.recordKind !== options.recordKind) {
    throw invalidOptions(`${source.name} holds ${source.recordKind} records: import ${source.recordKind} records into it, or import into a new source.`, 'recordKind');
  }
  return { options, fileName, fileType, companyId: source.companyId, source, createdById };
}

interface RowCounts {
  totalRows: number;
  outOfRange: number;
  valid: number;
  /** Valid rows whose key already names a record of the target source (dry runs only). */
  existing: number;
  /** The first rows, from which each column's type is guessed as in the preview. */
  samples: DataRow[];
}

/** The columns whose sampled values all read as numbers (at least one present). */
function numericColumnsOf(columns: readonly string[], samples: readonly DataRow[]): string[] {
  return columns.filter((name) => looksLike(samples.map((row) => row.values[name])) === 'number' && samples.some((row) => textOf(row.values[name]) !== ''));
}

/**
 * Reads every row, checks it, and (unless this is a dry run, or an import already refused by an
 * invalid row) spools it for storing.
 */
async function checkRows(
  em: EntityManager,
  prepared: PreparedImport,
  table: Table,
  plan: ImportPlan,
  spool: RecordSpool | null,
  report: ErrorReport,
  progress: ImportProgress,
): Promise<RowCounts> {
  const { options, source } = prepared;
  const checker = new RowChecker(plan, table.columns.length);
  const counts: RowCounts = { totalRows: 0, outOfRange: 0, valid: 0, existing: 0, samples: [] };
  const countExisting = options.dryRun && source !== null && plan.keyColumn !== null;
  const textCells = prepared.fileType !== 'json';
  for await (const batch of table.rows) {
    const keys: string[] = [];
    for (const row of batch) {
      counts.totalRows++;
      if (counts.samples.length < GUESS_SAMPLE_ROWS) counts.samples.push(row);
      const outcome = checker.check(row);
      if (outcome.status === 'outOfRange') {
        counts.outOfRange++;
      } else if (outcome.status === 'invalid') {
        report.add(outcome.errors);
      } else {
        counts.valid++;
        if (outcome.key !== null) keys.push(outcome.key);
        // Once a row is invalid and invalid rows are not skipped, nothing will be stored.
        if (spool && (options.skipInvalid || report.invalidRows === 0)) {
          // Text formats store a mapped number, boolean or list as that type; JSON keeps its own.
          const values = textCells ? typedCells(plan.kind, plan.mapping, row.values, outcome.unified) : row.values;
          spool.add(row.index, outcome.key, values, outcome.unified);
        }
      }
    }
    await spool?.flush();
    if (countExisting) counts.existing += (await existingRecordIds(em as SqlEntityManager, source.id, keys)).size;
    progress.parsed(batch.length);
  }
  return counts;
}

/**
 * The import: reads and checks the whole file while it arrives, then (not for a dry run) stores
 * the rows in one transaction. Invalid rows refuse the import with the report (400
 * import_rows_invalid), unless options.skipInvalid leaves them out. The records are spooled under
 * `spoolRoot` while the file is read.
 */
/** An import that wrote this many records refreshes the planner's statistics of data_records (PostgreSQL). */
export const ANALYZE_AFTER_RECORDS = 1_000;

export async function runImport(
  em: EntityManager,
  prepared: PreparedImport,
  upload: Upload,
  progress: ImportProgress,
  spoolRoot: string,
  kind: DatabaseKind,
): Promise<ImportResult> {
  const { options, fileName, fileType } = prepared;
  upload.file.stream.once('end', () => progress.enter('parsing'));
  const table = await readTable(fileType, upload);
  const plan = planImport(table.columns, options, Date.now());
  const report = new ErrorReport();
  const spool = options.dryRun ? null : await RecordSpool.open(spoolRoot);
  try {
    const counts = await checkRows(em, prepared, table, plan, spool, report, progress);
    await upload.finished;
    progress.enter('parsing');
    if (counts.totalRows === 0) throw invalidFile('The file has no data rows to import.');

    const skipped = counts.outOfRange + (options.skipInvalid ? report.invalidRows : 0);
    const result: ImportResult = {
      dryRun: options.dryRun,
      fileName,
      fileType,
      totalRows: counts.totalRows,
      added: 0,
      updated: 0,
      skipped,
      outOfRange: counts.outOfRange,
      invalidRows: report.invalidRows,
      errors: report.errors,
      errorCount: report.count,
      importId: null,
      source: null,
      template: null,
    };
    if (options.dryRun) return { ...result, added: counts.valid - counts.existing, updated: counts.existing };
    if (report.invalidRows > 0 && !options.skipInvalid) throw new RowsInvalidError(result);
    if (!spool || spool.count === 0) {
      if (report.invalidRows > 0) throw new RowsInvalidError(result);
      throw invalidOptions('No row falls in the chosen date range: there is nothing to import.', 'dateRange');
    }

    const stored = await storeImport(em, {
      companyId: prepared.companyId,
      sourceId: prepared.source?.id ?? null,
      fileName,
      fileType,
      columns: table.columns,
      numericColumns: numericColumnsOf(table.columns, counts.samples),
      delimiter: table.delimiter,
      plan,
      spool,
      progress,
      createdById: prepared.createdById,
    });
    // A large import changes what the planner should expect of the company's records: without
    // autovacuum (off on some servers) nothing else would tell it.
    if (stored.added + stored.updated >= ANALYZE_AFTER_RECORDS) await analyzeTables((em as SqlEntityManager).getKnex(), kind, ['data_records']);
    return {
      ...result,
      added: stored.added,
      updated: stored.updated,
      importId: stored.importId,
      source: presentDataSource(stored.source),
      template: presentTemplate(stored.template),
    };
  } finally {
    await spool?.dispose();
  }
}
