/**
 * Tallies of a survey's answers: per question and completeness, how many responses answered it,
 * how often each value was chosen, and the count and sum of its numeric answers. They are kept in
 * survey_answer_tallies for the responses already counted into them (those no longer queued in
 * untallied_responses: queue.ts), so one question's answers at a million responses reads a few
 * tally rows and the responses not yet tallied, instead of every stored answer (reads.ts, for
 * InsightIQ's results/answers.ts). Beside them,
 * survey_address_tallies counts the same responses per address (with the latest one's time), from
 * which the user analytics rank a survey's addresses, and survey_response_tallies per UTC day,
 * device and completeness (with their completion times), from which the analytics are added up
 * (reads.ts, for InsightIQ's results/analytics.ts).
 *
 * Tallying is off the write path: every response is queued in untallied_responses as it is written,
 * and a background job counts settled responses in batches, taking them off the queue. A response
 * is settled once complete (a complete response never changes again) or untouched for
 * TALLY_SETTLE_MS (abandoned). Counting on every write instead had every response of a busy survey
 * update the same counter rows, which cut intake to a quarter. The rare continuation of an
 * abandoned response already tallied takes its old answers out of the tallies and queues it again,
 * in its own transaction, before they change (untallyResponse). The same job counts the completions
 * of surveys without a cap on their rows, for the same reason (counts.ts): a completion is
 * counted there before its answers are tallied.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { Logger } from 'pino';
import { CHOICE_TYPES, MULTI_SELECT_TYPES } from '@domain/survey/defaults';
import type { Answer, Question } from '@domain/survey/types';
import { PublishedSurvey } from '../../entities';
import { repeatingJob, type RepeatingJob } from '../../platform/jobs';
import { bindBoolean, bindTime, type DatabaseKind, knexIn, knexOf, resultsDialect, rowsOf, type SqlRunner, timeOf, toNumber } from '../../platform/sql';
import type { Orm } from '../../types';
import { countAllPendingCompletions } from './counts';
import { queueForTally, UNTALLIED_JOIN, UNTALLIED_RESPONSES, UNTALLIED_RESPONSES_OF_SURVEY } from './queue';

/** An incomplete response untouched this long is abandoned, and tallied as it stands. */
export const TALLY_SETTLE_MS = 60 * 60 * 1000;
/** Responses counted per transaction: short transactions, a few thousand rows read each. */
export const TALLY_BATCH_ROWS = 2_000;
/** How often the job looks for settled responses; InsightIQ reads the rest live meanwhile. */
export const TALLY_EVERY_MS = 10_000;

export const TALLIES = 'survey_answer_tallies';
export const ADDRESS_TALLIES = 'survey_address_tallies';
export const RESPONSE_TALLIES = 'survey_response_tallies';

const DAY_MS = 86_400_000;
/** An instant's UTC day in whole days since 1970-01-01, as the response tallies key it (ResultsDialect.utcDay in SQL). */
export const utcDayOf = (epochMs: number) => Math.floor(epochMs / DAY_MS);

/** Rows per upsert statement (at most nine bindings each, well under SQLite's limit). */
const UPSERT_ROWS = 500;

/** A row of survey_answer_tallies: 'answered' (value '') counts answers and sums numbers; 'chosen' counts one value. */
export interface TallyRow {
  questionId: string;
  isComplete: boolean;
  kind: 'answered' | 'chosen';
  value: string;
  responses: number;
  numbered: number;
  numberSum: number;
}

/** A number as an answer may hold it in text ('4'), as the live reads accept it. */
const NUMERIC = /^\s*-?[0-9]+(\.[0-9]+)?\s*$/;

export const isNumericQuestion = (question: Question) => question.type === 'number' || question.type === 'rating';

/** The number an answer holds, or null. */
export function numberIn(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  return null;
}

/** A stored JSON value as text, as the database's scalar text reads it (null for JSON null). */
function scalarText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Whether the question's answers are counted value by value (choices, ratings, yes/no). */
export const countsValues = (question: Question) =>
  question.type === 'yes-no' || question.type === 'rating' || CHOICE_TYPES.includes(question.type) || MULTI_SELECT_TYPES.includes(question.type);

const tallyKey = (row: Pick<TallyRow, 'questionId' | 'isComplete' | 'kind' | 'value'>) => JSON.stringify([row.questionId, row.isComplete, row.kind, row.value]);

