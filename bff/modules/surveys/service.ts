/**
 * Surveys (data document, sections 3 to 7): drafts, publishing, published surveys with their
 * styling, targeting and run state, and saved themes. Every survey stored is checked by the
 * shared surveySchema (the routes validate bodies); publishing also needs publishProblems() to
 * find nothing. Status, end conditions and publish dates follow the server's clock only.
 */
import type { InferType } from 'yup';
import { CATEGORY_IDS, CATEGORY_NAMES } from '@domain/audience/contract';
import { publishProblems, type SurveyProblem } from '@domain/survey/check';
import { defaultDisplayTriggers, defaultEmbedSettings } from '@domain/survey/defaults';
import { endConditionError, isoDay } from '@domain/survey/lifecycle';
import { AUDIENCE_TARGETING_MESSAGES } from '@domain/survey/messages';
import type { publishBodySchema, savedThemeBodySchema, statusBodySchema } from '@domain/survey/schemas';
import type {
  AudienceTargetOptions,
  DisplayTriggers,
  EmbedSettings,
  EndCondition,
  PublishedSurvey as PublishedSurveyView,
  SavedTheme as SavedThemeView,
  Survey,
} from '@domain/survey/types';
import { AudienceView, Company, PublishedSurvey, SavedTheme, SurveyDraft } from '../../entities';
import { apiError } from '../../platform/errors';
import { companiesFor, companyFor, findInReach } from '../../middleware/tenant';
import type { Orm, UserActor } from '../../types';
import { completedResponseCounts } from './counts';
import { createStoredImage, type CheckedImage, fileUrl } from '../files';
import { globalIdentifiersOf, overrideRefusal } from './identifiers';
import {
  DRAFT_NOT_FOUND,
  presentDraft,
  presentDraftSummary,
  presentPublished,
  presentTheme,
  type DraftSummaryView,
} from './present';

const DAY_MS = 86_400_000;

export interface SurveyServiceDependencies {
  orm: Orm;
  /** The server's clock (tests pass their own). */
  now: () => Date;
}

type PublishInput = InferType<typeof publishBodySchema>;
type StatusInput = InferType<typeof statusBodySchema>;
type ThemeInput = InferType<typeof savedThemeBodySchema>;

/** 400 survey_not_ready, naming every problem: `fields` by the path of the survey part each is about. */
function notReady(survey: Survey, problems: SurveyProblem[]) {
  const text = problems.map((problem) => problem.message).join(' ');
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const index = problem.questionId ? survey.questions.findIndex((question) => question.id === problem.questionId) : -1;
    const path = index >= 0 ? `survey.questions[${index}]` : 'survey';
    fields[path] = fields[path] ? `${fields[path]} ${problem.message}` : problem.message;
  }
  return apiError('survey_not_ready', { error: text, message: text, fields });
}

/** A stored end condition: numbers for days and responses, whatever form the start modal sent. */
function storedEndCondition(condition: EndCondition): EndCondition {
  return condition.type === 'date' ? { type: 'date', value: String(condition.value) } : { type: condition.type, value: Number(condition.value) };
}

