import { memo } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppTheme } from './AppTheme';
import { ThemeToggle } from './components/ThemeToggle';
import { THEME_ATTRIBUTE, THEME_STORAGE_KEY } from './mode';
import { useThemeMode } from './useThemeMode';

const themeAttribute = () => document.documentElement.getAttribute(THEME_ATTRIBUTE);

function stubOsPreference(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute(THEME_ATTRIBUTE);
});

describe('AppTheme', () => {
  it('starts in the saved mode', () => {
    stubOsPreference(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    render(<AppTheme><ThemeToggle /></AppTheme>);
    expect(themeAttribute()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('starts in the OS preference when nothing is saved, without saving it', () => {
    stubOsPreference(true);
    render(<AppTheme><ThemeToggle /></AppTheme>);
    expect(themeAttribute()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('starts in light when nothing is saved and the OS has no dark preference', () => {
    stubOsPreference(false);
    render(<AppTheme><ThemeToggle /></AppTheme>);
    expect(themeAttribute()).toBe('light');
  });

  it('applies and saves every change', async () => {
    stubOsPreference(false);
    const user = userEvent.setup();
    render(<AppTheme><ThemeToggle /></AppTheme>);

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(themeAttribute()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(themeAttribute()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('switches without re-rendering components that do not read the mode', () => {
    stubOsPreference(false);
    const renders = vi.fn();
    const Content = memo(function Content() {
      renders();
      return <p>content</p>;
    });
    let controls: ReturnType<typeof useThemeMode> | undefined;
    function ModeProbe() {
      controls = useThemeMode();
      return null;
    }
    render(
      <AppTheme>
        <ModeProbe />
        <Content />
      </AppTheme>,
    );
    const before = renders.mock.calls.length;
    act(() => controls?.setMode('dark'));
    expect(themeAttribute()).toBe('dark');
    expect(controls?.mode).toBe('dark');
    expect(renders.mock.calls.length).toBe(before);
  });

  it('refuses useThemeMode outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useThemeMode();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useThemeMode must be used inside <AppTheme>.');
  });
});
