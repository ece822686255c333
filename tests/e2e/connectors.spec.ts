/**
 * Connectors as a new customer meets them: the company admin connects the Webhook source, posts
 * events to its ingestion URL as curl would, and watches the record count rise; then connects a
 * REST source against the company's own API (a local server answering pages linked by the Link
 * header), tests the connection, syncs it, reads the run in the history and the records, and
 * schedules it. Then HubSpot with a private app token, against a local server answering as
 * HubSpot's CRM v3 contacts API documents: a wrong token refused in HubSpot's words, the right
 * one tested, Sync Now, the contacts stored and their fields in the mapping. Last, a custom
 * connector: pasted as JSON (a mistake named by its path), a source connected with the settings
 * its spec declares, the connector's delete refused while the source uses it, a sync, and an edit
 * of its definition stored as a new version.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { DEMO, signIn, test } from './support';
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

/** A private app's access token, in HubSpot's documented form. */
const HUBSPOT_TOKEN = `pat-na1-${RUN}-2222-3333-4444-555555555555`;
const CONTACTS = Array.from({ length: 5 }, (_, index) => {
  const id = String(7001 + index);
  const updatedAt = `2026-02-0${index + 1}T09:00:00.000Z`;
  return {
    id,
    properties: { email: `contact.${RUN}.${id}@e2e.example`, firstname: `Ada${index}`, lastname: 'Lovelace', lifecyclestage: 'lead', city: 'London', hs_object_id: id, createdate: '2026-01-01T09:00:00.000Z', lastmodifieddate: updatedAt },
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt,
    archived: false,
  };
});

/**
 * GET /crm/v3/objects/contacts as HubSpot answers it: Bearer token, `limit` and `after`, pages
 * linked by paging.next.after, and a refused token as {status, message, correlationId, category}.
 * https://developers.hubspot.com/docs/api/crm/contacts
 */
async function startHubSpot(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hubspot.invalid');
    const send = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' }).end(JSON.stringify(body));
    if (url.pathname !== '/crm/v3/objects/contacts') return send(404, { status: 'error', message: 'Not found', category: 'OBJECT_NOT_FOUND' });
    if (request.headers.authorization !== `Bearer ${HUBSPOT_TOKEN}`) {
      return send(401, {
        status: 'error',
        message: 'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
        correlationId: 'c0a8d3e2-5f1b-4e6a-9d7c-2b3a4c5d6e7f',
        category: 'INVALID_AUTHENTICATION',
      });
    }
    const limit = Math.min(Number(url.searchParams.get('limit') ?? '10'), 3);
    const from = Number(url.searchParams.get('after') ?? '0');
    const results = CONTACTS.slice(from, from + limit);
    const next = from + limit < CONTACTS.length ? String(from + limit) : null;
    return send(200, { results, ...(next ? { paging: { next: { after: next, link: `${url.origin}${url.pathname}?after=${next}` } } } : {}) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

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

test('a company admin connects HubSpot with a private app token, and its contacts arrive', async ({ page }) => {
  test.setTimeout(180_000);
  const hubspot = await startHubSpot();
  try {
    await signIn(page, DEMO.acmeAdmin);
    await page.goto('/data-sources');
    await page.getByRole('tab', { name: 'Available Sources' }).click();
    await page.getByRole('article', { name: 'HubSpot' }).getByRole('button', { name: 'Connect API' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect HubSpot' });
    const token = connect.getByRole('textbox', { name: /Private app access token/ });
    await expect(token).toHaveAttribute('type', 'password');
    await connect.getByRole('textbox', { name: /API base URL/ }).fill(hubspot.origin);

    // A revoked token: HubSpot's own words, in the dialog.
    await token.fill('pat-na1-revoked');
    await connect.getByRole('button', { name: 'Test connection' }).click();
    await expect(connect.getByRole('alert')).toContainText('INVALID_AUTHENTICATION: Authentication credentials not found.');
    await token.fill(HUBSPOT_TOKEN);
    await connect.getByRole('button', { name: 'Test connection' }).click();
    await expect(connect.getByRole('status')).toContainText('Connected to HubSpot: the credentials work.');
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(snack(page, 'HubSpot connected.')).toBeVisible();

    await page.getByRole('tab', { name: /Connected Sources/ }).click();
    const card = page.getByRole('article', { name: 'HubSpot' });
    await expect(card).not.toContainText(HUBSPOT_TOKEN);
    await card.getByRole('button', { name: 'Sync Now' }).click();
    await expect(snack(page, 'Sync of HubSpot started.')).toBeVisible();
    await expect(card).toContainText(/(?<![\d,])5 records/, { timeout: 30_000 });
    await card.getByRole('button', { name: /Sync history/ }).click();
    await expect(card.getByRole('table', { name: /Sync history of HubSpot/ }).getByRole('row').nth(1)).toContainText('5');

    // The contacts are the source's records, read back as the records API answers them.
    const session = String(await page.evaluate(() => localStorage.getItem('token'))).replace(/^"|"$/g, '');
    const headers = { Authorization: `Bearer ${session}` };
    const sources = (await (await page.request.get('/api/data-sources', { headers })).json()) as Array<{ id: string; availableDataSource: { id: string } | null }>;
    const source = sources.find((each) => each.availableDataSource?.id === 'hubspot');
    expect(source).toBeDefined();
    const records = (await (await page.request.get(`/api/data-sources/${source!.id}/records?limit=50`, { headers })).json()) as { total: number; records: Array<{ data: Record<string, unknown> }> };
    expect(records.total).toBe(5);
    expect(records.records.map((record) => record.data.email).sort()).toEqual(CONTACTS.map((contact) => contact.properties.email).sort());
    expect(records.records[0]!.data).toMatchObject({ name: 'Ada0 Lovelace', lifecycle_stage: 'lead', city: 'London' });

    // Its fields are in the mapping, the contact's id mapped to the unified user id.
    const mapping = page.getByRole('region', { name: 'Mapped fields' });
    await page.getByLabel('Search fields').fill('lifecycle');
    await expect(mapping.getByRole('row', { name: /hubspot_lifecycle_stage/ })).toBeVisible();
    await page.getByLabel('Search fields').fill('contact_id');
    await expect(mapping.getByRole('row', { name: /hubspot_contact_id/ })).toContainText('Mapped to User ID');
  } finally {
    await hubspot.close();
  }
});

/** A definition a company writes for an API of its own (here the same contacts API), with the settings its spec asks for. */
const customDefinition = (name: string) => ({
  version: '0.79.0',
  type: 'DeclarativeSource',
  name,
  authenticator: { type: 'BearerAuthenticator', api_token: "{{ config['token'] }}" },
  check: { type: 'CheckStream', stream_names: ['contacts'] },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'contacts',
      primary_key: 'id',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: "{{ config['base_url'] }}", path: '/crm/v3/objects/contacts' },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'after' },
          pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.paging.next.after }}' },
        },
      },
      fields: { id: 'id', email: 'properties.email', city: 'properties.city' },
    },
  ],
  spec: {
    type: 'Spec',
    connection_specification: {
      type: 'object',
      required: ['base_url', 'token'],
      properties: {
        base_url: { type: 'string', title: 'API address', format: 'uri', order: 0 },
        token: { type: 'string', title: 'Access token', airbyte_secret: true, order: 1 },
      },
    },
  },
});