function add(into: Map<string, TallyRow>, row: Omit<TallyRow, 'responses' | 'numbered' | 'numberSum'>, responses: number, number: number | null) {
  const key = tallyKey(row);
  let tally = into.get(key);
  if (!tally) into.set(key, (tally = { ...row, responses: 0, numbered: 0, numberSum: 0 }));
  tally.responses += responses;
  if (number !== null) {
    tally.numbered += Math.sign(responses);
    tally.numberSum += Math.sign(responses) * number;
  }
}

/**
 * What one response adds to its survey's tallies (`sign` -1: what it takes away). A question is
 * answered when its key is present; a multi-select counts each chosen element.
 */
export function addResponseTallies(questions: readonly Question[], answers: Record<string, Answer>, isComplete: boolean, into: Map<string, TallyRow>, sign: 1 | -1 = 1) {
  for (const question of questions) {
    if (!Object.hasOwn(answers, question.id)) continue;
    const answer = answers[question.id] as unknown;
    add(into, { questionId: question.id, isComplete, kind: 'answered', value: '' }, sign, isNumericQuestion(question) ? numberIn(answer) : null);
    if (!countsValues(question)) continue;
    const chosen = MULTI_SELECT_TYPES.includes(question.type) ? (Array.isArray(answer) ? answer : []) : [answer];
    for (const value of chosen) {
      const text = scalarText(value);
      if (text !== null) add(into, { questionId: question.id, isComplete, kind: 'chosen', value: text }, sign, null);
    }
  }
  return into;
}

/**
 * Inserts rows, or adds them to the rows already there (`conflict`), in statements of UPSERT_ROWS,
 * in key order so that two writers never wait on each other in a circle.
 */
async function upsertInKeyOrder(knex: Knex | Knex.Transaction, table: string, columns: readonly string[], conflict: string, rows: Array<{ key: string; values: Knex.RawBinding[] }>): Promise<void> {
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += UPSERT_ROWS) {
    const chunk = rows.slice(start, start + UPSERT_ROWS);
    await knex.raw(`insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => tuple).join(', ')} ${conflict}`, chunk.flatMap((row) => row.values));
  }
}

/** Adds the rows to the tallies (created when missing). */
async function addToTallies(knex: Knex | Knex.Transaction, kind: DatabaseKind, surveyId: string, rows: Iterable<TallyRow>): Promise<void> {
  await upsertInKeyOrder(
    knex,
    TALLIES,
    ['id', 'survey_id', 'question_id', 'is_complete', 'kind', 'value', 'responses', 'numbered', 'number_sum'],
    `on conflict (survey_id, question_id, is_complete, kind, value) do update set
       responses = ${TALLIES}.responses + excluded.responses,
       numbered = ${TALLIES}.numbered + excluded.numbered,
       number_sum = ${TALLIES}.number_sum + excluded.number_sum`,
    [...rows].map((row) => ({
      key: tallyKey(row),
      values: [randomUUID(), surveyId, row.questionId, bindBoolean(kind, row.isComplete), row.kind, row.value, row.responses, row.numbered, row.numberSum],
    })),
  );
}

/** One address's responses in a batch: how many, and the latest one's time in epoch milliseconds. */
interface AddressTally {
  responses: number;
  lastResponse: number;
}

/** Adds the batch's responses to their addresses' tallies (created when missing). */
async function addToAddressTallies(knex: Knex | Knex.Transaction, kind: DatabaseKind, surveyId: string, addresses: Map<string, AddressTally>): Promise<void> {
  await upsertInKeyOrder(
    knex,
    ADDRESS_TALLIES,
    ['survey_id', 'ip_address', 'responses', 'last_response'],
    `on conflict (survey_id, ip_address) do update set
       responses = ${ADDRESS_TALLIES}.responses + excluded.responses,
       last_response = case when excluded.last_response > ${ADDRESS_TALLIES}.last_response then excluded.last_response else ${ADDRESS_TALLIES}.last_response end`,
    [...addresses].map(([address, tally]) => ({ key: address, values: [surveyId, address, tally.responses, bindTime(kind, tally.lastResponse)] })),
  );
}

/** One UTC day's responses of one device and completeness in a batch, with their completion times. */
interface ResponseTally {
  day: number;
  deviceType: string;
  isComplete: boolean;
  responses: number;
  timed: number;
  timeSum: number;
  fastest: number | null;
  longest: number | null;
}

const responseTallyKey = (tally: Pick<ResponseTally, 'day' | 'deviceType' | 'isComplete'>) => `${tally.day}|${tally.deviceType}|${Number(tally.isComplete)}`;

