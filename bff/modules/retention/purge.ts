/**
 * Retention: a company's raw events, prediction API call log and survey responses older than its
 * periods (the Company entity's retention columns; src/domain/company/retention.ts) are deleted, a
 * small batch per statement, with the event loop let go between batches: no long transaction, no
 * lock held for more than one batch.
 *
 * What is derived from the deleted rows stays consistent with what remains:
 *
 * - Survey responses: InsightIQ's tallies (answers, addresses, days) count the tallied responses,
 *   and the rest are read live from the tally queue (their owner, bff/modules/responses). A deleted
 *   response still queued leaves the queue in the same transaction; one already tallied is taken
 *   out of the tallies there (deleteResponsesBefore). A response whose completion is not yet on its
 *   survey's row waits for the next run. The survey's response_count stays: it is what the survey
 *   collected, which its end condition ("stop after N responses") counts, not what is kept.
 * - Events: the audience profiles are built from the records, so a company whose events were
 *   deleted has its audience refreshed, as new records would have it.
 * - The call log: the dashboard's and the plan's figures are read from rollups written as the calls
 *   were served (prediction_call_minutes and _months, dashboard_call_hours, and the attributed
 *   outcomes of recommendation_outcome_hours). Those are aggregates without personal data and stay
 *   as they are, so the dashboard's history outlives the raw calls. Outcomes are attributed to the
 *   calls within the attribution window before each event: a call log kept for less than that
 *   window attributes fewer outcomes to the recommendations.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { Question } from '@domain/survey/types';
import { PublishedSurvey } from '../../entities';
import { bindTime, type DatabaseKind, knexOf, rowsOf } from '../../platform/sql';
import type { Orm } from '../../types';
import { deleteResponsesBefore } from '../responses';

/** Rows per statement: each batch is its own short transaction. */
export const RETENTION_BATCH_ROWS = 500;
const DAY_MS = 86_400_000;

export interface RetentionDeps {
  /** The database's knex comes from it. */
  orm: Orm;
  /** An EntityManager of the run's own (the runtime's fork). */
  fork: () => EntityManager;
  kind: DatabaseKind;
  now: () => Date;
  /** Queues a rebuild of the company's audience (its events were deleted). */
  refreshAudience: (companyId: string) => Promise<void>;
  batchRows?: number;
}

/** What one kind of row lost in a run: rows deleted and the statements (batches) that deleted them. */
export interface Purged {
  rows: number;
  batches: number;
}

export interface RetentionRun {
  events: Purged;
  calls: Purged;
  responses: Purged;
}

interface CompanyPeriods {
  id: string;
  retention_events_days: unknown;
  retention_call_log_days: unknown;
  retention_responses_days: unknown;
}

const daysOf = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Runs `batch` until it deletes fewer than `limit` rows, letting the event loop go between batches. */
async function inBatches(limit: number, into: Purged, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await batch();
    into.batches += 1;
    into.rows += deleted;
    total += deleted;
    if (deleted < limit) return total;
    await yieldToEventLoop();
  }
}

/** The company's events older than the cutoff: by event time, or by import time for an event without one. */
async function purgeEvents(knex: Knex, kind: DatabaseKind, companyId: string, cutoff: number, limit: number, into: Purged): Promise<number> {
  const before = bindTime(kind, cutoff);
  let deleted = 0;
  for (const condition of ['event_time < ?', 'event_time is null and imported_at < ?']) {
    deleted += await inBatches(limit, into, async () =>
      rowsOf(
        await knex.raw(
          `delete from data_records where id in (
             select id from data_records where company_id = ? and kind = 'events' and ${condition} limit ?
           ) returning id`,
          [companyId, before, limit],
        ),
      ).length,
    );
  }
  return deleted;
}

async function purgeCalls(knex: Knex, kind: DatabaseKind, companyId: string, cutoff: number, limit: number, into: Purged): Promise<number> {
  return inBatches(limit, into, async () =>
    rowsOf(
      await knex.raw(
        'delete from prediction_calls where id in (select id from prediction_calls where company_id = ? and created_at < ? limit ?) returning id',
        [companyId, bindTime(kind, cutoff), limit],
      ),
    ).length,
  );
}

/** One survey's responses last changed before the cutoff, a batch per transaction (deleteResponsesBefore). */
async function purgeSurveyResponses(knex: Knex, kind: DatabaseKind, surveyId: string, questions: readonly Question[], cutoff: number, limit: number, into: Purged): Promise<number> {
  return inBatches(limit, into, () => knex.transaction((trx) => deleteResponsesBefore(trx, kind, surveyId, questions, cutoff, limit)));
}

/** Deletes what every company's retention periods no longer keep; answers what went. */
export async function applyRetention({ orm, fork, kind, now, refreshAudience, batchRows = RETENTION_BATCH_ROWS }: RetentionDeps): Promise<RetentionRun> {
  const knex = knexOf(orm);
  const run: RetentionRun = { events: { rows: 0, batches: 0 }, calls: { rows: 0, batches: 0 }, responses: { rows: 0, batches: 0 } };
  const companies = rowsOf<CompanyPeriods>(
    await knex.raw(
      `select id, retention_events_days, retention_call_log_days, retention_responses_days from companies
        where retention_events_days is not null or retention_call_log_days is not null or retention_responses_days is not null`,
    ),
  );
  const time = now().getTime();
  for (const company of companies) {
    const eventsDays = daysOf(company.retention_events_days);
    if (eventsDays !== null && (await purgeEvents(knex, kind, company.id, time - eventsDays * DAY_MS, batchRows, run.events)) > 0) {
      await refreshAudience(company.id);
    }
    const callLogDays = daysOf(company.retention_call_log_days);
    if (callLogDays !== null) await purgeCalls(knex, kind, company.id, time - callLogDays * DAY_MS, batchRows, run.calls);
    const responsesDays = daysOf(company.retention_responses_days);
    if (responsesDays !== null) {
      const surveys = await fork().find(PublishedSurvey, { companyId: company.id }, { fields: ['survey'], orderBy: { id: 'asc' } });
      for (const survey of surveys) await purgeSurveyResponses(knex, kind, survey.id, survey.survey.questions, time - responsesDays * DAY_MS, batchRows, run.responses);
    }
  }
  return run;
}