test('a company admin adds a custom connector, connects a source with it and syncs it', async ({ page }) => {
  test.setTimeout(180_000);
  const server = await startHubSpot();
  const name = `Own Contacts ${RUN}`;
  try {
    await signIn(page, DEMO.globexAdmin);
    await page.goto('/data-sources');
    await page.getByRole('tab', { name: 'Available Sources' }).click();
    const section = page.getByRole('region', { name: 'Your connectors' });
    await section.getByRole('button', { name: 'Add connector' }).click();
    const add = page.getByRole('dialog', { name: 'Add custom connector' });
    const text = add.getByRole('textbox', { name: /Definition \(JSON or YAML\)/ });

    // A mistake is named by its path before anything is stored.
    const broken = customDefinition(name);
    broken.streams[0]!.retriever.paginator.pagination_strategy.cursor_value = '{{ env.HOME }}';
    await text.fill(JSON.stringify(broken));
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add).toContainText('streams[0].retriever.paginator.pagination_strategy.cursor_value:');
    await text.fill(JSON.stringify(customDefinition(name), null, 2));
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(snack(page, `${name} added: connect a source with it.`)).toBeVisible();

    const card = section.getByRole('article', { name });
    await card.getByRole('button', { name: 'Connect API' }).click();
    const connect = page.getByRole('dialog', { name: `Connect ${name}` });
    await connect.getByRole('textbox', { name: /API address/ }).fill(server.origin);
    await connect.getByRole('textbox', { name: /Access token/ }).fill(HUBSPOT_TOKEN);
    await connect.getByRole('button', { name: 'Test connection' }).click();
    await expect(connect.getByRole('status')).toContainText(`Connected to ${name}: the credentials work.`);
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(snack(page, `${name} connected.`)).toBeVisible();

    // In use: the connector is not deleted, and the reason names the source.
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete custom connector' }).getByRole('button', { name: 'Delete' }).click();
    await expect(snack(page, `${name} is used by ${name}: delete that source first.`)).toBeVisible();

    await page.getByRole('tab', { name: /Connected Sources/ }).click();
    const source = page.getByRole('article', { name });
    await source.getByRole('button', { name: 'Sync Now' }).click();
    await expect(source).toContainText(/(?<![\d,])5 records/, { timeout: 30_000 });
    const mapping = page.getByRole('region', { name: 'Mapped fields' });
    await page.getByLabel('Search fields').fill('city');
    // city is a field other Globex sources have too: one row, listing this source among its sources.
    await expect(mapping.getByRole('row', { name: /\bcity\b/ }).filter({ hasText: name })).toBeVisible();

    // Edit: the stored definition, changed to read one more field, is stored as a new version the source takes.
    await page.getByRole('tab', { name: 'Available Sources' }).click();
    await expect(card).toContainText('3 fields · used by 1 source');
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit custom connector' });
    const stored = edit.getByRole('textbox', { name: /Definition \(JSON or YAML\)/ });
    await expect(stored).toHaveValue(new RegExp(`"name": "${name}"`));
    const next = customDefinition(name);
    (next.streams[0]!.fields as Record<string, string>).first_name = 'properties.firstname';
    await stored.fill(JSON.stringify(next));
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    // A write transaction over the connector and its source, beside the sync and audience jobs' writes.
    await expect(snack(page, `${name} saved.`)).toBeVisible({ timeout: 30_000 });
    await expect(edit).toBeHidden();
    await expect(card).toContainText('4 fields · used by 1 source');
  } finally {
    await server.close();
  }
});