function addResponse(into: Map<string, ResponseTally>, row: { created_at: unknown; device_type: string; is_complete: boolean | number; completion_time_seconds: unknown }) {
  const at = { day: utcDayOf(timeOf(row.created_at) ?? 0), deviceType: row.device_type, isComplete: Boolean(row.is_complete) };
  const key = responseTallyKey(at);
  let tally = into.get(key);
  if (!tally) into.set(key, (tally = { ...at, responses: 0, timed: 0, timeSum: 0, fastest: null, longest: null }));
  tally.responses += 1;
  if (row.completion_time_seconds === null || row.completion_time_seconds === undefined) return;
  const seconds = toNumber(row.completion_time_seconds);
  tally.timed += 1;
  tally.timeSum += seconds;
  tally.fastest = tally.fastest === null ? seconds : Math.min(tally.fastest, seconds);
  tally.longest = tally.longest === null ? seconds : Math.max(tally.longest, seconds);
}

/** Adds the batch's responses to their days' tallies (created when missing). */
async function addToResponseTallies(knex: Knex | Knex.Transaction, kind: DatabaseKind, surveyId: string, tallies: Map<string, ResponseTally>): Promise<void> {
  // A side without a time keeps the other's; min and max of a null are null on SQLite.
  const kept = (column: string, better: '<' | '>') =>
    `${column} = case when excluded.${column} is null then ${RESPONSE_TALLIES}.${column}
       when ${RESPONSE_TALLIES}.${column} is null or excluded.${column} ${better} ${RESPONSE_TALLIES}.${column} then excluded.${column}
       else ${RESPONSE_TALLIES}.${column} end`;
  await upsertInKeyOrder(
    knex,
    RESPONSE_TALLIES,
    ['survey_id', 'day', 'device_type', 'is_complete', 'responses', 'timed', 'time_sum', 'fastest', 'longest'],
    `on conflict (survey_id, day, device_type, is_complete) do update set
       responses = ${RESPONSE_TALLIES}.responses + excluded.responses,
       timed = ${RESPONSE_TALLIES}.timed + excluded.timed,
       time_sum = ${RESPONSE_TALLIES}.time_sum + excluded.time_sum,
       ${kept('fastest', '<')},
       ${kept('longest', '>')}`,
    [...tallies].map(([key, tally]) => ({
      key,
      values: [surveyId, tally.day, tally.deviceType, bindBoolean(kind, tally.isComplete), tally.responses, tally.timed, tally.timeSum, tally.fastest, tally.longest],
    })),
  );
}

/**
 * Takes a tallied response's answers out of the tallies and queues it again, in the caller's
 * transaction (which holds the response's row lock): the response then counts live until it
 * settles again. Its address's latest time stays, and so do its day's shortest and longest
 * completion times: the response still exists and keeps its time (only an unfinished response is
 * continued, and it has none).
 */
export async function untallyResponse(
  db: SqlRunner,
  kind: DatabaseKind,
  questions: readonly Question[],
  response: {
    id: string;
    surveyId: string;
    answers: Record<string, Answer>;
    isComplete: boolean;
    ipAddress?: string | null;
    createdAt: Date;
    deviceType: string;
    completionTimeSeconds?: number | null;
  },
) {
  const trx = knexIn(db);
  await queueForTally(trx, kind, { responseId: response.id, surveyId: response.surveyId, countPending: false });
  const rows = addResponseTallies(questions, response.answers, response.isComplete, new Map(), -1);
  await addToTallies(trx, kind, response.surveyId, rows.values());
  if (response.ipAddress) {
    await trx.raw(`update ${ADDRESS_TALLIES} set responses = responses - 1 where survey_id = ? and ip_address = ?`, [response.surveyId, response.ipAddress]);
  }
  const seconds = response.completionTimeSeconds ?? null;
  await trx.raw(
    `update ${RESPONSE_TALLIES} set responses = responses - 1, timed = timed - ?, time_sum = time_sum - ?
     where survey_id = ? and day = ? and device_type = ? and is_complete = ?`,
    [
      seconds === null ? 0 : 1,
      seconds ?? 0,
      response.surveyId,
      utcDayOf(response.createdAt.getTime()),
      response.deviceType,
      bindBoolean(kind, response.isComplete),
    ],
  );
}

/** A deleted response as the tallies counted it: the columns its answers, address and day were counted from. */
export interface ForgottenResponse {
  is_complete: boolean | number;
  answers: unknown;
  ip_address: string | null;
  created_at: unknown;
  device_type: string;
  completion_time_seconds: unknown;
}

