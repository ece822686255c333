import { outlinedInputClasses } from '@mui/material/OutlinedInput';
import { toggleButtonGroupClasses } from '@mui/material/ToggleButtonGroup';
import type { Components, Theme } from '@mui/material/styles';

/** Buttons and form controls. */
export const inputsCustomizations: Components<Theme> = {
  MuiButton: {
    defaultProps: {
      // Flat buttons: elevation is kept for surfaces that float (menus, dialogs).
      disableElevation: true,
    },
    styleOverrides: {
      root: ({ theme }) => ({
        // Sentence case reads faster in a dense dashboard than MUI's upper case.
        textTransform: 'none',
        borderRadius: theme.shape.borderRadius,
        fontWeight: theme.typography.button.fontWeight,
      }),
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
      }),
    },
  },
  MuiToggleButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        textTransform: 'none',
        fontWeight: theme.typography.fontWeightMedium,
      }),
    },
  },
  MuiToggleButtonGroup: {
    styleOverrides: {
      root: ({ theme }) => ({
        [`& .${toggleButtonGroupClasses.grouped}`]: {
          borderColor: theme.vars.palette.divider,
        },
      }),
    },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        backgroundColor: theme.vars.palette.background.paper,
        [`&:hover:not(.${outlinedInputClasses.focused}):not(.${outlinedInputClasses.disabled}):not(.${outlinedInputClasses.error}) .${outlinedInputClasses.notchedOutline}`]:
          {
            borderColor: theme.vars.palette.text.secondary,
          },
        // On the dark page the paper colour is lighter than the page: fields read as wells when sunk to it.
        ...theme.applyStyles('dark', {
          backgroundColor: theme.vars.palette.background.default,
        }),
      }),
    },
  },
  MuiInputLabel: {
    styleOverrides: {
      root: ({ theme }) => ({
        fontWeight: theme.typography.fontWeightMedium,
      }),
    },
  },
  MuiFormHelperText: {
    styleOverrides: {
      root: {
        marginInline: 0,
      },
    },
  },
};
