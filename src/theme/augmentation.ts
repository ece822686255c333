/**
 * Type additions for the Navout theme. They live beside the theme because `theme.vars` and the
 * extra palette entries only exist once src/theme is part of the program.
 */
// The theme is always built with CSS variables, so `theme.vars` is never undefined.
import type {} from '@mui/material/themeCssVarsAugmentation';
import type {} from '@mui/x-charts/themeAugmentation';
import type {} from '@mui/x-data-grid/themeAugmentation';

export interface RiskColor {
  main: string;
  contrastText: string;
}

export interface RiskPalette {
  low: RiskColor;
  medium: RiskColor;
  high: RiskColor;
}

/** Box-shadow values per elevation step; they differ per theme, so they travel in the palette. */
export interface ElevationPalette {
  sm: string;
  md: string;
  lg: string;
  xl: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    risk: RiskPalette;
    elevation: ElevationPalette;
  }
  interface PaletteOptions {
    risk?: RiskPalette;
    elevation?: ElevationPalette;
  }
}
