import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: `batch` at first, then `batch` more after each commit, in a
 * transition, until all are drawn. A long list of costly items (cards with buttons and selects, table
 * rows with chips) is then put on the page in several short steps instead of one long one, which on
 * a phone blocks input for hundreds of milliseconds; the first items, all a screen shows, come first.
 */
export function useRevealInBatches(total: number, batch: number): number {
  const [revealed, setRevealed] = useState(batch);
  useEffect(() => {
    if (revealed < total) startTransition(() => setRevealed((current) => current + batch));
  }, [revealed, total, batch]);
  return Math.min(revealed, total);
}
