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
  /** Counts the name's changes other than the header's own saves: the header's field starts over at each. */
  nameChangesElsewhere: number;
  makeCurrent: (draft: Pick<SurveyDraft, 'id' | 'name'>) => void;
  forget: () => void;
  /** A rename made elsewhere (the Drafts list). */
  setName: (name: string) => void;
  /** A rename saved from the header's own field. */
  nameSavedInHeader: (name: string) => void;
}

interface Naming {
  name: string;
  changesElsewhere: number;
}

/** A name set elsewhere: a change counts, the same name again does not. */
const setElsewhere = (name: string) => (naming: Naming): Naming =>
  naming.name === name ? naming : { name, changesElsewhere: naming.changesElsewhere + 1 };

/**
 * The draft the builder saves to (data document, section 4): remembered in browser storage, and
 * current once its content has been read into the builder.
 */
export function useCurrentDraft(companyFilter: string | undefined): CurrentDraft {
  const [storedId, setStoredId] = useCurrentDraftId();
  /** The draft whose content the builder holds: a remembered draft counts once it has been read. */
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [naming, setNaming] = useState<Naming>({ name: '', changesElsewhere: 0 });
  const id = storedId !== null && loadedId === storedId ? storedId : null;

  const forget = useCallback(() => {
    setStoredId(null);
    setLoadedId(null);
    setNaming(setElsewhere(''));
  }, [setStoredId]);

  const makeCurrent = useCallback(
    (draft: Pick<SurveyDraft, 'id' | 'name'>) => {
      setStoredId(draft.id);
      setLoadedId(draft.id);
      setNaming(setElsewhere(draft.name));
    },
    [setStoredId],
  );

  useForgetDeletedDraft(id, companyFilter, forget);
  const setName = useCallback((name: string) => setNaming(setElsewhere(name)), []);
  const nameSavedInHeader = useCallback((name: string) => setNaming((naming) => ({ ...naming, name })), []);
  return { id, storedId, name: naming.name, nameChangesElsewhere: naming.changesElsewhere, makeCurrent, forget, setName, nameSavedInHeader };
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
