/**
 * The draft lifecycle of CreateIQ (data document, section 4): the survey being built, the current
 * draft (remembered in browser storage), its auto-save and name save, loading, saving, publishing
 * and starting anew, with every message of section 8 as a notice.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { API_ERRORS } from '@domain/errors';
import { defaultSurvey } from '@domain/survey/defaults';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import type { Survey, SurveyDraft } from '@domain/survey/types';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import {
  draftKeys,
  isNotFound,
  useCreateDraft,
  useDrafts,
  useFetchDraft,
  usePublishSurvey,
  useRenameDraft,
  useUpdateDraft,
  type DraftListEntry,
} from '../api/drafts';
import { justPublishedPath } from '../published/justPublished';
import { useCurrentDraftId } from './useCurrentDraftId';
import { useDraftAutosave } from './useDraftAutosave';
import { useDraftNameSave, type DraftNameField } from './useDraftNameSave';
import { useSavedFlag } from './useSavedFlag';

export { PUBLISHED_SURVEYS_PATH } from '../published/justPublished';
/** The query parameter that opens a draft (LiveIQ's Edit sends it). */
export const DRAFT_ID_PARAM = 'draftId';

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

export interface DraftWorkflow {
  survey: Survey;
  /** An edit by the user (auto-saved while a draft is current). */
  setSurvey: (survey: Survey) => void;
  /** The current draft, once its content is in the builder. */
  currentDraftId: string | null;
  nameField: DraftNameField | null;
  /** The id of the draft being read (a remembered draft on open, or Load Draft). */
  loadingId: string | null;
  /** 'builder', or the id of the draft being published. */
  publishingId: string | null;
  saving: boolean;
  saved: boolean;
  askingName: boolean;
  save: () => void;
  createDraft: (name: string) => void;
  cancelCreate: () => void;
  creating: boolean;
  publishFromBuilder: () => void;
  publishDraft: (draft: DraftListEntry) => void;
  loadDraft: (draft: DraftListEntry) => void;
  newSurvey: () => void;
  draftDeleted: (id: string) => void;
  draftRenamed: (id: string, name: string) => void;
}

