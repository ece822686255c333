/**
 * Surveys (data document, sections 3 to 7): drafts, publishing, published surveys with their
 * styling, targeting and run state, and saved themes. Every survey stored is checked by the
 * shared surveySchema (the routes validate bodies); publishing also needs publishProblems() to
 * find nothing. Status, end conditions and publish dates follow the server's clock only.
 *
 * The work lives in drafts.ts, publishing.ts, published.ts, runState.ts, targeting.ts and
 * styling.ts, over companies.ts; this file binds it to the service's clock; each operation takes the EntityManager it is handed (the request's).
 */
import type { EntityManager } from '@mikro-orm/core';
import type {
  AudienceTargetOptions,
  DisplayTriggers,
  EmbedSettings,
  PublishedSurvey as PublishedSurveyView,
  SavedTheme as SavedThemeView,
} from '@domain/survey/types';
import type { PublishedSurvey, SavedTheme, SurveyDraft } from '../../entities';
import type { UserActor } from '../../types';
import type { CheckedImage } from '../files';
import { companyForNew } from './companies';
import { createDraft, listDrafts, removeDraft, renameDraft, updateDraft, type DraftInput } from './drafts';
import { presentDraft, type DraftSummaryView } from './present';
import { publish, type PublishInput } from './publishing';
import { listPublished, presentSurvey, removePublished, type SurveyDeps } from './published';
import { setStatus, type StatusInput } from './runState';
import { createTheme, listThemes, removeTheme, setEmbedSettings, storeLogo, type ThemeInput } from './styling';
import { audienceTargets, setDisplayTriggers } from './targeting';

export type SurveyServiceDependencies = Omit<SurveyDeps, 'em'>;

export function createSurveyService({ now }: SurveyServiceDependencies) {
  const deps = (em: EntityManager): SurveyDeps => ({ em, now });
  return {
    companyForNew: (em: EntityManager, actor: UserActor, companyFilter: string | undefined): Promise<string> => companyForNew(em, actor, companyFilter),

    // Drafts
    listDrafts: (em: EntityManager, companyId: string | undefined): Promise<DraftSummaryView[]> => listDrafts(em, companyId),
    createDraft: (em: EntityManager, actor: UserActor, companyFilter: string | undefined, input: DraftInput) => createDraft(em, actor, companyFilter, input),
    presentDraft,
    updateDraft: (em: EntityManager, draft: SurveyDraft, input: DraftInput) => updateDraft(em, draft, input),
    renameDraft: (em: EntityManager, draft: SurveyDraft, name: string): Promise<{ name: string }> => renameDraft(em, draft, name),
    removeDraft: (em: EntityManager, draft: SurveyDraft): Promise<void> => removeDraft(em, draft),

    // Publishing
    publish: (em: EntityManager, actor: UserActor, companyFilter: string | undefined, input: PublishInput): Promise<PublishedSurveyView> => publish(deps(em), actor, companyFilter, input),

    // Published surveys
    listPublished: (em: EntityManager, companyId: string | undefined): Promise<PublishedSurveyView[]> => listPublished(deps(em), companyId),
    presentSurvey: (em: EntityManager, survey: PublishedSurvey): Promise<PublishedSurveyView> => presentSurvey(deps(em), survey),
    setStatus: (em: EntityManager, survey: PublishedSurvey, input: StatusInput): Promise<PublishedSurveyView> => setStatus(deps(em), survey, input),
    setEmbedSettings: (em: EntityManager, survey: PublishedSurvey, settings: EmbedSettings): Promise<PublishedSurveyView> => setEmbedSettings(deps(em), survey, settings),
    setDisplayTriggers: (em: EntityManager, survey: PublishedSurvey, triggers: DisplayTriggers): Promise<PublishedSurveyView> => setDisplayTriggers(deps(em), survey, triggers),
    audienceTargets: (em: EntityManager, survey: PublishedSurvey): Promise<AudienceTargetOptions> => audienceTargets(em, survey),
    removePublished: (em: EntityManager, survey: PublishedSurvey): Promise<void> => removePublished(em, survey),

    // Themes and logos
    listThemes: (em: EntityManager, companyId: string | undefined): Promise<SavedThemeView[]> => listThemes(em, companyId),
    createTheme: (em: EntityManager, actor: UserActor, companyFilter: string | undefined, input: ThemeInput): Promise<SavedThemeView> => createTheme(em, actor, companyFilter, input),
    removeTheme: (em: EntityManager, theme: SavedTheme): Promise<void> => removeTheme(em, theme),
    storeLogo: (em: EntityManager, companyId: string, image: CheckedImage): Promise<{ url: string }> => storeLogo(em, companyId, image),
  };
}

export type SurveyService = ReturnType<typeof createSurveyService>;
