/**
 * The Export Data CSV (platform document, section 5): one column per chosen field, headed by its
 * id, in EXPORT_FIELDS order. Written by @json2csv/node's Transform as the rows arrive, so the file
 * is never whole in memory.
 *
 * A value holding a comma, a quote or a line break is wrapped in quotes with its quotes doubled;
 * other values are written bare, as the specification words it. Names, locations and statuses come
 * from customers' own data, so every cell goes through neutraliseFormula (src/domain/csv.ts, the
 * rule the responses export uses): a spreadsheet must never run "=HYPERLINK(...)" as a formula.
 */
import { Readable, pipeline } from 'node:stream';
import { Transform } from '@json2csv/node';
import type { ExportFieldId, ExportRow } from '@domain/audience/export';
import { neutraliseFormula } from '@domain/csv';

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180 quoting, only where a value needs it. */
export function quotedWhenNeeded(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The text of one cell before quoting: empty for a missing value, a formula made inert. */
export function cellOf(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return neutraliseFormula(String(value));
}

type Cells = Partial<Record<ExportFieldId, string>>;

/**
 * The CSV text of `pages`, as a stream. Each page goes through the CSV writer as one piece (its
 * rows unwound by a transform), so a page becomes one chunk of text: a chunk per row would cost a
 * stream step and a compression call per row. Destroying the stream (the route does when the
 * client goes away) ends the iteration of `pages`, so no further page is read from the database.
 */
export function exportCsvStream(pages: AsyncIterable<readonly ExportRow[]>, fields: readonly ExportFieldId[], onFailure: (failure: Error) => void): Readable {
  const columns = fields.map((id) => ({ label: id, value: (cells: Cells) => cells[id] }));
  async function* cellPages() {
    for await (const page of pages) {
      yield {
        rows: page.map((row) => {
          const cells: Cells = {};
          for (const field of fields) cells[field] = cellOf(row[field]);
          return cells;
        }),
      };
    }
  }
  const csv = new Transform<{ rows: Cells[] }, Cells>(
    {
      fields: columns,
      transforms: [(page) => page.rows],
      eol: '\r\n',
      formatters: { string: quotedWhenNeeded, header: quotedWhenNeeded },
      // A profile with none of the chosen fields known is still a row: the count announced must hold.
      includeEmptyRows: true,
    },
    {},
    // One page waiting at each step: the default of 16 objects would hold 16 pages.
    { objectMode: true, highWaterMark: 1 },
  );
  return pipeline(Readable.from(cellPages(), { highWaterMark: 1 }), csv, (failure) => {
    // ERR_STREAM_PREMATURE_CLOSE is the client leaving: nothing failed on our side.
    if (failure && (failure as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(failure);
  });
}
