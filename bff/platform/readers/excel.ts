/**
 * Excel workbooks, first worksheet only. .xlsx is read by exceljs from the bytes, after the
 * archive passed the zip checks (its directory sits at the end, so the bytes are gathered first;
 * they are within IMPORT_MAX_BYTES). Legacy .xls is read by @e965/xlsx, a
 * maintained SheetJS build, from the bytes. Both libraries are loaded on first use: most
 * imports are CSV and the BFF need not carry them.
 *
 * Cells become text: formulas as their formula ("=SUM(A1:A2)", never evaluated), dates as ISO
 * strings, numbers and booleans as written.
 */
import { Readable } from 'node:stream';
import type { CellValue } from 'exceljs';
import type { CellObject } from '@e965/xlsx';
import { readAll } from './json';
import { invalidFile } from '../uploads';
import type { RawRow, RowReader } from './rows';
import { checkZip } from './zip';

const BATCH_ROWS = 500;
/** The first bytes of an OLE2 compound file: every real .xls starts with them. */
const CFB_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');

function isoDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

type ExcelJsModule = typeof import('exceljs');

/** exceljs is CommonJS: Node's ESM loader offers it only as the default export, bundlers as named ones. */
async function loadExcelJs(): Promise<ExcelJsModule> {
  const loaded = (await import('exceljs')) as ExcelJsModule & { default?: ExcelJsModule };
  return loaded.default ?? loaded;
}

/** An exceljs cell value as text. */
export function xlsxCellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value !== 'object') return String(value);
  if ('formula' in value && value.formula) return `=${value.formula}`;
  // A shared formula's followers carry no text of their own: their value as Excel last computed it.
  if ('sharedFormula' in value || 'formula' in value) return value.result === undefined ? '' : xlsxCellText(value.result as CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return xlsxCellText(value.text as CellValue);
  if ('error' in value) return value.error;
  return '';
}

/**
 * The first worksheet of an .xlsx workbook, its rows numbered as the sheet numbers them. The
 * workbook is loaded from the bytes already in memory rather than through exceljs's streaming
 * reader, which now and then reads a worksheet before the workbook part that describes it and
 * fails ("reading 'sheets'") on a perfectly good file.
 */
export async function* xlsxRows(stream: Readable): RowReader {
  const bytes = await readAll(stream);
  await checkZip(bytes);
  const ExcelJS = await loadExcelJs();
  let rows: RawRow[];
  try {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    rows = [];
    sheet?.eachRow((row, number) => {
      const values = row.values as CellValue[];
      rows.push({ row: number, cells: values.slice(1).map((value) => xlsxCellText(value)) });
    });
  } catch (failure) {
    if (failure instanceof Error && 'status' in failure) throw failure;
    throw invalidFile(`The file is not a readable .xlsx workbook: ${failure instanceof Error ? failure.message : String(failure)}.`);
  }
  for (let start = 0; start < rows.length; start += BATCH_ROWS) yield rows.slice(start, start + BATCH_ROWS);
}

/** A SheetJS cell as text. */
export function xlsCellText(cell: CellObject | undefined): string {
  if (!cell) return '';
  if (cell.f) return `=${cell.f}`;
  switch (cell.t) {
    case 'd':
      return cell.v instanceof Date ? isoDate(cell.v) : String(cell.v ?? '');
    case 'e':
      return cell.w ?? '#ERROR';
    case 'z':
      return '';
    default:
      return cell.v === undefined ? '' : String(cell.v);
  }
}

/** The first sheet of a legacy .xls workbook (BIFF in an OLE2 compound file). */
export async function* xlsRows(stream: Readable): RowReader {
  const bytes = await readAll(stream);
  if (bytes.length < CFB_SIGNATURE.length || !bytes.subarray(0, CFB_SIGNATURE.length).equals(CFB_SIGNATURE)) {
    throw invalidFile('The file is not an Excel 97-2003 workbook (.xls). Save it as .xlsx or .xls and import it again.');
  }
  const XLSX = await import('@e965/xlsx');
  let rows: Array<Array<CellObject | undefined> | undefined>;
  try {
    // Only the first sheet is parsed; dense sheets hold rows as arrays, so a sparse sheet costs
    // nothing for the cells it does not have.
    const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellDates: true, cellHTML: false, sheets: 0, dense: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    rows = (sheet?.['!data'] as typeof rows | undefined) ?? [];
  } catch (failure) {
    throw invalidFile(`The file is not a readable .xls workbook: ${failure instanceof Error ? failure.message : String(failure)}.`);
  }
  let batch: RawRow[] = [];
  for (let index = 0; index < rows.length; index++) {
    const cells = rows[index];
    if (!cells) continue;
    batch.push({ row: index + 1, cells: Array.from(cells, (cell) => xlsCellText(cell)) });
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
