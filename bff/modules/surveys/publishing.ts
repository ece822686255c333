/**
 * Publishing: a survey that publishProblems() finds nothing wrong with becomes a published
 * survey (inactive until started), from a draft (which it replaces) or from nothing saved; a
 * survey that is not ready is refused naming every problem.
 */
import type { InferType } from 'yup';
import { publishProblems, type SurveyProblem } from '@domain/survey/check';
import { defaultDisplayTriggers, defaultEmbedSettings } from '@domain/survey/defaults';
import type { publishBodySchema } from '@domain/survey/schemas';
import type { PublishedSurvey as PublishedSurveyView, Survey } from '@domain/survey/types';
import { PublishedSurvey, SurveyDraft } from '../../entities';
import { apiError } from '../../platform/errors';
import { companiesFor, findInReach } from '../../middleware/tenant';
import type { UserActor } from '../../types';
import { record } from '../audit';
import { companyForNew } from './companies';
import { DRAFT_NOT_FOUND } from './present';
import { presentSurvey, type SurveyDeps } from './published';

export type PublishInput = InferType<typeof publishBodySchema>;

/** 400 survey_not_ready, naming every problem: `fields` by the path of the survey part each is about. */
function notReady(survey: Survey, problems: SurveyProblem[]) {
  const text = problems.map((problem) => problem.message).join(' ');
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const index = problem.questionId ? survey.questions.findIndex((question) => question.id === problem.questionId) : -1;
    const path = index >= 0 ? `survey.questions[${index}]` : 'survey';
    fields[path] = fields[path] ? `${fields[path]} ${problem.message}` : problem.message;
  }
  return apiError('survey_not_ready', { error: text, message: text, fields });
}

/**
 * Publishes a survey that publishProblems() finds nothing wrong with. From a draft, the survey
 * goes to the draft's company and the draft is deleted in the same transaction: either both
 * happen or neither does.
 */
export async function publish(deps: SurveyDeps, actor: UserActor, companyFilter: string | undefined, input: PublishInput): Promise<PublishedSurveyView> {
  const { em, now } = deps;
  const survey = input.survey as Survey;
  const problems = publishProblems(survey);
  if (problems.length) throw notReady(survey, problems);
  const draftId = input.draftId ?? null;
  // From a draft, the draft's company; the filter may still name no other company than the caller may.
  if (draftId) await companiesFor(em, actor, companyFilter);
  const companyId = draftId
    ? (await findInReach(em, actor, SurveyDraft, draftId, DRAFT_NOT_FOUND)).companyId
    : await companyForNew(em, actor, companyFilter);
  const published = await em.transactional(async (em) => {
    const row = em.create(PublishedSurvey, {
      companyId,
      name: input.name,
      survey,
      embedSettings: defaultEmbedSettings(survey.settings),
      displayTriggers: defaultDisplayTriggers(),
      // Live only once started with an end condition (LiveIQ's Start).
      status: 'inactive',
      publishedAt: now(),
      createdById: actor.id,
    });
    record(em, { action: 'survey_published', companyId, target: { type: 'survey', id: row.id, label: row.name }, changes: { after: { questions: survey.questions.length, ...(draftId ? { draftId } : {}) } } });
    await em.flush();
    if (draftId && (await em.nativeDelete(SurveyDraft, { id: draftId, companyId })) === 0) {
      // Deleted by someone else meanwhile: nothing is published either.
      throw apiError('not_found', DRAFT_NOT_FOUND);
    }
    return row;
  });
  return presentSurvey(deps, published);
}
