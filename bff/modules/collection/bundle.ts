/**
 * The public survey bundle the widget's loader reads for a company: its running surveys with
 * their styling, display triggers and identifier rule, the completion trigger the page may see
 * (never the webhook's address or secret) and the cooldown between surveys.
 */
import { effectiveIdentifierRule, type PublicSurveyBundle } from '@domain/survey/collection';
import { displayTriggersOf } from '@domain/survey/defaults';
import { endsAt } from '@domain/survey/lifecycle';
import { regexPatternError } from '@domain/survey/regexSafety';
import type { DisplayTriggers } from '@domain/survey/types';
import type { EntityManager } from '@mikro-orm/core';
import { Company, PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';
import { completedResponseCounts } from '../responses';
import { globalIdentifiersOf } from '../surveys';
import { inactiveReason, isCapped } from './running';
import { companyCollectionState } from './settings';

export const PUBLIC_COMPANY_NOT_FOUND = {
  error: 'Company not found',
  message: 'No active company has this id. Check data-company-id in the embed code.',
};

/**
 * The triggers as the widget may run them: a regex pattern saved before today's safety rule, and
 * failing it, is left out (with none left, no page matches), so a customer's page never runs a
 * pattern that can backtrack for seconds.
 */
function runnableTriggers(stored: PublishedSurvey['displayTriggers']): DisplayTriggers {
  const triggers = displayTriggersOf(stored);
  const { pageTargeting } = triggers;
  if (pageTargeting.matchType !== 'regex') return triggers;
  const urlPatterns = pageTargeting.urlPatterns.filter((pattern) => regexPatternError(pattern) === null);
  return urlPatterns.length === pageTargeting.urlPatterns.length ? triggers : { ...triggers, pageTargeting: { ...pageTargeting, urlPatterns } };
}

export interface BuiltBundle {
  bundle: PublicSurveyBundle;
  /** When the clock alone changes the bundle next (a running survey's end date), or null. */
  changesAt: Date | null;
}

/**
 * What the loader needs: running surveys with their styling, targeting and identifier rule. Read in
 * an EntityManager of its own (bundleCache.ts gives it a fork): the bundle is kept for every later
 * request, never tied to one request's.
 */
export async function publicBundle(em: EntityManager, now: () => Date, companyId: string): Promise<BuiltBundle> {
  const company = await em.findOne(Company, { id: companyId }, { fields: ['id', 'status'] });
  if (!company || company.status !== 'active') throw apiError('not_found', PUBLIC_COMPANY_NOT_FOUND);
  const candidates = await em.find(PublishedSurvey, { companyId, status: 'active' }, { orderBy: { publishedAt: 'desc', id: 'asc' } });
  const clock = now();
  // A cap is checked against the exact count: the row's count and the completions still pending.
  const counts = await completedResponseCounts(em, candidates.filter(isCapped).map((survey) => survey.id));
  const running = candidates.filter((survey) => inactiveReason(survey, counts.get(survey.id) ?? survey.responseCount, clock) === null);
  const global = await globalIdentifiersOf(em, companyId);
  const { triggerSettings, collectionSettings } = await companyCollectionState(em, companyId);
  const ends = running.map((survey) => endsAt({ endCondition: survey.endCondition, startedAt: survey.startedAt?.toISOString() ?? null })?.getTime() ?? Infinity);
  const firstEnd = Math.min(...ends);
  const bundle: PublicSurveyBundle = {
    companyId,
    surveys: running.map((survey) => ({
      id: survey.id,
      name: survey.name,
      updatedAt: survey.updatedAt.toISOString(),
      survey: survey.survey,
      embedSettings: survey.embedSettings,
      displayTriggers: runnableTriggers(survey.displayTriggers),
      identifierRule: effectiveIdentifierRule(global, survey.displayTriggers),
    })),
    // Never the webhook address or its secret: those stay on the server.
    trigger: { triggerType: triggerSettings.triggerType, callbackName: triggerSettings.callbackName, redirectUrl: triggerSettings.redirectUrl },
    cooldownDays: collectionSettings.cooldownDays,
  };
  return { bundle, changesAt: Number.isFinite(firstEnd) ? new Date(firstEnd) : null };
}
