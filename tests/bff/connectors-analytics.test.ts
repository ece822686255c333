/**
 * The analytics group's vendors against local servers that answer as each vendor's API reference
 * documents, driven through test() and pull(), and Notion through the product's own routes.
 *
 * Notion: POST /v1/databases/{id}/query, Bearer token, Notion-Version header, `page_size` and
 * `start_cursor` in the JSON body, `has_more`/`next_cursor`, errors {object: "error", status, code, message}.
 * https://developers.notion.com/reference/post-database-query
 * https://developers.notion.com/reference/status-codes
 * Airtable: GET /v0/{baseId}/{table}, Bearer token, `pageSize` and `offset`, errors {error: {type, message}}.
 * https://airtable.com/developers/web/api/list-records
 * https://airtable.com/developers/web/api/errors
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataRecord, DataSource } from '@bff/entities';
import { connectorFor } from '@bff/modules/connectors/registry';
import { AIRTABLE_MANIFEST, airtableConnector } from '@bff/modules/connectors/vendors/airtable';
import { matomoConnector } from '@bff/modules/connectors/vendors/matomo';
import { NOTION_VERSION, notionConnector } from '@bff/modules/connectors/vendors/notion';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { BUILT_IN_FIELD_SETS } from '@domain/data/catalogue';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { AnswerQueue } from './support/analyticsServers';
import { failureOf, localContext, pullAll, recordsOf } from './support/connectors';
import { sendJson, startHttpServer, type LocalHttpServer } from './support/localServers';
import { useWorld, type World } from './support/world';

let waits: number[] = [];
afterEach(() => {
  waits = [];
});

const fieldNames = (catalogueId: string) => BUILT_IN_FIELD_SETS[catalogueId]!.map((field) => field.name).sort();

describe('Notion database pages', () => {
  const TOKEN = 'ntn_1234567890abcdefghijklmnopqrstuvwxyz';
  const DATABASE = '668d797c-76fa-4934-9b05-ad288df2d136';
  const trouble = new AnswerQueue();
  let server: LocalHttpServer;
  let pages: Array<Record<string, unknown>>;

  const notionError = (status: number, code: string, message: string) => ({ object: 'error', status, code, message });
  /** A page as the query answers it: ids, timestamps, the parent database and typed properties. */
  const page = (n: number, edited: string) => ({
    object: 'page',
    id: `59833787-2cf9-4fdf-8782-e53db20768${String(n).padStart(2, '0')}`,
    created_time: '2026-01-01T09:00:00.000Z',
    last_edited_time: edited,
    created_by: { object: 'user', id: 'ee5f0f84-409a-440f-983a-a5315961c6e4' },
    last_edited_by: { object: 'user', id: 'ee5f0f84-409a-440f-983a-a5315961c6e4' },
    cover: null,
    icon: null,
    parent: { type: 'database_id', database_id: DATABASE },
    archived: false,
    in_trash: false,
    properties: { Name: { id: 'title', type: 'title', title: [{ type: 'text', plain_text: `Row ${n}` }] }, Score: { id: 'a%3Fb', type: 'number', number: n } },
    url: `https://www.notion.so/Row-${n}`,
    public_url: null,
  });

  beforeAll(async () => {
    server = await startHttpServer((_request, response, { method, url, headers, body }) => {
      if (headers['notion-version'] !== NOTION_VERSION) return sendJson(response, 400, notionError(400, 'missing_version', 'Notion-Version header failed validation.'));
      if (headers.authorization !== `Bearer ${TOKEN}`) return sendJson(response, 401, notionError(401, 'unauthorized', 'API token is invalid.'));
      if (trouble.answerQueued(response)) return;
      if (method !== 'POST' || url.pathname !== `/v1/databases/${DATABASE}/query`) {
        return sendJson(response, 404, notionError(404, 'object_not_found', `Could not find database with ID: ${DATABASE}. Make sure the relevant pages and databases are shared with your integration.`));
      }
      const query = JSON.parse(body) as { page_size?: number; start_cursor?: string; sorts?: Array<{ timestamp: string; direction: string }> };
      if ((query.page_size ?? 100) > 100) return sendJson(response, 400, notionError(400, 'validation_error', 'body failed validation: body.page_size should be ≤ `100`.'));
      const sorted = [...pages].sort((a, b) => String(a.last_edited_time).localeCompare(String(b.last_edited_time)));
      const from = query.start_cursor ? sorted.findIndex((each) => each.id === query.start_cursor) : 0;
      // At most two a page whatever was asked, so reading to the end takes several requests.
      const results = sorted.slice(from, from + Math.min(query.page_size ?? 100, 2));
      const following = sorted[from + results.length];
      sendJson(response, 200, { object: 'list', results, next_cursor: following ? following.id : null, has_more: Boolean(following), type: 'page_or_database', page_or_database: {} });
    });
  });
  afterAll(() => server.close());
  afterEach(() => trouble.clear());

  const context = (token: string | null = TOKEN, cursor: string | null = null) =>
    localContext({ baseUrl: server.base, databaseId: DATABASE }, token ? { apiKey: token } : {}, cursor, waits);

  it('pages by start_cursor in the body with the token as Bearer and the version header, in edit order, and maps pages', async () => {
    pages = [page(1, '2026-01-03T10:00:00.000Z'), page(2, '2026-01-01T10:00:00.000Z'), page(3, '2026-01-02T10:00:00.000Z')];
    server.received.length = 0;
    const batches = await pullAll(notionConnector, context());
    const records = recordsOf(batches);
    expect(records.map((record) => record.updated_at)).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z']);
    const bodies = server.received.map((request) => JSON.parse(request.body) as Record<string, unknown>);
    expect(bodies.map((each) => each.start_cursor)).toEqual([undefined, pages[0]!.id]);
    for (const each of bodies) expect(each).toMatchObject({ page_size: 100, sorts: [{ timestamp: 'last_edited_time', direction: 'ascending' }] });
    for (const request of server.received) expect(request.headers['content-type']).toBe('application/json');
    expect(records[2]).toEqual({
      id: pages[0]!.id,
      url: 'https://www.notion.so/Row-1',
      created_at: '2026-01-01T09:00:00.000Z',
      updated_at: '2026-01-03T10:00:00.000Z',
      created_by: 'ee5f0f84-409a-440f-983a-a5315961c6e4',
      archived: false,
      properties: pages[0]!.properties,
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('notion'));
    // In edit order: every page moves the cursor.
    expect(batches.map((batch) => batch.cursor)).toEqual(['2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z']);
    // Three requests a second at most: the second page waited.
    expect(waits.length).toBe(1);
  });

  it('keeps only pages edited from the cursor on in the next run', async () => {
    pages[1] = { ...page(2, '2026-01-05T08:00:00.000Z'), archived: true };
    const batches = await pullAll(notionConnector, context(TOKEN, '2026-01-03T10:00:00.000Z'));
    expect(recordsOf(batches).map((record) => [record.updated_at, record.archived])).toEqual([
      ['2026-01-03T10:00:00.000Z', false],
      ['2026-01-05T08:00:00.000Z', true],
    ]);
    expect(batches.at(-1)!.cursor).toBe('2026-01-05T08:00:00.000Z');
  });

  it('waits out a 429 as long as Retry-After says', async () => {
    trouble.push({ status: 429, headers: { 'retry-after': '2' }, body: notionError(429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.') });
    expect(recordsOf(await pullAll(notionConnector, context()))).toHaveLength(3);
    expect(waits[0]).toBe(2_000);
    trouble.push(...[1, 2, 3].map(() => ({ status: 429, headers: { 'retry-after': '1' }, body: notionError(429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.') })));
    const refused = await failureOf(pullAll(notionConnector, context()));
    expect(refused.message).toBe('Notion is rate limiting the requests (429): rate_limited: You have been rate limited. Please try again in a few minutes.');
    expect(refused.retryable).toBe(true);
  });

  it("answers an invalid token and an unshared database in Notion's words, and missing settings by name", async () => {
    await expect(notionConnector.test(context())).resolves.toBeUndefined();
    const invalid = await failureOf(notionConnector.test(context('ntn_revoked')));
    expect(invalid.message).toBe('Notion refused the credentials (401): unauthorized: API token is invalid.');
    expect(invalid.retryable).toBe(false);
    const unshared = await failureOf(pullAll(notionConnector, localContext({ baseUrl: server.base, databaseId: 'another-db' }, { apiKey: TOKEN }, null, waits)));
    expect(unshared.message).toContain('object_not_found: Could not find database');
    expect((await failureOf(notionConnector.test(context(null)))).message).toBe('The Notion internal integration token is required.');
    expect((await failureOf(notionConnector.test(localContext({ baseUrl: server.base }, { apiKey: TOKEN }, null, waits)))).message).toBe('The Notion database id is required.');
    const malformed = await failureOf(notionConnector.test(localContext({ baseUrl: server.base, databaseId: '../users' }, { apiKey: TOKEN }, null, waits)));
    expect(malformed.message).toMatch(/^The Notion database id may hold only/);
  });

  describe('in the product', () => {
    const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
    const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

    it('is connectable: the token is a secret bound to the base URL', () => {
      const definition = connectorDefinition('notion');
      expect(definition?.kind).toBe('vendor');
      expect(definition?.settings.find((setting) => setting.name === 'apiKey')).toMatchObject({ secret: true, required: true, input: 'password' });
      expect(definition?.settings.find((setting) => setting.name === 'databaseId')).toMatchObject({ required: true });
      expect(connectorFor('notion')).toBe(notionConnector);
    });

    it('connects, tests the token and syncs the database pages', async () => {
      const w = world();
      pages = [page(11, '2026-02-01T08:00:00.000Z'), page(12, '2026-02-02T08:00:00.000Z'), page(13, '2026-02-03T08:00:00.000Z')];
      const settings = { baseUrl: server.base, databaseId: DATABASE };
      const refused = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'notion', settings: { ...settings, apiKey: 'ntn_revoked' } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('API token is invalid.');
      const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'notion', settings: { ...settings, apiKey: TOKEN } });
      expect(tested.status, JSON.stringify(tested.body)).toBe(200);

      const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'notion', settings: { ...settings, apiKey: TOKEN } });
      expect(connected.status, JSON.stringify(connected.body)).toBe(201);
      expect(JSON.stringify(connected.body)).not.toContain(TOKEN);
      const id = connected.body.id as string;
      expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
      const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: pino({ level: 'silent' }), workerId: 'notion-test', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined } });
      expect(await worker.runDue()).toBe(1);

      const stored = await w.em().find(DataRecord, { sourceId: id }, { orderBy: { recordKey: 'asc' } });
      expect(stored.map((record) => record.recordKey)).toEqual(pages.map((each) => each.id));
      expect((await w.em().findOneOrFail(DataSource, id)).records).toBe(3);
    });
  });
});

