import { useEffect, useRef, useState, type ReactNode } from 'react';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PHONE_VIEWPORT } from '../src/lib/testing/phone';
import { DESKTOP_VIEWPORT } from '../src/lib/testing/tables';
import { AppTheme, isThemeMode, THEME_ATTRIBUTE, THEME_STORAGE_KEY, useThemeMode, type ThemeMode } from '../src/theme';

/**
 * `parameters.router` of a story: where the MemoryRouter starts, and the route pattern the story
 * is mounted at (so useParams works). Navigating elsewhere shows "Navigated to <path>", which a
 * play function can assert.
 */
export interface RouterParameters {
  initialEntries?: string[];
  path?: string;
}

const toolbarMode = (value: unknown): ThemeMode => (isThemeMode(value) ? value : 'light');

/**
 * Follows the toolbar when it changes (the story already starts in the toolbar's mode). It reacts
 * to toolbar changes only: a ThemeToggle clicked inside the story must not be switched back.
 */
function ModeFromToolbar({ mode }: { mode: ThemeMode }) {
  const { setMode } = useThemeMode();
  const applied = useRef(mode);
  useEffect(() => {
    if (applied.current === mode) return;
    applied.current = mode;
    setMode(mode);
  }, [mode, setMode]);
  return null;
}

function NavigatedAway() {
  const { pathname, search } = useLocation();
  return <output data-testid="router-location">Navigated to {pathname + search}</output>;
}

interface StoryProvidersProps {
  mode: ThemeMode;
  router?: RouterParameters;
  inDocs: boolean;
  children: ReactNode;
}

function StoryProviders({ mode, router, inDocs, children }: StoryProvidersProps) {
  // One client per mounted story: no cache leaks from one story (or test) into the next.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  useEffect(() => () => queryClient.clear(), [queryClient]);

  const routed = router?.path ? (
    <Routes>
      <Route path={router.path} element={children} />
      <Route path="*" element={<NavigatedAway />} />
    </Routes>
  ) : (
    children
  );

  return (
    // On a docs page several stories share Storybook's own page: theme each story's box, not <body>.
    <AppTheme defaultMode={mode} disableCssBaseline={inDocs}>
      <ModeFromToolbar mode={mode} />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={router?.initialEntries ?? ['/']}>
          {inDocs ? (
            <ScopedCssBaseline enableColorScheme sx={{ p: 2, borderRadius: 1 }}>
              {routed}
            </ScopedCssBaseline>
          ) : (
            routed
          )}
        </MemoryRouter>
      </QueryClientProvider>
    </AppTheme>
  );
}

const withAppProviders: Decorator = (Story, context) => (
  <StoryProviders
    mode={toolbarMode(context.globals.theme)}
    router={context.parameters.router as RouterParameters | undefined}
    inDocs={context.viewMode === 'docs'}
  >
    <Story />
  </StoryProviders>
);

const preview: Preview = {
  decorators: [withAppProviders],
  globalTypes: {
    theme: {
      description: 'Light or dark theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  beforeEach: ({ globals }) => {
    // The toolbar decides the mode a story starts in: a choice saved by an earlier story (a
    // ThemeToggle play function, say) must not carry over.
    const mode = toolbarMode(globals.theme);
    localStorage.setItem(THEME_STORAGE_KEY, mode);
    document.documentElement.setAttribute(THEME_ATTRIBUTE, mode);
    return () => localStorage.removeItem(THEME_STORAGE_KEY);
  },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations (contrast included) fail the story's test, in both themes.
    a11y: { test: 'error' },
    // Phone stories (globals: PHONE_GLOBALS) run at the width of the phones customers use most.
    // Desktop stories (globals: DESKTOP_GLOBALS) check that tables use a wide screen's room.
    viewport: {
      options: {
        [PHONE_VIEWPORT]: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        [DESKTOP_VIEWPORT]: { name: 'Desktop (1440 × 900)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
