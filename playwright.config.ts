import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium';
import { E2E_SERVERS, serverPort } from './tests/e2e/servers';

// A fresh embedded database per server and run: each server seeds the demo on its first start.
const dataRoot = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'navout-e2e-'));
process.env.E2E_DATA_DIR = dataRoot;

/** One BFF per worker, each on its own port and database, so the spec files of two workers never share data. */
function server(index: number) {
  const port = serverPort(index);
  return {
    // The compiled server, as `npm start` runs it (the test command's build step compiles it).
    command: 'node --enable-source-maps dist-server/server.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The first start seeds the whole demo, profiles included.
    timeout: 300_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: join(dataRoot, `server-${index}`),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      // A tenth of the demo's generated activity: every screen still shows data, and the server starts
      // in seconds rather than a minute (the full demo is what npm start seeds).
      DEMO_SCALE_PERCENT: '10',
      LOG_LEVEL: 'warn',
      // Every visitor of the widget tests comes from 127.0.0.1.
      PUBLIC_RATE_LIMIT: '1000',
      // New records reach the audience profiles within seconds, not the default half minute.
      AUDIENCE_REFRESH_SECONDS: '5',
      // The connector scenario pulls from a test server on 127.0.0.1, and Sync Now starts within a second.
      CONNECTOR_ALLOW_PRIVATE: 'true',
      SYNC_POLL_SECONDS: '1',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // The tests of a file run in order on one worker; files are spread over the workers.
  fullyParallel: false,
  workers: E2E_SERVERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    // A failed test keeps its trace: every action with the page's DOM before and after it. Without
    // the film strip of screenshots, which Chromium renders and encodes in software throughout every
    // test: in an A/B on two cores the tests took about a fifth less time without it.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: E2E_SERVERS }, (_, index) => server(index)),
});
