/**
 * What InsightIQ reads of the tallies and the tally queue (bff/modules/results): each figure is the
 * tallied responses' rows (tallies.ts) added to the responses still queued (queue.ts), read in one
 * statement where a batch the tally job moves meanwhile must count once.
 */
import type { Knex } from '@mikro-orm/knex';
import { type DatabaseKind, resultsDialect, rowsOf, toNumber } from '../../platform/sql';
import { UNTALLIED_RESPONSES_OF_SURVEY, untalliedResponseIds } from './queue';
import { ADDRESS_TALLIES, RESPONSE_TALLIES, TALLIES, utcDayOf } from './tallies';

/** One question's tallies within a completeness (null: both). */
export async function questionTallies(knex: Knex, surveyId: string, questionId: string, isComplete: boolean | null) {
  const query = knex(TALLIES).where({ survey_id: surveyId, question_id: questionId });
  if (isComplete !== null) query.where('is_complete', isComplete);
  const rows = (await query.groupBy('kind', 'value').select('kind', 'value', knex.raw('sum(responses) as responses'), knex.raw('sum(numbered) as numbered'), knex.raw('sum(number_sum) as number_sum'))) as Array<{
    kind: string;
    value: string;
    responses: unknown;
    numbered: unknown;
    number_sum: unknown;
  }>;
  const answered = rows.find((row) => row.kind === 'answered');
  return {
    total: toNumber(answered?.responses),
    numbered: toNumber(answered?.numbered),
    numberSum: toNumber(answered?.number_sum),
    groups: rows.filter((row) => row.kind === 'chosen').map((row) => ({ value: row.value, count: row.responses })),
  };
}

/** A group of a survey's responses: of a day of the trend (or of no day, outside it), a device and a completeness. */
export interface ResponseGroup {
  /** The UTC day in whole days since 1970-01-01, or null outside the days asked for. */
  trend_day: unknown;
  device_type: string;
  is_complete: boolean | number;
  responses: unknown;
  /** How many have a completion time, their sum, the shortest and the longest. */
  timed: unknown;
  time_sum: unknown;
  fastest: unknown;
  longest: unknown;
}

/**
 * A survey's responses per device and completeness, split by UTC day from `firstDay` to `lastDay`
 * (epoch milliseconds of their starts) and together outside them: the response tallies (one row per
 * day, device and completeness) and the responses not yet tallied, in one statement.
 */
export async function responseGroups(knex: Knex, kind: DatabaseKind, surveyId: string, firstDay: number, lastDay: number): Promise<ResponseGroup[]> {
  const dialect = resultsDialect(kind);
  return rowsOf<ResponseGroup>(
    await knex.raw(
      `select case when day >= ? and day <= ? then day end as trend_day, device_type, is_complete,
         sum(responses) as responses, sum(timed) as timed, sum(time_sum) as time_sum, min(fastest) as fastest, max(longest) as longest
       from (
         select day, device_type, is_complete, responses, timed, time_sum, fastest, longest from ${RESPONSE_TALLIES} where survey_id = ?
         union all
         select ${dialect.utcDay('r.created_at')} as day, r.device_type, r.is_complete, count(*) as responses, count(r.completion_time_seconds) as timed,
           coalesce(sum(r.completion_time_seconds), 0) as time_sum, min(r.completion_time_seconds) as fastest, max(r.completion_time_seconds) as longest
         from ${UNTALLIED_RESPONSES_OF_SURVEY} group by 1, r.device_type, r.is_complete
       ) parts
       group by 1, device_type, is_complete`,
      [utcDayOf(firstDay), utcDayOf(lastDay), surveyId, surveyId],
    ),
  );
}

/**
 * A survey's responses per address, as a subquery of (ip_address, responses, last_response): the
 * addresses' tallies and the responses not yet tallied grouped by address, one after the other (an
 * address may have a row of each; the caller adds them up). Responses without an address are nobody's.
 */
export function responsesPerAddress(knex: Knex, surveyId: string): Knex.QueryBuilder {
  const tallied = knex(ADDRESS_TALLIES).where('survey_id', surveyId).select('ip_address', 'responses', 'last_response');
  const untallied = knex('survey_responses')
    .where('survey_id', surveyId)
    .whereIn('id', untalliedResponseIds(knex, surveyId))
    .whereNotNull('ip_address')
    .groupBy('ip_address')
    .select('ip_address', knex.raw('count(*) as responses'), knex.raw('max(created_at) as last_response'));
  return tallied.unionAll(untallied);
}
