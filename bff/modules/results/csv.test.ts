import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '@domain/csv';
import { responseCells } from '@domain/survey/collection';
import type { Question } from '@domain/survey/types';
import { resultsDialect } from '../../platform/sql';
import { CsvPage } from '../../platform/csvPage';
import { writeResponseLine } from './csv';
import { presentResponse, type ExportRow } from './responseRows';

const questions = [
  { id: 'q_rating', title: 'Rating' },
  { id: 'q_tags', title: 'Tags' },
  { id: 'q_comment', title: '=Comment' },
  { id: 'q_never', title: 'Never answered' },
] as Question[];

const at = Date.UTC(2026, 10, 25, 8, 0, 0, 45);
const rows: ExportRow[] = [
  ['r-1', '10.0.0.1', 'desktop', 'Mozilla/5.0 "quoted"', at, at + 61_001, 61, 1, at, { q_rating: 5, q_tags: ['Fast', 'Clean "and" tidy'], q_comment: 'Plain' }, at],
  ['r-2', null, 'mobile', null, at - 86_400_001, null, null, 0, at - 1, { q_comment: '=HYPERLINK("http://x")', q_tags: [] }, at - 1],
  ['r-3', '::1', 'tablet', '+cmd', String(at - 5), String(at), '4.5', true, String(at), { q_comment: 'line one\r\nline two, with a comma', q_rating: 0 }, at],
  ['r-4', '-1', 'desktop', '@sum', at, at, 0, false, at, {}, at],
  // Instants whose ISO text starts with + or -, which a spreadsheet would read as a formula.
  ['r-5', '10.0.0.5', 'desktop', 'Agent', Date.parse('+010000-01-01T00:00:00.000Z'), Date.parse('-000001-06-01T12:00:00.000Z'), 1, 1, Date.parse('0000-01-01T00:00:00.000Z'), {}, at],
  ['r-6', '10.0.0.6', 'desktop', 'Agent', Date.parse('9999-12-31T23:59:59.999Z'), at, 1, 1, Date.parse('-000001-12-31T23:59:59.999Z'), {}, at],
];

/** The line as the export wrote it before: a SurveyResponse, its cells, each quoted with its formula neutralised. */
function lineFromCells(row: ExportRow, kind: 'sqlite' | 'postgresql'): string {
  const dialect = resultsDialect(kind);
  const [id, ip_address, device_type, user_agent, started_ms, completed_ms, completion_time_seconds, is_complete, created_ms, answers] = row;
  const response = presentResponse({ id, ip_address, device_type, user_agent, started_ms, completed_ms, completion_time_seconds, is_complete, created_ms, answers, identifiers: null }, dialect);
  return responseCells(response, questions)
    .map((cell) => `"${neutraliseFormula(cell).replaceAll('"', '""')}"`)
    .join(',');
}

/** One line as the export writes it, as text. */
function responseCsvLine(row: ExportRow, kind: 'sqlite' | 'postgresql'): string {
  const page = new CsvPage(16);
  writeResponseLine(page, row, questions, resultsDialect(kind));
  return page.take().toString('utf8');
}

describe('writeResponseLine', () => {
  it('writes the cells of responseCells, quoted and neutralised, straight from a stored row on both engines', () => {
    for (const row of rows) {
      // PostgreSQL hands the answers over parsed, SQLite as their JSON text.
      const sqliteRow = row.with(9, JSON.stringify(row[9])) as unknown as ExportRow;
      expect(responseCsvLine(row, 'postgresql')).toBe(lineFromCells(row, 'postgresql'));
      expect(responseCsvLine(sqliteRow, 'sqlite')).toBe(lineFromCells(sqliteRow, 'sqlite'));
    }
    expect(responseCsvLine(rows[1]!, 'postgresql')).toBe(
      `"r-2","","mobile","","2026-11-24T08:00:00.044Z","","","No","2026-11-25T08:00:00.044Z","","","'=HYPERLINK(""http://x"")",""`,
    );
  });
});
