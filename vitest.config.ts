import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { aliases } from './vite.config';
import { preactAliases } from './widget/vite.config';
import { chromiumLaunchOptions } from './tests/chromium';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Component tests drive MUI with user-event; on two busy cores a 2 s test can take 6 s.
          testTimeout: 20_000,
          include: ['src/**/*.test.{ts,tsx}', 'widget/**/*.test.{ts,tsx}', 'design-tokens/**/*.test.ts'],
          // *.preact.test.tsx render through Preact: the widget project runs them.
          exclude: [...configDefaults.exclude, 'widget/**/*.preact.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        // The widget's renderer as the widget ships it: `react` is Preact here.
        extends: true,
        resolve: { alias: [...preactAliases, ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement }))] },
        test: {
          name: 'widget',
          environment: 'jsdom',
          testTimeout: 20_000,
          include: ['widget/**/*.preact.test.{ts,tsx}'],
        },
      },
      {
        // The recommendation engine: pure functions over plain data, no database.
        extends: true,
        test: {
          name: 'engine',
          environment: 'node',
          include: ['bff/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'bff',
          environment: 'node',
          include: ['tests/bff/**/*.test.ts'],
          // One database per run: test files share it, so they run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Every story runs twice in Chromium, once per theme: render, play function and a11y checks.
      storybookProject('light'),
      storybookProject('dark'),
    ],
  },
});

/** A story-test project whose stories start with the toolbar's theme set to `theme`. */
function storybookProject(theme: 'light' | 'dark') {
  return {
    extends: true,
    plugins: [storybookTest({ configDir: fromRoot('./.storybook'), initialGlobals: { theme } })],
    // Re-scan the stories for dependencies on every run instead of trusting Vite's cache: a dependency
    // first met mid-run (a story added since the cache was made) makes Vite reload the browser,
    // which fails whatever stories are running then.
    optimizeDeps: { force: true },
    test: {
      name: `storybook-${theme}`,
      // One theme after the other: two Chromiums and two dependency optimizations at once starve a
      // small machine until the browser misses its connection timeout.
      sequence: { groupOrder: theme === 'light' ? 0 : 1 },
      // A loaded machine (two cores shared with builds and other suites) can take over a minute to
      // start a story file's frame: wait for it rather than fail every story in it.
      env: { VITEST_BROWSER_IFRAME_TIMEOUT: '180000' },
      browser: {
        enabled: true,
        headless: true,
        connectTimeout: 180_000,
        // Reduced motion makes the theme skip MUI's transitions, so a play function never asserts
        // on a dialog or alert that is still fading in.
        provider: playwright({ launchOptions: chromiumLaunchOptions, contextOptions: { reducedMotion: 'reduce' } }),
        instances: [{ browser: 'chromium' as const }],
      },
      setupFiles: ['.storybook/vitest.setup.ts'],
    },
  };
}

function fromRoot(path: string) {
  return fileURLToPath(new URL(path, import.meta.url));
}
