import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * Narrower than the theme's `sm` breakpoint (600 px), tables are drawn as stacked cards: a card per
 * row with each column's label beside its value, so nothing is cut and every action is in reach.
 */
export const cardLayoutQuery = (theme: Theme) => theme.breakpoints.down('sm');

/** True where tables are drawn as cards. Read at once (noSsr), so a phone never draws the grid first. */
export function useCardLayout(): boolean {
  return useMediaQuery(cardLayoutQuery, { noSsr: true });
}
