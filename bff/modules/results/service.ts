/**
 * InsightIQ's data: a published survey's analytics, its responses page by page, its returning
 * users, one question's answers, and the rows of the CSV export. Every figure is computed by the
 * database with aggregate queries (a survey may hold millions of responses); Node only receives
 * the few rows of a page, a handful of aggregate rows, or the export in batches.
 *
 * The queries go through knex, the ORM's own query builder, with bound parameters: the entity
 * layer would load and track every row, which a results screen never needs. The reads live in
 * analytics.ts, responses.ts and answers.ts over responseRows.ts; this file binds them to the
 * service's database and clock.
 */
import type { Logger } from 'pino';
import type { QuestionAnswerFilter, QuestionAnswers, ResponsePage, SurveyAnalytics, UserAnalytics } from '@domain/survey/collection';
import type { Orm } from '../../types';
import type { PublishedSurvey } from '../../entities';
import type { DatabaseKind } from '../../platform/sql';
import { surveyAnalytics, userAnalytics } from './analytics';
import { questionAnswers } from './answers';
import { resultsDbOf } from './responseRows';
import type { PageRequest, ResponseSelection } from './queries';
import { EXPORT_BATCH_ROWS, exportPlan, responsePage, type ExportPlan } from './responses';

export { QUESTION_NOT_FOUND } from './answers';
export { EXPORT_BATCH_ROWS, type ExportPlan };

export interface ResultsServiceOptions {
  orm: Orm;
  kind: DatabaseKind;
  /** The server's clock: "today", "this week" and the trend days are its UTC days. */
  now: () => Date;
  /** Where an export that stops halfway is reported (the download has already begun). */
  logger: Pick<Logger, 'error'>;
  exportBatchRows?: number;
}

export function createResultsService({ orm, kind, now, logger, exportBatchRows = EXPORT_BATCH_ROWS }: ResultsServiceOptions) {
  const db = resultsDbOf(orm, kind);
  return {
    now,
    logger,
    /** How the export's rows read: the engine's JSON columns. */
    dialect: db.dialect,
    analytics: (survey: PublishedSurvey): Promise<SurveyAnalytics> => surveyAnalytics(db, now, survey),
    responses: (survey: PublishedSurvey, selection: ResponseSelection, page: PageRequest): Promise<ResponsePage> => responsePage(db, survey, selection, page),
    userAnalytics: (survey: PublishedSurvey): Promise<UserAnalytics> => userAnalytics(db, survey),
    questionAnswers: (survey: PublishedSurvey, questionId: string, filter: QuestionAnswerFilter, page: PageRequest): Promise<QuestionAnswers> =>
      questionAnswers(db, now, survey, questionId, filter, page),
    exportPlan: (survey: PublishedSurvey, selection: ResponseSelection): Promise<ExportPlan> => exportPlan(db, exportBatchRows, survey, selection),
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
