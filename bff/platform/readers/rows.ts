/** What every format's reader yields: rows of cells in file order, in small batches. */

export interface RawRow {
  /** The row's own number in the file: a CSV line record or a sheet row (1-based); a JSON record's position. */
  row: number;
  cells: unknown[];
}

/** Facts a reader learns while it reads (the CSV delimiter). */
export interface ReaderMeta {
  delimiter: string | null;
  /**
   * The number the header row has. JSON has no header row: its records are numbered from 1, so
   * its header counts as row 0.
   */
  headerRow?: number;
}

export type RowReader = AsyncGenerator<RawRow[], void, undefined>;
