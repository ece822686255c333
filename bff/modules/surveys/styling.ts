/**
 * Styling: a published survey's embed settings (its look and its widget), the company's saved
 * themes, and the logos the styling editor uploads (received and checked by logos.ts, stored here).
 */
import type { InferType } from 'yup';
import type { savedThemeBodySchema } from '@domain/survey/schemas';
import type { EmbedSettings, PublishedSurvey as PublishedSurveyView, SavedTheme as SavedThemeView } from '@domain/survey/types';
import { type PublishedSurvey, SavedTheme } from '../../entities';
import type { Orm, UserActor } from '../../types';
import { createStoredImage, type CheckedImage, fileUrl } from '../files';
import { companyForNew } from './companies';
import { presentTheme } from './present';
import { presentSurvey, type SurveyDeps } from './published';

export type ThemeInput = InferType<typeof savedThemeBodySchema>;

export async function setEmbedSettings(deps: SurveyDeps, survey: PublishedSurvey, settings: EmbedSettings): Promise<PublishedSurveyView> {
  survey.embedSettings = settings;
  await deps.orm.em.flush();
  return presentSurvey(deps, survey);
}

export async function listThemes(orm: Orm, companyId: string | undefined): Promise<SavedThemeView[]> {
  const themes = await orm.em.find(SavedTheme, companyId ? { companyId } : {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
  return themes.map(presentTheme);
}

export async function createTheme(orm: Orm, actor: UserActor, companyFilter: string | undefined, input: ThemeInput): Promise<SavedThemeView> {
  const companyId = await companyForNew(orm, actor, companyFilter);
  const theme = orm.em.create(SavedTheme, { companyId, name: input.name, settings: input.settings as SavedThemeView['settings'] });
  await orm.em.flush();
  return presentTheme(theme);
}

export async function removeTheme(orm: Orm, theme: SavedTheme): Promise<void> {
  await orm.em.nativeDelete(SavedTheme, { id: theme.id });
}

export async function storeLogo(orm: Orm, companyId: string, image: CheckedImage): Promise<{ url: string }> {
  const file = createStoredImage(orm.em, companyId, 'survey_logo', image);
  await orm.em.flush();
  return { url: fileUrl(file.id)! };
}
