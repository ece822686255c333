import { API_ERRORS } from '@domain/errors';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useDialogOpen } from '@/lib/useDialogOpen';
import { isNotFound, useCreateDraft } from '../api/drafts';
import type { CurrentDraft } from './useCurrentDraft';
import { useSavedFlag } from './useSavedFlag';
import type { WorkingCopy } from './useWorkingCopy';

export interface DraftSavingOptions {
  canManage: boolean;
  companyFilter: string | undefined;
  needsCompany: boolean;
  current: CurrentDraft;
  copy: WorkingCopy;
  /** A draft is being read: nothing is saved meanwhile. */
  loading: boolean;
}

export interface DraftSaving {
  saving: boolean;
  saved: boolean;
  /** The name dialog of a first save is open. */
  askingName: boolean;
  /** The name dialog has been opened once: it stays mounted from then on. */
  askedName: boolean;
  save: () => void;
  createDraft: (name: string) => void;
  cancelCreate: () => void;
  creating: boolean;
}

/**
 * Save as Draft and Update Draft (data document, section 4): the current draft is updated; without
 * one, a name is asked and a new draft becomes current.
 */
export function useDraftSaving({ canManage, companyFilter, needsCompany, current, copy, loading }: DraftSavingOptions): DraftSaving {
  const notify = useNotify();
  const create = useCreateDraft(companyFilter);
  const nameDialog = useDialogOpen();
  const [saved, markSavedFlag] = useSavedFlag();
  const { survey, update } = copy;

  const save = () => {
    if (!canManage || loading) return;
    if (current.id === null) {
      if (needsCompany) notify.warning(API_ERRORS.company_required.message);
      else nameDialog.show();
      return;
    }
    const sent = survey;
    update.mutate(
      { id: current.id, name: current.name, survey: sent },
      {
        onSuccess: () => {
          copy.markSaved(sent);
          markSavedFlag();
          notify.success(DRAFT_MESSAGES.updated);
        },
        onError: (error) => {
          if (isNotFound(error)) {
            current.forget();
            notify.error(DRAFT_MESSAGES.notFound);
          } else {
            notify.error(DRAFT_MESSAGES.saveFailed(serverMessage(error, UNKNOWN_REASON)));
          }
        },
      },
    );
  };

  const createDraft = (name: string) => {
    const sent = survey;
    create.mutate(
      { name, survey: sent },
      {
        onSuccess: (draft) => {
          copy.markSaved(sent);
          current.makeCurrent(draft);
          nameDialog.close();
          markSavedFlag();
          notify.success(DRAFT_MESSAGES.saved);
        },
        onError: (error) => notify.error(DRAFT_MESSAGES.saveFailed(serverMessage(error, UNKNOWN_REASON))),
      },
    );
  };

  return {
    saving: update.isPending || create.isPending,
    saved,
    askingName: nameDialog.open,
    askedName: nameDialog.opened,
    save,
    createDraft,
    cancelCreate: nameDialog.close,
    creating: create.isPending,
  };
}
