/**
 * Out of sight but still read by screen readers (the usual "sr-only" rule). Absolutely
 * positioned: give the element a positioned ancestor, or it can widen the page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
