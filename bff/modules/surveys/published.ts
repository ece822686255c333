/**
 * Published surveys as the API answers them (with their company's name, their completed
 * responses and their status by the server's clock), listed and removed; and SurveyDeps, what the
 * survey functions that answer a published survey need.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { PublishedSurvey as PublishedSurveyView } from '@domain/survey/types';
import { PublishedSurvey } from '../../entities';
import { completedResponseCounts } from '../responses';
import { companyNames } from './companies';
import { presentPublished } from './present';

export interface SurveyDeps {
  em: EntityManager;
  /** The server's clock (tests pass their own). */
  now: () => Date;
}

export async function presentSurveys({ em, now }: SurveyDeps, surveys: PublishedSurvey[]): Promise<PublishedSurveyView[]> {
  const names = await companyNames(em, surveys.map((survey) => survey.companyId));
  // Completed responses as stored: what the cards show and a 'responses' end condition counts.
  const counts = await completedResponseCounts(em, surveys.map((survey) => survey.id));
  const clock = now();
  return surveys.map((survey) => presentPublished(survey, names.get(survey.companyId) ?? null, clock, counts.get(survey.id) ?? 0));
}

export const presentSurvey = async (deps: SurveyDeps, survey: PublishedSurvey): Promise<PublishedSurveyView> => (await presentSurveys(deps, [survey]))[0]!;

export async function listPublished(deps: SurveyDeps, companyId: string | undefined): Promise<PublishedSurveyView[]> {
  const surveys = await deps.em.find(PublishedSurvey, companyId ? { companyId } : {}, {
    orderBy: { publishedAt: 'desc', id: 'asc' },
  });
  return presentSurveys(deps, surveys);
}

export async function removePublished(em: EntityManager, survey: PublishedSurvey): Promise<void> {
  await em.nativeDelete(PublishedSurvey, { id: survey.id });
}
