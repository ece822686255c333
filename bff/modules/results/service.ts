/**
 * InsightIQ's data: a published survey's analytics, its responses page by page, its returning
 * users, one question's answers, and the rows of the CSV export. Every figure is computed by the
 * database with aggregate queries (a survey may hold millions of responses); Node only receives
 * the few rows of a page, a handful of aggregate rows, or the export in batches.
 *
 * The queries go through knex, the ORM's own query builder, with bound parameters: the entity
 * layer would load and track every row, which a results screen never needs.
 */
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import {
  DEVICE_TYPES,
  MOST_ENGAGED_USERS,
  TREND_DAYS,
  type DeviceType,
  type Pagination,
  type QuestionAnswerFilter,
  type QuestionAnswers,
  type ResponsePage,
  type SurveyAnalytics,
  type SurveyResponse,
  type UserAnalytics,
  type UserEngagement,
} from '@domain/survey/collection';
import { CHOICE_TYPES, MULTI_SELECT_TYPES } from '@domain/survey/defaults';
import { ratingMax } from '@domain/survey/answers';
import type { Answer, Question } from '@domain/survey/types';
import type { Orm } from '../../types';
import type { PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';
import type { PageRequest, ResponseSelection } from './queries';
import { asJsonStringContent, containsPattern, resultsDialect, type ResultsDialect, toNumber, type DatabaseKind } from '../../platform/sql';

const DAY_MS = 86_400_000;
const TABLE = 'survey_responses';
/** Rows per query of the CSV export: enough to keep the round trips few, small enough to stay flat in memory. */
export const EXPORT_BATCH_ROWS = 1_000;

export const QUESTION_NOT_FOUND = {
  error: 'Question not found',
  message: 'This survey has no question with this id.',
};

export interface ResultsServiceOptions {
  orm: Orm;
  kind: DatabaseKind;
  /** The server's clock: "today", "this week" and the trend days are its UTC days. */
  now: () => Date;
  exportBatchRows?: number;
}

/** A stored response's row as the list and the export read it. */
interface ResponseRow {
  id: string;
  ip_address: string | null;
  device_type: DeviceType;
  user_agent: string | null;
  started_ms: number | string;
  completed_ms: number | string | null;
  completion_time_seconds: number | string | null;
  is_complete: boolean | number;
  created_ms: number | string;
  answers: unknown;
  /** Not read by the export. */
  identifiers?: unknown;
  /** The stored created_at exactly as the driver returns it: the export's keyset cursor. */
  cursor_at?: unknown;
}

export interface ExportPlan {
  /** Rows the export will send. */
  total: number;
  /** The rows, newest first, read in batches; stop iterating to stop reading. */
  rows: AsyncGenerator<SurveyResponse>;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole ? oneDecimal((part / whole) * 100) : 0);
const startOfUtcDay = (date: Date) => Math.floor(date.getTime() / DAY_MS) * DAY_MS;

function paginationOf(total: number, { page, limit }: PageRequest): Pagination {
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}

function presentResponse(row: ResponseRow, dialect: ResultsDialect): SurveyResponse {
  return {
    id: row.id,
    ip_address: row.ip_address,
    device_type: row.device_type,
    user_agent: row.user_agent,
    started_at: iso(row.started_ms),
    completed_at: row.completed_ms === null ? null : iso(row.completed_ms),
    completion_time_seconds: row.completion_time_seconds === null ? null : Number(row.completion_time_seconds),
    is_complete: Boolean(row.is_complete),
    created_at: iso(row.created_ms),
    responses: dialect.parsedJson<Record<string, Answer>>(row.answers),
    identifiers: row.identifiers === undefined ? {} : dialect.parsedJson<Record<string, string>>(row.identifiers),
  };
}

/** The values a choice-like question's counts list, in order: every option, even unchosen. */
function countedValues(question: Question): string[] | null {
  if (question.type === 'yes-no') return ['yes', 'no'];
  if (question.type === 'rating') return Array.from({ length: ratingMax(question) }, (_, index) => String(index + 1));
  if (MULTI_SELECT_TYPES.includes(question.type) || CHOICE_TYPES.includes(question.type)) return [...question.options];
  return null;
}

const isNumeric = (question: Question) => question.type === 'number' || question.type === 'rating';
/** A number as an answer may hold it in text ('4'): what numberOf accepts in SQL. */
const NUMERIC = /^\s*-?[0-9]+(\.[0-9]+)?\s*$/;

export function createResultsService({ orm, kind, now, exportBatchRows = EXPORT_BATCH_ROWS }: ResultsServiceOptions) {
  const knex: Knex = (orm.em as SqlEntityManager).getKnex();
  const dialect = resultsDialect(kind);
  const raw = (sql: string, bindings: readonly Knex.RawBinding[] = []) => knex.raw(sql, bindings);

  const responseColumns = [
    'id',
    'ip_address',
    'device_type',
    'user_agent',
    raw(`${dialect.epochMs('started_at')} as started_ms`),
    raw(`${dialect.epochMs('completed_at')} as completed_ms`),
    'completion_time_seconds',
    'is_complete',
    raw(`${dialect.epochMs('created_at')} as created_ms`),
    'answers',
    'identifiers',
  ];

  /** The responses of a survey that a selection covers. */
  function selected(surveyId: string, selection: ResponseSelection = {}): Knex.QueryBuilder {
    const query = knex(TABLE).where('survey_id', surveyId);
    if (selection.deviceType) query.where('device_type', selection.deviceType);
    if (selection.from) query.where('created_at', '>=', selection.from);
    if (selection.before) query.where('created_at', '<', selection.before);
    if (selection.completed !== undefined) query.where('is_complete', selection.completed);
    if (selection.search) {
      // Answers and identifiers are matched in their stored JSON text, where a quote is \".
      const inJson = containsPattern(asJsonStringContent(selection.search));
      const plain = containsPattern(selection.search);
      const matches = (column: string) => `${column} ${dialect.like} ? escape '\\'`;
      query.where((search) =>
        search
          .whereRaw(matches(dialect.jsonText('answers')), [inJson])
          .orWhereRaw(matches(dialect.jsonText('identifiers')), [inJson])
          .orWhereRaw(matches('user_agent'), [plain]),
      );
    }
    return query;
  }

  async function countOf(query: Knex.QueryBuilder): Promise<number> {
    const row = (await query.clone().clearSelect().clearOrder().count({ total: '*' }).first()) as { total: number | string } | undefined;
    return toNumber(row?.total);
  }

  return {
    async analytics(survey: PublishedSurvey): Promise<SurveyAnalytics> {
      const today = startOfUtcDay(now());
      const firstDay = today - (TREND_DAYS - 1) * DAY_MS;
      const days = Array.from({ length: TREND_DAYS }, (_, index) => firstDay + index * DAY_MS);

      // One pass over the survey's responses, grouped into at most six rows (device x complete),
      // and one range read of the last seven days on the (survey_id, created_at) index.
      const [groups, trend] = await Promise.all([
        knex(TABLE)
          .where('survey_id', survey.id)
          .groupBy('device_type', 'is_complete')
          .select(
            'device_type',
            'is_complete',
            raw('count(*) as responses'),
            raw('count(completion_time_seconds) as timed'),
            raw('sum(completion_time_seconds) as time_sum'),
            raw('min(completion_time_seconds) as fastest'),
            raw('max(completion_time_seconds) as longest'),
          ) as Promise<Array<{ device_type: string; is_complete: boolean | number; responses: unknown; timed: unknown; time_sum: unknown; fastest: unknown; longest: unknown }>>,
        knex(TABLE)
          .where('survey_id', survey.id)
          .where('created_at', '>=', new Date(firstDay))
          .where('created_at', '<', new Date(today + DAY_MS))
          .first(...days.map((start, index) => raw(`sum(case when created_at >= ? and created_at < ? then 1 else 0 end) as day${index}`, [new Date(start), new Date(start + DAY_MS)]))) as Promise<
          Record<string, unknown> | undefined
        >,
      ]);

      let total = 0;
      let completed = 0;
      let timed = 0;
      let timeSum = 0;
      let fastest: number | null = null;
      let longest: number | null = null;
      const devices: Record<DeviceType, number> = { mobile: 0, desktop: 0, tablet: 0 };
      for (const group of groups) {
        const count = toNumber(group.responses);
        total += count;
        if (group.device_type in devices) devices[group.device_type as DeviceType] += count;
        if (!group.is_complete) continue;
        completed += count;
        if (!toNumber(group.timed)) continue;
        timed += toNumber(group.timed);
        timeSum += toNumber(group.time_sum);
        fastest = Math.min(fastest ?? Infinity, toNumber(group.fastest));
        longest = Math.max(longest ?? -Infinity, toNumber(group.longest));
      }
      return {
        totalResponses: total,
        completionRate: percent(completed, total),
        dailyTrends: days.map((start, index) => ({ date: new Date(start).toISOString().slice(0, 10), responses: toNumber(trend?.[`day${index}`]) })),
        deviceAnalytics: Object.fromEntries(DEVICE_TYPES.map((device) => [device, percent(devices[device], total)])) as Record<DeviceType, number>,
        averageCompletionTime: timed ? Math.round(timeSum / timed) : 0,
        fastestResponse: fastest ?? 0,
        longestResponse: longest ?? 0,
      };
    },

    async responses(survey: PublishedSurvey, selection: ResponseSelection, page: PageRequest): Promise<ResponsePage> {
      const query = selected(survey.id, selection);
      const [total, rows] = await Promise.all([
        countOf(query),
        query
          .clone()
          .select(responseColumns)
          .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
          .limit(page.limit)
          .offset((page.page - 1) * page.limit) as Promise<ResponseRow[]>,
      ]);
      return { responses: rows.map((row) => presentResponse(row, dialect)), pagination: paginationOf(total, page) };
    },

    async userAnalytics(survey: PublishedSurvey): Promise<UserAnalytics> {
      // A user is an address (data document, section 3); responses without one are nobody's.
      const byAddress = () => knex(TABLE).where('survey_id', survey.id).whereNotNull('ip_address').groupBy('ip_address');
      const [summary, top] = await Promise.all([
        knex
          .from(byAddress().select('ip_address', raw('count(*) as response_count')).as('users'))
          .first(raw('count(*) as unique_users'), raw('sum(case when response_count > 1 then 1 else 0 end) as returning_users')) as Promise<
          { unique_users: unknown; returning_users: unknown } | undefined
        >,
        byAddress()
          .select('ip_address', raw('count(*) as response_count'), raw('max(created_at) as last_response'), raw('avg(case when is_complete then completion_time_seconds end) as average_time'))
          .orderBy([
            { column: 'response_count', order: 'desc' },
            { column: 'last_response', order: 'desc' },
            { column: 'ip_address', order: 'asc' },
          ])
          .limit(MOST_ENGAGED_USERS) as Promise<Array<{ ip_address: string; response_count: unknown; average_time: unknown }>>,
      ]);
      const devices = new Map<string, Set<DeviceType>>();
      if (top.length) {
        const pairs = (await knex(TABLE)
          .where('survey_id', survey.id)
          .whereIn(
            'ip_address',
            top.map((user) => user.ip_address),
          )
          .distinct('ip_address', 'device_type')) as Array<{ ip_address: string; device_type: DeviceType }>;
        for (const pair of pairs) {
          const set = devices.get(pair.ip_address) ?? new Set();
          set.add(pair.device_type);
          devices.set(pair.ip_address, set);
        }
      }
      const userEngagement: UserEngagement[] = top.map((user) => ({
        ip_address: user.ip_address,
        response_count: toNumber(user.response_count),
        device_types: DEVICE_TYPES.filter((device) => devices.get(user.ip_address)?.has(device)),
        avg_completion_time: Math.round(toNumber(user.average_time)),
      }));
      return { uniqueUsers: toNumber(summary?.unique_users), returningUsers: toNumber(summary?.returning_users), userEngagement };
    },

    async questionAnswers(survey: PublishedSurvey, questionId: string, filter: QuestionAnswerFilter, page: PageRequest): Promise<QuestionAnswers> {
      const found = survey.survey.questions.find((candidate) => candidate.id === questionId);
      if (!found) throw apiError('not_found', QUESTION_NOT_FOUND);
      const question: Question = found;
      const key = dialect.jsonKey(question.id);
      const clock = now();

      /** The responses that answered the question, within the filter. */
      const answered = (column = 'answers') => {
        const query = knex(TABLE).where('survey_id', survey.id).whereRaw(`${dialect.jsonType(column)} is not null`, [key]);
        if (filter === 'completed') query.where('is_complete', true);
        if (filter === 'incomplete') query.where('is_complete', false);
        if (filter === 'today') query.where('created_at', '>=', new Date(startOfUtcDay(clock)));
        if (filter === 'week') query.where('created_at', '>=', new Date(clock.getTime() - 7 * DAY_MS));
        return query;
      };

      const values = countedValues(question);
      type Groups = Array<{ value: unknown; count: unknown }>;
      const scalarText = raw(`${dialect.jsonScalarText('answers')} as answer_text`, [key]);

      /** The total, the counted values and the mean, in as few passes over the answers as the type allows. */
      async function summary(): Promise<{ total: number; groups: Groups; average: number | null }> {
        if (values && !MULTI_SELECT_TYPES.includes(question.type)) {
          // One pass: the answers grouped by value give the total, the counts and a rating's mean.
          const groups = (await answered().select(raw(`${dialect.jsonScalarText('answers')} as value`, [key]), raw('count(*) as count')).groupByRaw('1')) as Groups;
          let total = 0;
          let numbered = 0;
          let sum = 0;
          for (const group of groups) {
            const count = toNumber(group.count);
            total += count;
            const number = typeof group.value === 'number' ? group.value : NUMERIC.test(String(group.value ?? '')) ? Number(group.value) : Number.NaN;
            if (isNumeric(question) && Number.isFinite(number)) {
              numbered += count;
              sum += number * count;
            }
          }
          return { total, groups, average: numbered ? sum / numbered : null };
        }
        if (isNumeric(question)) {
          const row = (await knex.from(answered().select(scalarText).as('answered')).first(raw('count(*) as total'), raw(`avg(${dialect.numberOf('answer_text')}) as average`))) as
            | { total: unknown; average: unknown }
            | undefined;
          const average = row?.average;
          return { total: toNumber(row?.total), groups: [], average: average === null || average === undefined ? null : Number(average) };
        }
        if (!values) return { total: await countOf(answered()), groups: [], average: null };
        // A multi-select counts each chosen option: one row per element of the stored arrays.
        const [total, groups] = await Promise.all([
          countOf(answered()),
          knex
            .from(raw(`${TABLE}, ${dialect.jsonElements(`${TABLE}.answers`)}`, dialect.jsonElementsBindings(question.id)))
            .whereIn(`${TABLE}.id`, answered(`${TABLE}.answers`).whereRaw(`${dialect.jsonType(`${TABLE}.answers`)} = 'array'`, [key]).select(`${TABLE}.id`))
            .groupBy('elements.value')
            .select(raw('elements.value as value'), raw('count(*) as count')) as Promise<Groups>,
        ]);
        return { total, groups, average: null };
      }

      const [{ total, groups: grouped, average: mean }, rows] = await Promise.all([
        summary(),
        answered()
          .select('id', raw(`${dialect.jsonValue('answers')} as answer`, [key]), 'is_complete', 'device_type', raw(`${dialect.epochMs('created_at')} as created_ms`))
          .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
          .limit(page.limit)
          .offset((page.page - 1) * page.limit) as Promise<Array<{ id: string; answer: unknown; is_complete: boolean | number; device_type: DeviceType; created_ms: number | string }>>,
      ]);

      const counts: QuestionAnswers['counts'] = [];
      if (values) {
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
      }
      return {
        questionId: question.id,
        answers: rows.map((row) => ({
          responseId: row.id,
          answer: dialect.parsedJson<Answer>(row.answer),
          is_complete: Boolean(row.is_complete),
          device_type: row.device_type,
          created_at: iso(row.created_ms),
        })),
        counts,
        average: mean === null ? null : Math.round(mean * 100) / 100,
        pagination: paginationOf(total, page),
      };
    },

    /**
     * The export's rows, newest first, read in keyset batches of (created_at, id): each batch is
     * one short query, so nothing holds a connection between batches and a stopped export simply
     * reads no further. Rows stored after the export began are left out (the total stays true).
     */
    async exportPlan(survey: PublishedSurvey, selection: ResponseSelection): Promise<ExportPlan> {
      const bound = (await selected(survey.id, selection).first(raw('count(*) as total'), raw('max(created_at) as newest'))) as { total: unknown; newest: unknown } | undefined;
      const total = toNumber(bound?.total);
      const newest = bound?.newest;
      const batch = exportBatchRows;
      // The file has no identifiers column: they are not read.
      const exportColumns = [...responseColumns.filter((column) => column !== 'identifiers'), 'created_at as cursor_at'];
      const batchAfter = (cursor: { at: unknown; id: string } | null) => {
        const query = selected(survey.id, selection)
          .where('created_at', '<=', newest as Knex.Value)
          .select(exportColumns)
          .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
          .limit(batch);
        if (cursor) {
          const { at, id } = cursor;
          // "created_at <= at" bounds the index range, so each batch starts where the last ended
          // (the OR alone is only a filter: every batch would rescan all the rows before it).
          query.where('created_at', '<=', at as Knex.Value).where((after) => after.where('created_at', '<', at as Knex.Value).orWhere('id', '<', id));
        }
        return query as Promise<ResponseRow[]>;
      };
      async function* rows(): AsyncGenerator<SurveyResponse> {
        if (!total || newest === null || newest === undefined) return;
        let next: Promise<ResponseRow[]> | null = batchAfter(null);
        while (next) {
          const found: ResponseRow[] = await next;
          // The next batch is read while this one is written: two batches at most are in memory.
          const last = found[found.length - 1];
          next = found.length === batch && last ? batchAfter({ at: last.cursor_at, id: last.id }) : null;
          for (const row of found) yield presentResponse(row, dialect);
        }
      }
      return { total, rows: rows() };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;

