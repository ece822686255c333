/**
 * The survey widget on a stranger's website: a company admin starts a survey and pastes the embed
 * code into a plain page on another origin (hostile CSS, strict Content-Security-Policy); a visitor
 * answers; the response is in InsightIQ, its analytics and the CSV. Then the targeting a visitor
 * meets (device, page, single-page navigation, sticky sampling) and the React component.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';
import { stickyBucket } from '../../src/domain/survey/collection';
import { defaultDisplayTriggers, defaultSurvey, newQuestion } from '../../src/domain/survey/defaults';
import type { DisplayTriggers, PublishedSurvey, Survey } from '../../src/domain/survey/types';
import { DEMO, signIn, test } from './support';
import { hostPage, startHostSite, type HostSite } from './hostSite';

const snack = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const NONCE = 'e2e-nonce-5b1f';
const IMPROVE = 'What could we do better?';

let site: HostSite;
test.beforeAll(async () => {
  site = await startHostSite();
});
test.afterAll(async () => {
  await site.close();
});

function feedbackSurvey(title: string): Survey {
  const survey = defaultSurvey();
  const rating = { ...newQuestion('rating', 'q_rating'), title: 'How likely are you to recommend us?', required: true };
  const text = { ...newQuestion('textarea', 'q_improve'), title: IMPROVE };
  // Carousel: one question at a time, Next then Submit.
  const settings = { ...survey.settings, display: { ...survey.settings.display, viewMode: 'carousel' as const } };
  return { ...survey, title, settings, questions: [rating, text] };
}

/** The dashboard's own session, for the set-up calls a test makes beside the screens. */
async function dashboardApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${String(token).replace(/^"|"$/g, '')}` };
  return {
    get: async <T>(path: string) => {
      const response = await page.request.get(path, { headers });
      expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
      return (await response.json()) as T;
    },
    send: async <T>(method: 'POST' | 'PUT', path: string, data: unknown) => {
      const response = await page.request.fetch(path, { method, headers, data });
      expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}

type Api = Awaited<ReturnType<typeof dashboardApi>>;

/** Stops the company's other running surveys, so the pages show only the one under test. */
async function stopOtherSurveys(api: Api, keep: string) {
  const surveys = await api.get<PublishedSurvey[]>('/api/surveys/published');
  for (const survey of surveys.filter((each) => each.status === 'active' && each.id !== keep)) {
    await api.send('PUT', `/api/surveys/published/${survey.id}/status`, { status: 'inactive' });
  }
}

async function setTargeting(api: Api, surveyId: string, change: Partial<DisplayTriggers>) {
  await api.send('PUT', `/api/surveys/published/${surveyId}/display-triggers`, { displayTriggers: { ...defaultDisplayTriggers(), ...change } });
}

interface Visitor {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * A visitor in a fresh browser (no session, an empty cache), recording every console error,
 * uncaught exception and Content-Security-Policy violation of the host page.
 */
async function visitor(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}, visitorId?: string): Promise<Visitor> {
  const context = await browser.newContext(options);
  await context.addInitScript((id) => {
    const completions: unknown[] = [];
    Object.assign(window, { completions });
    window.addEventListener('navoutSurveyCompleted', (event) => completions.push((event as CustomEvent).detail));
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    if (id) localStorage.setItem('navout:vid', JSON.stringify(id));
  }, visitorId);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

const launcher = (page: Page) => page.locator('navout-survey').getByRole('button', { name: 'Take Survey' });

/**
 * The loader's decision not to show the survey on this page view: the one line it writes, at debug
 * level, for each survey it leaves out ("survey <id> not shown: <reason>"). Start waiting before
 * the navigation that makes the decision.
 */
function notShown(page: Page, id: string) {
  return page.waitForEvent('console', { predicate: (message) => message.type() === 'debug' && message.text().includes(`survey ${id} not shown`) });
}

async function answerSurvey(page: Page, improvement: string) {
  await launcher(page).click();
  const survey = page.locator('navout-survey').getByRole('dialog');
  await expect(survey.getByText('How likely are you to recommend us?')).toBeVisible();
  await survey.getByRole('radio', { name: '4', exact: true }).check();
  await expect(survey.getByText('1 of 2')).toBeVisible();
  await survey.getByRole('button', { name: 'Next' }).click();
  await expect(survey.getByText('2 of 2')).toBeVisible();
  await survey.getByRole('textbox', { name: new RegExp(IMPROVE.replace('?', '\\?')) }).fill(improvement);
  await survey.getByRole('button', { name: 'Submit' }).click();
  await expect(survey.getByText('Thank you! Your answers have been submitted.')).toBeVisible();
}

/** An id whose sticky bucket for the survey is below (or, with `inside` false, not below) the share. */
function visitorIdFor(surveyId: string, share: number, inside: boolean): string {
  for (let index = 0; ; index += 1) {
    const id = `e2e-visitor-${index}`;
    if (stickyBucket(id, surveyId) < share === inside) return id;
  }
}

test.describe.configure({ mode: 'serial' });

let surveyId = '';
let embedCode = '';

test('a company admin embeds a survey on a stranger’s website and reads the response in InsightIQ', async ({ page, browser, serverOrigin }) => {
  test.setTimeout(240_000);
  const name = 'E2E Widget Feedback';
  await signIn(page, DEMO.acmeAdmin);
  const api = await dashboardApi(page);
  const published = await api.send<PublishedSurvey>('POST', '/api/surveys/publish', { name, survey: feedbackSurvey('Tell us about your visit') });
  surveyId = published.id;
  await stopOtherSurveys(api, surveyId);

  // Start it from LiveIQ, with a response cap.
  await page.goto('/zero-party/survey-published');
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Start' }).click();
  const start = page.getByRole('dialog', { name: 'Start Survey' });
  await start.getByRole('radio', { name: 'After a number of responses' }).check();
  await start.getByRole('spinbutton', { name: /Number of responses/ }).fill('50');
  await start.getByRole('button', { name: 'Start Survey' }).click();
  await expect(snack(page, 'Survey started successfully!')).toBeVisible();

  // The embed code, as the company embed screen shows it.
  await page.getByRole('tab', { name: 'Embed Code' }).click();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'HTML Embed' }).click();
  embedCode = (await page.getByRole('textbox', { name: /embed code/i }).inputValue()).trim();
  expect(embedCode).toContain('/widget/navout.js');
  expect(embedCode).toContain('data-company-id=');

  // The customer's page: another origin, hostile CSS, a strict CSP whose nonce the snippet carries.
  const csp = `default-src 'none'; script-src 'nonce-${NONCE}' ${serverOrigin}; connect-src ${serverOrigin}; style-src 'nonce-${NONCE}'; img-src ${serverOrigin} data:`;
  const snippet = embedCode.replace('<script ', `<script nonce="${NONCE}" `);
  site.serve('/shop/*', { html: hostPage('Acme Shop', snippet, NONCE), headers: { 'Content-Security-Policy': csp } });

  const shopper = await visitor(browser);
  await shopper.page.goto(`${site.origin}/shop/`);
  await expect(launcher(shopper.page)).toBeVisible();
  await answerSurvey(shopper.page, 'Faster delivery to =SUM(A1) please');
  await expect.poll(() => shopper.page.evaluate(() => (window as unknown as { completions: unknown[] }).completions.length)).toBe(1);
  // Back on the shop later: a survey this visitor completed is not offered again.
  const completed = notShown(shopper.page, surveyId);
  await shopper.page.reload();
  await completed;
  await expect(launcher(shopper.page)).toHaveCount(0);
  expect(shopper.problems).toEqual([]);
  await shopper.context.close();

  // InsightIQ: the response, its analytics, and the CSV.
  await page.getByRole('tab', { name: 'Deploy' }).click();
  await card.getByRole('button', { name: 'View Results' }).click();
  await expect(page.getByRole('tab', { name: 'InsightIQ' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Faster delivery to =SUM(A1) please').first()).toBeVisible();
  const analytics = await api.get<{ totalResponses: number; completionRate: number }>(`/api/surveys/${surveyId}/analytics`);
  expect(analytics).toMatchObject({ totalResponses: 1, completionRate: 100 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/i }).click();
  const csvFile = await (await download).path();
  const csv = readFileSync(csvFile, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain(`"Q: ${IMPROVE}"`);
  expect(csv).toContain('Faster delivery to =SUM(A1) please');
  await expect(snack(page, 'Exported 1 responses to CSV file!')).toBeVisible();
});

test('the survey follows its targeting: device, page, single-page navigation and sticky sampling', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.acmeAdmin);
  const api = await dashboardApi(page);
  site.serve('/plain/*', { html: hostPage('Acme Blog', embedCode) });

  // Mobile only: hidden on a desktop, shown on a phone.
  await setTargeting(api, surveyId, { deviceTarget: 'mobile-only' });
  const desktop = await visitor(browser);
  const onDesktop = notShown(desktop.page, surveyId);
  await desktop.page.goto(`${site.origin}/plain/`);
  await onDesktop;
  await expect(launcher(desktop.page)).toHaveCount(0);
  const phone = await visitor(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.page.goto(`${site.origin}/plain/`);
  await expect(launcher(phone.page)).toBeVisible();
  expect([...desktop.problems, ...phone.problems]).toEqual([]);
  await Promise.all([desktop.context.close(), phone.context.close()]);

  // A page rule: only on the pricing page, also when a single-page app navigates there.
  await setTargeting(api, surveyId, { pageTargeting: { enabled: true, matchType: 'contains', urlPatterns: ['/plain/pricing'] } });
  const reader = await visitor(browser);
  const elsewhere = notShown(reader.page, surveyId);
  await reader.page.goto(`${site.origin}/plain/`);
  await elsewhere;
  await expect(launcher(reader.page)).toHaveCount(0);
  await reader.page.evaluate(() => history.pushState({}, '', '/plain/pricing'));
  await expect(launcher(reader.page)).toBeVisible();
  await reader.page.evaluate(() => history.pushState({}, '', '/plain/about'));
  await expect(launcher(reader.page)).toHaveCount(0);
  expect(reader.problems).toEqual([]);
  await reader.context.close();

  // Sticky sampling: 30 % is the same 30 % on every visit.
  await setTargeting(api, surveyId, { showPercentage: 30, percentageMethod: 'sticky' });
  for (const inside of [true, false]) {
    const guest = await visitor(browser, {}, visitorIdFor(surveyId, 30, inside));
    for (let visit = 0; visit < 2; visit += 1) {
      const outside = inside ? null : notShown(guest.page, surveyId);
      if (visit === 0) await guest.page.goto(`${site.origin}/plain/`);
      else await guest.page.reload();
      if (outside) await outside;
      await expect(launcher(guest.page)).toHaveCount(inside ? 1 : 0);
    }
    expect(guest.problems).toEqual([]);
    await guest.context.close();
  }

  // 100 % always shows.
  await setTargeting(api, surveyId, { showPercentage: 100, percentageMethod: 'random' });
  const everyone = await visitor(browser);
  await everyone.page.goto(`${site.origin}/plain/`);
  await expect(launcher(everyone.page)).toBeVisible();
  await everyone.context.close();
});

test('a React site embeds the same survey with the NavoutSurveys component', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.acmeAdmin);
  const api = await dashboardApi(page);
  const companyId = /data-company-id="([^"]+)"/.exec(embedCode)?.[1] ?? '';
  const apiBase = /data-api-base="([^"]+)"/.exec(embedCode)?.[1] ?? '';

  // A small React app, bundled the way a customer's build would bundle it.
  // Inside the project, so the bundler finds react in its node_modules as a site's build would.
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  const root = mkdtempSync(join(process.cwd(), 'test-results', 'react-site-'));
  const entry = join(root, 'main.tsx');
  const app = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { NavoutSurveys } from '${join(process.cwd(), 'widget/react/index.ts')}';
createRoot(document.getElementById('root')).render(
  createElement('main', null, createElement('h1', null, 'Acme App'), createElement(NavoutSurveys, { companyId: ${JSON.stringify(companyId)}, apiBase: ${JSON.stringify(apiBase)} })),
);`;
  writeFileSync(entry, app);
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir: join(root, 'dist'), lib: { entry, formats: ['iife'], name: 'AcmeApp', fileName: () => 'app.js' } },
  });
  site.serve('/app/app.js', { html: readFileSync(join(root, 'dist', 'app.js'), 'utf8'), contentType: 'text/javascript' });
  site.serve('/app/', { html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme App</title></head><body><div id="root"></div><script src="/app/app.js"></script></body></html>` });

  const user = await visitor(browser);
  await user.page.goto(`${site.origin}/app/`);
  await expect(user.page.getByRole('heading', { name: 'Acme App' })).toBeVisible();
  await answerSurvey(user.page, 'Loved the React checkout');
  expect(user.problems).toEqual([]);
  await user.context.close();

  await expect.poll(async () => (await api.get<{ totalResponses: number }>(`/api/surveys/${surveyId}/analytics`)).totalResponses).toBe(2);
});
