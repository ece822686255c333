import type { Components, Theme } from '@mui/material/styles';
import { radius } from '@tokens/tokens';

/** Paper, cards, the app bar and accordions. */
export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: {
    styleOverrides: {
      root: {
        // MUI lightens dark-mode paper with a white overlay per elevation; the dark paper token
        // already separates surfaces from the page, and the overlay would change its contrast.
        backgroundImage: 'none',
      },
    },
  },
  MuiCard: {
    defaultProps: {
      variant: 'outlined',
    },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.lg,
        borderColor: theme.vars.palette.divider,
        boxShadow: theme.vars.shadows[1],
        // A shadow barely shows on the dark page; the border alone carries the edge there.
        ...theme.applyStyles('dark', {
          boxShadow: 'none',
        }),
      }),
    },
  },
  MuiCardHeader: {
    styleOverrides: {
      title: ({ theme }) => ({
        ...theme.typography.h6,
      }),
    },
  },
  MuiAppBar: {
    defaultProps: {
      elevation: 0,
      color: 'inherit',
    },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: theme.vars.palette.background.paper,
        borderBottom: `1px solid ${theme.vars.palette.divider}`,
      }),
    },
  },
  MuiAccordion: {
    defaultProps: {
      disableGutters: true,
      elevation: 0,
    },
    styleOverrides: {
      root: ({ theme }) => ({
        border: `1px solid ${theme.vars.palette.divider}`,
        '&::before': { display: 'none' },
      }),
    },
  },
};