describe('Airtable table records', () => {
  const TOKEN = 'patAbCdEfGhIjKlMn.0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
  const BASE = 'appFGHIJ12345678';
  const TABLE = 'Customer list';
  const trouble = new AnswerQueue();
  let server: LocalHttpServer;
  let rows: Array<{ id: string; createdTime: string; fields: Record<string, unknown> }>;

  const row = (n: number, fields: Record<string, unknown> = {}) => ({ id: `rec${String(n).padStart(14, '0')}`, createdTime: `2026-01-0${n}T08:00:00.000Z`, fields: { Name: `Customer ${n}`, Plan: 'pro', ...fields } });

  beforeAll(async () => {
    server = await startHttpServer((_request, response, { url, headers }) => {
      if (headers.authorization !== `Bearer ${TOKEN}`) return sendJson(response, 401, { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } });
      if (trouble.answerQueued(response)) return;
      if (url.pathname !== `/v0/${BASE}/${encodeURIComponent(TABLE)}`) return sendJson(response, 404, { error: 'NOT_FOUND' });
      const size = Number(url.searchParams.get('pageSize') ?? 100);
      if (size > 100) return sendJson(response, 422, { error: { type: 'INVALID_REQUEST_UNKNOWN', message: 'Invalid request: parameter validation failed. Check your request data.' } });
      // The offset is opaque to the caller: "itr…/rec…", the next record's position.
      const offset = url.searchParams.get('offset');
      const from = offset ? rows.findIndex((each) => `itrPage/${each.id}` === offset) : 0;
      if (from < 0) return sendJson(response, 422, { error: { type: 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE', message: 'The offset is no longer valid.' } });
      const records = rows.slice(from, from + Math.min(size, 2));
      const following = rows[from + records.length];
      sendJson(response, 200, following ? { records, offset: `itrPage/${following.id}` } : { records });
    });
  });
  afterAll(() => server.close());
  afterEach(() => trouble.clear());

  const context = (token: string | null = TOKEN, cursor: string | null = null, table = TABLE) => localContext({ baseUrl: server.base, baseId: BASE, table }, token ? { apiKey: token } : {}, cursor, waits);

  it('pages by offset with the token as Bearer, the table name encoded in the path, and maps records', async () => {
    rows = [row(1), row(2, { Plan: null, Tags: ['vip'] }), row(3)];
    server.received.length = 0;
    const batches = await pullAll(airtableConnector, context());
    const records = recordsOf(batches);
    expect(records.map((record) => record.id)).toEqual(rows.map((each) => each.id));
    expect(server.received.map((request) => request.url.searchParams.get('offset'))).toEqual([null, `itrPage/${rows[2]!.id}`]);
    for (const request of server.received) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.url.searchParams.get('pageSize')).toBe('100');
      expect(request.url.pathname).toBe('/v0/appFGHIJ12345678/Customer%20list');
    }
    expect(records[1]).toEqual({ id: rows[1]!.id, created_at: '2026-01-02T08:00:00.000Z', fields: { Name: 'Customer 2', Plan: null, Tags: ['vip'] } });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('airtable'));
  });

  it('reads the whole table again in the next run (a record says when it was created, not changed), keyed by id', async () => {
    expect(AIRTABLE_MANIFEST.streams[0].incremental_sync).toBeUndefined();
    rows[0] = row(1, { Plan: 'enterprise' });
    const batches = await pullAll(airtableConnector, context(TOKEN, null));
    expect(recordsOf(batches).map((record) => (record.fields as Record<string, unknown>).Plan)).toEqual(['enterprise', null, 'pro']);
    expect(batches.every((batch) => batch.cursor === null)).toBe(true);
    expect(airtableConnector.keyField).toBe('id');
  });

  it('waits out a 429 as long as Retry-After says, then reports the limit in Airtable\'s words', async () => {
    const limited = { status: 429, headers: { 'retry-after': '30' }, body: { error: { type: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' } } };
    trouble.push(limited);
    expect(recordsOf(await pullAll(airtableConnector, context()))).toHaveLength(3);
    expect(waits[0]).toBe(30_000);
    trouble.push(limited, limited, limited);
    const refused = await failureOf(pullAll(airtableConnector, context()));
    expect(refused.message).toBe('Airtable is rate limiting the requests (429): RATE_LIMIT_REACHED: Rate limit exceeded. Please try again later');
  });

  it("answers a bad token, a missing permission and an unknown table in Airtable's words", async () => {
    await expect(airtableConnector.test(context())).resolves.toBeUndefined();
    const invalid = await failureOf(airtableConnector.test(context('patRevoked')));
    expect(invalid.message).toBe('Airtable refused the credentials (401): AUTHENTICATION_REQUIRED: Authentication required');
    expect(invalid.retryable).toBe(false);
    trouble.push({ status: 403, body: { error: { type: 'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND', message: 'Invalid permissions, or the requested model was not found.' } } });
    const forbidden = await failureOf(airtableConnector.test(context()));
    expect(forbidden.message).toBe('Airtable denied access (403): INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND: Invalid permissions, or the requested model was not found.');
    const unknown = await failureOf(pullAll(airtableConnector, context(TOKEN, null, 'Nope')));
    expect(unknown.message).toContain('NOT_FOUND');
    expect((await failureOf(airtableConnector.test(context(null)))).message).toBe('The Airtable personal access token is required.');
    expect((await failureOf(airtableConnector.test(localContext({ baseUrl: server.base, baseId: BASE }, { apiKey: TOKEN }, null, waits)))).message).toBe('The Airtable table name or id is required.');
  });
});

describe('Matomo visits', () => {
  const TOKEN = 'c4ca4238a0b923820dcc509a6f75849b';
  const trouble = new AnswerQueue();
  let server: LocalHttpServer;
  let visits: Array<Record<string, unknown>>;
  const noAccess = { result: 'error', message: "You can't access this resource as it requires 'view' access for the website id = 1." };

  /** A visit as Live.getLastVisitsDetails answers it (a subset of its many fields). */
  const visit = (id: number, lastAction: number, extra: Record<string, unknown> = {}) => ({
    idSite: '1',
    idVisit: String(id),
    visitorId: `a1b2c3d4e5f6a7b${id}`,
    userId: id === 1 ? 'user-42' : null,
    visitorType: 'new',
    firstActionTimestamp: lastAction - 60,
    lastActionTimestamp: lastAction,
    serverTimestamp: lastAction,
    visitDuration: 60,
    actions: '2',
    actionDetails: [{ type: 'action', url: `https://shop.example.com/p/${id}`, timestamp: lastAction - 60 }, { type: 'action', url: 'https://shop.example.com/cart', timestamp: lastAction }],
    referrerType: 'campaign',
    referrerName: 'spring-sale',
    campaignName: 'spring-sale',
    deviceType: 'Smartphone',
    country: 'France',
    city: 'Lyon',
    goalConversions: 1,
    totalEcommerceRevenue: '49.90',
    ...extra,
  });

  beforeAll(async () => {
    server = await startHttpServer((_request, response, { method, url, body }) => {
      const form = new URLSearchParams(body);
      // Matomo reads the token from the form; a wrong one is answered with 200 and its error body.
      if (form.get('token_auth') !== TOKEN) return sendJson(response, 200, noAccess);
      if (trouble.answerQueued(response)) return;
      const query = url.searchParams;
      if (method !== 'POST' || url.pathname !== '/index.php' || query.get('module') !== 'API' || query.get('method') !== 'Live.getLastVisitsDetails' || query.get('format') !== 'JSON') {
        return sendJson(response, 200, { result: 'error', message: 'The method does not exist.' });
      }
      if (query.get('idSite') !== '1') return sendJson(response, 200, { result: 'error', message: `An unexpected website was found in the request: website id was set to '${query.get('idSite')}' .` });
      const min = Number(query.get('minTimestamp') ?? 0);
      const offset = Number(query.get('filter_offset') ?? 0);
      const limit = Number(query.get('filter_limit') ?? 100);
      // Newest last action first; minTimestamp keeps visits whose last action is after it.
      const list = visits.filter((each) => Number(each.lastActionTimestamp) > min).sort((a, b) => Number(b.lastActionTimestamp) - Number(a.lastActionTimestamp));
      sendJson(response, 200, list.slice(offset, offset + limit));
    });
  });
  afterAll(() => server.close());
  afterEach(() => trouble.clear());

  const context = (token: string | null = TOKEN, cursor: string | null = null, siteId = '1') =>
    localContext({ instanceUrl: server.base, siteId }, token ? { apiKey: token } : {}, cursor, waits);

  const START = 1_767_261_600; // 2026-01-01T10:00:00Z
  const NEWEST = START + 102 * 60;

  it('sends token_auth in a POST form body, pages by filter_offset, and maps visits', async () => {
    // Matomo answers as many as filter_limit asks: 102 visits take two pages of 100.
    visits = Array.from({ length: 102 }, (_, index) => visit(index + 1, START + (index + 1) * 60));
    server.received.length = 0;
    const batches = await pullAll(matomoConnector, context());
    const records = recordsOf(batches);
    expect(records).toHaveLength(102);
    expect(records.slice(0, 2).map((record) => record.visit_id)).toEqual(['102', '101']);
    expect(server.received.map((request) => request.url.searchParams.get('filter_offset'))).toEqual(['0', '100']);
    for (const request of server.received) {
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.body).toBe(`token_auth=${TOKEN}`);
      // The token never goes in the address, where access logs would keep it.
      expect(request.url.search).not.toContain(TOKEN);
      expect(request.url.searchParams.get('filter_limit')).toBe('100');
      expect(request.url.searchParams.get('minTimestamp')).toBeNull();
    }
    expect(records[101]).toEqual({
      visit_id: '1',
      visitor_id: 'a1b2c3d4e5f6a7b1',
      user_id: 'user-42',
      event_type: 'visit',
      first_action_at: '2026-01-01T10:00:00.000Z',
      last_action_at: '2026-01-01T10:01:00.000Z',
      entry_page_url: 'https://shop.example.com/p/1',
      referrer_type: 'campaign',
      referrer_name: 'spring-sale',
      campaign: 'spring-sale',
      device_type: 'Smartphone',
      country: 'France',
      city: 'Lyon',
      visit_duration: 60,
      actions: 2,
      goal_conversions: 1,
      revenue: 49.9,
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('matomo'));
    // Newest first: the cursor moves with the last page only.
    expect(batches.map((batch) => batch.cursor)).toEqual([null, String(NEWEST)]);
  });

  it('asks with minTimestamp a second before the cursor in the next run, and keeps each visit once', async () => {
    // A visit in the cursor's own second, and an older visit that went on since.
    visits.push(visit(103, NEWEST));
    visits[49] = visit(50, NEWEST + 3600, { actions: '5' });
    server.received.length = 0;
    const batches = await pullAll(matomoConnector, context(TOKEN, String(NEWEST)));
    expect(server.received[0]!.url.searchParams.get('minTimestamp')).toBe(String(NEWEST - 1));
    expect(recordsOf(batches).map((record) => [record.visit_id, record.actions])).toEqual([
      ['50', 5],
      ['102', 2],
      ['103', 2],
    ]);
    expect(batches.at(-1)!.cursor).toBe(String(NEWEST + 3600));
  });

  it('waits out a 429 as long as Retry-After says', async () => {
    trouble.push({ status: 429, headers: { 'retry-after': '5' }, body: { result: 'error', message: 'Too many requests.' } });
    expect(recordsOf(await pullAll(matomoConnector, context()))).toHaveLength(visits.length);
    expect(waits[0]).toBe(5_000);
  });

  it("answers a refused token (200 with an error body, or 401) and an unknown site in Matomo's words", async () => {
    await expect(matomoConnector.test(context())).resolves.toBeUndefined();
    const refused = await failureOf(matomoConnector.test(context('0000')));
    expect(refused.message).toBe("Matomo answered an error: You can't access this resource as it requires 'view' access for the website id = 1.");
    expect(refused.retryable).toBe(false);
    trouble.push({ status: 401, body: noAccess });
    expect((await failureOf(pullAll(matomoConnector, context()))).message).toBe(`Matomo refused the credentials (401): ${noAccess.message}`);
    expect((await failureOf(pullAll(matomoConnector, context(TOKEN, null, '7')))).message).toContain("website id was set to '7'");
    expect((await failureOf(matomoConnector.test(context(null)))).message).toBe('The Matomo token_auth is required.');
    expect((await failureOf(matomoConnector.test(context(TOKEN, null, '1&token_auth=x')))).message).toMatch(/^The Matomo site id is a number/);
  });
});