/**
 * Takes deleted responses that were already tallied out of their survey's tallies, in the caller's
 * transaction (the one that deleted them): their answers, their addresses' and their days' counts.
 * A tally row left at no response goes; an address's latest time and a day's shortest and longest
 * completion times are read again from the responses that remain (their indexes start with the
 * survey), since a deleted response may have set them. The retention job's batches are of one survey.
 */
export async function forgetTalliedResponses(trx: Knex.Transaction, kind: DatabaseKind, surveyId: string, questions: readonly Question[], rows: readonly ForgottenResponse[]): Promise<void> {
  if (!rows.length) return;
  const dialect = resultsDialect(kind);
  const tallies = new Map<string, TallyRow>();
  const addresses = new Map<string, number>();
  const days = new Map<string, ResponseTally>();
  for (const row of rows) {
    addResponseTallies(questions, dialect.parsedJson<Record<string, Answer>>(row.answers) ?? {}, Boolean(row.is_complete), tallies, -1);
    addResponse(days, row);
    if (row.ip_address) addresses.set(row.ip_address, (addresses.get(row.ip_address) ?? 0) + 1);
  }
  await addToTallies(trx, kind, surveyId, tallies.values());
  await trx.raw(`delete from ${TALLIES} where survey_id = ? and responses <= 0`, [surveyId]);

  for (const [address, responses] of [...addresses].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await trx.raw(`update ${ADDRESS_TALLIES} set responses = responses - ? where survey_id = ? and ip_address = ?`, [responses, surveyId, address]);
    await trx.raw(
      `update ${ADDRESS_TALLIES} set last_response = coalesce((select max(r.created_at) from survey_responses r where r.survey_id = ? and r.ip_address = ?), last_response)
       where survey_id = ? and ip_address = ?`,
      [surveyId, address, surveyId, address],
    );
  }
  await trx.raw(`delete from ${ADDRESS_TALLIES} where survey_id = ? and responses <= 0`, [surveyId]);

  for (const tally of [...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, tally]) => tally)) {
    const at = [surveyId, tally.day, tally.deviceType, bindBoolean(kind, tally.isComplete)];
    await trx.raw(`update ${RESPONSE_TALLIES} set responses = responses - ?, timed = timed - ?, time_sum = time_sum - ? where survey_id = ? and day = ? and device_type = ? and is_complete = ?`, [
      tally.responses,
      tally.timed,
      tally.timeSum,
      ...at,
    ]);
    // The day's remaining tallied responses (those still queued count live, beside the tallies).
    const remaining = `from survey_responses r where r.survey_id = ? and r.created_at >= ? and r.created_at < ? and r.device_type = ? and r.is_complete = ?
      and not exists (select 1 from ${UNTALLIED_RESPONSES} u where u.response_id = r.id)`;
    const within = [surveyId, bindTime(kind, tally.day * DAY_MS), bindTime(kind, (tally.day + 1) * DAY_MS), tally.deviceType, bindBoolean(kind, tally.isComplete)];
    await trx.raw(
      `update ${RESPONSE_TALLIES} set fastest = (select min(r.completion_time_seconds) ${remaining}), longest = (select max(r.completion_time_seconds) ${remaining})
       where survey_id = ? and day = ? and device_type = ? and is_complete = ?`,
      [...within, ...within, ...at],
    );
  }
  await trx.raw(`delete from ${RESPONSE_TALLIES} where survey_id = ? and responses <= 0`, [surveyId]);
}

export interface TallyDeps {
  /** The database's knex comes from it. */
  orm: Orm;
  /** An EntityManager of the run's own (the runtime's fork). */
  fork: () => EntityManager;
  kind: DatabaseKind;
  now: () => Date;
  batchRows?: number;
}

/** Settled (bound to the time before which an incomplete response is abandoned), of `untallied_responses u` and `survey_responses r`. */
const SETTLED = 'u.count_pending = false and (r.is_complete = true or r.updated_at < ?)';

/** The columns of a response the tallies count. */
interface TalliedRow {
  is_complete: boolean | number;
  answers: unknown;
  ip_address: string | null;
  created_at: unknown;
  device_type: string;
  completion_time_seconds: unknown;
}
const TALLIED_COLUMNS = 'r.is_complete, r.answers, r.ip_address, r.created_at, r.device_type, r.completion_time_seconds';

