/**
 * Survey drafts: listed newest first, created under the company a new draft is filed under,
 * saved, renamed and removed. A draft's survey is checked by the routes (surveySchema) only;
 * publishProblems() waits for publishing.
 */
import type { Survey } from '@domain/survey/types';
import { SurveyDraft } from '../../entities';
import type { Orm, UserActor } from '../../types';
import { companyForNew } from './companies';
import { presentDraft, presentDraftSummary, type DraftSummaryView } from './present';

export interface DraftInput {
  name: string;
  survey: Survey;
}

export async function listDrafts(orm: Orm, companyId: string | undefined): Promise<DraftSummaryView[]> {
  const drafts = await orm.em.find(SurveyDraft, companyId ? { companyId } : {}, { orderBy: { updatedAt: 'desc', id: 'asc' } });
  return drafts.map(presentDraftSummary);
}

export async function createDraft(orm: Orm, actor: UserActor, companyFilter: string | undefined, input: DraftInput) {
  const companyId = await companyForNew(orm, actor, companyFilter);
  const draft = orm.em.create(SurveyDraft, { companyId, name: input.name, survey: input.survey, createdById: actor.id });
  await orm.em.flush();
  return presentDraft(draft);
}

export async function updateDraft(orm: Orm, draft: SurveyDraft, input: DraftInput) {
  draft.name = input.name;
  draft.survey = input.survey;
  await orm.em.flush();
  return presentDraft(draft);
}

export async function renameDraft(orm: Orm, draft: SurveyDraft, name: string): Promise<{ name: string }> {
  draft.name = name;
  await orm.em.flush();
  return { name: draft.name };
}

export async function removeDraft(orm: Orm, draft: SurveyDraft): Promise<void> {
  await orm.em.nativeDelete(SurveyDraft, { id: draft.id });
}
