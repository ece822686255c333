/** CSV rules every export shares. */

/** The response header in which a CSV download announces how many rows will come, for its progress. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** A cell starting with = + - @ tab or CR would run as a formula in a spreadsheet: prefixed with '. */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
