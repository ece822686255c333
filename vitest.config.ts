import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { aliases } from './vite.config';
import { preactAliases } from './widget/vite.config';
import { chromiumLaunchOptions } from './tests/chromium';

/** The PostgreSQL run's server: CI's, or this machine's default. */
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The BFF test files that also run on PostgreSQL: the tables that must hold on every route (schema,
 * tenant isolation, parameters, the request path), and every module with raw SQL, row locks, job
 * queues or code that branches on the database, and the deletions whose foreign keys the engines
 * enforce differently. The rest (sign-in, tokens, keys, settings, headers) use the ORM only, which
 * MikroORM runs the same way on both engines; they run on SQLite.
 */
const POSTGRES_FILES = [
  'schema',
  'privacy',
  'privacy-record-fields',
  'privacy-erasure-kill',
  'audit-log',
  'audit-log-erasure',
  'retention',
  'sso',
  'tenant-isolation',
  'parameters',
  'request-context',
  'api-key-callers',
  'seed-demo',
  'hostile-bodies',
  'audience',
  'audience-build',
  'audience-demo',
  'dashboard',
  'dashboard-demo',
  'demo-connectors',
  'connectors-custom',
  'demo-prediction',
  'demo-responses',
  'demo-surveys',
  'export-data',
  'imports',
  'ingest',
  'ingest-clients',
  'connectors-database',
  'json-types',
  'connectors-files',
  'connectors-rest',
  'connectors-vendors',
  'connectors-hubspot',
  'data-sources',
  'sync',
  'sync-worker-processes',
  'sync-isolation',
  'webhooks',
  'writeback',
  'prediction-api',
  'prediction-limits',
  'write-lock',
  'plan-usage',
  'model-settings',
  'survey-collection',
  'survey-started-at',
  'survey-bundle-cache',
  'survey-responses-during-build',
  'survey-results',
  'survey-response-writes',
  'survey-audience-targeting',
  'published-surveys',
  'surveys',
  'companies',
  'users',
  'account-changes',
  'metrics',
  'metrics-health-read-only',
  'metrics-job-logs',
  'idempotency',
].map((name) => `tests/bff/${name}.test.ts`);

/** Files about several processes sharing one server database: PostgreSQL only (SQLite has one writer). */
const POSTGRES_ONLY_FILES = ['web-processes', 'account-changes-listener', 'database-connection-lost'].map((name) => `tests/bff/${name}.test.ts`);

/**
 * BFF files that replace a module with `vi.mock` (the password pool's scrypt, the sign-in's password
 * checks): a replacement only takes hold in a module registry of the file's own, so these run
 * isolated. Every other BFF file shares its worker's loaded modules with the files before it (each
 * file still has its own database), which saves loading the whole BFF again for every file.
 */
const MODULE_REPLACING_FILES = ['auth', 'passwords'].map((name) => `tests/bff/${name}.test.ts`);

