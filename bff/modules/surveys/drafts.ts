/**
 * Survey drafts: listed newest first, created under the company a new draft is filed under,
 * saved, renamed and removed. A draft's survey is checked by the routes (surveySchema) only;
 * publishProblems() waits for publishing.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Survey } from '@domain/survey/types';
import { SurveyDraft } from '../../entities';
import type { UserActor } from '../../types';
import { companyForNew } from './companies';
import { presentDraft, presentDraftSummary, type DraftSummaryView } from './present';

export interface DraftInput {
  name: string;
  survey: Survey;
}

export async function listDrafts(em: EntityManager, companyId: string | undefined): Promise<DraftSummaryView[]> {
  const drafts = await em.find(SurveyDraft, companyId ? { companyId } : {}, { orderBy: { updatedAt: 'desc', id: 'asc' } });
  return drafts.map(presentDraftSummary);
}

export async function createDraft(em: EntityManager, actor: UserActor, companyFilter: string | undefined, input: DraftInput) {
  const companyId = await companyForNew(em, actor, companyFilter);
  const draft = em.create(SurveyDraft, { companyId, name: input.name, survey: input.survey, createdById: actor.id });
  await em.flush();
  return presentDraft(draft);
}

export async function updateDraft(em: EntityManager, draft: SurveyDraft, input: DraftInput) {
  draft.name = input.name;
  draft.survey = input.survey;
  await em.flush();
  return presentDraft(draft);
}

export async function renameDraft(em: EntityManager, draft: SurveyDraft, name: string): Promise<{ name: string }> {
  draft.name = name;
  await em.flush();
  return { name: draft.name };
}

export async function removeDraft(em: EntityManager, draft: SurveyDraft): Promise<void> {
  await em.nativeDelete(SurveyDraft, { id: draft.id });
}
