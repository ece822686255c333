/**
 * Completing a response: a capped survey's completion (a 'responses' end condition) is counted on
 * the survey's row under its row lock, so its N+1th completion is refused however many arrive at
 * once; any other is marked count_pending in the tally queue, for the tally job to count (both by
 * the responses' owner, bff/modules/responses). The company's completion webhook is queued in the
 * same transaction.
 */
import type { EntityManager } from '@mikro-orm/core';
import { PublishedSurvey, type SurveyResponse } from '../../entities';
import type { RowLock } from '../../platform/sql';
import { countCompletions, recordCompletion } from '../responses';
import { enqueueCompletionWebhook, COMPLETION_EVENT, type CompletionWebhookPayload } from '../webhooks';
import { bumpBundleVersion } from './bundleCache';
import { inactiveReason, isCapped, refuseInactive } from './running';
import { companyCollectionState, type CompanyCollectionState } from './settings';

/**
 * Completes `response` inside the caller's transaction. For a survey with a 'responses' end
 * condition the survey row is locked first, so concurrent completions count one after another
 * and the N+1th is refused; other surveys' completions run side by side. Queues the completion
 * webhook in the same transaction.
 */
export async function completeResponse(em: EntityManager, lockForUpdate: RowLock, surveyId: string, response: SurveyResponse, clock: Date): Promise<void> {
  let survey = await em.findOneOrFail(PublishedSurvey, { id: surveyId }, { refresh: true });
  const capped = isCapped(survey);
  if (capped) survey = await em.findOneOrFail(PublishedSurvey, { id: surveyId }, { ...lockForUpdate, refresh: true });
  // Only a cap needs the exact count, read under its lock; no other end condition counts responses.
  const completed = capped ? await countCompletions(em, survey.id) : survey.responseCount;
  const reason = inactiveReason(survey, completed, clock);
  if (reason) throw refuseInactive(reason);
  await recordCompletion(em, response, clock, { capped });
  // This completion filled the survey's cap: it leaves the widget's bundle.
  if (capped && inactiveReason(survey, completed + 1, clock)) await bumpBundleVersion(em, survey.companyId);

  const webhook = completionWebhook(await companyCollectionState(em, survey.companyId), survey, response, clock);
  if (webhook) enqueueCompletionWebhook(em, webhook.url, webhook.payload, clock);
}

type CompletedResponse = Pick<SurveyResponse, 'id' | 'answers' | 'identifiers' | 'deviceType' | 'startedAt' | 'completionTimeSeconds'>;

/** The completion webhook the company asks for (its address and body), or null when it asks for none. */
export function completionWebhook(
  { triggerSettings, webhookSecret }: CompanyCollectionState,
  survey: Pick<PublishedSurvey, 'id' | 'companyId' | 'name'>,
  response: CompletedResponse,
  clock: Date,
): { url: string; payload: CompletionWebhookPayload } | null {
  if (triggerSettings.triggerType !== 'webhook' || !triggerSettings.webhookUrl || !webhookSecret) return null;
  return {
    url: triggerSettings.webhookUrl,
    payload: {
      type: COMPLETION_EVENT,
      timestamp: clock.toISOString(),
      data: {
        companyId: survey.companyId,
        surveyId: survey.id,
        surveyName: survey.name,
        responseId: response.id,
        answers: response.answers,
        identifiers: response.identifiers,
        deviceType: response.deviceType,
        startedAt: response.startedAt.toISOString(),
        completedAt: clock.toISOString(),
        completionTimeSeconds: response.completionTimeSeconds ?? 0,
      },
    },
  };
}
