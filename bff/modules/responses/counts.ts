/**
 * A published survey's completed responses: the count on its row (published_surveys.response_count,
 * written only here) and the completions still pending in the tally queue. A completion of a
 * capped survey (a 'responses' end condition) is counted on the row at once, under its row lock
 * (addCompletion); any other completion is queued count_pending (untallied_responses) and the
 * tally job adds it to the row in its batches (countAllPendingCompletions, tallies.ts), so the
 * answers of a busy campaign do not all update one row. The pending ones are a few seconds' worth
 * at most, in a queue that holds only the responses not yet tallied: reading the count costs the
 * same at ten responses or a million.
 */
import type { Knex } from '@mikro-orm/knex';
import { type DatabaseKind, knexIn, rowsOf, type SqlRunner } from '../../platform/sql';

/** A survey's completions (of published_surveys `s`): the count on its row and those still pending. */
const COMPLETED = 's.response_count + (select count(*) from untallied_responses u where u.survey_id = s.id and u.count_pending = true) as completed';

/**
 * Completed responses per survey, in the runner's transaction when it has one (a capped completion
 * reads them under the survey's row lock).
 */
export async function completedResponseCounts(db: SqlRunner, surveyIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(surveyIds)];
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: string; completed: number | string }>(
    await knexIn(db).raw(`select s.id, ${COMPLETED} from published_surveys s where s.id in (${ids.map(() => '?').join(', ')})`, ids),
  );
  return new Map(rows.map((row) => [row.id, Number(row.completed)]));
}

/** One survey's completed responses (see completedResponseCounts). */
export async function countCompletions(db: SqlRunner, surveyId: string): Promise<number> {
  return (await completedResponseCounts(db, [surveyId])).get(surveyId) ?? 0;
}

/**
 * Counts a capped survey's completion on its row, in the caller's transaction (which holds the row's
 * lock). Written directly: counting a completion is not an edit of the survey (its updatedAt, and
 * so the public bundle's ETag, stay as they were).
 */
export async function addCompletion(db: SqlRunner, surveyId: string): Promise<void> {
  await knexIn(db).raw('update published_surveys set response_count = response_count + 1 where id = ?', [surveyId]);
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
