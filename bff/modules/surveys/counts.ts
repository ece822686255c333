import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { rowsOf } from '../../platform/rawRows';
import type { DatabaseKind } from '../../platform/sql';

/** A survey's completions (of published_surveys `s`): the count on its row and those still pending. */
const COMPLETED = 's.response_count + (select count(*) from untallied_responses u where u.survey_id = s.id and u.count_pending = true) as completed';

/** One survey's completions (bound to its id), as completedResponseCounts reads them, for a statement in the caller's own transaction. */
export const COMPLETED_RESPONSES_SQL = `select ${COMPLETED} from published_surveys s where s.id = ?`;

/**
 * Completed responses per survey: published_surveys.response_count plus the survey's pending
 * completions. A completion of a capped survey (a 'responses' end condition) is counted on the
 * row at once, under its row lock; any other completion is queued count_pending
 * (untallied_responses) and the tally job adds it to the row in its batches
 * (bff/modules/results/tallies.ts), so the answers of a busy campaign do not all update one row.
 * The pending ones are a few seconds' worth at most, in a queue that holds only the responses not
 * yet tallied: reading this costs the same at ten responses or a million.
 */
export async function completedResponseCounts(em: EntityManager, surveyIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(surveyIds)];
  if (!ids.length) return new Map();
  const rows = await em.getConnection().execute<Array<{ id: string; completed: number | string }>>(
    `select s.id, ${COMPLETED} from published_surveys s where s.id in (${ids.map(() => '?').join(', ')})`,
    ids,
    'all',
    // Inside the caller's transaction when there is one (a capped completion reads it under the row lock).
    em.getTransactionContext(),
  );
  return new Map(rows.map((row: { id: string; completed: number | string }) => [row.id, Number(row.completed)]));
}

export async function completedResponseCount(em: EntityManager, surveyId: string): Promise<number> {
  return (await completedResponseCounts(em, [surveyId])).get(surveyId) ?? 0;
}

/**
 * Adds a survey's pending completions to its response_count, in one short transaction that locks
 * the survey's row first, in the same order as a capped completion (row, then its responses), so the
 * two never wait on each other in a circle. Answers how many it added.
 */
export async function countPendingCompletions(knex: Knex, kind: DatabaseKind, surveyId: string): Promise<number> {
  return knex.transaction(async (trx) => {
    // SQLite's transactions begin IMMEDIATE and so already run one at a time.
    if (kind === 'postgresql') await trx.raw('select 1 from published_surveys where id = ? for update', [surveyId]);
    const counted = rowsOf(await trx.raw('update untallied_responses set count_pending = false where survey_id = ? and count_pending = true returning response_id', [surveyId])).length;
    if (counted) await trx.raw('update published_surveys set response_count = response_count + ? where id = ?', [counted, surveyId]);
    return counted;
  });
}

/** Adds every survey's pending completions to its response_count, a survey at a time (the answer tally job's first step). */
export async function countAllPendingCompletions(knex: Knex, kind: DatabaseKind): Promise<number> {
  const surveyIds = rowsOf<{ survey_id: string }>(await knex.raw('select distinct survey_id from untallied_responses where count_pending = true')).map((row) => row.survey_id);
  let counted = 0;
  for (const surveyId of surveyIds) counted += await countPendingCompletions(knex, kind, surveyId);
  return counted;
}
