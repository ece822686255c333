/**
 * A respondent's first POST, the path a campaign's traffic takes: one read of the survey with its
 * company's survey settings (a statement prepared once per connection), then its writes as plain
 * statements: the response inserted, the completion (when asked) counted and its webhook queued
 * beside it, all or nothing. The ORM's entity bookkeeping cost several times
 * these statements themselves.
 */
import type { AbstractSqlConnection, Knex } from '@mikro-orm/knex';
import type { DeviceType } from '@domain/survey/collection';
import type { Answer, DisplayTriggers, GlobalIdentifierSettings, Survey } from '@domain/survey/types';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import type { Orm } from '../../types';
import type { PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';
import { preparedRowReader } from '../../platform/preparedRows';
import { bindTime, jsonOf, rowsOf, timeOf } from '../../platform/rawRows';
import type { DatabaseKind } from '../../platform/sql';
import { completionDeliveryRow } from '../webhooks';
import { PENDING_COMPLETIONS_SQL } from '../surveys';
import { BUMP_BUNDLE_VERSION_SQL } from './bundleCache';
import { completionWebhook } from './completion';
import { inactiveReason, isCapped, PUBLIC_SURVEY_NOT_FOUND, refuseInactive, type RunState } from './running';
import { collectionStateOf, type CompanyCollectionState } from './settings';

/** The survey as a first answer needs it, with its company's survey settings. */
export interface IntakeSurvey extends RunState {
  id: string;
  companyId: string;
  name: string;
  survey: Survey;
  displayTriggers: DisplayTriggers;
  /** The count on the survey's row, without its pending completions: a first check only (a capped completion counts again under the lock). */
  responseCount: number;
  globalIdentifiers: GlobalIdentifierSettings;
  settings: CompanyCollectionState;
}

const SURVEY_SQL =
  'select s.company_id, s.name, s.status, s.survey, s.display_triggers, s.end_condition, s.started_at, s.response_count, ' +
  'c.global_identifiers, c.trigger_settings, c.collection_settings, c.webhook_secret ' +
  'from published_surveys s left join company_survey_settings c on c.company_id = s.company_id where s.id = ?';

/** A survey's completions (its id bound twice): the count on its row and those still pending. */
const COMPLETED_SQL = `select response_count + (${PENDING_COMPLETIONS_SQL}) as completed from published_surveys where id = ?`;

/** A JSON column (parsed on PostgreSQL, text on SQLite) that may be null. */
function jsonOrNull<T>(value: unknown): T | null {
  return value === null || value === undefined ? null : (jsonOf(value) as T);
}

export function createSurveyReader(orm: Orm) {
  const read = preparedRowReader(orm, 'navout_intake_survey', SURVEY_SQL);
  return async (surveyId: string): Promise<IntakeSurvey> => {
    const row = await read(surveyId);
    if (!row) throw apiError('not_found', PUBLIC_SURVEY_NOT_FOUND);
    const [companyId, name, status, survey, displayTriggers, endCondition, startedAt, responseCount, globalIdentifiers, triggerSettings, collectionSettings, webhookSecret] = row;
    const started = timeOf(startedAt);
    return {
      id: surveyId,
      companyId: String(companyId),
      name: String(name),
      status: status as PublishedSurvey['status'],
      survey: jsonOf(survey) as unknown as Survey,
      displayTriggers: jsonOf(displayTriggers) as unknown as DisplayTriggers,
      endCondition: jsonOrNull<PublishedSurvey['endCondition']>(endCondition),
      startedAt: started === null ? null : new Date(started),
      responseCount: Number(responseCount),
      globalIdentifiers: jsonOrNull<GlobalIdentifierSettings>(globalIdentifiers) ?? structuredClone(DEFAULT_GLOBAL_IDENTIFIERS),
      settings: collectionStateOf({
        triggerSettings: jsonOrNull(triggerSettings),
        collectionSettings: jsonOrNull(collectionSettings),
        webhookSecret: (webhookSecret as string | null) ?? null,
      }),
    };
  };
}

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
  if (typeof value === 'boolean') return kind === 'sqlite' ? Number(value) : value;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** An insert of one row: its statement and bindings. */
function insertOf(kind: DatabaseKind, table: string, row: Record<string, unknown>): { sql: string; bindings: Knex.RawBinding[] } {
  const columns = Object.keys(row);
  return {
    sql: `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    bindings: columns.map((column) => bindable(kind, row[column])) as Knex.RawBinding[],
  };
}

/**
 * Inserts the response and, when `complete`, completes it: its webhook queued beside it, all or
 * nothing. A capped survey's row is locked first and the completion counted on it, so its N+1th
 * completion is refused however many arrive at once, and the completion that fills the cap takes
 * it out of the widget's bundle. Any other survey's completion is only marked count_pending (the
 * tally job counts it on the row later: surveys/counts.ts), so a campaign's answers never wait on
 * each other; on PostgreSQL, with its webhook, it goes as one statement (a data-modifying WITH
 * clause), atomic on its own and one round trip to the server.
 */
export async function insertResponse(orm: Orm, kind: DatabaseKind, survey: IntakeSurvey, response: NewResponse, complete: boolean, clock: Date): Promise<void> {
  const knex = (orm.em.getConnection() as AbstractSqlConnection).getKnex();
  const capped = isCapped(survey);
  const responseRow = insertOf(kind, 'survey_responses', {
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
    count_pending: complete && !capped,
    write_token_hash: response.writeTokenHash,
    created_at: clock,
    updated_at: clock,
  });
  const webhook = complete
    ? completionWebhook(
        survey.settings,
        survey,
        { id: response.id, answers: response.answers, identifiers: response.identifiers, deviceType: response.deviceType, startedAt: clock, completionTimeSeconds: 0 },
        clock,
      )
    : null;
  const delivery = webhook ? insertOf(kind, 'webhook_deliveries', completionDeliveryRow(webhook.url, webhook.payload, clock)) : null;

  if (!complete || (!capped && !delivery)) {
    await knex.raw(responseRow.sql, responseRow.bindings);
    return;
  }
  if (delivery && !capped && kind === 'postgresql') {
    await knex.raw(`with inserted as (${responseRow.sql} returning 1) ${delivery.sql}`, [...responseRow.bindings, ...delivery.bindings]);
    return;
  }
  await knex.transaction(async (trx) => {
    if (capped) {
      // SQLite's transactions begin IMMEDIATE and so already run one at a time.
      await trx.raw(`select 1 from published_surveys where id = ?${kind === 'postgresql' ? ' for update' : ''}`, [survey.id]);
      // Read after the lock, in a statement of its own: it sees every completion committed before it.
      const stored = Number(rowsOf<{ completed: unknown }>(await trx.raw(COMPLETED_SQL, [survey.id, survey.id]))[0]?.completed ?? 0);
      const reason = inactiveReason(survey, stored, clock);
      if (reason) throw refuseInactive(reason);
      // This completion fills the cap: the survey leaves the widget's bundle.
      if (inactiveReason(survey, stored + 1, clock)) await trx.raw(BUMP_BUNDLE_VERSION_SQL, [survey.companyId]);
      await trx.raw('update published_surveys set response_count = response_count + 1 where id = ?', [survey.id]);
    }
    for (const step of [responseRow, ...(delivery ? [delivery] : [])]) await trx.raw(step.sql, step.bindings);
  });
}
