/**
 * One shape for every format: a header (the column names) and data rows keyed by column, with
 * the file's own row numbers. The hostile-content limits are enforced here, for every format:
 * the number of columns, the length of one value, NUL characters.
 */
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS } from '@domain/data/imports';
import { textOf } from '@domain/data/values';
import { findUnstorable, hasUnstorableCharacter, isReservedKey } from '../storable';
import { invalidFile } from '../uploads';
import type { RawRow, ReaderMeta, RowReader } from './rows';

export interface DataRow {
  /** The row's number as the file's own program shows it (CSV: the header is row 1). */
  row: number;
  /** Its position below the header, from 0: the record's recordIndex. */
  index: number;
  /** Column → value: text for CSV and Excel, the value as given for JSON. */
  values: Record<string, unknown>;
  /** Values past the header's last column (a row with more cells than the header). */
  extra: string[];
  /** Columns whose value may not be stored (platform/storable.ts): the row is reported, not stored. */
  unstorable: string[];
}

export interface Table {
  columns: string[];
  delimiter: string | null;
  rows: AsyncGenerator<DataRow[], void, undefined>;
}

const formatCount = (count: number) => count.toLocaleString('en-US');

function isBlank(cells: readonly unknown[]): boolean {
  return cells.every((cell) => cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === ''));
}

function checkColumnCount(count: number, row: number | null): void {
  if (count > IMPORT_MAX_COLUMNS) {
    const where = row === null ? 'The file has' : `Row ${row} has`;
    throw invalidFile(`${where} ${formatCount(count)} columns; at most ${IMPORT_MAX_COLUMNS} are accepted.`);
  }
}

function checkCell(text: string, row: number, column: string): void {
  if (text.length > IMPORT_MAX_CELL_CHARS) {
    throw invalidFile(
      `Row ${row}: the value in column "${column}" has ${formatCount(text.length)} characters; at most ${formatCount(IMPORT_MAX_CELL_CHARS)} are accepted.`,
    );
  }
}

/**
 * Column names from the header cells: trimmed, a blank one named after its position, a repeated
 * one numbered ("email", "email_2"), so every value has a distinct name to be stored under.
 */
export function columnNames(cells: readonly unknown[]): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  cells.forEach((cell, position) => {
    const base = textOf(cell) || `column_${position + 1}`;
    // Every value is stored under its column's name: a name the database or a plain object cannot hold is refused.
    if (hasUnstorableCharacter(base) || isReservedKey(base)) {
      throw invalidFile(`The header's column ${position + 1} (${JSON.stringify(base)}) cannot be a column name; rename it.`);
    }
    let name = base;
    for (let copy = 2; seen.has(name); copy++) name = `${base}_${copy}`;
    seen.add(name);
    names.push(name);
  });
  return names;
}

/** The header's trailing blank cells are not columns (spreadsheets leave them behind). */
function trimTrailingBlanks(cells: readonly unknown[]): unknown[] {
  let end = cells.length;
  while (end > 0 && isBlank([cells[end - 1]])) end--;
  return cells.slice(0, end);
}

/** A cell's text; a JSON value nested too deeply to be written out again is refused, not a 500. */
function cellText(cell: unknown, row: number): string {
  if (typeof cell === 'string') return cell;
  try {
    return textOf(cell);
  } catch (failure) {
    if (failure instanceof RangeError) throw invalidFile(`Row ${row}: a value is nested too deeply to be read.`);
    throw failure;
  }
}

function toDataRow(raw: RawRow, columns: readonly string[], headerRow: number): DataRow {
  checkColumnCount(raw.cells.length, raw.row);
  const values: Record<string, unknown> = {};
  const extra: string[] = [];
  const unstorable: string[] = [];
  raw.cells.forEach((cell, position) => {
    const column = columns[position];
    const text = cellText(cell, raw.row);
    checkCell(text, raw.row, column ?? `column_${position + 1}`);
    if (findUnstorable(cell)) {
      unstorable.push(column ?? `column_${position + 1}`);
      return;
    }
    if (column === undefined) {
      if (text.trim() !== '') extra.push(text);
    } else if (cell !== undefined) {
      values[column] = cell;
    }
  });
  return { row: raw.row, index: raw.row - headerRow - 1, values, extra, unstorable };
}

/**
 * Reads up to the header and answers the table: its columns, and the data rows still to come.
 * Blank rows are skipped (they keep their numbers: the next row is not renumbered).
 */
export async function openTable(reader: RowReader, meta: ReaderMeta): Promise<Table> {
  let header: RawRow | undefined;
  let pending: RawRow[] = [];
  while (!header) {
    const next = await reader.next();
    if (next.done) throw invalidFile('The file is empty: it has no header row.');
    const batch = next.value;
    // JSON names its header itself (the keys of its records), even when it has no keys at all.
    const found = meta.headerRow !== undefined ? 0 : batch.findIndex((raw) => !isBlank(raw.cells));
    if (found === -1) continue;
    header = batch[found];
    pending = batch.slice(found + 1);
  }

  const headerCells = trimTrailingBlanks(header.cells);
  checkColumnCount(headerCells.length, null);
  headerCells.forEach((cell, position) => checkCell(textOf(cell), header.row, `column_${position + 1}`));
  const columns = columnNames(headerCells);
  if (!columns.length) throw invalidFile('The file has no columns.');
  const headerRow = header.row;

  async function* rows(): AsyncGenerator<DataRow[], void, undefined> {
    const convert = (batch: RawRow[]) => batch.filter((raw) => !isBlank(raw.cells)).map((raw) => toDataRow(raw, columns, headerRow));
    if (pending.length) yield convert(pending);
    pending = [];
    for await (const batch of reader) yield convert(batch);
  }

  return { columns, delimiter: meta.delimiter, rows: rows() };
}
