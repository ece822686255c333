/**
 * Styling: a published survey's embed settings (its look and its widget), the company's saved
 * themes, and the logos the styling editor uploads (received and checked by logos.ts, stored here).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { InferType } from 'yup';
import type { savedThemeBodySchema } from '@domain/survey/schemas';
import type { EmbedSettings, PublishedSurvey as PublishedSurveyView, SavedTheme as SavedThemeView } from '@domain/survey/types';
import { type PublishedSurvey, SavedTheme } from '../../entities';
import type { UserActor } from '../../types';
import { createStoredImage, type CheckedImage, fileUrl } from '../files';
import { companyForNew } from './companies';
import { presentTheme } from './present';
import { presentSurvey, type SurveyDeps } from './published';

export type ThemeInput = InferType<typeof savedThemeBodySchema>;

export async function setEmbedSettings(deps: SurveyDeps, survey: PublishedSurvey, settings: EmbedSettings): Promise<PublishedSurveyView> {
  survey.embedSettings = settings;
  await deps.em.flush();
  return presentSurvey(deps, survey);
}

export async function listThemes(em: EntityManager, companyId: string | undefined): Promise<SavedThemeView[]> {
  const themes = await em.find(SavedTheme, companyId ? { companyId } : {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
  return themes.map(presentTheme);
}

export async function createTheme(em: EntityManager, actor: UserActor, companyFilter: string | undefined, input: ThemeInput): Promise<SavedThemeView> {
  const companyId = await companyForNew(em, actor, companyFilter);
  const theme = em.create(SavedTheme, { companyId, name: input.name, settings: input.settings as SavedThemeView['settings'] });
  await em.flush();
  return presentTheme(theme);
}

export async function removeTheme(em: EntityManager, theme: SavedTheme): Promise<void> {
  await em.nativeDelete(SavedTheme, { id: theme.id });
}

export async function storeLogo(em: EntityManager, companyId: string, image: CheckedImage): Promise<{ url: string }> {
  const file = createStoredImage(em, companyId, 'survey_logo', image);
  await em.flush();
  return { url: fileUrl(file.id)! };
}
