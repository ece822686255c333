import { useCallback, useState } from 'react';

/**
 * A dialog's open flag, and whether it has been opened yet. A dialog loaded on demand is mounted
 * (and downloaded) at its first opening and stays mounted after, so its closing transition plays.
 * Both are set by the same call, so nothing is worked out again while rendering.
 */
export function useDialogOpen() {
  const [{ open, opened }, setState] = useState({ open: false, opened: false });
  const show = useCallback(() => setState({ open: true, opened: true }), []);
  const close = useCallback(() => setState((state) => (state.open ? { ...state, open: false } : state)), []);
  return {
    open,
    /** False until the first opening, then true for good. */
    opened,
    show,
    close,
  };
}
