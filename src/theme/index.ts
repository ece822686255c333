/**
 * The Navout design system: the MUI theme built from design-tokens, the light/dark mode, and the
 * brand components. Import from '@/theme' only; charts that must stay light take their palette
 * from '@/theme/palette'.
 */
export { AppTheme, type AppThemeProps } from './AppTheme';
export { useThemeMode, type ThemeModeControls } from './useThemeMode';
export { ThemeToggle, type ThemeToggleProps } from './components/ThemeToggle';
export { Logo, NAVOUT_TAGLINE, type LogoProps } from './components/Logo';
export { theme, CSS_VAR_PREFIX } from './theme';
export {
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
  isThemeMode,
  resolveInitialMode,
  themeStorageManager,
  type ThemeMode,
} from './mode';
export { themeInitScript, themeInitScriptPlugin } from './initScript';
export { chartPalette, riskColors } from './palette';
export type { RiskColor, RiskPalette } from './augmentation';
