import { useState } from 'react';

/**
 * False until `open` is first true, then true for good. A dialog loaded on demand is mounted (and
 * downloaded) only once someone opens it, and stays mounted after, so its closing transition plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
