/**
 * The survey_responses table as every results read sees it: the knex handle and SQL dialect the
 * reads share (ResultsDb), the selection of a survey's responses a list or an export covers, a
 * count of such a selection, the columns of a stored response's row and that row presented as the
 * API's SurveyResponse. The UTC-day and percentage helpers the figures share are here too.
 */
import type { Knex } from '@mikro-orm/knex';
import type { DeviceType, Pagination, SurveyResponse } from '@domain/survey/collection';
import type { Answer } from '@domain/survey/types';
import type { Orm } from '../../types';
import { isoInstant } from '../../platform/isoInstant';
import { arrayRowsReader } from '../../platform/preparedRows';
import { asJsonStringContent, containsPattern, knexOf, resultsDialect, type ResultsDialect, toNumber, type DatabaseKind } from '../../platform/sql';
import type { PageRequest, ResponseSelection } from './queries';

export const DAY_MS = 86_400_000;
export const TABLE = 'survey_responses';

/**
 * What the results reads share: the ORM's query builder, the engine's dialect, raw SQL with
 * bindings, and a query's rows as arrays (for reads of many rows).
 */
export interface ResultsDb {
  knex: Knex;
  dialect: ResultsDialect;
  raw: (sql: string, bindings?: readonly Knex.RawBinding[]) => Knex.Raw;
  arrayRows: (query: Knex.QueryBuilder) => Promise<unknown[][]>;
}

export function resultsDbOf(orm: Orm, kind: DatabaseKind): ResultsDb {
  const knex: Knex = knexOf(orm);
  return { knex, dialect: resultsDialect(kind), raw: (sql, bindings = []) => knex.raw(sql, bindings), arrayRows: arrayRowsReader(orm) };
}

/** A stored response's row as the list and the export read it. */
export interface ResponseRow {
  id: string;
  ip_address: string | null;
  device_type: DeviceType;
  user_agent: string | null;
  started_ms: number | string;
  completed_ms: number | string | null;
  completion_time_seconds: number | string | null;
  is_complete: boolean | number;
  created_ms: number | string;
  answers: unknown;
  identifiers: unknown;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
export const percent = (part: number, whole: number) => (whole ? oneDecimal((part / whole) * 100) : 0);
export const startOfUtcDay = (date: Date) => Math.floor(date.getTime() / DAY_MS) * DAY_MS;

export function paginationOf(total: number, { page, limit }: PageRequest): Pagination {
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}

/** The columns the list and the export both read, in this order; instants as epoch milliseconds. */
function storedColumns({ dialect, raw }: ResultsDb): Array<string | Knex.Raw> {
  return [
    'id',
    'ip_address',
    'device_type',
    'user_agent',
    raw(`${dialect.epochMs('started_at')} as started_ms`),
    raw(`${dialect.epochMs('completed_at')} as completed_ms`),
    'completion_time_seconds',
    'is_complete',
    raw(`${dialect.epochMs('created_at')} as created_ms`),
    'answers',
  ];
}

/** The columns of a ResponseRow. */
export const responseColumns = (db: ResultsDb) => [...storedColumns(db), 'identifiers'];

/**
 * A stored response as the CSV export reads it, the columns of exportColumns in order: the file's
 * cells before the answers, then the answers (JSON) and the keyset cursor (created_at exactly as
 * the driver returns it). An array per row rather than an object: the export reads them by the
 * hundred thousand.
 */
export type ExportRow = readonly [
  id: string,
  ipAddress: string | null,
  deviceType: DeviceType,
  userAgent: string | null,
  startedMs: number | string,
  completedMs: number | string | null,
  completionTimeSeconds: number | string | null,
  isComplete: boolean | number,
  createdMs: number | string,
  answers: unknown,
  cursorAt: unknown,
];

/** The columns of an ExportRow. */
export const exportColumns = (db: ResultsDb) => [...storedColumns(db), 'created_at as cursor_at'];

/** Where the export's next batch starts: after this row, in (created_at, id) order. */
export const exportCursorOf = (row: ExportRow) => ({ at: row[10], id: row[0] });

export function presentResponse(row: ResponseRow, dialect: ResultsDialect): SurveyResponse {
  return {
    id: row.id,
    ip_address: row.ip_address,
    device_type: row.device_type,
    user_agent: row.user_agent,
    started_at: isoInstant(row.started_ms),
    completed_at: row.completed_ms === null ? null : isoInstant(row.completed_ms),
    completion_time_seconds: row.completion_time_seconds === null ? null : Number(row.completion_time_seconds),
    is_complete: Boolean(row.is_complete),
    created_at: isoInstant(row.created_ms),
    responses: dialect.parsedJson<Record<string, Answer>>(row.answers),
    identifiers: dialect.parsedJson<Record<string, string> | null>(row.identifiers) ?? {},
  };
}

/** The responses of a survey that a selection covers. */
export function selected({ knex, dialect }: ResultsDb, surveyId: string, selection: ResponseSelection = {}): Knex.QueryBuilder {
  const query = knex(TABLE).where('survey_id', surveyId);
  if (selection.deviceType) query.where('device_type', selection.deviceType);
  if (selection.from) query.where('created_at', '>=', selection.from);
  if (selection.before) query.where('created_at', '<', selection.before);
  if (selection.completed !== undefined) query.where('is_complete', selection.completed);
  if (selection.search) {
    // Answers and identifiers are matched in their stored JSON text, where a quote is \".
    const inJson = containsPattern(asJsonStringContent(selection.search));
    const plain = containsPattern(selection.search);
    const matches = (column: string) => `${column} ${dialect.like} ? escape '\\'`;
    const { responseSearchText } = dialect;
    if (responseSearchText) {
      // Whatever one of the three columns holds, their text together holds too: this condition
      // finds the candidates on the trigram index, and the exact one below checks each of them.
      const patterns = [...new Set([inJson, plain])];
      query.where((candidates) => {
        for (const pattern of patterns) candidates.orWhereRaw(matches(responseSearchText), [pattern]);
      });
    }
    query.where((search) =>
      search
        .whereRaw(matches(dialect.jsonText('answers')), [inJson])
        .orWhereRaw(matches(dialect.jsonText('identifiers')), [inJson])
        .orWhereRaw(matches('user_agent'), [plain]),
    );
  }
  return query;
}

export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total: number | string } | undefined;
  return toNumber(row?.total);
}