export function useDraftWorkflow({ canManage, companyFilter, needsCompany, onShowBuilder }: DraftWorkflowOptions): DraftWorkflow {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const fetchDraft = useFetchDraft();
  const drafts = useDrafts(companyFilter);
  const create = useCreateDraft(companyFilter);
  const update = useUpdateDraft();
  const rename = useRenameDraft();
  const publish = usePublishSurvey(companyFilter);

  const [survey, setSurveyState] = useState<Survey>(defaultSurvey);
  const [storedDraftId, setStoredDraftId] = useCurrentDraftId();
  /** The draft whose content the builder holds: a remembered draft counts once it has been read. */
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [draftName, setDraftName] = useState('');
  /** When the draft became current: only a list read after that may say it is gone. */
  const [currentSince, setCurrentSince] = useState(0);
  const [requestedId] = useState(() => searchParams.get(DRAFT_ID_PARAM));
  const [openingId] = useState(() => requestedId ?? storedDraftId);
  const [loadingId, setLoadingId] = useState<string | null>(openingId);
  const [publishingId, setPublishingId] = useState<string | null>(null);
  const [askingName, setAskingName] = useState(false);
  const [saved, markSavedFlag] = useSavedFlag();

  const currentDraftId = storedDraftId !== null && loadedId === storedDraftId ? storedDraftId : null;

  const forget = useCallback(() => {
    setStoredDraftId(null);
    setLoadedId(null);
    setDraftName('');
  }, [setStoredDraftId]);

  const makeCurrent = (draft: Pick<SurveyDraft, 'id' | 'name'>) => {
    setStoredDraftId(draft.id);
    setLoadedId(draft.id);
    setDraftName(draft.name);
    setCurrentSince(Date.now());
  };

  // A current draft that a fresh read of the list no longer holds was deleted elsewhere: forget it.
  if (
    currentDraftId !== null &&
    drafts.isSuccess &&
    drafts.dataUpdatedAt > currentSince &&
    !drafts.data.some((entry) => entry.id === currentDraftId)
  ) {
    forget();
  }

  const autosave = useDraftAutosave(survey, {
    enabled: canManage && currentDraftId !== null,
    save: (value) =>
      update.mutateAsync({ id: currentDraftId as string, name: draftName, survey: value }).catch((error: unknown) => {
        if (isNotFound(error)) forget();
        notify.error(DRAFT_MESSAGES.saveFailed(serverMessage(error, UNKNOWN_REASON)));
        throw error;
      }),
  });

  const nameSave = useDraftNameSave({
    savedName: draftName,
    save: (name) =>
      rename.mutateAsync({ id: currentDraftId as string, name }).then(
        () => setDraftName(name),
        (error: unknown) => {
          if (isNotFound(error)) forget();
          throw error;
        },
      ),
  });

  const setSurvey = useCallback((next: Survey) => setSurveyState(next), []);

  /** Reads a draft into the builder; `loadingId` is already set by the caller. */
  const read = (id: string, { announce }: { announce: boolean }) => {
    autosave.flush();
    const remembered = id === storedDraftId;
    fetchDraft(id)
      .then(
        (draft) => {
          autosave.markSaved(draft.survey);
          setSurveyState(draft.survey);
          makeCurrent(draft);
          if (announce) notify.success(DRAFT_MESSAGES.loaded);
        },
        (error: unknown) => {
          // A remembered draft that cannot be read is forgotten: saving over it blindly would lose it.
          if (remembered) forget();
          if (isNotFound(error)) void queryClient.invalidateQueries({ queryKey: draftKeys.all });
          if (announce || !isNotFound(error)) notify.error(DRAFT_MESSAGES.loadFailed(serverMessage(error, UNKNOWN_REASON)));
        },
      )
      .finally(() => setLoadingId(null));
  };

  // On open: the draft named in the address (announced), or the remembered current draft (quietly).
  const openDraft = useEffectEvent(() => {
    if (!openingId) return;
    if (requestedId) {
      // Read once: a later New Survey must not bring it back on reload.
      setSearchParams(
        (params) => {
          params.delete(DRAFT_ID_PARAM);
          return params;
        },
        { replace: true },
      );
    }
    read(openingId, { announce: requestedId !== null });
  });
  const opened = useRef(false);
  useEffect(() => {
    // Once per page, also when a development build mounts effects twice.
    if (opened.current) return;
    opened.current = true;
    openDraft();
  }, []);

  const loadDraft = (draft: DraftListEntry) => {
    setLoadingId(draft.id);
    read(draft.id, { announce: true });
    onShowBuilder();
  };

  const save = () => {
    if (!canManage || loadingId !== null) return;
    if (currentDraftId === null) {
      if (needsCompany) notify.warning(API_ERRORS.company_required.message);
      else setAskingName(true);
      return;
    }
    const sent = survey;
    update.mutate(
      { id: currentDraftId, name: draftName, survey: sent },
      {
        onSuccess: () => {
          autosave.markSaved(sent);
          markSavedFlag();
          notify.success(DRAFT_MESSAGES.updated);
        },
        onError: (error) => {
          if (isNotFound(error)) {
            forget();
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
          autosave.markSaved(sent);
          makeCurrent(draft);
          setAskingName(false);
          markSavedFlag();
          notify.success(DRAFT_MESSAGES.saved);
        },
        onError: (error) => notify.error(DRAFT_MESSAGES.saveFailed(serverMessage(error, UNKNOWN_REASON))),
      },
    );
  };

  const send = (body: { name: string; survey: Survey; draftId: string | null }, busyId: string) => {
    setPublishingId(busyId);
    publish.mutate(body, {
      onSuccess: (published) => {
        if (body.draftId !== null && body.draftId === storedDraftId) forget();
        notify.success(DRAFT_MESSAGES.published);
        navigate(justPublishedPath(published.id));
      },
      onError: (error) => notify.error(DRAFT_MESSAGES.publishFailed(serverMessage(error, UNKNOWN_REASON))),
      onSettled: () => setPublishingId(null),
    });
  };

  const publishFromBuilder = () => {
    if (!canManage) return;
    if (currentDraftId === null && needsCompany) {
      notify.warning(API_ERRORS.company_required.message);
      return;
    }
    // The draft is about to be deleted by the publish: a waiting auto-save must not chase it.
    autosave.markSaved(survey);
    send({ name: currentDraftId ? draftName : survey.title.trim(), survey, draftId: currentDraftId }, 'builder');
  };

  const publishDraft = (draft: DraftListEntry) => {
    if (!canManage) return;
    if (draft.id === currentDraftId) {
      // The builder holds the newest version of the current draft, saved or not.
      autosave.markSaved(survey);
      send({ name: draftName, survey, draftId: draft.id }, draft.id);
      return;
    }
    setPublishingId(draft.id);
    fetchDraft(draft.id).then(
      (full) => send({ name: full.name, survey: full.survey, draftId: full.id }, draft.id),
      (error: unknown) => {
        setPublishingId(null);
        notify.error(DRAFT_MESSAGES.publishFailed(serverMessage(error, UNKNOWN_REASON)));
      },
    );
  };

  const newSurvey = () => {
    autosave.flush();
    const fresh = defaultSurvey();
    autosave.markSaved(fresh);
    setSurveyState(fresh);
    forget();
    onShowBuilder();
  };

  return {
    survey,
    setSurvey,
    currentDraftId,
    nameField: currentDraftId ? nameSave : null,
    loadingId,
    publishingId,
    saving: update.isPending || create.isPending,
    saved,
    askingName,
    save,
    createDraft,
    cancelCreate: () => setAskingName(false),
    creating: create.isPending,
    publishFromBuilder,
    publishDraft,
    loadDraft,
    newSurvey,
    draftDeleted: (id) => {
      if (id === storedDraftId) forget();
    },
    draftRenamed: (id, name) => {
      if (id === currentDraftId) setDraftName(name);
    },
  };
}
