/**
 * Segment's analytics.js on a customer's page: a company admin connects the Segment source, reads the
 * browser configuration from its setup panel, and a page on another origin loads analytics.js
 * (@segment/analytics-next's own browser bundle, served by the page's site, never a CDN) pointed at
 * the source. A tracked event crosses origins (preflight included) and is stored with its
 * properties, context and ids.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEMO, signIn, test } from './support';
import { startHostSite, type HostSite } from './hostSite';

const RUN = Date.now().toString(36);
/** analytics-next's standalone browser build (UMD: window.AnalyticsNext), as the package ships it. */
const ANALYTICS_BUNDLE = readFileSync(join(dirname(createRequire(import.meta.url).resolve('@segment/analytics-next/package.json')), 'dist/umd/index.js'), 'utf8');

let site: HostSite;
test.beforeAll(async () => {
  site = await startHostSite();
  site.serve('/vendor/analytics-next.js', { html: ANALYTICS_BUNDLE, contentType: 'text/javascript; charset=utf-8' });
});
test.afterAll(async () => {
  await site.close();
});

/** The dashboard's own session, for reading the stored records beside the screens. */
async function recordsOf(page: Page, sourceId: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/data-sources/${sourceId}/records?limit=100`, { headers: { Authorization: `Bearer ${String(token).replace(/^"|"$/g, '')}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { records: Array<{ data: Record<string, unknown>; unified: Record<string, unknown> }> }).records;
}

test('analytics.js on a customer page sends a tracked event to the Segment source', async ({ page, browser }) => {
  await signIn(page, DEMO.acmeAdmin);
  await page.goto('/data-sources');
  await page.getByRole('tab', { name: 'Available Sources' }).click();
  await page.getByRole('article', { name: 'Segment' }).getByRole('button', { name: 'Connect API' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Segment' });
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  const url = await dialog.getByRole('textbox', { name: 'Ingestion URL' }).inputValue();
  const writeKey = await dialog.getByRole('textbox', { name: 'Ingestion secret' }).inputValue();
  const sourceId = /\/api\/ingest\/([0-9a-f-]{36})$/.exec(url)?.[1];
  expect(sourceId).toBeTruthy();

  // The setup panel's browser configuration, with this source's base URL.
  await dialog.getByRole('tab', { name: 'Browser' }).click();
  const apiHost = `${new URL(url).host}/api/ingest/${sourceId}/v1`;
  await expect(dialog.getByRole('tabpanel')).toContainText(`apiHost: '${apiHost}', protocol: 'http'`);
  await expect(dialog.getByRole('tabpanel')).toContainText(`apiKey: '${writeKey}'`);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The customer's page, on another origin, set up as the panel says.
  const settings = { writeKey, cdnSettings: { integrations: { 'Segment.io': { apiKey: writeKey } } } };
  const options = { integrations: { 'Segment.io': { apiHost, protocol: 'http' } } };
  site.serve('/checkout', {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/vendor/analytics-next.js"></script>
<script>
  window.tracked = AnalyticsNext.AnalyticsBrowser.load(${JSON.stringify(settings)}, ${JSON.stringify(options)})
    .then(([analytics]) => analytics.track('Checkout Started', { cart: { items: 2, total: 59.9 }, express: true, coupons: ['SPRING'] }, { messageId: 'ajs-${RUN}' }))
    .then((ctx) => (ctx.failedDelivery() ? 'failed: ' + String(ctx.failedDelivery().reason) : 'delivered'));
</script></head><body><h1>Checkout</h1></body></html>`,
  });

  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  // Nothing leaves this machine: no CDN, no Segment.
  const outside: string[] = [];
  await shop.route('**/*', (route) => {
    const target = new URL(route.request().url());
    if (target.hostname === '127.0.0.1') return route.continue();
    outside.push(target.href);
    return route.abort();
  });
  const problems: string[] = [];
  shop.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const delivery = shop.waitForResponse((response) => response.url() === `${url}/v1/t` && response.request().method() === 'POST');
  await shop.goto(`${site.origin}/checkout`);
  expect((await delivery).status()).toBe(200);
  expect(await shop.evaluate(() => (window as unknown as { tracked: Promise<string> }).tracked)).toBe('delivered');
  expect(outside).toEqual([]);
  expect(problems).toEqual([]);
  await visitor.close();

  const stored = (await recordsOf(page, sourceId!)).find((record) => record.data.messageId === `ajs-${RUN}`);
  expect(stored?.data).toMatchObject({
    type: 'track',
    event: 'Checkout Started',
    properties: { cart: { items: 2, total: 59.9 }, express: true, coupons: ['SPRING'] },
    context_page_url: `${site.origin}/checkout`,
  });
  expect(stored!.data.anonymousId).toEqual(expect.any(String));
  expect(stored!.data.context).toMatchObject({ library: { name: 'analytics.js' }, page: { url: `${site.origin}/checkout` } });
  expect(JSON.stringify(stored!.data)).not.toContain(writeKey);
  expect(stored!.unified).toMatchObject({ event_type: 'Checkout Started', page_url: `${site.origin}/checkout` });
});
