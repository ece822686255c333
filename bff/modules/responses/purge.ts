/**
 * Responses deleted for their age (the retention job, bff/modules/retention): a batch of one
 * survey's responses at a time, with their places in the tally queue and what the tallied ones had
 * added to the tallies, so InsightIQ's figures stay those of the responses that remain.
 */
import type { Knex } from '@mikro-orm/knex';
import type { Question } from '@domain/survey/types';
import { bindTime, type DatabaseKind, rowsOf } from '../../platform/sql';
import { UNTALLIED_RESPONSES } from './queue';
import { forgetTalliedResponses, type ForgottenResponse } from './tallies';

const FORGOTTEN_COLUMNS = 'id, is_complete, answers, ip_address, created_at, device_type, completion_time_seconds';

/**
 * Deletes up to `limit` of the survey's responses created and last changed before `cutoff` (epoch
 * milliseconds), in the caller's transaction; answers how many. On PostgreSQL a response held by a
 * continuation under way is skipped (its turn comes next run); a response whose completion is not
 * yet counted on its survey's row waits for the tally job. The survey's response_count stays: it is
 * what the survey collected, which its end condition counts, not what is kept.
 */
export async function deleteResponsesBefore(trx: Knex.Transaction, kind: DatabaseKind, surveyId: string, questions: readonly Question[], cutoff: number, limit: number): Promise<number> {
  const before = bindTime(kind, cutoff);
  const deleted = rowsOf<ForgottenResponse & { id: string }>(
    await trx.raw(
      `delete from survey_responses where id in (
         select r.id from survey_responses r
          where r.survey_id = ? and r.created_at < ? and r.updated_at < ?
            and not exists (select 1 from ${UNTALLIED_RESPONSES} p where p.response_id = r.id and p.count_pending = true)
          limit ?${kind === 'postgresql' ? ' for update skip locked' : ''}
       ) returning ${FORGOTTEN_COLUMNS}`,
      [surveyId, before, before, limit],
    ),
  );
  if (!deleted.length) return 0;
  // Those still queued were never tallied: they leave the queue. The others leave the tallies.
  const ids = deleted.map((row) => row.id);
  const queued = new Set(
    rowsOf<{ response_id: string }>(await trx.raw(`delete from ${UNTALLIED_RESPONSES} where response_id in (${ids.map(() => '?').join(', ')}) returning response_id`, ids)).map(
      (row) => row.response_id,
    ),
  );
  await forgetTalliedResponses(trx, kind, surveyId, questions, deleted.filter((row) => !queued.has(row.id)));
  return deleted.length;
}
