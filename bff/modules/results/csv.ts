/**
 * The responses CSV (data document, section 9): RESPONSE_CSV_COLUMNS, then 'Q: <title>' per
 * question in survey order, multi-answers joined by '; '. RFC 4180 quoting (every cell quoted,
 * quotes doubled, line breaks kept inside quotes), written as the rows arrive, so the file is
 * never whole in memory.
 *
 * Question titles and answers are written by the public, so every cell and every header has its
 * formula made inert (CsvPage.quoted): a spreadsheet must never run "=HYPERLINK(...)" or "+cmd".
 * No byte-order mark: the file is UTF-8, which every current spreadsheet reads without one, and a
 * BOM would become part of the first header for programs that read the file as plain text.
 */
import type { Readable } from 'node:stream';
import { answerCell, RESPONSE_CSV_COLUMNS } from '@domain/survey/collection';
import type { Answer, Question } from '@domain/survey/types';
import { CsvPage, csvPagesStream } from '../../platform/csvPage';
import { isoInstant } from '../../platform/isoInstant';
import type { ResultsDialect } from '../../platform/sql';
import type { ExportRow } from './responseRows';

/** The first and the last instant whose ISO text starts with a digit: years 0 to 9999. */
const FIRST_FOUR_DIGIT_YEAR_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_FOUR_DIGIT_YEAR_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant's cell. Its ISO text starts with a digit and holds no quote, so it is written as it
 * is (looking into each of the export's instants to neutralise it cost more than making it).
 */
function instantCell(page: CsvPage, epochMs: number | string): void {
  const ms = Number(epochMs);
  if (ms >= FIRST_FOUR_DIGIT_YEAR_MS && ms <= LAST_FOUR_DIGIT_YEAR_MS) page.quotedPlain(isoInstant(ms));
  else page.quoted(isoInstant(ms));
}

/**
 * One response's line, without its line break: the cells of responseCells (RESPONSE_CSV_COLUMNS,
 * then one per question), written straight from the stored row. The export writes these by the
 * hundred thousand, so no SurveyResponse object or array of cells is made for them (a test holds
 * the two to the same text).
 */
export function writeResponseLine(page: CsvPage, row: ExportRow, questions: readonly Question[], dialect: ResultsDialect): void {
  const [id, ipAddress, deviceType, userAgent, startedMs, completedMs, completionTimeSeconds, isComplete, createdMs, storedAnswers] = row;
  const answers = dialect.parsedJson<Record<string, Answer> | null>(storedAnswers) ?? {};
  page.quoted(id);
  page.comma();
  page.quoted(ipAddress ?? '');
  page.comma();
  page.quoted(deviceType);
  page.comma();
  page.quoted(userAgent ?? '');
  page.comma();
  instantCell(page, startedMs);
  page.comma();
  if (completedMs === null) page.quotedPlain('');
  else instantCell(page, completedMs);
  page.comma();
  page.quoted(completionTimeSeconds === null ? '' : String(Number(completionTimeSeconds)));
  page.comma();
  page.quotedPlain(isComplete ? 'Yes' : 'No');
  page.comma();
  instantCell(page, createdMs);
  for (const question of questions) {
    page.comma();
    page.quoted(answerCell(answers[question.id]));
  }
}

/**
 * The CSV bytes of `pages`, as a stream (csvPagesStream): the header, then each page's rows as one
 * chunk (the first with the header), each row after a CRLF, written as bytes straight from the
 * stored rows (CsvPage).
 */
export function responsesCsvStream(pages: AsyncIterable<readonly ExportRow[]>, questions: readonly Question[], dialect: ResultsDialect, onFailure: (failure: Error) => void): Readable {
  async function* chunks() {
    const csv = new CsvPage();
    // The header goes out with the first page.
    [...RESPONSE_CSV_COLUMNS, ...questions.map((question) => `Q: ${question.title}`)].forEach((header, index) => {
      if (index) csv.comma();
      csv.quoted(header);
    });
    for await (const page of pages) {
      for (const row of page) {
        csv.lineBreak();
        writeResponseLine(csv, row, questions, dialect);
      }
      yield csv.take();
    }
    if (csv.byteLength) yield csv.take();
  }
  return csvPagesStream(chunks(), onFailure);
}
