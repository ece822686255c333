import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';

/**
 * The draft the builder saves to, kept in browser storage (data document, section 4): after a
 * reload, the next save still updates the same draft.
 */
export function useCurrentDraftId(): [draftId: string | null, setDraftId: (id: string | null) => void] {
  const [draftId, setState] = useState(() => localStorage.getItem(STORAGE_KEYS.currentDraftId));
  const setDraftId = useCallback((id: string | null) => {
    if (id) localStorage.setItem(STORAGE_KEYS.currentDraftId, id);
    else localStorage.removeItem(STORAGE_KEYS.currentDraftId);
    setState(id);
  }, []);
  return [draftId, setDraftId];
}
