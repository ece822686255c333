/**
 * The responses CSV (data document, section 9): RESPONSE_CSV_COLUMNS, then 'Q: <title>' per
 * question in survey order, multi-answers joined by '; '. Written by @json2csv/node's Transform
 * (RFC 4180 quoting: every text cell quoted, quotes doubled, line breaks kept inside quotes) as
 * the rows arrive, so the file is never whole in memory.
 *
 * Question titles and answers are written by the public, so every cell and every header goes
 * through neutraliseFormula: a spreadsheet must never run "=HYPERLINK(...)" or "+cmd" as a formula.
 * No byte-order mark: the file is UTF-8, which every current spreadsheet reads without one, and a
 * BOM would become part of the first header for programs that read the file as plain text.
 */
import { Readable, pipeline } from 'node:stream';
import { Transform } from '@json2csv/node';
import { RESPONSE_CSV_COLUMNS, type SurveyResponse } from '@domain/survey/collection';
import { neutraliseFormula } from '@domain/csv';
import type { Question } from '@domain/survey/types';
import { responseCells } from '@domain/survey/collection';

export function responseCsvHeaders(questions: readonly Question[]): string[] {
  return [...RESPONSE_CSV_COLUMNS, ...questions.map((question) => `Q: ${question.title}`)].map(neutraliseFormula);
}

/**
 * The CSV text of `pages`, as a stream. Each page goes through the CSV writer as one piece (its
 * rows unwound by a transform), so a page becomes one chunk of text: a chunk per row cost a stream
 * step and a compression call per row, and capped the export near 14,000 rows a second. Destroying
 * the stream (Koa does when the client goes away) ends the iteration of `pages`, so no further
 * batch is read from the database.
 */
export function responsesCsvStream(pages: AsyncIterable<readonly SurveyResponse[]>, questions: readonly Question[], onFailure: (failure: Error) => void): Readable {
  const fields = responseCsvHeaders(questions).map((label, index) => ({ label, value: (row: string[]) => row[index] }));
  async function* cellPages() {
    for await (const page of pages) yield { rows: page.map((response) => responseCells(response, questions).map(neutraliseFormula)) };
  }
  const csv = new Transform<{ rows: string[][] }, string[]>(
    { fields, transforms: [(page) => page.rows], eol: '\r\n' },
    {},
    // One page waiting at each step: the default of 16 objects would hold 16 pages.
    { objectMode: true, highWaterMark: 1 },
  );
  return pipeline(Readable.from(cellPages(), { highWaterMark: 1 }), csv, (failure) => {
    // ERR_STREAM_PREMATURE_CLOSE is the client leaving: nothing failed on our side.
    if (failure && (failure as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(failure);
  });
}
