/**
 * One question's answers: a page of the responses that answered it (within a filter: completed,
 * incomplete, today, this week), their total, how often each option was chosen (every current
 * option, then options since renamed or removed) and a number or rating question's mean. The
 * summary adds the survey's tallies (the responses' owner's) to the answers of responses not yet tallied, in
 * as few passes over those as the question's type allows; the day and week filters read their
 * days' responses whole.
 */
import type { Knex } from '@mikro-orm/knex';
import type { DeviceType, QuestionAnswerFilter, QuestionAnswers } from '@domain/survey/collection';
import { CHOICE_TYPES, MULTI_SELECT_TYPES } from '@domain/survey/defaults';
import { ratingMax } from '@domain/survey/answers';
import type { Answer, Question } from '@domain/survey/types';
import type { PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';
import { toNumber } from '../../platform/sql';
import type { PageRequest } from './queries';
import { isoInstant } from '../../platform/isoInstant';
import { isNumericQuestion as isNumeric, numberIn, questionTallies, untalliedResponseIds } from '../responses';
import { countOf, DAY_MS, paginationOf, startOfUtcDay, TABLE, type ResultsDb } from './responseRows';

export const QUESTION_NOT_FOUND = {
  error: 'Question not found',
  message: 'This survey has no question with this id.',
};

/** The values a choice-like question's counts list, in order: every option, even unchosen. */
function countedValues(question: Question): string[] | null {
  if (question.type === 'yes-no') return ['yes', 'no'];
  if (question.type === 'rating') return Array.from({ length: ratingMax(question) }, (_, index) => String(index + 1));
  if (MULTI_SELECT_TYPES.includes(question.type) || CHOICE_TYPES.includes(question.type)) return [...question.options];
  return null;
}


type Groups = Array<{ value: unknown; count: unknown }>;
/** How many responses answered, the values they chose, and the count and sum of numeric answers. */
interface Summary {
  total: number;
  groups: Groups;
  numbered: number;
  numberSum: number;
}
/** The responses that answered the question, within the filter; `column` names their answers. */
type Answered = (column?: string) => Knex.QueryBuilder;

/** The total, the counted values and the numbers' sum, in as few passes over the answers as the type allows. */
async function answerSummary({ knex, dialect, raw }: ResultsDb, question: Question, values: string[] | null, answered: Answered): Promise<Summary> {
  const key = dialect.jsonKey(question.id);
  if (values && !MULTI_SELECT_TYPES.includes(question.type)) {
    // One pass: the answers grouped by value give the total, the counts and a rating's sum.
    const groups = (await answered().select(raw(`${dialect.jsonScalarText('answers')} as value`, [key]), raw('count(*) as count')).groupByRaw('1')) as Groups;
    const summary: Summary = { total: 0, groups, numbered: 0, numberSum: 0 };
    for (const group of groups) {
      const count = toNumber(group.count);
      summary.total += count;
      const number = numberIn(group.value);
      if (isNumeric(question) && number !== null) {
        summary.numbered += count;
        summary.numberSum += number * count;
      }
    }
    return summary;
  }
  if (isNumeric(question)) {
    const scalarText = raw(`${dialect.jsonScalarText('answers')} as answer_text`, [key]);
    const number = dialect.numberOf('answer_text');
    const row = (await knex.from(answered().select(scalarText).as('answered')).first(raw('count(*) as total'), raw(`count(${number}) as numbered`), raw(`sum(${number}) as number_sum`))) as
      | { total: unknown; numbered: unknown; number_sum: unknown }
      | undefined;
    return { total: toNumber(row?.total), groups: [], numbered: toNumber(row?.numbered), numberSum: toNumber(row?.number_sum) };
  }
  if (!values) return { total: await countOf(answered()), groups: [], numbered: 0, numberSum: 0 };
  // A multi-select counts each chosen option: one row per element of the stored arrays.
  const [total, groups] = await Promise.all([
    countOf(answered()),
    knex
      .from(raw(`${TABLE}, ${dialect.jsonElements(`${TABLE}.answers`)}`, dialect.jsonElementsBindings(question.id)))
      .whereIn(`${TABLE}.id`, answered(`${TABLE}.answers`).whereRaw(`${dialect.jsonType(`${TABLE}.answers`)} = 'array'`, [key]).select(`${TABLE}.id`))
      .groupBy('elements.value')
      .select(raw('elements.value as value'), raw('count(*) as count')) as Promise<Groups>,
  ]);
  return { total, groups, numbered: 0, numberSum: 0 };
}

/**
 * The summary of the answers within the filter: for all, completed or incomplete responses, the
 * tallies plus the responses not yet tallied; for today or this week, those days' responses.
 */
async function filteredSummary(db: ResultsDb, survey: PublishedSurvey, question: Question, values: string[] | null, filter: QuestionAnswerFilter, answered: Answered): Promise<Summary> {
  if (filter === 'today' || filter === 'week') return answerSummary(db, question, values, answered);
  const untallied: Answered = (column) => answered(column).whereIn(`${TABLE}.id`, untalliedResponseIds(db.knex, survey.id));
  const completeness = filter === 'completed' ? true : filter === 'incomplete' ? false : null;
  const [tallied, live] = await Promise.all([questionTallies(db.knex, survey.id, question.id, completeness), answerSummary(db, question, values, untallied)]);
  return {
    total: tallied.total + live.total,
    groups: [...tallied.groups, ...live.groups],
    numbered: tallied.numbered + live.numbered,
    numberSum: tallied.numberSum + live.numberSum,
  };
}

/** The counts of the listed values in order, then answers to values no longer listed, most chosen first. */
function countsOf(values: string[], grouped: Groups): QuestionAnswers['counts'] {
  const counts: QuestionAnswers['counts'] = [];
  const tally = new Map<string, number>();
  for (const row of grouped) {
    if (row.value === null || row.value === undefined) continue;
    const value = String(row.value);
    tally.set(value, (tally.get(value) ?? 0) + toNumber(row.count));
  }
  for (const value of values) counts.push({ value, count: tally.get(value) ?? 0 });
  // Answers to options that were since renamed or removed still count, after the current ones.
  const others = [...tally].filter(([value]) => !values.includes(value)).sort((a, b) => b[1] - a[1]);
  for (const [value, count] of others) counts.push({ value, count });
  return counts;
}

export async function questionAnswers(
  db: ResultsDb,
  now: () => Date,
  survey: PublishedSurvey,
  questionId: string,
  filter: QuestionAnswerFilter,
  page: PageRequest,
): Promise<QuestionAnswers> {
  const { knex, dialect, raw } = db;
  const question = survey.survey.questions.find((candidate) => candidate.id === questionId);
  if (!question) throw apiError('not_found', QUESTION_NOT_FOUND);
  const key = dialect.jsonKey(question.id);
  const clock = now();

  const answered: Answered = (column = 'answers') => {
    const query = knex(TABLE).where('survey_id', survey.id).whereRaw(`${dialect.jsonType(column)} is not null`, [key]);
    if (filter === 'completed') query.where('is_complete', true);
    if (filter === 'incomplete') query.where('is_complete', false);
    if (filter === 'today') query.where('created_at', '>=', new Date(startOfUtcDay(clock)));
    if (filter === 'week') query.where('created_at', '>=', new Date(clock.getTime() - 7 * DAY_MS));
    return query;
  };

  const values = countedValues(question);
  const [{ total, groups, numbered, numberSum }, rows] = await Promise.all([
    filteredSummary(db, survey, question, values, filter, answered),
    answered()
      .select('id', raw(`${dialect.jsonValue('answers')} as answer`, [key]), 'is_complete', 'device_type', raw(`${dialect.epochMs('created_at')} as created_ms`))
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(page.limit)
      .offset((page.page - 1) * page.limit) as Promise<Array<{ id: string; answer: unknown; is_complete: boolean | number; device_type: DeviceType; created_ms: number | string }>>,
  ]);

  return {
    questionId: question.id,
    answers: rows.map((row) => ({
      responseId: row.id,
      answer: dialect.parsedJson<Answer>(row.answer),
      is_complete: Boolean(row.is_complete),
      device_type: row.device_type,
      created_at: isoInstant(row.created_ms),
    })),
    counts: values ? countsOf(values, groups) : [],
    average: numbered ? Math.round((numberSum / numbered) * 100) / 100 : null,
    pagination: paginationOf(total, page),
  };
}
