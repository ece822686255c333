import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { draftKeys, isNotFound, useFetchDraft, type DraftListEntry } from '../api/drafts';
import type { CurrentDraft } from './useCurrentDraft';
import type { WorkingCopy } from './useWorkingCopy';

/** The query parameter that opens a draft (LiveIQ's Edit sends it). */
export const DRAFT_ID_PARAM = 'draftId';

export interface DraftOpening {
  /** The id of the draft being read (a remembered draft on open, or Load Draft). */
  loadingId: string | null;
  loadDraft: (draft: DraftListEntry) => void;
}

/**
 * Reading a draft into the builder (data document, section 4): on open, the draft named in the
 * address (announced) or the remembered current draft (quietly); later, Load Draft.
 */
export function useDraftOpening(current: CurrentDraft, copy: WorkingCopy, onShowBuilder: () => void): DraftOpening {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fetchDraft = useFetchDraft();
  const [searchParams, setSearchParams] = useSearchParams();
  const [requestedId] = useState(() => searchParams.get(DRAFT_ID_PARAM));
  const [openingId] = useState(() => requestedId ?? current.storedId);
  const [loadingId, setLoadingId] = useState<string | null>(openingId);

  /** Reads a draft into the builder; `loadingId` is already set by the caller. */
  const read = (id: string, { announce }: { announce: boolean }) => {
    copy.flush();
    const remembered = id === current.storedId;
    fetchDraft(id)
      .then(
        (draft) => {
          copy.replace(draft.survey);
          current.makeCurrent(draft);
          if (announce) notify.success(DRAFT_MESSAGES.loaded);
        },
        (error: unknown) => {
          // A remembered draft that cannot be read is forgotten: saving over it blindly would lose it.
          if (remembered) current.forget();
          if (isNotFound(error)) void queryClient.invalidateQueries({ queryKey: draftKeys.all });
          if (announce || !isNotFound(error)) notify.error(DRAFT_MESSAGES.loadFailed(serverMessage(error, UNKNOWN_REASON)));
        },
      )
      .finally(() => setLoadingId(null));
  };

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

  return { loadingId, loadDraft };
}