export function createSurveyService({ orm, now }: SurveyServiceDependencies) {
  /**
   * The company a new draft, survey, theme or logo is filed under: a global admin's "View Data
   * For" choice (which must be one existing company), everyone else's own company (middleware/tenant.ts).
   */
  function companyForNew(actor: UserActor, companyFilter: string | undefined): Promise<string> {
    return companyFor(orm.em, actor, companyFilter);
  }

  async function companyNames(companyIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(companyIds)];
    if (!unique.length) return new Map();
    const companies = await orm.em.find(Company, { id: { $in: unique } }, { fields: ['id', 'name'] });
    return new Map(companies.map((company) => [company.id, company.name]));
  }

  async function presentSurveys(surveys: PublishedSurvey[]): Promise<PublishedSurveyView[]> {
    const names = await companyNames(surveys.map((survey) => survey.companyId));
    // Completed responses as stored: what the cards show and a 'responses' end condition counts.
    const counts = await completedResponseCounts(orm.em, surveys.map((survey) => survey.id));
    const clock = now();
    return surveys.map((survey) => presentPublished(survey, names.get(survey.companyId) ?? null, clock, counts.get(survey.id) ?? 0));
  }

  const presentSurvey = async (survey: PublishedSurvey) => (await presentSurveys([survey]))[0]!;

  return {
    companyForNew,

    // Drafts

    async listDrafts(companyId: string | undefined): Promise<DraftSummaryView[]> {
      const drafts = await orm.em.find(SurveyDraft, companyId ? { companyId } : {}, { orderBy: { updatedAt: 'desc', id: 'asc' } });
      return drafts.map(presentDraftSummary);
    },

    async createDraft(actor: UserActor, companyFilter: string | undefined, input: { name: string; survey: Survey }) {
      const companyId = await companyForNew(actor, companyFilter);
      const draft = orm.em.create(SurveyDraft, { companyId, name: input.name, survey: input.survey, createdById: actor.id });
      await orm.em.flush();
      return presentDraft(draft);
    },

    presentDraft,

    async updateDraft(draft: SurveyDraft, input: { name: string; survey: Survey }) {
      draft.name = input.name;
      draft.survey = input.survey;
      await orm.em.flush();
      return presentDraft(draft);
    },

    async renameDraft(draft: SurveyDraft, name: string): Promise<{ name: string }> {
      draft.name = name;
      await orm.em.flush();
      return { name: draft.name };
    },

    async removeDraft(draft: SurveyDraft): Promise<void> {
      await orm.em.nativeDelete(SurveyDraft, { id: draft.id });
    },

    // Publishing

    /**
     * Publishes a survey that publishProblems() finds nothing wrong with. From a draft, the survey
     * goes to the draft's company and the draft is deleted in the same transaction: either both
     * happen or neither does.
     */
    async publish(actor: UserActor, companyFilter: string | undefined, input: PublishInput): Promise<PublishedSurveyView> {
      const survey = input.survey as Survey;
      const problems = publishProblems(survey);
      if (problems.length) throw notReady(survey, problems);
      const draftId = input.draftId ?? null;
      // From a draft, the draft's company; the filter may still name no other company than the caller may.
      if (draftId) await companiesFor(orm.em, actor, companyFilter);
      const companyId = draftId
        ? (await findInReach(orm.em, actor, SurveyDraft, draftId, DRAFT_NOT_FOUND)).companyId
        : await companyForNew(actor, companyFilter);
      const published = await orm.em.transactional(async (em) => {
        const row = em.create(PublishedSurvey, {
          companyId,
          name: input.name,
          survey,
          embedSettings: defaultEmbedSettings(survey.settings),
          displayTriggers: defaultDisplayTriggers(),
          // Live only once started with an end condition (LiveIQ's Start).
          status: 'inactive',
          publishedAt: now(),
          createdById: actor.id,
        });
        await em.flush();
        if (draftId && (await em.nativeDelete(SurveyDraft, { id: draftId, companyId })) === 0) {
          // Deleted by someone else meanwhile: nothing is published either.
          throw apiError('not_found', DRAFT_NOT_FOUND);
        }
        return row;
      });
      return presentSurvey(published);
    },

    // Published surveys

    async listPublished(companyId: string | undefined): Promise<PublishedSurveyView[]> {
      const surveys = await orm.em.find(PublishedSurvey, companyId ? { companyId } : {}, {
        orderBy: { publishedAt: 'desc', id: 'asc' },
      });
      return presentSurveys(surveys);
    },

    presentSurvey,

    /**
     * Stop, or start with an end condition checked against yesterday's UTC day (so no time zone
     * where it is still that day is refused); days count from now.
     */
    async setStatus(survey: PublishedSurvey, input: StatusInput): Promise<PublishedSurveyView> {
      if (input.status === 'inactive') {
        survey.status = 'inactive';
      } else {
        const condition = input.endCondition as EndCondition;
        const clock = now();
        const message = endConditionError(condition.type, condition.value, isoDay(new Date(clock.getTime() - DAY_MS)));
        if (message) throw apiError('validation_failed', { error: message, message, fields: { 'endCondition.value': message } });
        survey.status = 'active';
        survey.endCondition = storedEndCondition(condition);
        survey.startedAt = clock;
      }
      await orm.em.flush();
      return presentSurvey(survey);
    },

    async setEmbedSettings(survey: PublishedSurvey, settings: EmbedSettings): Promise<PublishedSurveyView> {
      survey.embedSettings = settings;
      await orm.em.flush();
      return presentSurvey(survey);
    },

    /** A survey that uses its own identifiers must do so within the company's override rules. */
    async setDisplayTriggers(survey: PublishedSurvey, triggers: DisplayTriggers): Promise<PublishedSurveyView> {
      if (triggers.useCustomIdentifiers) {
        const refusal = overrideRefusal(await globalIdentifiersOf(orm.em, survey.companyId), triggers, {
          reason: 'displayTriggers.overrideReason',
          types: 'displayTriggers.identifierTypes',
        });
        if (refusal) throw refusal;
      }
      const audience = triggers.audienceTargeting;
      // Only the server sees the views: one of another company (or deleted) is refused here.
      if (audience?.enabled && audience.kind === 'view' && (await orm.em.count(AudienceView, { id: audience.id, companyId: survey.companyId })) === 0) {
        const message = AUDIENCE_TARGETING_MESSAGES.viewNotFound;
        throw apiError('validation_failed', { error: message, message, fields: { 'displayTriggers.audienceTargeting.id': message } });
      }
      survey.displayTriggers = triggers;
      await orm.em.flush();
      return presentSurvey(survey);
    },

    /** What the survey's company can limit the survey to: its saved audience views and the categories. */
    async audienceTargets(survey: PublishedSurvey): Promise<AudienceTargetOptions> {
      const views = await orm.em.find(AudienceView, { companyId: survey.companyId }, { fields: ['id', 'name'], orderBy: { name: 'asc', id: 'asc' } });
      return {
        views: views.map((view) => ({ id: view.id, name: view.name })),
        categories: CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id] })),
      };
    },

    async removePublished(survey: PublishedSurvey): Promise<void> {
      await orm.em.nativeDelete(PublishedSurvey, { id: survey.id });
    },

    // Themes and logos

    async listThemes(companyId: string | undefined): Promise<SavedThemeView[]> {
      const themes = await orm.em.find(SavedTheme, companyId ? { companyId } : {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
      return themes.map(presentTheme);
    },

    async createTheme(actor: UserActor, companyFilter: string | undefined, input: ThemeInput): Promise<SavedThemeView> {
      const companyId = await companyForNew(actor, companyFilter);
      const theme = orm.em.create(SavedTheme, { companyId, name: input.name, settings: input.settings as SavedThemeView['settings'] });
      await orm.em.flush();
      return presentTheme(theme);
    },

    async removeTheme(theme: SavedTheme): Promise<void> {
      await orm.em.nativeDelete(SavedTheme, { id: theme.id });
    },

    async storeLogo(companyId: string, image: CheckedImage): Promise<{ url: string }> {
      const file = createStoredImage(orm.em, companyId, 'survey_logo', image);
      await orm.em.flush();
      return { url: fileUrl(file.id)! };
    },
  };
}

export type SurveyService = ReturnType<typeof createSurveyService>;