/**
 * Takes up to `limit` of the survey's settled responses off the queue and reads them, in the
 * caller's transaction. A completion not yet counted on its survey waits for the next run. On
 * PostgreSQL one statement, which skips the responses a continuation holds (their turn comes
 * later); SQLite's transactions already run one at a time.
 */
async function claimSettled(trx: Knex.Transaction, kind: DatabaseKind, surveyId: string, settledBefore: Knex.RawBinding, limit: number): Promise<TalliedRow[]> {
  const claim = `delete from ${UNTALLIED_RESPONSES} where response_id in (
      select u.response_id from ${UNTALLIED_RESPONSES_OF_SURVEY} and ${SETTLED} limit ?${kind === 'postgresql' ? ' for update skip locked' : ''}
    ) returning response_id`;
  const bindings = [surveyId, settledBefore, limit];
  if (kind === 'postgresql') {
    return rowsOf<TalliedRow>(await trx.raw(`with claimed as (${claim}) select ${TALLIED_COLUMNS} from claimed join survey_responses r on r.id = claimed.response_id`, bindings));
  }
  const ids = rowsOf<{ response_id: string }>(await trx.raw(claim, bindings)).map((row) => row.response_id);
  if (!ids.length) return [];
  return rowsOf<TalliedRow>(await trx.raw(`select ${TALLIED_COLUMNS} from survey_responses r where r.id in (select value from json_each(?))`, [JSON.stringify(ids)]));
}

/**
 * The tally job's run: the completions not yet counted on their surveys' rows first (their answers
 * wait for it), then every settled response's answers (tallySettledAnswers). Answers the number of
 * responses tallied.
 */
export async function tallySettledResponses(deps: TallyDeps): Promise<number> {
  await countAllPendingCompletions(knexOf(deps.orm), deps.kind);
  return tallySettledAnswers(deps);
}


/**
 * Counts every settled response not yet tallied into its survey's tallies, a batch per
 * transaction: the batch is taken off the queue and counted together, so a response is counted
 * once whatever stops the job. Answers the number of responses tallied.
 */
export async function tallySettledAnswers({ orm, fork, kind, now, batchRows = TALLY_BATCH_ROWS }: TallyDeps): Promise<number> {
  const knex = knexOf(orm);
  const dialect = resultsDialect(kind);
  const settledBefore = bindTime(kind, now().getTime() - TALLY_SETTLE_MS);
  const surveyIds = rowsOf<{ survey_id: string }>(
    await knex.raw(`select distinct u.survey_id from ${UNTALLIED_JOIN} where ${SETTLED}`, [settledBefore]),
  ).map((row) => row.survey_id);
  let tallied = 0;
  for (const surveyId of surveyIds) {
    const survey = await fork().findOne(PublishedSurvey, { id: surveyId }, { fields: ['survey'] });
    if (!survey) continue;
    const questions = survey.survey.questions;
    for (;;) {
      const claimed = await knex.transaction(async (trx) => {
        const rows = await claimSettled(trx, kind, surveyId, settledBefore, batchRows);
        const tallies = new Map<string, TallyRow>();
        const addresses = new Map<string, AddressTally>();
        const days = new Map<string, ResponseTally>();
        for (const row of rows) {
          addResponseTallies(questions, dialect.parsedJson<Record<string, Answer>>(row.answers) ?? {}, Boolean(row.is_complete), tallies);
          addResponse(days, row);
          if (!row.ip_address) continue;
          const createdAt = timeOf(row.created_at) ?? 0;
          const address = addresses.get(row.ip_address);
          if (address) {
            address.responses += 1;
            address.lastResponse = Math.max(address.lastResponse, createdAt);
          } else addresses.set(row.ip_address, { responses: 1, lastResponse: createdAt });
        }
        await addToTallies(trx, kind, surveyId, tallies.values());
        await addToAddressTallies(trx, kind, surveyId, addresses);
        await addToResponseTallies(trx, kind, surveyId, days);
        return rows.length;
      });
      tallied += claimed;
      if (claimed < batchRows) break;
    }
  }
  return tallied;
}

/** The deployment's job that keeps the tallies up to date (once per deployment: the batches are claimed rows). */
export function createAnswerTallyJob(deps: TallyDeps & { logger: Pick<Logger, 'error'>; everyMs?: number }): RepeatingJob {
  return repeatingJob({ name: 'answer tallies', everyMs: deps.everyMs ?? TALLY_EVERY_MS, run: () => tallySettledResponses(deps), logger: deps.logger, runOnStart: true });
}
