import { useDeferredValue, type ReactNode } from 'react';

export interface BackgroundUpdatesProps {
  /** Content that is costly to render (a page's cards, a table's rows), updated in the background. */
  children: ReactNode;
  /**
   * Shown on the first render in place of the children, which are then drawn in the background
   * too: for content that appears together with its data. Without it the first render draws the
   * children at once.
   */
  placeholder?: ReactNode;
}

/**
 * Renders a change to its children from above in the background. A query's answer re-renders the
 * component that asked for it at once and in one piece (React renders store updates
 * synchronously), which for a page of cards or form fields blocks the main thread for hundreds of
 * milliseconds on a phone. Here that render keeps the previous children (React skips a subtree
 * whose element is unchanged), then draws the new ones in a transition, which React splits into
 * slices of a few milliseconds and interrupts for input.
 *
 * Changes made inside the subtree (a field typed in, a menu opened) are not delayed. Keep
 * controlled fields whose value lives above it outside: their echo would wait for the background
 * render.
 */
export function BackgroundUpdates({ children, placeholder }: BackgroundUpdatesProps) {
  return useDeferredValue(children, placeholder);
}
