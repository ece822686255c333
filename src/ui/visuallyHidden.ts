/**
 * Out of sight but still read by screen readers (the usual "sr-only" rule). Absolutely
 * positioned: give the element a positioned ancestor, or it can widen the page.
 */
export const visuallyHidden = {
  position: 'absolute',
  // As strings: in `sx`, the numbers 0-1 mean a fraction of the parent (1 would be 100 %).
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
