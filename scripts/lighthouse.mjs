// Lighthouse on every screen of the dashboard, in the mobile and desktop presets and in both
// themes, printed as a markdown table (docs/benchmarks.md's). Run against a started dashboard:
//
//   PORT=3100 DATA_DIR=/tmp/navout-lh npm start        # in another shell
//   BASE_URL=http://localhost:3100 node scripts/lighthouse.mjs
//
// Settings (environment): BASE_URL (http://localhost:3000), CHROME_PATH (/usr/bin/chromium),
// LIGHTHOUSE_DIR (the lighthouse package, found from here by default), ROUTES (comma-separated
// paths, all by default), PRESETS (mobile,desktop), THEMES (light,dark), LH_EMAIL and LH_PASSWORD
// (the demo's global admin), LH_REPORT_DIR (where each run's full report is written as JSON, to
// read what a score is made of). Performance scores move with the machine's load: the load
// average is printed with the table.
//
// Signed-in screens need the session the dashboard keeps in localStorage: the script signs in
// through the sign-in page in a browser profile of its own, then lets Lighthouse open each screen
// in that same profile without clearing its storage. The theme is the stored preference ('theme').
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The demo's global admin: the one account every screen opens for.
const EMAIL = process.env.LH_EMAIL ?? 'admin@navout.example';
const PASSWORD = process.env.LH_PASSWORD ?? 'Navout-Admin-2026';
const list = (value, fallback) => (value ? value.split(',').map((item) => item.trim()).filter(Boolean) : fallback);
const PRESETS = list(process.env.PRESETS, ['mobile', 'desktop']);
const THEMES = list(process.env.THEMES, ['light', 'dark']);
const DEBUG_PORT = Number(process.env.DEBUG_PORT ?? 9333);

/** Every screen of the route table (src/app/routes.tsx); signed out first, then in the shell. */
const SCREENS = [
  { path: '/login', signedIn: false },
  { path: '/register', signedIn: false },
  { path: '/unauthorized', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/audience-intelligence', signedIn: true },
  { path: '/data-sources', signedIn: true },
  { path: '/data-types', signedIn: true },
  { path: '/outbound-api', signedIn: true },
  { path: '/export-data', signedIn: true },
  { path: '/zero-party/survey-creation', signedIn: true },
  { path: '/zero-party/survey-published', signedIn: true },
  { path: '/discovery-settings', signedIn: true },
  { path: '/plans', signedIn: true },
];
// /company-profile and /setup-account open from a registration or an invitation link only.
const chosen = list(process.env.ROUTES, null);
const screens = chosen ? SCREENS.filter((screen) => chosen.includes(screen.path)) : SCREENS;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

async function loadLighthouse() {
  const dir = process.env.LIGHTHOUSE_DIR ?? dirname(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  const lighthouse = (await import(pathToFileURL(join(dir, 'core', 'index.js')).href)).default;
  const desktop = (await import(pathToFileURL(join(dir, 'core', 'config', 'desktop-config.js')).href)).default;
  return { lighthouse, configs: { mobile: undefined, desktop } };
}

/** The audits that cost a point in accessibility or best practices, and the performance ones that cost most. */
function findings(lhr) {
  const out = [];
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) out.push(`${id}: ${ref.id}`);
    }
  }
  for (const ref of lhr.categories.performance.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) out.push(`performance: ${ref.id} ${audit.displayValue ?? ''}`.trim());
  }
  return out;
}

const { lighthouse, configs } = await loadLighthouse();

/** One Lighthouse run; a trace lost on a busy machine (NO_NAVSTART and the like) is run again, twice at most. */
async function audit(url, config) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true }, config);
    if (!lhr.runtimeError) {
      if (process.env.LH_REPORT_DIR) saveReport(lhr);
      return lhr;
    }
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.error(`${url}: ${lhr.runtimeError.code}, running again`);
  }
}
function saveReport(lhr) {
  const { formFactor } = lhr.configSettings;
  const name = `${new URL(lhr.requestedUrl).pathname.replace(/\W+/g, '_')}-${formFactor}-${Date.now()}.json`;
  mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
  writeFileSync(join(process.env.LH_REPORT_DIR, name), JSON.stringify(lhr));
}
const profile = mkdtempSync(join(tmpdir(), 'navout-lighthouse-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROME_PATH,
  headless: true,
  args: [
    `--remote-debugging-port=${DEBUG_PORT}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results = [];
const loads = [];
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE_URL}/login`);
  let signedIn = false;
  for (const theme of THEMES) {
    for (const screen of screens) {
      if (screen.signedIn && !signedIn) {
        await page.goto(`${BASE_URL}/login`);
        await page.getByLabel('Email', { exact: false }).first().fill(EMAIL);
        await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
        await page.getByRole('button', { name: /^sign in$/i }).click();
        await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
        signedIn = true;
      } else if (!screen.signedIn && signedIn) {
        await page.evaluate(() => {
          for (const key of ['token', 'auth_user', 'auth_role', 'auth_company', 'auth_permissions', 'adminCompanyFilter']) localStorage.removeItem(key);
        });
        signedIn = false;
      }
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      const row = { path: screen.path, theme };
      for (const preset of PRESETS) {
        loads.push(loadavg()[0]);
        const lhr = await audit(`${BASE_URL}${screen.path}`, configs[preset]);
        row[preset] = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]));
        const found = findings(lhr);
        if (found.length) console.error(`${screen.path} ${theme} ${preset}: ${found.join('; ')}`);
        // Lighthouse lands elsewhere when a screen sends the visitor away (signed out, no access).
        if (new URL(lhr.finalDisplayedUrl).pathname !== screen.path) console.error(`${screen.path} ${theme} ${preset}: ended at ${lhr.finalDisplayedUrl}`);
      }
      results.push(row);
    }
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}

const cell = (scores) => (scores ? `${scores.performance} / ${scores.accessibility} / ${scores['best-practices']}` : '');
console.info(`| screen | theme | ${PRESETS.map((preset) => `${preset}: performance / accessibility / best practices`).join(' | ')} |`);
console.info(`|---|---|${PRESETS.map(() => '---').join('|')}|`);
for (const row of results) console.info(`| \`${row.path}\` | ${row.theme} | ${PRESETS.map((preset) => cell(row[preset])).join(' | ')} |`);
const average = loads.reduce((sum, load) => sum + load, 0) / loads.length;
console.info(`\nLoad average (1 min) during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, mean ${average.toFixed(1)}, on ${BASE_URL}.`);
