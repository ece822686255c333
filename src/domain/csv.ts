/** CSV rules every export shares. */

/** The response header in which a CSV download announces how many rows will come, for its progress. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The first characters that make a spreadsheet read a cell as a formula: = + - @ tab and CR. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r'].map((start) => start.charCodeAt(0)));

/** What goes before such a cell's text so that a spreadsheet reads it as text. */
export const FORMULA_PREFIX = "'";

/**
 * Whether a spreadsheet would run the cell as a formula. (A look at the first character code rather
 * than a regular expression: exports call this for every cell of up to millions of rows.)
 */
export function startsFormula(cell: string): boolean {
  return FORMULA_STARTS.has(cell.charCodeAt(0));
}

/** A cell starting with = + - @ tab or CR would run as a formula in a spreadsheet: prefixed with '. */
export function neutraliseFormula(cell: string): string {
  return startsFormula(cell) ? `${FORMULA_PREFIX}${cell}` : cell;
}
