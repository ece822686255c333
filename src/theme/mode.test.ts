import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeInitScript } from './initScript';
import { resolveInitialMode, THEME_ATTRIBUTE, THEME_STORAGE_KEY, themeStorageManager, type ModeEnvironment } from './mode';

const storageWith = (value: string | null): ModeEnvironment['storage'] => ({ getItem: () => value });
const osPrefersDark = (dark: boolean): ModeEnvironment['matchMedia'] => (query) => ({
  matches: dark && query === '(prefers-color-scheme: dark)',
});

afterEach(() => vi.unstubAllGlobals());

describe('resolveInitialMode', () => {
  it('uses the saved mode first, whatever the OS prefers', () => {
    expect(resolveInitialMode({ storage: storageWith('dark'), matchMedia: osPrefersDark(false) })).toBe('dark');
    expect(resolveInitialMode({ storage: storageWith('light'), matchMedia: osPrefersDark(true) })).toBe('light');
  });

  it('follows the OS dark preference when nothing is saved', () => {
    expect(resolveInitialMode({ storage: storageWith(null), matchMedia: osPrefersDark(true) })).toBe('dark');
    expect(resolveInitialMode({ storage: storageWith(null), matchMedia: osPrefersDark(false) })).toBe('light');
  });

  it('ignores a saved value that is not a mode', () => {
    expect(resolveInitialMode({ storage: storageWith('blue'), matchMedia: osPrefersDark(true) })).toBe('dark');
  });

  it('defaults to light without storage or media queries', () => {
    expect(resolveInitialMode({ storage: null, matchMedia: null })).toBe('light');
    const throwing = { getItem: () => { throw new Error('SecurityError'); } };
    expect(resolveInitialMode({ storage: throwing, matchMedia: null })).toBe('light');
  });

  it('reads window.localStorage and window.matchMedia by default', () => {
    vi.stubGlobal('matchMedia', osPrefersDark(true));
    expect(resolveInitialMode()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(resolveInitialMode()).toBe('light');
  });
});

describe('themeStorageManager', () => {
  it('saves and reads only light or dark under the theme key', () => {
    const storage = themeStorageManager({ key: THEME_STORAGE_KEY });
    storage.set('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    storage.set('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(storage.get('light')).toBe('light');
  });

  it('keeps MUI\'s other keys out of localStorage', () => {
    const storage = themeStorageManager({ key: 'mui-color-scheme-dark' });
    storage.set('dark');
    expect(localStorage.length).toBe(0);
    expect(storage.get('dark')).toBe('dark');
  });

  it('passes on a mode chosen in another tab', () => {
    const handler = vi.fn();
    const unsubscribe = themeStorageManager({ key: THEME_STORAGE_KEY }).subscribe(handler);
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'neon' }));
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }));
    expect(handler.mock.calls).toEqual([['dark']]);
  });
});

describe('themeInitScript', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(THEME_ATTRIBUTE);
    document.head.querySelectorAll('style').forEach((style) => {
      if (style.textContent?.includes('color-scheme')) style.remove();
    });
  });

  // It runs before the bundle, so it re-implements resolveInitialMode: both must agree.
  it.each([
    { saved: 'dark', osDark: false, expected: 'dark' },
    { saved: 'light', osDark: true, expected: 'light' },
    { saved: null, osDark: true, expected: 'dark' },
    { saved: null, osDark: false, expected: 'light' },
    { saved: 'blue', osDark: false, expected: 'light' },
  ])('sets data-theme="$expected" when saved=$saved and the OS prefers dark=$osDark', ({ saved, osDark, expected }) => {
    if (saved) localStorage.setItem(THEME_STORAGE_KEY, saved);
    vi.stubGlobal('matchMedia', osPrefersDark(osDark));
    new Function(themeInitScript)();
    expect(document.documentElement.getAttribute(THEME_ATTRIBUTE)).toBe(expected);
    expect(resolveInitialMode()).toBe(expected);
    // Until the theme's stylesheet loads, the browser's canvas follows the attribute too.
    const styles = [...document.head.querySelectorAll('style')].map((style) => style.textContent);
    expect(styles).toContainEqual(expect.stringContaining(`:root[${THEME_ATTRIBUTE}="${expected}"]{color-scheme:${expected}}`));
  });
});
