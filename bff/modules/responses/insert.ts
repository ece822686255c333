/**
 * A response's first write, the path a campaign's traffic takes: the response's row (every column
 * of the entity, by the column map of columns.ts), its place in the tally queue, and the rows of
 * other tables that go with it (its completion webhook, the request's Idempotency-Key), written as
 * plain statements, all or nothing. The ORM's entity bookkeeping cost several times these
 * statements themselves.
 */
import type { MetadataStorage } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { Orm } from '../../types';
import { pgPreparedStatements } from '../../platform/preparedRows';
import { bindBoolean, bindTime, type DatabaseKind, knexOf, rowsOf } from '../../platform/sql';
import { responseColumns, responseRow, type ResponseValues } from './columns';
import { tallyQueueRow, UNTALLIED_RESPONSES } from './queue';

/** A row of another table, its columns by name (times as Dates, flags as booleans, JSON as objects or text). */
export interface TableRow {
  table: string;
  row: Record<string, unknown>;
}

/** A response to store. */
export interface NewResponse {
  /** Every stored property of the response. */
  values: ResponseValues;
  /** Its completion waits for the tally job to count it on its survey's row (a completion of a survey without a cap). */
  countPending: boolean;
  /** Rows of other tables written with it, all or nothing: its completion webhook, the request's Idempotency-Key. */
  alongside?: readonly TableRow[];
}

/** Values bound as each engine stores them: SQLite keeps times as epoch milliseconds and booleans as 0/1. */
function bindable(kind: DatabaseKind, value: unknown): unknown {
  if (value instanceof Date) return bindTime(kind, value);
  if (typeof value === 'boolean') return bindBoolean(kind, value);
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

interface Statement {
  sql: string;
  bindings: Knex.RawBinding[];
}

/**
 * An insert of one row: its statement and bindings (a value bound already stays as it is). With
 * `when` (a SQL condition and its bindings) the row is written only while it holds, and the
 * statement answers 1 for a row written.
 */
function insertOf(kind: DatabaseKind, table: string, row: Record<string, unknown>, when?: Statement): Statement {
  const columns = Object.keys(row);
  const values = columns.map(() => '?').join(', ');
  const bindings = columns.map((column) => bindable(kind, row[column])) as Knex.RawBinding[];
  const into = `insert into ${table} (${columns.join(', ')})`;
  if (!when) return { sql: `${into} values (${values})`, bindings };
  return { sql: `${into} select ${values} where ${when.sql} returning 1`, bindings: [...bindings, ...when.bindings] };
}

/** A guard that always holds: the row is written, and the statement answers 1 for it. */
const ALWAYS: Statement = { sql: 'true', bindings: [] };

/** The survey's row still takes answers without a cap (the caller's copy of it may be a second old). */
function runningUncapped(kind: DatabaseKind, surveyId: string): Statement {
  const capType = kind === 'postgresql' ? "end_condition->>'type'" : "json_extract(end_condition, '$.type')";
  return { sql: `exists (select 1 from published_surveys where id = ? and status = 'active' and ${capType} is distinct from 'responses')`, bindings: [surveyId] };
}

/** The response's row, bound for the engine, then its place in the tally queue and the rows that go with it. */
function rowsOfResponse(metadata: MetadataStorage, kind: DatabaseKind, { values, countPending, alongside = [] }: NewResponse): { response: Record<string, unknown>; following: TableRow[] } {
  return {
    response: responseRow(responseColumns(metadata), kind, values),
    following: [{ table: UNTALLIED_RESPONSES, row: tallyQueueRow({ responseId: values.id, surveyId: values.surveyId, countPending }) }, ...alongside],
  };
}

/** Inserts the rows one after another, in the caller's transaction. */
async function insertRows(trx: Knex.Transaction, kind: DatabaseKind, rows: readonly TableRow[]): Promise<void> {
  for (const { table, row } of rows) {
    const statement = insertOf(kind, table, row);
    await trx.raw(statement.sql, statement.bindings);
  }
}

/**
 * Inserts the response on its own, all or nothing with what follows it: on PostgreSQL as one
 * statement (a data-modifying WITH clause, atomic on its own and one round trip to the server),
 * prepared once per connection (its text has a few shapes: with or without a webhook, guarded or
 * not), on SQLite in one transaction. With `whileRunningUncapped`, only while the survey's row
 * still runs without a cap (a completion of a capped survey counts under the row's lock instead:
 * insertResponseIn). Answers whether the response was written.
 */
export async function insertResponse(orm: Orm, kind: DatabaseKind, response: NewResponse, { whileRunningUncapped }: { whileRunningUncapped: boolean }): Promise<boolean> {
  const rows = rowsOfResponse(orm.getMetadata(), kind, response);
  const guarded = insertOf(kind, 'survey_responses', rows.response, whileRunningUncapped ? runningUncapped(kind, response.values.surveyId) : ALWAYS);
  if (kind === 'postgresql') {
    const following = rows.following.map(({ table, row }) => insertOf(kind, table, row, { sql: 'exists (select 1 from inserted)', bindings: [] }));
    const sql = `with inserted as (${guarded.sql})${following.map((statement, index) => `, row_${index} as (${statement.sql})`).join('')} select 1 from inserted`;
    return (await pgPreparedStatements(orm)(sql, [...guarded.bindings, ...following.flatMap((statement) => statement.bindings)])).length > 0;
  }
  return knexOf(orm).transaction(async (trx) => {
    if (!rowsOf(await trx.raw(guarded.sql, guarded.bindings)).length) return false;
    await insertRows(trx, kind, rows.following);
    return true;
  });
}

/** Inserts the response and what follows it in the caller's transaction (a capped survey's completion, under its row lock). */
export async function insertResponseIn(trx: Knex.Transaction, metadata: MetadataStorage, kind: DatabaseKind, response: NewResponse): Promise<void> {
  const rows = rowsOfResponse(metadata, kind, response);
  await insertRows(trx, kind, [{ table: 'survey_responses', row: rows.response }, ...rows.following]);
}
