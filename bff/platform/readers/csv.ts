/**
 * CSV read as it arrives: papaparse over a Node stream (real quoting: quoted delimiters, doubled
 * quotes, line breaks inside quotes), the delimiter guessed from the first rows.
 *
 * papaparse is given the text stream itself rather than used through NODE_STREAM_INPUT: that
 * duplex drops the parser's per-chunk errors (an unclosed quote) and the delimiter it settles on.
 * Backpressure is kept by pausing the text stream whenever the batches waiting here are full.
 */
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { invalidFile } from '../uploads';
import type { ReaderMeta, RawRow, RowReader } from './rows';

export const CSV_DELIMITERS = [',', ';', '\t'];
/**
 * Batches (one per piece of text, about a hundred rows each) waiting for the consumer. One: a row
 * is checked and spooled soon after it is parsed, so it dies young (more waiting batches only kept
 * rows alive longer, and more of them were promoted to the old generation; bench/import.mjs).
 */
const WAITING_BATCHES = 1;
const GUESS_ROWS = 20;

/**
 * The delimiter of a file from its first piece of text. Empty lines are skipped for the guess (a
 * trailing line break would otherwise spoil a short file's field counts), and a last, possibly
 * cut, line is left out.
 */
export function guessDelimiter(sample: string): string {
  const lastBreak = Math.max(sample.lastIndexOf('\n'), sample.lastIndexOf('\r'));
  const complete = lastBreak > 0 ? sample.slice(0, lastBreak) : sample;
  const guess = Papa.parse<string[]>(complete, { delimitersToGuess: CSV_DELIMITERS, skipEmptyLines: 'greedy', preview: GUESS_ROWS });
  const undetectable = guess.errors.some((error) => error.code === 'UndetectableDelimiter');
  return undetectable ? ',' : guess.meta.delimiter;
}

/**
 * Rows of a CSV text stream (strings, see StrictUtf8Text), numbered as records from 1 (the header).
 * The delimiter is guessed from `head()` when given (the start of the text, longer than the
 * parser's first piece), otherwise from that first piece.
 */
export async function* csvRows(text: Readable, meta: ReaderMeta, head?: () => string): RowReader {
  let rowNumber = 0;
  let ended = false;
  const batches = new Readable({
    objectMode: true,
    highWaterMark: WAITING_BATCHES,
    read() {
      if (text.isPaused()) text.resume();
    },
  });
  batches.on('close', () => {
    // The consumer stopped early (a failure): stop reading the upload too.
    if (!ended) text.destroy();
  });

  Papa.parse<string[]>(text, {
    delimiter: (sample: string) => (meta.delimiter = guessDelimiter(head?.() ?? sample)),
    chunk(results) {
      const unclosed = results.errors.find((error) => error.code === 'MissingQuotes');
      if (unclosed) {
        const row = rowNumber + (unclosed.row ?? 0) + 1;
        batches.destroy(invalidFile(`Row ${row}: a quoted value is never closed (a closing " is missing).`));
        return;
      }
      const rows: RawRow[] = results.data.map((cells) => ({ row: ++rowNumber, cells }));
      if (rows.length && !batches.push(rows)) text.pause();
    },
    complete() {
      ended = true;
      batches.push(null);
    },
    error(failure: Error) {
      ended = true;
      batches.destroy(failure);
    },
  });

  for await (const batch of batches) yield batch as RawRow[];
}
