import type { EntityManager } from '@mikro-orm/core';
import { CompanySurveySettings, OverrideLog, PublishedSurvey, SavedTheme, SurveyDraft } from '../../entities';

/**
 * Everything a company has in surveys, for the deletion of the company (inside its transaction).
 * Its survey logos are stored files, which the company deletion removes with the others.
 */
export async function removeCompanySurveys(em: EntityManager, companyId: string): Promise<void> {
  await em.nativeDelete(OverrideLog, { companyId });
  await em.nativeDelete(PublishedSurvey, { companyId });
  await em.nativeDelete(SurveyDraft, { companyId });
  await em.nativeDelete(SavedTheme, { companyId });
  await em.nativeDelete(CompanySurveySettings, { companyId });
}
