import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { NAME_SAVE_DELAY_MS } from './timing';

export interface DraftNameSaveOptions {
  /** The name the server holds. */
  savedName: string;
  /**
   * Counts the changes of `savedName` made elsewhere (another draft loaded, a rename in the list),
   * not by this field's own save: at each, the field starts over from `savedName`.
   */
  changesElsewhere: number;
  /** Saves a trimmed, non-blank, changed name; a rejection keeps the field as typed and says so. */
  save: (name: string) => Promise<unknown>;
  delayMs?: number;
}

export interface DraftNameField {
  name: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  /** True while the save call runs ("Saving..."). */
  saving: boolean;
  /** 'Survey name cannot be empty', or the failed save's message. */
  error: string | null;
}

interface FieldState {
  /** What the field shows. */
  name: string;
  /** The last name saved by this field, or the name it started from. */
  committed: string;
  /** 'Survey name cannot be empty', or the failed save's message. */
  error: string | null;
  /** The changes made elsewhere that this state has seen. */
  changesElsewhere: number;
}

const startOver = (savedName: string, changesElsewhere: number): FieldState => ({ name: savedName, committed: savedName, error: null, changesElsewhere });

/**
 * The draft name in the builder's header (data document, section 4): saved 1 s after typing
 * stops, or at once when the field loses focus. A blank name is refused, an unchanged one is not
 * sent.
 */
export function useDraftNameSave({ savedName, changesElsewhere, save, delayMs = NAME_SAVE_DELAY_MS }: DraftNameSaveOptions): DraftNameField {
  const [stored, setStored] = useState<FieldState>(() => startOver(savedName, changesElsewhere));
  /** The name being sent, while its call runs. */
  const [sending, setSending] = useState<string | null>(null);
  // A name changed elsewhere replaces what the field holds; the echo of its own save does not.
  const field = stored.changesElsewhere === changesElsewhere ? stored : startOver(savedName, changesElsewhere);
  const { name, committed, error } = field;

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ name, committed, save, savedName, changesElsewhere });
  useEffect(() => {
    latest.current = { name, committed, save, savedName, changesElsewhere };
  });
  /** Changes what the field holds, over the name it shows now. */
  const edit = useCallback((change: Partial<FieldState>) => {
    const { savedName: saved, changesElsewhere: changes } = latest.current;
    setStored((state) => ({ ...(state.changesElsewhere === changes ? state : startOver(saved, changes)), ...change }));
  }, []);

  const commit = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const { name: text, committed: last, save: write } = latest.current;
    const trimmed = text.trim();
    if (trimmed === '') {
      edit({ error: DRAFT_MESSAGES.renameEmpty });
      return;
    }
    if (trimmed === last) {
      edit({ error: null });
      return;
    }
    setSending(trimmed);
    edit({ error: null });
    write(trimmed)
      .then(
        () => edit({ committed: trimmed }),
        () => edit({ error: DRAFT_MESSAGES.renameFailed }),
      )
      .finally(() => setSending(null));
  }, [edit]);

  // The delay restarts with every keystroke; leaving the page saves what is still waiting.
  useEffect(() => () => {
    if (timer.current !== undefined) commit();
  }, [commit]);

  const onChange = useCallback(
    (text: string) => {
      edit({ name: text });
      clearTimeout(timer.current);
      timer.current = setTimeout(commit, delayMs);
    },
    [commit, delayMs, edit],
  );

  return { name, onChange, onBlur: commit, saving: sending !== null, error };
}