/** A BFF integration-test project on SQLite (an empty databaseUrl) or on the PostgreSQL server at databaseUrl. */
function bffProject(
  name: string,
  { include, exclude = [], databaseUrl, isolate = false }: { include: string[]; exclude?: string[]; databaseUrl: string; isolate?: boolean },
) {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      isolate,
      env: { TEST_DATABASE_URL: databaseUrl },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  };
}

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
          // The files share their worker's loaded modules and document (Testing Library unmounts
          // after each test; a test removes only the elements it added, since the style sheets other
          // files' components left in <head> stay referenced by their modules; the tests that change
          // timers or globals restore them): loading jsdom and the modules once per worker rather
          // than once per file takes this run from about two minutes to under one on two cores. The
          // same holds for the widget and engine projects.
          isolate: false,
          // Component tests drive MUI with user-event; on two busy cores a 2 s test can take 6 s.
          testTimeout: 20_000,
          include: ['src/**/*.test.{ts,tsx}', 'widget/**/*.test.{ts,tsx}', 'design-tokens/**/*.test.ts'],
          // *.preact.test.tsx render through Preact: the widget project runs them.
          exclude: [...configDefaults.exclude, 'widget/**/*.preact.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts', 'tests/setup/asyncWaits.ts'],
        },
      },
      {
        // The widget's renderer as the widget ships it: `react` is Preact here.
        extends: true,
        resolve: { alias: [...preactAliases, ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement }))] },
        test: {
          name: 'widget',
          environment: 'jsdom',
          isolate: false,
          testTimeout: 20_000,
          include: ['widget/**/*.preact.test.{ts,tsx}'],
          setupFiles: ['tests/setup/asyncWaits.ts'],
        },
      },
      {
        // The BFF's pure parts (the recommendation engine, CSV rows, background jobs): no database.
        extends: true,
        test: {
          name: 'engine',
          environment: 'node',
          isolate: false,
          // Some build an index or rank a catalogue: a second alone, many more beside the type check.
          testTimeout: 30_000,
          include: ['bff/**/*.test.ts'],
        },
      },
      // The BFF against a real database: every file on SQLite, and on PostgreSQL the files whose
      // code has raw SQL, locks, queues or dialect branches (POSTGRES_FILES). Each test file makes its
      // own database, so files run side by side.
      bffProject('bff', { include: ['tests/bff/**/*.test.ts'], exclude: [...POSTGRES_ONLY_FILES, ...MODULE_REPLACING_FILES], databaseUrl: '' }),
      bffProject('bff-mocks', { include: MODULE_REPLACING_FILES, databaseUrl: '', isolate: true }),
      bffProject('bff-postgres', { include: [...POSTGRES_FILES, ...POSTGRES_ONLY_FILES], databaseUrl: postgresUrl }),
      // Every story runs in Chromium with a11y checks, in light (play function included) then dark.
      storybookProject(),
    ],
  },
});

/**
 * The story tests: each story renders in light, runs its play function and passes axe, then renders
 * again in dark for the colour rules (`.storybook/vitest.setup.ts`), in the same frame.
 *
 * Vitest runs as many story files at once as it has workers, each in a page of one Chromium. Its
 * default leaves a core free: one page on two cores, where a page spends much of its time waiting
 * on the browser and the dev server. `npm run test:stories` asks for a page per core (on two cores,
 * about 7 minutes instead of 10).
 */
function storybookProject() {
  return {
    extends: true,
    plugins: [storybookTest({ configDir: fromRoot('./.storybook'), initialGlobals: { theme: 'light' } }), depsOfThisRun()],
    // Re-scan the stories for dependencies on every run instead of trusting Vite's cache: a dependency
    // first met mid-run (a story added since the cache was made) makes Vite reload the browser,
    // which fails whatever stories are running then.
    optimizeDeps: { force: true },
    test: {
      name: 'storybook',
      // A file's first story waits for its modules to be transformed and loaded (36 s seen on two
      // cores shared with other suites), and a play function that types into a dialog takes a few
      // seconds alone: a story fails on what it finds (findBy gives up after 5 s), not on the clock.
      testTimeout: 90_000,
      // The second theme's render runs in an afterEach hook: give it a story test's time.
      hookTimeout: 60_000,
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

/**
 * The stories' pre-bundled dependencies in a folder of this run's own. Every run bundles them anew
 * (`optimizeDeps.force` above), and in the folder the Storybook plugin shares between runs, a second
 * run started meanwhile (another checkout's, an editor's) would delete the files the first is loading.
 */
function depsOfThisRun() {
  let folder: string | undefined;
  return {
    name: 'navout:story-deps-of-this-run',
    enforce: 'post' as const,
    config() {
      folder ??= mkdtempSync(join(tmpdir(), 'navout-story-deps-'));
      process.once('exit', () => rmSync(folder!, { recursive: true, force: true }));
      return { cacheDir: folder };
    },
  };
}

function fromRoot(path: string) {
  return fileURLToPath(new URL(path, import.meta.url));
}
