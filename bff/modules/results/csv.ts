/**
 * The responses CSV (data document, section 9): RESPONSE_CSV_COLUMNS, then 'Q: <title>' per
 * question in survey order, multi-answers joined by '; '. RFC 4180 quoting (every cell quoted,
 * quotes doubled, line breaks kept inside quotes), written as the rows arrive, so the file is
 * never whole in memory.
 *
 * Question titles and answers are written by the public, so every cell and every header goes
 * through neutraliseFormula: a spreadsheet must never run "=HYPERLINK(...)" or "+cmd" as a formula.
 * No byte-order mark: the file is UTF-8, which every current spreadsheet reads without one, and a
 * BOM would become part of the first header for programs that read the file as plain text.
 */
import { PassThrough, Readable, pipeline } from 'node:stream';
import { RESPONSE_CSV_COLUMNS, type SurveyResponse } from '@domain/survey/collection';
import { neutraliseFormula } from '@domain/csv';
import type { Question } from '@domain/survey/types';
import { responseCells } from '@domain/survey/collection';

export function responseCsvHeaders(questions: readonly Question[]): string[] {
  return [...RESPONSE_CSV_COLUMNS, ...questions.map((question) => `Q: ${question.title}`)].map(neutraliseFormula);
}

/** RFC 4180 quoting of a text cell, as every cell of this file is written: quoted, its quotes doubled. */
const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/**
 * The CSV text of `pages`, as a stream: the header, then each page's rows as one string (the first
 * with the header), each row after a CRLF. A page is one chunk (a chunk per row cost a stream step and a compression call per
 * row, and capped the export near 14,000 rows a second), and its text is written straight from
 * the cells: a general CSV writer's per-row objects, field getters and pushes held it near 75,000.
 * Destroying the stream (Koa does when the client goes away) ends the iteration of `pages`, so no
 * further batch is read from the database.
 */
export function responsesCsvStream(pages: AsyncIterable<readonly SurveyResponse[]>, questions: readonly Question[], onFailure: (failure: Error) => void): Readable {
  async function* text() {
    // The header goes out with the first page.
    let chunk = responseCsvHeaders(questions).map(quoted).join(',');
    for await (const page of pages) {
      for (const response of page) {
        const cells = responseCells(response, questions);
        chunk += '\r\n';
        for (let index = 0; index < cells.length; index++) chunk += (index ? ',' : '') + quoted(neutraliseFormula(cells[index]!));
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
