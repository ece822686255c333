import { useCallback, useEffect, useRef } from 'react';
import { AUTOSAVE_DELAY_MS } from './timing';

export interface DraftAutosaveOptions<T> {
  /** True while a draft is current (and the user may write): only then is anything saved. */
  enabled: boolean;
  /** Writes the value to the current draft; a rejection leaves the change unsaved. */
  save: (value: T) => Promise<unknown>;
  delayMs?: number;
}

export interface DraftAutosave<T> {
  /** Says the value is what the server holds (after a load, a manual save or a reset): nothing to save. */
  markSaved: (value: T) => void;
  /** Saves a change still waiting for its delay at once, before the builder switches to another draft. */
  flush: () => void;
}

/**
 * Auto-save (data document, section 4): while a draft is current, a changed value is saved
 * `delayMs` after the last change. Values are compared by identity: every edit makes a new one.
 */
export function useDraftAutosave<T>(value: T, { enabled, save, delayMs = AUTOSAVE_DELAY_MS }: DraftAutosaveOptions<T>): DraftAutosave<T> {
  const saved = useRef(value);
  const latest = useRef({ value, enabled, save });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Declared before the scheduling effect, so a timer always finds this render's value and save.
  useEffect(() => {
    latest.current = { value, enabled, save };
  });

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const saveNow = useCallback(() => {
    cancel();
    const { value: current, enabled: allowed, save: write } = latest.current;
    if (!allowed || current === saved.current) return;
    const before = saved.current;
    write(current).then(
      () => {
        // A load or a manual save that happened meanwhile has the last word.
        if (saved.current === before) saved.current = current;
      },
      () => undefined,
    );
  }, [cancel]);

  useEffect(() => {
    if (!enabled || value === saved.current) return undefined;
    timer.current = setTimeout(saveNow, delayMs);
    return cancel;
  }, [value, enabled, delayMs, saveNow, cancel]);

  const markSaved = useCallback(
    (next: T) => {
      cancel();
      saved.current = next;
    },
    [cancel],
  );

  const flush = useCallback(() => {
    if (timer.current !== undefined) saveNow();
  }, [saveNow]);

  return { markSaved, flush };
}
