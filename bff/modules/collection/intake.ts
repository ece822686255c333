/**
 * A respondent's first POST, the path a campaign's traffic takes: the survey with its company's
 * survey settings, mostly from this process's copy (intakeSurvey.ts), then its writes as plain
 * statements: the response inserted and queued for InsightIQ's tallies, the completion (when
 * asked) counted and its webhook queued beside it, all or nothing. The ORM's entity bookkeeping
 * cost several times these statements themselves.
 */
import type { Knex } from '@mikro-orm/knex';
import type { DeviceType } from '@domain/survey/collection';
import type { Answer } from '@domain/survey/types';
import type { Orm } from '../../types';
import { pgPreparedStatements } from '../../platform/preparedRows';
import { bindBoolean, bindTime, rowsOf } from '../../platform/rawRows';
import { knexOf, type DatabaseKind } from '../../platform/sql';
import { completionDeliveryRow } from '../webhooks';
import { isSuppressed, WIDGET_SOURCE } from '../privacy';
import { UNTALLIED_RESPONSES } from '../results';
import { COMPLETED_RESPONSES_SQL } from '../surveys';
import { BUMP_BUNDLE_VERSION_SQL } from './bundleCache';
import { completionWebhook } from './completion';
import type { IntakeSurvey } from './intakeSurvey';
import { inactiveReason, isCapped, refuseInactive } from './running';

