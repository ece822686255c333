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
import { answerCell, RESPONSE_CSV_COLUMNS } from '@domain/survey/collection';
import { neutraliseFormula } from '@domain/csv';
import type { Answer, Question } from '@domain/survey/types';
import { isoInstant } from '../../platform/isoInstant';
import type { ResultsDialect } from '../../platform/sql';
import type { ExportRow } from './responseRows';

/** RFC 4180 quoting of a cell, as every cell of this file is written: quoted, its quotes doubled, a formula neutralised. */
function cell(text: string): string {
  const safe = neutraliseFormula(text);
  return safe.includes('"') ? `"${safe.replaceAll('"', '""')}"` : `"${safe}"`;
}

/** The first and the last instant whose ISO text starts with a digit: years 0 to 9999. */
const FIRST_FOUR_DIGIT_YEAR_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_FOUR_DIGIT_YEAR_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant's cell. Its ISO text starts with a digit and holds no quote, so it is written as it
 * is (looking into each of the export's instants to neutralise it cost more than making it).
 */
function instantCell(epochMs: number | string): string {
  const ms = Number(epochMs);
  return ms >= FIRST_FOUR_DIGIT_YEAR_MS && ms <= LAST_FOUR_DIGIT_YEAR_MS ? `"${isoInstant(ms)}"` : cell(isoInstant(ms));
}

/**
 * One response's line: the cells of responseCells (RESPONSE_CSV_COLUMNS, then one per question),
 * written straight from the stored row. The export writes these by the hundred thousand, so no
 * SurveyResponse object or array of cells is made for them (a test holds the two to the same text).
 */
export function responseCsvLine(row: ExportRow, questions: readonly Question[], dialect: ResultsDialect): string {
  const [id, ipAddress, deviceType, userAgent, startedMs, completedMs, completionTimeSeconds, isComplete, createdMs, storedAnswers] = row;
  const answers = dialect.parsedJson<Record<string, Answer> | null>(storedAnswers) ?? {};
  let line =
    `${cell(id)},${cell(ipAddress ?? '')},${cell(deviceType)},${cell(userAgent ?? '')},${instantCell(startedMs)},` +
    `${completedMs === null ? '""' : instantCell(completedMs)},${cell(completionTimeSeconds === null ? '' : String(Number(completionTimeSeconds)))},` +
    `${isComplete ? '"Yes"' : '"No"'},${instantCell(createdMs)}`;
  for (const question of questions) line += `,${cell(answerCell(answers[question.id]))}`;
  return line;
}

/**
 * The CSV text of `pages`, as a stream: the header, then each page's rows as one string (the first
 * with the header), each row after a CRLF. A page is one chunk (a chunk per row cost a stream step and a compression call per
 * row, and capped the export near 14,000 rows a second), and its text is written straight from
 * the stored rows: a general CSV writer's per-row objects, field getters and pushes held it near 75,000.
 * Destroying the stream (Koa does when the client goes away) ends the iteration of `pages`, so no
 * further batch is read from the database.
 */
export function responsesCsvStream(pages: AsyncIterable<readonly ExportRow[]>, questions: readonly Question[], dialect: ResultsDialect, onFailure: (failure: Error) => void): Readable {
  async function* text() {
    // The header goes out with the first page.
    let chunk = [...RESPONSE_CSV_COLUMNS, ...questions.map((question) => `Q: ${question.title}`)].map(cell).join(',');
    for await (const page of pages) {
      for (const row of page) chunk += `\r\n${responseCsvLine(row, questions, dialect)}`;
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
