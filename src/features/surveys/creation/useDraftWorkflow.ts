/**
 * The draft lifecycle of CreateIQ (data document, section 4): the survey being built, the current
 * draft (remembered in browser storage), its auto-save and name save, loading, saving, publishing
 * and starting anew, with every message of section 8 as a notice.
 */
import { defaultSurvey } from '@domain/survey/defaults';
import type { Survey } from '@domain/survey/types';
import { useCurrentDraft } from './useCurrentDraft';
import { useDraftNameField } from './useDraftNameField';
import type { DraftNameField } from './useDraftNameSave';
import { useDraftOpening, type DraftOpening } from './useDraftOpening';
import { useDraftPublishing, type DraftPublishing } from './useDraftPublishing';
import { useDraftSaving, type DraftSaving } from './useDraftSaving';
import { useWorkingCopy } from './useWorkingCopy';

export { PUBLISHED_SURVEYS_PATH } from '../published/justPublished';
export { DRAFT_ID_PARAM } from './useDraftOpening';

export interface DraftWorkflowOptions {
  /** manageSurveys: without it nothing is written, auto-save included. */
  canManage: boolean;
  /** The companyFilter query of the list, creation and publishing; undefined: every company (global admin). */
  companyFilter: string | undefined;
  /** A global admin viewing every company must choose one before a new draft or publish. */
  needsCompany: boolean;
  /** Brings the builder into view after a load or a new survey. */
  onShowBuilder: () => void;
}

export interface DraftWorkflow extends DraftOpening, DraftSaving, DraftPublishing {
  survey: Survey;
  /** An edit by the user (auto-saved while a draft is current). */
  setSurvey: (survey: Survey) => void;
  /** The current draft, once its content is in the builder. */
  currentDraftId: string | null;
  nameField: DraftNameField | null;
  newSurvey: () => void;
  draftDeleted: (id: string) => void;
  draftRenamed: (id: string, name: string) => void;
}

export function useDraftWorkflow({ canManage, companyFilter, needsCompany, onShowBuilder }: DraftWorkflowOptions): DraftWorkflow {
  const current = useCurrentDraft(companyFilter);
  const copy = useWorkingCopy(current, canManage);
  const nameField = useDraftNameField(current);
  const opening = useDraftOpening(current, copy, onShowBuilder);
  const saving = useDraftSaving({ canManage, companyFilter, needsCompany, current, copy, loading: opening.loadingId !== null });
  const publishing = useDraftPublishing({ canManage, companyFilter, needsCompany, current, copy });

  const newSurvey = () => {
    copy.flush();
    copy.replace(defaultSurvey());
    current.forget();
    onShowBuilder();
  };

  return {
    survey: copy.survey,
    setSurvey: copy.setSurvey,
    currentDraftId: current.id,
    nameField,
    ...opening,
    ...saving,
    ...publishing,
    newSurvey,
    draftDeleted: (id) => {
      if (id === current.storedId) current.forget();
    },
    draftRenamed: (id, name) => {
      if (id === current.id) current.setName(name);
    },
  };
}