/** A new response's columns, as the insert writes them. */
export interface NewResponse {
  id: string;
  visitorId: string | null;
  ipAddress: string | null;
  deviceType: DeviceType;
  userAgent: string | null;
  pageUrl: string | null;
  identifiers: Record<string, string>;
  answers: Record<string, Answer>;
  writeTokenHash: string;
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
 * An insert of one row: its statement and bindings. With `when` (a SQL condition and its bindings)
 * the row is written only while it holds, and the statement answers 1 for a row written.
 */
function insertOf(kind: DatabaseKind, table: string, row: Record<string, unknown>, when?: Statement): Statement {
  const columns = Object.keys(row);
  const values = columns.map(() => '?').join(', ');
  const bindings = columns.map((column) => bindable(kind, row[column])) as Knex.RawBinding[];
  const into = `insert into ${table} (${columns.join(', ')})`;
  if (!when) return { sql: `${into} values (${values})`, bindings };
  return { sql: `${into} select ${values} where ${when.sql} returning 1`, bindings: [...bindings, ...when.bindings] };
}

/** The survey's row still takes answers without a cap (a copy of it may be a second old: intakeSurvey.ts). */
function runningUncapped(kind: DatabaseKind, surveyId: string): Statement {
  const capType = kind === 'postgresql' ? "end_condition->>'type'" : "json_extract(end_condition, '$.type')";
  return { sql: `exists (select 1 from published_surveys where id = ? and status = 'active' and ${capType} is distinct from 'responses')`, bindings: [surveyId] };
}

/** A row to insert into a table, its columns by name. */
interface TableRow {
  table: string;
  row: Record<string, unknown>;
}

/** Inserts the rows one after another, in the caller's transaction. */
async function insertRows(trx: Knex.Transaction, kind: DatabaseKind, rows: readonly TableRow[]): Promise<void> {
  for (const { table, row } of rows) {
    const statement = insertOf(kind, table, row);
    await trx.raw(statement.sql, statement.bindings);
  }
}

/** A guard that always holds: the row is written, and the statement answers 1 for it. */
const ALWAYS: Statement = { sql: 'true', bindings: [] };

/**
 * Inserts the guarded row (an insertOf with `when`) and, when it was written, the rows that go
 * with it, all or nothing: on PostgreSQL as one statement (a data-modifying WITH clause, atomic on
 * its own and one round trip to the server), prepared once per connection (its text has a few
 * shapes: with or without a webhook, guarded or not), on SQLite in one transaction. Answers
 * whether the guarded row was written.
 */
async function insertTogether(orm: Orm, kind: DatabaseKind, guarded: Statement, rows: readonly TableRow[]): Promise<boolean> {
  if (kind === 'postgresql') {
    const following = rows.map(({ table, row }) => insertOf(kind, table, row, { sql: 'exists (select 1 from inserted)', bindings: [] }));
    const sql = `with inserted as (${guarded.sql})${following.map((statement, index) => `, row_${index} as (${statement.sql})`).join('')} select 1 from inserted`;
    return (await pgPreparedStatements(orm)(sql, [...guarded.bindings, ...following.flatMap((statement) => statement.bindings)])).length > 0;
  }
  return knexOf(orm).transaction(async (trx) => {
    if (!rowsOf(await trx.raw(guarded.sql, guarded.bindings)).length) return false;
    await insertRows(trx, kind, rows);
    return true;
  });
}

/**
 * Inserts the response, queued for the tally job, and, when `complete`, completes it: its webhook
 * queued beside it, and the request's Idempotency-Key (`keyRow`) with them, all or nothing. A capped survey's row is locked first and the completion
 * counted on it, so its N+1th completion is refused however many arrive at once, and the completion that fills the cap takes
 * it out of the widget's bundle. Any other survey's completion is only marked count_pending (the
 * tally job counts it on the row later: surveys/counts.ts), so a campaign's answers never wait on
 * each other, and is written only while the survey's row still runs without a cap; on PostgreSQL
 * it goes as one statement with its queue row and webhook (insertTogether). Answers false when
 * nothing was written because the row no longer runs uncapped: the caller reads the survey afresh.
 */
export async function insertResponse(
  orm: Orm,
  kind: DatabaseKind,
  survey: IntakeSurvey,
  response: NewResponse,
  complete: boolean,
  clock: Date,
  keyRow?: Record<string, unknown>,
): Promise<boolean> {
  const knex = knexOf(orm);
  // An erased person's answers are dropped (counted) and answered as if stored: bff/modules/privacy.
  if (await isSuppressed(knex, survey.companyId, [response.visitorId, ...Object.values(response.identifiers)], WIDGET_SOURCE)) return true;
  const capped = isCapped(survey);
  const responseColumns = {
    id: response.id,
    company_id: survey.companyId,
    survey_id: survey.id,
    visitor_id: response.visitorId,
    ip_address: response.ipAddress,
    device_type: response.deviceType,
    user_agent: response.userAgent,
    page_url: response.pageUrl,
    identifiers: response.identifiers,
    answers: response.answers,
    started_at: clock,
    completed_at: complete ? clock : null,
    completion_time_seconds: complete ? 0 : null,
    is_complete: complete,
    write_token_hash: response.writeTokenHash,
    created_at: clock,
    updated_at: clock,
  };
  const webhook = complete
    ? completionWebhook(
        survey.settings,
        survey,
        { id: response.id, answers: response.answers, identifiers: response.identifiers, deviceType: response.deviceType, startedAt: clock, completionTimeSeconds: 0 },
        clock,
      )
    : null;
  // Written with the response: its place in the tally queue and, when it completes, its webhook.
  const following: TableRow[] = [{ table: UNTALLIED_RESPONSES, row: { response_id: response.id, survey_id: survey.id, count_pending: complete && !capped } }];
  if (webhook) following.push({ table: 'webhook_deliveries', row: completionDeliveryRow(webhook.url, webhook.payload, clock) });
  // The request's Idempotency-Key with its answer: never the response without it (platform/idempotency.ts).
  if (keyRow) following.push({ table: 'idempotency_keys', row: keyRow });

  if (capped) {
    if (!complete) return insertTogether(orm, kind, insertOf(kind, 'survey_responses', responseColumns, ALWAYS), following);
    await knex.transaction(async (trx) => {
      // SQLite's transactions begin IMMEDIATE and so already run one at a time.
      await trx.raw(`select 1 from published_surveys where id = ?${kind === 'postgresql' ? ' for update' : ''}`, [survey.id]);
      // Read after the lock, in a statement of its own: it sees every completion committed before it.
      const stored = Number(rowsOf<{ completed: unknown }>(await trx.raw(COMPLETED_RESPONSES_SQL, [survey.id]))[0]?.completed ?? 0);
      const reason = inactiveReason(survey, stored, clock);
      if (reason) throw refuseInactive(reason);
      // This completion fills the cap: the survey leaves the widget's bundle.
      if (inactiveReason(survey, stored + 1, clock)) await trx.raw(BUMP_BUNDLE_VERSION_SQL, [survey.companyId]);
      await trx.raw('update published_surveys set response_count = response_count + 1 where id = ?', [survey.id]);
      await insertRows(trx, kind, [{ table: 'survey_responses', row: responseColumns }, ...following]);
    });
    return true;
  }

  const guarded = insertOf(kind, 'survey_responses', responseColumns, runningUncapped(kind, survey.id));
  return insertTogether(orm, kind, guarded, following);
}
