/**
 * Whom a published survey is shown to: its display triggers (with its own identifiers, within
 * the company's override rules, and an audience of the survey's own company) and the audience
 * targets the company can limit it to.
 */
import type { EntityManager } from '@mikro-orm/core';
import { CATEGORY_IDS, CATEGORY_NAMES } from '@domain/audience/contract';
import { AUDIENCE_TARGETING_MESSAGES } from '@domain/survey/messages';
import type { AudienceTargetOptions, DisplayTriggers, PublishedSurvey as PublishedSurveyView } from '@domain/survey/types';
import { AudienceView, type PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';
import { globalIdentifiersOf, overrideRefusal } from './identifiers';
import { presentSurvey, type SurveyDeps } from './published';

/** A survey that uses its own identifiers must do so within the company's override rules. */
export async function setDisplayTriggers(deps: SurveyDeps, survey: PublishedSurvey, triggers: DisplayTriggers): Promise<PublishedSurveyView> {
  const { em } = deps;
  if (triggers.useCustomIdentifiers) {
    const refusal = overrideRefusal(await globalIdentifiersOf(em, survey.companyId), triggers, {
      reason: 'displayTriggers.overrideReason',
      types: 'displayTriggers.identifierTypes',
    });
    if (refusal) throw refusal;
  }
  const audience = triggers.audienceTargeting;
  // Only the server sees the views: one of another company (or deleted) is refused here.
  if (audience?.enabled && audience.kind === 'view' && (await em.count(AudienceView, { id: audience.id, companyId: survey.companyId })) === 0) {
    const message = AUDIENCE_TARGETING_MESSAGES.viewNotFound;
    throw apiError('validation_failed', { error: message, message, fields: { 'displayTriggers.audienceTargeting.id': message } });
  }
  survey.displayTriggers = triggers;
  await em.flush();
  return presentSurvey(deps, survey);
}

/** What the survey's company can limit the survey to: its saved audience views and the categories. */
export async function audienceTargets(em: EntityManager, survey: PublishedSurvey): Promise<AudienceTargetOptions> {
  const views = await em.find(AudienceView, { companyId: survey.companyId }, { fields: ['id', 'name'], orderBy: { name: 'asc', id: 'asc' } });
  return {
    views: views.map((view) => ({ id: view.id, name: view.name })),
    categories: CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id] })),
  };
}
