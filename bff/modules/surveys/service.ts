/**
 * Surveys (data document, sections 3 to 7): drafts, publishing, published surveys with their
 * styling, targeting and run state, and saved themes. Every survey stored is checked by the
 * shared surveySchema (the routes validate bodies); publishing also needs publishProblems() to
 * find nothing. Status, end conditions and publish dates follow the server's clock only.
 *
 * The work lives in drafts.ts, publishing.ts, published.ts, runState.ts, targeting.ts and
 * styling.ts, over companies.ts; this file binds it to the service's ORM and clock.
 */
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

export type SurveyServiceDependencies = SurveyDeps;

export function createSurveyService({ orm, now }: SurveyServiceDependencies) {
  const deps: SurveyDeps = { orm, now };
  return {
    companyForNew: (actor: UserActor, companyFilter: string | undefined): Promise<string> => companyForNew(orm, actor, companyFilter),

    // Drafts
    listDrafts: (companyId: string | undefined): Promise<DraftSummaryView[]> => listDrafts(orm, companyId),
    createDraft: (actor: UserActor, companyFilter: string | undefined, input: DraftInput) => createDraft(orm, actor, companyFilter, input),
    presentDraft,
    updateDraft: (draft: SurveyDraft, input: DraftInput) => updateDraft(orm, draft, input),
    renameDraft: (draft: SurveyDraft, name: string): Promise<{ name: string }> => renameDraft(orm, draft, name),
    removeDraft: (draft: SurveyDraft): Promise<void> => removeDraft(orm, draft),

    // Publishing
    publish: (actor: UserActor, companyFilter: string | undefined, input: PublishInput): Promise<PublishedSurveyView> => publish(deps, actor, companyFilter, input),

    // Published surveys
    listPublished: (companyId: string | undefined): Promise<PublishedSurveyView[]> => listPublished(deps, companyId),
    presentSurvey: (survey: PublishedSurvey): Promise<PublishedSurveyView> => presentSurvey(deps, survey),
    setStatus: (survey: PublishedSurvey, input: StatusInput): Promise<PublishedSurveyView> => setStatus(deps, survey, input),
    setEmbedSettings: (survey: PublishedSurvey, settings: EmbedSettings): Promise<PublishedSurveyView> => setEmbedSettings(deps, survey, settings),
    setDisplayTriggers: (survey: PublishedSurvey, triggers: DisplayTriggers): Promise<PublishedSurveyView> => setDisplayTriggers(deps, survey, triggers),
    audienceTargets: (survey: PublishedSurvey): Promise<AudienceTargetOptions> => audienceTargets(orm, survey),
    removePublished: (survey: PublishedSurvey): Promise<void> => removePublished(orm, survey),

    // Themes and logos
    listThemes: (companyId: string | undefined): Promise<SavedThemeView[]> => listThemes(orm, companyId),
    createTheme: (actor: UserActor, companyFilter: string | undefined, input: ThemeInput): Promise<SavedThemeView> => createTheme(orm, actor, companyFilter, input),
    removeTheme: (theme: SavedTheme): Promise<void> => removeTheme(orm, theme),
    storeLogo: (companyId: string, image: CheckedImage): Promise<{ url: string }> => storeLogo(orm, companyId, image),
  };
}

export type SurveyService = ReturnType<typeof createSurveyService>;
