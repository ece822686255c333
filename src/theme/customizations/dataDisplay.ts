import { chipClasses } from '@mui/material/Chip';
import type { Components, Theme } from '@mui/material/styles';
import { chartPalette, radius } from '@tokens/tokens';

/** Chips, tooltips, tables, the data grid and charts. */
export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.sm,
        fontWeight: theme.typography.fontWeightMedium,
        [`& .${chipClasses.icon}`]: { marginLeft: theme.spacing(0.75) },
      }),
    },
  },
  MuiTooltip: {
    styleOverrides: {
      tooltip: ({ theme }) => ({
        borderRadius: radius.sm,
        fontSize: theme.typography.caption.fontSize,
        // Inverted surface: dark on the light page, light on the dark page.
        backgroundColor: theme.vars.palette.text.primary,
        color: theme.vars.palette.background.paper,
      }),
      arrow: ({ theme }) => ({
        color: theme.vars.palette.text.primary,
      }),
    },
  },
  MuiTableCell: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderBottomColor: theme.vars.palette.divider,
      }),
      head: ({ theme }) => ({
        color: theme.vars.palette.text.secondary,
        fontWeight: theme.typography.fontWeightMedium,
      }),
    },
  },
  MuiDataGrid: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderColor: theme.vars.palette.divider,
        borderRadius: theme.shape.borderRadius,
        backgroundColor: theme.vars.palette.background.paper,
        '--DataGrid-containerBackground': theme.vars.palette.background.paper,
        '--DataGrid-rowBorderColor': theme.vars.palette.divider,
      }),
      columnHeaderTitle: ({ theme }) => ({
        fontWeight: theme.typography.fontWeightMedium,
        color: theme.vars.palette.text.secondary,
      }),
    },
  },
  MuiChartsDataProvider: {
    defaultProps: {
      // Every chart takes its series colours from the tokens' 15-colour palette.
      colors: [...chartPalette],
    },
  },
};
