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
 * The CSV text of `rows`, as a stream. Destroying the stream (Koa does when the client goes
 * away) ends the iteration of `rows`, so no further batch is read from the database.
 */
export function responsesCsvStream(rows: AsyncIterable<SurveyResponse>, questions: readonly Question[], onFailure: (failure: Error) => void): Readable {
  const fields = responseCsvHeaders(questions).map((label, index) => ({ label, value: (row: string[]) => row[index] }));
  async function* cellRows() {
    for await (const response of rows) yield responseCells(response, questions).map(neutraliseFormula);
  }
  const csv = new Transform<string[], string[]>({ fields, eol: '\r\n' }, {}, { objectMode: true });
  return pipeline(Readable.from(cellRows()), csv, (failure) => {
    // ERR_STREAM_PREMATURE_CLOSE is the client leaving: nothing failed on our side.
    if (failure && (failure as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(failure);
  });
}
