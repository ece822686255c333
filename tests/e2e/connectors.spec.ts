/**
 * Connectors as a new customer meets them: the company admin connects the Webhook source, posts
 * events to its ingestion URL as curl would, and watches the record count rise; then connects a
 * REST source against the company's own API (a local server answering pages linked by the Link
 * header), tests the connection, syncs it, reads the run in the history and the records, and
 * schedules it.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';
import { startHostSite, type HostSite } from './hostSite';

const RUN = Date.now().toString(36);
const snack = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text }).first();

let api: HostSite;
test.beforeAll(async () => {
  api = await startHostSite();
  // Two pages of customers, the first linking to the second (RFC 8288), as many REST APIs answer.
  const customers = (from: number) =>
    Array.from({ length: 3 }, (_, index) => ({ id: `E2E-REST-${RUN}-${from + index}`, email: `rest.${RUN}.${from + index}@e2e.example`, name: `Rest Customer ${from + index}` }));
  api.serve('/v1/customers/1', { contentType: 'application/json', headers: { Link: '</v1/customers/2>; rel="next"' }, html: JSON.stringify({ data: customers(1) }) });
  api.serve('/v1/customers/2', { contentType: 'application/json', html: JSON.stringify({ data: customers(4) }) });
});
test.afterAll(async () => {
  await api.close();
});

test('a company admin connects a webhook and a REST source, and their records arrive', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.globexAdmin);
  await page.goto('/data-sources');

  // 1. The Webhook source: connected, its URL and secret shown once.
  await page.getByRole('tab', { name: 'Available Sources' }).click();
  await page.getByRole('article', { name: 'Webhook' }).getByRole('button', { name: 'Connect API' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Connect Webhook' });
  await secretDialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(secretDialog).toContainText('it will not be shown again');
  const url = await secretDialog.getByRole('textbox', { name: 'Ingestion URL' }).inputValue();
  const secret = await secretDialog.getByRole('textbox', { name: 'Ingestion secret' }).inputValue();
  expect(url).toMatch(/\/api\/ingest\/[0-9a-f-]{36}$/);
  expect(secret).toMatch(/^nvi_/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();

  // curl -X POST $url -H "x-navout-ingest-secret: $secret" -d '[...]'
  const events = Array.from({ length: 5 }, (_, index) => ({
    id: `e2e-${RUN}-${index}`,
    user_id: `E2E-HOOK-${RUN}`,
    event_type: 'purchase',
    timestamp: new Date().toISOString(),
  }));
  const posted = await page.request.post(url, { headers: { 'x-navout-ingest-secret': secret }, data: events });
  expect(posted.status(), await posted.text()).toBe(200);
  expect(await posted.json()).toMatchObject({ accepted: 5, duplicates: 0, rejected: [] });
  const replayed = await page.request.post(url, { headers: { 'x-navout-ingest-secret': secret }, data: events });
  expect(await replayed.json()).toMatchObject({ accepted: 0, duplicates: 5 });
  const refused = await page.request.post(url, { headers: { 'x-navout-ingest-secret': 'nvi_wrong' }, data: events });
  expect(refused.status()).toBe(401);

  await page.getByRole('tab', { name: /Connected Sources/ }).click();
  const webhook = page.getByRole('article', { name: 'Webhook' });
  // The list reads the pushed source again by itself (PUSHED_POLL_MS): no reload.
  await expect(webhook).toContainText(/(?<![\d,])5 records/, { timeout: 25_000 });

  // 2. A REST source against the company's API: tested, connected, synced.
  await page.getByRole('tab', { name: 'Available Sources' }).click();
  await page.getByRole('article', { name: 'REST API' }).getByRole('button', { name: 'Connect API' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect REST API' });
  await connect.getByRole('textbox', { name: /API URL/ }).fill(`${api.origin}/v1/customers/1`);
  await connect.getByRole('textbox', { name: /Records path/ }).fill('data');
  await connect.getByRole('combobox', { name: /Pagination/ }).click();
  await page.getByRole('option', { name: /Link header/ }).click();
  await connect.getByRole('button', { name: 'Test connection' }).click();
  await expect(connect.getByRole('status')).toContainText('Connected to REST API: the credentials work.');
  await connect.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(snack(page, 'REST API connected.')).toBeVisible();

  await page.getByRole('tab', { name: /Connected Sources/ }).click();
  const rest = page.getByRole('article', { name: 'REST API' });
  await rest.getByRole('button', { name: 'Sync Now' }).click();
  await expect(snack(page, 'Sync of REST API started.')).toBeVisible();
  await expect(rest).toContainText(/(?<![\d,])6 records/, { timeout: 30_000 });
  await rest.getByRole('button', { name: /Sync history/ }).click();
  const history = rest.getByRole('table', { name: /Sync history of REST API/ });
  await expect(history.getByRole('row').nth(1)).toContainText('6');

  // 3. Scheduled every hour.
  await rest.getByRole('combobox', { name: /Schedule/ }).click();
  await page.getByRole('option', { name: 'Every hour' }).click();
  await expect(snack(page, 'REST API syncs every hour.')).toBeVisible();
});
