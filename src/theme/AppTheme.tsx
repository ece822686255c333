import { useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { resolveInitialMode, THEME_STORAGE_KEY, themeStorageManager, type ThemeMode } from './mode';
import { theme } from './theme';

export interface AppThemeProps {
  children?: ReactNode;
  /**
   * The mode to use when nothing is saved under localStorage 'theme'. Without it: the operating
   * system's preference, else light. A saved choice always wins.
   */
  defaultMode?: ThemeMode;
  /**
   * Leaves out the global CssBaseline (page background, font smoothing on <body>), for hosts that
   * own the page, such as Storybook's docs pages: wrap the content in ScopedCssBaseline instead.
   */
  disableCssBaseline?: boolean;
}

/**
 * The Navout theme for everything below it: MUI's ThemeProvider with the token-built theme,
 * CssBaseline, and the light/dark mode.
 *
 * Both colour schemes are emitted as CSS variables and the active one is chosen by data-theme on
 * <html>, so switching modes changes one attribute: the theme object stays the same, components
 * do not re-render, and nothing flashes. Only components that read the mode (useThemeMode)
 * render again.
 */
export function AppTheme({ children, defaultMode, disableCssBaseline = false }: AppThemeProps) {
  // Read once: later changes go through setMode, which also saves them.
  const [initialMode] = useState<ThemeMode>(() => defaultMode ?? resolveInitialMode());
  return (
    <ThemeProvider
      theme={theme}
      defaultMode={initialMode}
      modeStorageKey={THEME_STORAGE_KEY}
      storageManager={themeStorageManager}
      // A client-only app: render with the stored mode at once instead of after a hydration pass.
      noSsr
      disableTransitionOnChange
    >
      {!disableCssBaseline && <CssBaseline enableColorScheme />}
      {children}
    </ThemeProvider>
  );
}
