import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { NAME_SAVE_DELAY_MS } from './timing';

export interface DraftNameSaveOptions {
  /** The name the server holds; the field follows it when another draft is loaded or renamed elsewhere. */
  savedName: string;
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

/**
 * The draft name in the builder's header (data document, section 4): saved 1 s after typing
 * stops, or at once when the field loses focus. A blank name is refused, an unchanged one is not
 * sent.
 */
export function useDraftNameSave({ savedName, save, delayMs = NAME_SAVE_DELAY_MS }: DraftNameSaveOptions): DraftNameField {
  const [name, setName] = useState(savedName);
  const [source, setSource] = useState(savedName);
  const [committed, setCommitted] = useState(savedName);
  /** The name being sent, while its call runs. */
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A name that arrives from outside replaces the field, except the echo of this field's own save.
  if (savedName !== source) {
    setSource(savedName);
    if (savedName !== committed && savedName !== sending) {
      setName(savedName);
      setCommitted(savedName);
      setError(null);
    }
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ name, committed, save });
  useEffect(() => {
    latest.current = { name, committed, save };
  });

  const commit = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const { name: text, committed: last, save: write } = latest.current;
    const trimmed = text.trim();
    if (trimmed === '') {
      setError(DRAFT_MESSAGES.renameEmpty);
      return;
    }
    if (trimmed === last) {
      setError(null);
      return;
    }
    setSending(trimmed);
    setError(null);
    write(trimmed)
      .then(
        () => setCommitted(trimmed),
        () => setError(DRAFT_MESSAGES.renameFailed),
      )
      .finally(() => setSending(null));
  }, []);

  // The delay restarts with every keystroke; leaving the page saves what is still waiting.
  useEffect(() => () => {
    if (timer.current !== undefined) commit();
  }, [commit]);

  const onChange = useCallback(
    (text: string) => {
      setName(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(commit, delayMs);
    },
    [commit, delayMs],
  );

  return { name, onChange, onBlur: commit, saving: sending !== null, error };
}
