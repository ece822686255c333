import { alertClasses } from '@mui/material/Alert';
import type { Components, Theme } from '@mui/material/styles';
import { radius } from '@tokens/tokens';

/** Alerts, dialogs, progress and snackbars. */
export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        alignItems: 'center',
        [`& .${alertClasses.message}`]: { fontWeight: theme.typography.fontWeightRegular },
      }),
    },
  },
  MuiDialog: {
    styleOverrides: {
      paper: ({ theme }) => ({
        borderRadius: radius.lg,
        border: `1px solid ${theme.vars.palette.divider}`,
        backgroundImage: 'none',
      }),
    },
  },
  MuiDialogTitle: {
    styleOverrides: {
      root: ({ theme }) => ({
        ...theme.typography.h6,
      }),
    },
  },
  MuiLinearProgress: {
    styleOverrides: {
      root: {
        height: 6,
        borderRadius: radius.pill,
      },
      bar: {
        borderRadius: radius.pill,
      },
    },
  },
  MuiSnackbarContent: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        backgroundColor: theme.vars.palette.text.primary,
        color: theme.vars.palette.background.paper,
      }),
    },
  },
};
