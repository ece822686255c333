import { useEffect, useState } from 'react';
import { PROFILE_MODAL_CLOSE_MS } from '@domain/limits';

/**
 * The profile modals show their success message, then close by themselves after 1.5 s
 * (platform specification, section 9). Returns whether the save succeeded and the function that
 * records it.
 */
export function useCloseAfterSuccess(onClose: () => void, delayMs = PROFILE_MODAL_CLOSE_MS): [boolean, () => void] {
  const [succeeded, setSucceeded] = useState(false);
  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = setTimeout(onClose, delayMs);
    return () => clearTimeout(timer);
  }, [succeeded, onClose, delayMs]);
  return [succeeded, () => setSucceeded(true)];
}
