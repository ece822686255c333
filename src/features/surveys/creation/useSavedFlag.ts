import { useCallback, useEffect, useState } from 'react';
import { SAVED_FLAG_MS } from './timing';

/**
 * A save button's saved state: true for `durationMs` after `markSaved`; a second save restarts
 * the period.
 */
export function useSavedFlag(durationMs = SAVED_FLAG_MS): [saved: boolean, markSaved: () => void] {
  // A count rather than a boolean, so that a save within the period starts it again.
  const [saves, setSaves] = useState(0);
  const [shownFor, setShownFor] = useState(0);
  useEffect(() => {
    if (saves === 0) return undefined;
    const timer = setTimeout(() => setShownFor(saves), durationMs);
    return () => clearTimeout(timer);
  }, [saves, durationMs]);
  const markSaved = useCallback(() => setSaves((count) => count + 1), []);
  return [saves !== shownFor, markSaved];
}
