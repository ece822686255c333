/**
 * The tally queue (untallied_responses, the UntalliedResponse entity): every response is queued as
 * it is written, with whether its completion is still to be counted on its survey's row
 * (count_pending), and stays queued until the tally job counts it (tallies.ts). InsightIQ reads the
 * queued responses live beside the tallies. The statements of this module name the table; no other
 * module does.
 */
import type { Knex } from '@mikro-orm/knex';
import { bindBoolean, type DatabaseKind, knexIn, rowsOf, type SqlRunner } from '../../platform/sql';

export const UNTALLIED_RESPONSES = 'untallied_responses';

/** The queued responses, as `untallied_responses u` beside their rows `survey_responses r`. */
export const UNTALLIED_JOIN = `${UNTALLIED_RESPONSES} u join survey_responses r on r.id = u.response_id`;

/** A survey's responses not yet tallied, as `survey_responses r` (the survey's id bound once). */
export const UNTALLIED_RESPONSES_OF_SURVEY = `${UNTALLIED_JOIN} where u.survey_id = ?`;

/** A response's place in the queue. */
export interface QueuedResponse {
  responseId: string;
  surveyId: string;
  /** Its completion is still to be added to its survey's response_count (a completion of a survey without a cap). */
  countPending: boolean;
}

/** The queue's row of a response, its columns by name, as an insert writes it. */
export function tallyQueueRow({ responseId, surveyId, countPending }: QueuedResponse): Record<string, unknown> {
  return { response_id: responseId, survey_id: surveyId, count_pending: countPending };
}

/** Queues a response for the tally job, in the runner's transaction. */
export async function queueForTally(db: SqlRunner, kind: DatabaseKind, response: QueuedResponse): Promise<void> {
  await knexIn(db).raw(`insert into ${UNTALLIED_RESPONSES} (response_id, survey_id, count_pending) values (?, ?, ?)`, [
    response.responseId,
    response.surveyId,
    bindBoolean(kind, response.countPending),
  ]);
}

/** Whether the response waits in the queue (not yet counted into its survey's tallies). */
export async function isQueuedForTally(db: SqlRunner, responseId: string): Promise<boolean> {
  return rowsOf(await knexIn(db).raw(`select 1 from ${UNTALLIED_RESPONSES} where response_id = ?`, [responseId])).length > 0;
}

/** A queued response's completion waits for the tally job to count it on its survey's row. */
export async function markCompletionPending(db: SqlRunner, responseId: string): Promise<void> {
  await knexIn(db).raw(`update ${UNTALLIED_RESPONSES} set count_pending = true where response_id = ?`, [responseId]);
}

/** The ids of a survey's responses not yet tallied, as a subquery (`whereIn(id, …)`) for InsightIQ's live reads. */
export const untalliedResponseIds = (knex: Knex, surveyId: string) => knex(UNTALLIED_RESPONSES).where('survey_id', surveyId).select('response_id');
