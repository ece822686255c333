/**
 * InsightIQ's routes under /api/surveys/:id: analytics, responses (a page, or all of them as a
 * CSV file), returning users and one question's answers. The survey is loaded within the caller's
 * reach first, so another company's survey is a 404 whatever else the request says.
 */
import type { Router } from '@koa/router';
import { responsesCsvFileName } from '@domain/survey/collection';
import { TOTAL_COUNT_HEADER } from '@domain/csv';
import { PublishedSurvey } from '../../entities';
import { STREAMED_FILE_COMPRESSION } from '../../middleware/compression';
import { inReach } from '../../middleware/tenant';
import { queryOf } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { recordNow } from '../audit';
import { SURVEY_NOT_FOUND } from '@domain/survey/messages';
import { responsesCsvStream } from './csv';
import { answerFilterOf, pageOf, questionAnswersQuery, responseFilterQuery, responsePageQuery, selectionOf } from './queries';
import type { ResultsService } from './service';


export function createResultsRouter(results: ResultsService): Router<AppState> {
  const routes = new ApiRouter('/api/surveys');
  const published = inReach(PublishedSurvey, SURVEY_NOT_FOUND);

  routes.get('/:id/analytics', published, async (ctx) => {
    ctx.body = await results.analytics(published.of(ctx));
  });

  routes.get('/:id/responses', { query: responsePageQuery }, published, async (ctx) => {
    const query = queryOf(ctx, responsePageQuery);
    ctx.body = await results.responses(published.of(ctx), selectionOf(query), pageOf(query));
  });

  routes.get('/:id/user-analytics', published, async (ctx) => {
    ctx.body = await results.userAnalytics(published.of(ctx));
  });

  routes.get('/:id/questions/:questionId/answers', { query: questionAnswersQuery }, published, async (ctx) => {
    const query = queryOf(ctx, questionAnswersQuery);
    ctx.body = await results.questionAnswers(published.of(ctx), ctx.params.questionId!, answerFilterOf(query), pageOf(query));
  });

  // Streamed: the rows are read in batches while the file is written to the client.
  routes.get('/:id/responses/export', { query: responseFilterQuery }, published, async (ctx) => {
    const survey = published.of(ctx);
    const plan = await results.exportPlan(survey, selectionOf(queryOf(ctx, responseFilterQuery)));
    await recordNow(ctx.state.em, { action: 'responses_exported', companyId: survey.companyId, target: { type: 'survey', id: survey.id, label: survey.name }, changes: { after: { rows: plan.total, filters: queryOf(ctx, responseFilterQuery) } } });
    ctx.set('Content-Disposition', `attachment; filename="${responsesCsvFileName(survey.name, results.now())}"`);
    ctx.set(TOTAL_COUNT_HEADER, String(plan.total));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.compress = STREAMED_FILE_COMPRESSION;
    ctx.body = responsesCsvStream(plan.pages, survey.survey.questions, results.dialect, (failure) =>
      results.logger.error({ err: failure, surveyId: survey.id }, 'The responses export stopped'),
    );
  });

  return routes.router;
}
