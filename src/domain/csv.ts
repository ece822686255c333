/** CSV rules every export shares. */

/** A cell starting with = + - @ tab or CR would run as a formula in a spreadsheet: prefixed with '. */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
