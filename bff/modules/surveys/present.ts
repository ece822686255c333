/** Survey rows as the API answers them (the shapes of src/domain/survey/types.ts). */
import { displayTriggersOf } from '@domain/survey/defaults';
import { effectiveStatus } from '@domain/survey/lifecycle';
import type {
  OverrideLog as OverrideLogView,
  PublishedSurvey as PublishedSurveyView,
  SavedTheme as SavedThemeView,
  SurveyDraft as SurveyDraftView,
  SurveyDraftSummary,
} from '@domain/survey/types';
import type { OverrideLog, PublishedSurvey, SavedTheme, SurveyDraft } from '../../entities';

export const DRAFT_NOT_FOUND = { error: 'Draft not found. Please try again.', message: 'No draft with this id exists in your reach.' };
export { SURVEY_NOT_FOUND } from '@domain/survey/messages';
export const THEME_NOT_FOUND = { error: 'Theme not found', message: 'No saved theme with this id exists in your reach.' };

/** A list entry: what the drafts grid shows, with the survey's title but not the survey. */
export type DraftSummaryView = SurveyDraftSummary & { title: string };

export function presentDraftSummary(draft: SurveyDraft): DraftSummaryView {
  return {
    id: draft.id,
    name: draft.name,
    companyId: draft.companyId,
    title: draft.survey.title,
    questionCount: draft.survey.questions.length,
    createdAt: draft.createdAt.toISOString(),
    updatedAt: draft.updatedAt.toISOString(),
  };
}

export function presentDraft(draft: SurveyDraft): SurveyDraftView & { title: string } {
  return { ...presentDraftSummary(draft), survey: draft.survey };
}

/**
 * The status is the effective one by the server's clock: an ended survey reads inactive whatever
 * was stored. `responseCount` is the stored completed responses (counted by the caller).
 */
export function presentPublished(survey: PublishedSurvey, companyName: string | null, now: Date, responseCount: number): PublishedSurveyView {
  const startedAt = survey.startedAt?.toISOString() ?? null;
  return {
    id: survey.id,
    name: survey.name,
    companyId: survey.companyId,
    companyName,
    status: effectiveStatus(
      { status: survey.status, endCondition: survey.endCondition, startedAt, responseCount },
      now,
    ),
    publishedAt: survey.publishedAt.toISOString(),
    updatedAt: survey.updatedAt.toISOString(),
    startedAt,
    responseCount,
    endCondition: survey.endCondition,
    survey: survey.survey,
    embedSettings: { settings: survey.embedSettings },
    display_triggers: displayTriggersOf(survey.displayTriggers),
  };
}

export function presentTheme(theme: SavedTheme): SavedThemeView & { companyId: string } {
  return { id: theme.id, name: theme.name, companyId: theme.companyId, settings: theme.settings, createdAt: theme.createdAt.toISOString() };
}

export type OverrideLogAnswer = OverrideLogView;

export function presentOverrideLog(log: OverrideLog, companyName: string | null): OverrideLogAnswer {
  return {
    companyName,
    id: log.id,
    surveyId: log.surveyId ?? null,
    surveyName: log.surveyName,
    userId: log.userId,
    userName: log.userName,
    companyId: log.companyId,
    timestamp: log.createdAt.toISOString(),
    globalSettings: log.globalSettings,
    customSettings: log.customSettings,
    overrideReason: log.overrideReason,
  };
}
