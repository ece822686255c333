import { useCallback, useState } from 'react';

/**
 * What a dialog is about (a user to delete) and whether it is open. Closing keeps what it showed,
 * so the dialog still shows it while its closing transition plays; the next opening replaces it.
 */
export function useDialogSubject<T>() {
  const [{ shown, open }, setState] = useState<{ shown: T | null; open: boolean }>({ shown: null, open: false });
  const show = useCallback((subject: T) => setState({ shown: subject, open: true }), []);
  const close = useCallback(() => setState((state) => ({ ...state, open: false })), []);
  return {
    /** The open dialog's subject; null while it is closed. */
    subject: open ? shown : null,
    /** What the dialog shows: the subject, kept after closing; null until the first opening. */
    shown,
    open,
    show,
    close,
  };
}
