import { listItemButtonClasses } from '@mui/material/ListItemButton';
import { listItemIconClasses } from '@mui/material/ListItemIcon';
import { menuItemClasses } from '@mui/material/MenuItem';
import { tabClasses } from '@mui/material/Tab';
import type { Components, Theme } from '@mui/material/styles';
import { radius } from '@tokens/tokens';

/** Sidebar, menus, tabs and links. */
export const navigationCustomizations: Components<Theme> = {
  MuiLink: {
    defaultProps: {
      underline: 'hover',
    },
    styleOverrides: {
      root: ({ theme }) => ({
        fontWeight: theme.typography.fontWeightMedium,
      }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        [`&.${listItemButtonClasses.selected}`]: {
          // The selected page in the sidebar carries the brand colour, icon included.
          color: theme.vars.palette.primary.main,
          backgroundColor: theme.alpha(theme.vars.palette.primary.main, theme.vars.palette.action.selectedOpacity),
          [`& .${listItemIconClasses.root}`]: { color: 'inherit' },
          '&:hover': {
            backgroundColor: theme.alpha(
              theme.vars.palette.primary.main,
              `${theme.vars.palette.action.selectedOpacity} + ${theme.vars.palette.action.hoverOpacity}`,
            ),
          },
        },
      }),
    },
  },
  MuiListItemIcon: {
    styleOverrides: {
      root: ({ theme }) => ({
        minWidth: theme.spacing(4.5),
        color: theme.vars.palette.text.secondary,
      }),
    },
  },
  MuiMenu: {
    styleOverrides: {
      paper: ({ theme }) => ({
        marginTop: theme.spacing(0.5),
        border: `1px solid ${theme.vars.palette.divider}`,
        backgroundImage: 'none',
      }),
      list: ({ theme }) => ({
        padding: theme.spacing(0.5),
      }),
    },
  },
  MuiMenuItem: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.sm,
        [`&.${menuItemClasses.selected}`]: {
          backgroundColor: theme.alpha(theme.vars.palette.primary.main, theme.vars.palette.action.selectedOpacity),
        },
      }),
    },
  },
  MuiTabs: {
    styleOverrides: {
      indicator: ({ theme }) => ({
        height: 3,
        borderRadius: `${radius.sm}px ${radius.sm}px 0 0`,
        backgroundColor: theme.vars.palette.primary.main,
      }),
    },
  },
  MuiTab: {
    styleOverrides: {
      root: ({ theme }) => ({
        textTransform: 'none',
        fontWeight: theme.typography.fontWeightMedium,
        color: theme.vars.palette.text.secondary,
        [`&.${tabClasses.selected}`]: {
          color: theme.vars.palette.primary.main,
        },
      }),
    },
  },
  MuiDrawer: {
    styleOverrides: {
      paper: ({ theme }) => ({
        backgroundColor: theme.vars.palette.background.paper,
        backgroundImage: 'none',
        borderColor: theme.vars.palette.divider,
      }),
    },
  },
};
