import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database per run: the server seeds the demo on its first start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'navout-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx bff/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // The first start seeds the whole demo, profiles included.
    timeout: 300_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
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
  },
});
