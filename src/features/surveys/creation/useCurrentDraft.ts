import { useCallback, useEffect, useState } from 'react';
import { matchQuery, useQueryClient } from '@tanstack/react-query';
import type { SurveyDraft } from '@domain/survey/types';
import { draftKeys, useDrafts, type DraftListEntry } from '../api/drafts';
import { useCurrentDraftId } from './useCurrentDraftId';

export interface CurrentDraft {
  /** The current draft, once its content is in the builder. */
  id: string | null;
  /** The draft remembered in browser storage, read or not yet. */
  storedId: string | null;
  /** The current draft's name as the server holds it. */
  name: string;
  makeCurrent: (draft: Pick<SurveyDraft, 'id' | 'name'>) => void;
  forget: () => void;
  setName: (name: string) => void;
}

/**
 * The draft the builder saves to (data document, section 4): remembered in browser storage, and
 * current once its content has been read into the builder.
 */
export function useCurrentDraft(companyFilter: string | undefined): CurrentDraft {
  const [storedId, setStoredId] = useCurrentDraftId();
  /** The draft whose content the builder holds: a remembered draft counts once it has been read. */
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const id = storedId !== null && loadedId === storedId ? storedId : null;

  const forget = useCallback(() => {
    setStoredId(null);
    setLoadedId(null);
    setName('');
  }, [setStoredId]);

  const makeCurrent = useCallback(
    (draft: Pick<SurveyDraft, 'id' | 'name'>) => {
      setStoredId(draft.id);
      setLoadedId(draft.id);
      setName(draft.name);
    },
    [setStoredId],
  );

  useForgetDeletedDraft(id, companyFilter, forget);
  return { id, storedId, name, makeCurrent, forget, setName };
}

/**
 * A current draft that a read of the list, after it became current, no longer holds was deleted
 * elsewhere: it is forgotten. The list is kept read meanwhile (on focus, after every write).
 */
function useForgetDeletedDraft(id: string | null, companyFilter: string | undefined, forget: () => void) {
  useDrafts(companyFilter);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (id === null) return undefined;
    const list = { queryKey: draftKeys.list(companyFilter), exact: true };
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || !matchQuery(list, event.query)) return;
      const entries = event.query.state.data as DraftListEntry[];
      if (!entries.some((entry) => entry.id === id)) forget();
    });
  }, [id, companyFilter, queryClient, forget]);
}
