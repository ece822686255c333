/**
 * Whether a published survey takes responses now: it must be active, and not ended by its end
 * condition by the server's clock (a 'responses' end condition counts the stored completions). A
 * survey that does not is refused with survey_inactive and the reason; one that does not exist is
 * PUBLIC_SURVEY_NOT_FOUND.
 */
import type { EntityManager } from '@mikro-orm/core';
import { hasEnded } from '@domain/survey/lifecycle';
import { PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';

export const PUBLIC_SURVEY_NOT_FOUND = { error: 'Survey not found', message: 'No published survey has this id.' };

export const INACTIVE_MESSAGES = {
  stopped: 'This survey is not accepting responses.',
  ended: 'This survey has ended and is not accepting responses.',
  full: 'This survey has received all the responses it accepts.',
} as const;

/** What decides whether a survey runs: its row's status, end condition and start. */
export type RunState = Pick<PublishedSurvey, 'status' | 'endCondition' | 'startedAt'>;

/** Why a survey does not take responses now (null when it does), by its stored completions. */
export function inactiveReason(survey: RunState, completed: number, now: Date): string | null {
  if (survey.status !== 'active') return INACTIVE_MESSAGES.stopped;
  const state = { status: survey.status, endCondition: survey.endCondition, startedAt: survey.startedAt?.toISOString() ?? null, responseCount: completed };
  if (!hasEnded(state, now)) return null;
  return survey.endCondition?.type === 'responses' ? INACTIVE_MESSAGES.full : INACTIVE_MESSAGES.ended;
}

export const refuseInactive = (message: string) => apiError('survey_inactive', { message });

/** Only a 'responses' end condition needs completions counted one after another. */
export const isCapped = (survey: RunState) => survey.endCondition?.type === 'responses';

export async function surveyById(em: EntityManager, id: string): Promise<PublishedSurvey> {
  const survey = await em.findOne(PublishedSurvey, { id });
  if (!survey) throw apiError('not_found', PUBLIC_SURVEY_NOT_FOUND);
  return survey;
}

// A first check, by the count on the survey's row: a capped survey's completion counts again under
// its row lock with the pending completions too (bff/modules/responses), and that check decides.
export function requireRunning(survey: RunState & { responseCount: number }, now: () => Date): void {
  const reason = inactiveReason(survey, survey.responseCount, now());
  if (reason) throw refuseInactive(reason);
}
