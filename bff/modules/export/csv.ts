/**
 * The Export Data CSV (platform document, section 5): one column per chosen field, headed by its
 * id, in EXPORT_FIELDS order. Written as the rows arrive, so the file is never whole in memory.
 *
 * A value holding a comma, a quote or a line break is wrapped in quotes with its quotes doubled;
 * other values are written bare, as the specification words it. Names, locations and statuses come
 * from customers' own data, so every cell goes through neutraliseFormula (src/domain/csv.ts, the
 * rule the responses export uses): a spreadsheet must never run "=HYPERLINK(...)" as a formula.
 */
import { PassThrough, Readable, pipeline } from 'node:stream';
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

/**
 * The CSV text of `pages`, as a stream: the header, then each page's rows as one string (the first
 * with the header), each row after a CRLF. A page is one chunk (a chunk per row would cost a stream step and a compression
 * call per row), and its text is written straight from the values: a general CSV writer's per-row
 * objects, field getters and pushes were most of the download's CPU. A profile with none of the
 * chosen fields known is still a row (an empty line): the count announced must hold. Destroying
 * the stream (the route does when the client goes away) ends the iteration of `pages`, so no
 * further page is read from the database.
 */
export function exportCsvStream(pages: AsyncIterable<readonly ExportRow[]>, fields: readonly ExportFieldId[], onFailure: (failure: Error) => void): Readable {
  async function* text() {
    // The header goes out with the first page.
    let chunk = fields.map(quotedWhenNeeded).join(',');
    for await (const page of pages) {
      for (const row of page) {
        chunk += '\r\n';
        for (let index = 0; index < fields.length; index++) chunk += (index ? ',' : '') + quotedWhenNeeded(cellOf(row[fields[index]!]));
      }
      yield chunk;
      chunk = '';
    }
    if (chunk) yield chunk;
  }
  return pipeline(Readable.from(text(), { highWaterMark: 1 }), new PassThrough({ highWaterMark: 1 }), (failure) => {
    // ERR_STREAM_PREMATURE_CLOSE is the client leaving: nothing failed on our side.
    if (failure && (failure as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(failure);
  });
}
