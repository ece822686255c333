import { useCallback } from 'react';
import { useColorScheme } from '@mui/material/styles';
import { isThemeMode, type ThemeMode } from './mode';

export interface ThemeModeControls {
  /** The mode on screen. */
  mode: ThemeMode;
  /** Switches to a mode; it is applied as data-theme on <html> and saved under localStorage 'theme'. */
  setMode: (mode: ThemeMode) => void;
  /** Switches to the other mode. */
  toggle: () => void;
}

/** Reads and changes the light/dark mode. Must be used inside <AppTheme>. */
export function useThemeMode(): ThemeModeControls {
  const { mode, colorScheme, setMode: setMuiMode, allColorSchemes } = useColorScheme();
  const current: ThemeMode = isThemeMode(colorScheme) ? colorScheme : isThemeMode(mode) ? mode : 'light';
  const setMode = useCallback((next: ThemeMode) => setMuiMode(next), [setMuiMode]);
  const toggle = useCallback(() => setMuiMode(current === 'dark' ? 'light' : 'dark'), [current, setMuiMode]);
  // Outside a provider MUI hands out a context whose setters do nothing: fail loudly instead.
  if (allColorSchemes.length === 0) throw new Error('useThemeMode must be used inside <AppTheme>.');
  return { mode: current, setMode, toggle };
}
