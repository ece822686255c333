/**
 * The Export Data CSV (platform document, section 5): one column per chosen field, headed by its
 * id, in EXPORT_FIELDS order. Written as the rows arrive, so the file is never whole in memory.
 *
 * A value holding a comma, a quote or a line break is wrapped in quotes with its quotes doubled;
 * other values are written bare, as the specification words it. Names, locations and statuses come
 * from customers' own data, so every cell has its formula made inert (CsvPage, the rule the
 * responses export uses): a spreadsheet must never run "=HYPERLINK(...)" as a formula.
 */
import type { Readable } from 'node:stream';
import type { ExportFieldId, ExportRow } from '@domain/audience/export';
import { CsvPage, csvPagesStream } from '../../platform/csvPage';

/**
 * The CSV bytes of `pages`, as a stream (csvPagesStream): the header, then each page's rows as one
 * chunk (the first with the header), each row after a CRLF, written as bytes straight from the
 * values (CsvPage): a general CSV writer's per-row objects, field getters and pushes were most of
 * the download's CPU. A profile with none of the chosen fields known is still a row (an empty
 * line): the count announced must hold.
 */
export function exportCsvStream(pages: AsyncIterable<readonly ExportRow[]>, fields: readonly ExportFieldId[], onFailure: (failure: Error) => void): Readable {
  async function* chunks() {
    const csv = new CsvPage();
    // The header goes out with the first page.
    fields.forEach((field, index) => {
      if (index) csv.comma();
      csv.quotedWhenNeeded(field);
    });
    for await (const page of pages) {
      for (const row of page) {
        csv.lineBreak();
        for (let index = 0; index < fields.length; index++) {
          if (index) csv.comma();
          // A missing value is an empty cell.
          const value = row[fields[index]!];
          if (value !== null && value !== undefined) csv.quotedWhenNeeded(String(value));
        }
      }
      yield csv.take();
    }
    if (csv.byteLength) yield csv.take();
  }
  return csvPagesStream(chunks(), onFailure);
}
