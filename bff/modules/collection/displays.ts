/**
 * What the widget asks and tells before any answer: whether the identified visitor is in a
 * survey's target audience (yes or no, nothing else), and that a survey was displayed to a
 * visitor (with what came of it). Both only for a survey that is running.
 */
import type { InferType } from 'yup';
import type { audienceMembershipInputSchema, displayInputSchema } from '@domain/survey/collectionSchemas';
import { DEFAULT_IDENTIFIER_FIELDS, displayTriggersOf } from '@domain/survey/defaults';
import type { AudienceMembership } from '@domain/survey/types';
import type { EntityManager } from '@mikro-orm/core';
import { SurveyDisplay } from '../../entities';
import { apiError } from '../../platform/errors';
import type { createAudienceMembership } from '../audience';
import { globalIdentifiersOf } from '../surveys';
import { retryWhenBusy } from '../../platform/busyDatabase';
import { PUBLIC_SURVEY_NOT_FOUND, requireRunning, surveyById } from './running';

export const NO_AUDIENCE_TARGETING = { error: 'Audience targeting not found', message: 'This survey is not limited to an audience: there is nothing to ask.' };

type DisplayInput = InferType<typeof displayInputSchema>;
type MembershipInput = InferType<typeof audienceMembershipInputSchema>;

export interface MembershipDeps {
  now: () => Date;
  membership: Pick<ReturnType<typeof createAudienceMembership>, 'isMember'>;
}

/**
 * Whether the identified visitor is in the survey's target audience: yes or no, nothing else.
 * A survey of another company than the embed code's is as unknown as one that does not exist.
 */
export async function audienceMembership(em: EntityManager, { now, membership }: MembershipDeps, surveyId: string, input: MembershipInput): Promise<AudienceMembership> {
  const survey = await surveyById(em, surveyId);
  if (input.companyId && input.companyId.toLowerCase() !== survey.companyId.toLowerCase()) throw apiError('not_found', PUBLIC_SURVEY_NOT_FOUND);
  requireRunning(survey, now);
  const targeting = displayTriggersOf(survey.displayTriggers).audienceTargeting;
  if (!targeting.enabled) throw apiError('not_found', NO_AUDIENCE_TARGETING);
  const { identifierFields } = await globalIdentifiersOf(em, survey.companyId);
  const member = await membership.isMember({
    companyId: survey.companyId,
    targeting,
    identifiers: (input.identifiers ?? {}) as Record<string, string>,
    fields: { email: identifierFields.email || DEFAULT_IDENTIFIER_FIELDS.email, uuid: identifierFields.uuid || DEFAULT_IDENTIFIER_FIELDS.uuid },
  });
  return { member };
}

export async function recordDisplay(em: EntityManager, now: () => Date, surveyId: string, input: DisplayInput): Promise<void> {
  const survey = await surveyById(em, surveyId);
  requireRunning(survey, now);
  // A fork per attempt: a flush that failed busy leaves nothing behind to flush twice.
  await retryWhenBusy(() => {
    const attempt = em.fork();
    attempt.create(SurveyDisplay, { companyId: survey.companyId, surveyId: survey.id, visitorId: input.visitorId, outcome: input.outcome });
    return attempt.flush();
  });
}
