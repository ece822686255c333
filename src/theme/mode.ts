import type { StorageManager } from '@mui/material/styles';
// Relative, not '@/lib/storage': vite.config.ts loads this file (through initScript.ts), and
// path aliases do not apply to the config itself.
import { STORAGE_KEYS } from '../lib/storage';

export type ThemeMode = 'light' | 'dark';

/** localStorage key holding the chosen mode (platform specification, section 1). */
export const THEME_STORAGE_KEY = STORAGE_KEYS.theme;

/** Attribute on <html> that selects the colour scheme's CSS variables. */
export const THEME_ATTRIBUTE = 'data-theme';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export const isThemeMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';

export interface ModeEnvironment {
  storage?: Pick<Storage, 'getItem'> | null;
  matchMedia?: ((query: string) => Pick<MediaQueryList, 'matches'>) | null;
}

function browserEnvironment(): ModeEnvironment {
  if (typeof window === 'undefined') return {};
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames): fall back to the OS preference.
  }
  return { storage, matchMedia: typeof window.matchMedia === 'function' ? window.matchMedia.bind(window) : null };
}

export function readStoredMode(storage: ModeEnvironment['storage']): ThemeMode | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeMode(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The mode to start in: the saved choice, else the operating system's dark preference, else light.
 * initScript.ts applies the same rule before React loads; keep the two in step.
 */
export function resolveInitialMode(env: ModeEnvironment = browserEnvironment()): ThemeMode {
  const stored = readStoredMode(env.storage);
  if (stored) return stored;
  return env.matchMedia?.(DARK_SCHEME_QUERY).matches ? 'dark' : 'light';
}

const noop = () => {};

/**
 * MUI's ThemeProvider reads and writes the mode through this. Unlike MUI's default manager it
 * accepts only 'light' and 'dark' under the theme key (a stray value falls back to the default
 * instead of leaving the page without a scheme), and it keeps MUI's per-mode colour-scheme keys
 * out of localStorage: Navout has exactly one light and one dark scheme.
 */
export const themeStorageManager: StorageManager = ({ key, storageWindow }) => {
  const win = storageWindow ?? (typeof window === 'undefined' ? undefined : window);
  if (key !== THEME_STORAGE_KEY || !win) {
    return { get: (defaultValue) => defaultValue, set: noop, subscribe: () => noop };
  }
  return {
    get(defaultValue) {
      return readStoredMode(safeStorage(win)) ?? defaultValue;
    },
    set(value) {
      if (!isThemeMode(value)) return;
      try {
        win.localStorage.setItem(THEME_STORAGE_KEY, value);
      } catch {
        // Not saved, but the page still switches.
      }
    },
    subscribe(handler) {
      // Another tab changed the theme: follow it.
      const listener = (event: StorageEvent) => {
        if (event.key === THEME_STORAGE_KEY && isThemeMode(event.newValue)) handler(event.newValue);
      };
      win.addEventListener('storage', listener);
      return () => win.removeEventListener('storage', listener);
    },
  };
};

function safeStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}
