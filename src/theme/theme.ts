import { createTheme, type Shadows } from '@mui/material/styles';
import {
  fontFamily,
  fontWeight,
  palette,
  radius,
  riskColors,
  shadows as elevation,
  spacing,
  typography,
} from '@tokens/tokens';
import './augmentation';
import { dataDisplayCustomizations } from './customizations/dataDisplay';
import { feedbackCustomizations } from './customizations/feedback';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';
import { THEME_ATTRIBUTE } from './mode';

/** Prefix of every CSS variable MUI generates: --navout-palette-primary-main, ... */
export const CSS_VAR_PREFIX = 'navout';

type Elevation = keyof typeof elevation.light;

/**
 * Shadows are per theme but MUI's `shadows` is not, so each step points at a palette variable
 * that the colour scheme switches (the approach of MUI's own templates).
 */
const shadowVar = (step: Elevation) => `var(--${CSS_VAR_PREFIX}-palette-elevation-${step})`;

/** MUI's 25 elevations folded onto the four token steps (Card 1, AppBar 4, Menu 8, Dialog 24). */
const shadows = Array.from({ length: 25 }, (_, level) => {
  if (level === 0) return 'none';
  if (level === 1) return shadowVar('sm');
  if (level <= 4) return shadowVar('md');
  if (level <= 12) return shadowVar('lg');
  return shadowVar('xl');
}) as Shadows;

function colorScheme(mode: 'light' | 'dark') {
  return {
    palette: {
      ...palette[mode],
      // Where MUI picks a text colour itself (filled alerts on a role's dark shade, ...), hold it to
      // WCAG AA: MUI's default threshold of 3 lets white text through at 3:1.
      contrastThreshold: 4.5,
      risk: riskColors[mode],
      elevation: elevation[mode],
    },
  };
}

export const theme = createTheme({
  cssVariables: {
    cssVarPrefix: CSS_VAR_PREFIX,
    // 'data-theme' makes MUI select schemes with [data-theme="light"] / [data-theme="dark"] on <html>.
    colorSchemeSelector: THEME_ATTRIBUTE,
  },
  defaultColorScheme: 'light',
  colorSchemes: { light: colorScheme('light'), dark: colorScheme('dark') },
  typography: {
    fontFamily: fontFamily.body,
    fontWeightRegular: fontWeight.regular,
    fontWeightMedium: fontWeight.medium,
    fontWeightBold: fontWeight.bold,
    ...typography,
  },
  shape: { borderRadius: radius.md },
  spacing: spacing.unit,
  shadows,
  // Fades, slides, collapses and ripples follow the visitor's "reduce motion" setting (MUI's default
  // ignores it).
  motion: { reducedMotion: 'system' },
  components: {
    ...inputsCustomizations,
    ...navigationCustomizations,
    ...dataDisplayCustomizations,
    ...feedbackCustomizations,
    ...surfacesCustomizations,
  },
});

export type AppThemeObject = typeof theme;
