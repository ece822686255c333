/**
 * The product analytics vendors against local servers that answer as each vendor documents its
 * export, driven through test() and pull(), and Mixpanel through the product's own routes.
 *
 * Mixpanel: GET /api/2.0/export?project_id&from_date&to_date (whole UTC days, both included), a
 * service account as basic auth, JSON lines, refusals as {"request", "error"}.
 * https://developer.mixpanel.com/reference/raw-event-export
 * https://developer.mixpanel.com/reference/service-accounts
 *
 * Amplitude: GET /api/2/export?start=YYYYMMDDTHH&end=YYYYMMDDTHH (both hours included, UTC), the
 * API key and secret key as basic auth, a zip archive of gzipped JSON-lines files named
 * {project}/{project}_{date}_{hour}#{n}.json.gz, 404 when the range holds no data, 400 when the
 * export would be too large.
 * https://amplitude.com/docs/apis/analytics/export
 *
 * Adobe Analytics: a token from Adobe IMS (POST /ims/token/v3, client_credentials), then
 * POST /api/{globalCompanyId}/reports with the bearer token, x-api-key and
 * x-proxy-global-company-id; a daterangeday report paged by settings.page from 0 up to totalPages;
 * errors as {"errorCode", "errorDescription"} or, at the gateway, {"error_code", "message"}.
 * https://developer.adobe.com/analytics-apis/docs/2.0/guides/endpoints/reports/
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataRecord, DataSource } from '@bff/entities';
import { connectorFor } from '@bff/modules/connectors/registry';
import { ADOBE_ANALYTICS_SCOPES, adobeAnalyticsConnector, adobeDay } from '@bff/modules/connectors/vendors/adobeAnalytics';
import { amplitudeConnector } from '@bff/modules/connectors/vendors/amplitude';
import { mixpanelConnector } from '@bff/modules/connectors/vendors/mixpanel';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { BUILT_IN_FIELD_SETS } from '@domain/data/catalogue';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { AnswerQueue } from './support/analyticsServers';
import { failureOf, localContext, pullAll, recordsOf } from './support/connectors';
import { sendJson, startHttpServer, type LocalHttpServer } from './support/localServers';
import { useWorld, type World } from './support/world';
import { zipOf } from './support/zipArchive';

let waits: number[] = [];
afterEach(() => {
  waits = [];
});

const fieldNames = (catalogueId: string) => BUILT_IN_FIELD_SETS[catalogueId]!.map((field) => field.name).sort();
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const DAY = 86_400_000;

// ---------------------------------------------------------------- Mixpanel
describe('Mixpanel events', () => {
  const USER = 'navout-export.3f9a1c.mp-service-account';
  const SECRET = 'kY8q2r7YwJm3pXb1cN5vT0hG4sLdE6aZ';
  const PROJECT = '3141592';
  const trouble = new AnswerQueue();
  let server: LocalHttpServer;
  let events: Array<{ event: string; properties: Record<string, unknown> }>;

  const mixpanelError = (error: string) => ({ request: `/api/2.0/export?project_id=${PROJECT}`, error });
  const event = (n: number, at: string, extra: Record<string, unknown> = {}) => ({
    event: n % 2 ? 'Signed up' : 'Viewed page',
    properties: {
      time: Date.parse(at) / 1000,
      distinct_id: `user-${n}`,
      $insert_id: `ins-${String(n).padStart(4, '0')}`,
      mp_processing_time_ms: Date.parse(at) + 5_000,
      $device_id: `dev-${n}`,
      $current_url: `https://shop.example.com/p/${n}`,
      $referrer: 'https://www.google.com/',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      $browser: 'Firefox',
      $os: 'Linux',
      $city: 'Lyon',
      mp_country_code: 'FR',
      plan: 'pro',
      ...extra,
    },
  });

  function sendLines(response: ServerResponse, lines: unknown[]) {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(lines.map((each) => `${JSON.stringify(each)}\n`).join(''));
  }

  beforeAll(async () => {
    server = await startHttpServer((_request, response, { url, headers }) => {
      if (headers.authorization !== basic(USER, SECRET)) return sendJson(response, 401, mixpanelError('Invalid credentials'));
      if (trouble.answerQueued(response)) return;
      if (url.pathname !== '/api/2.0/export') return sendJson(response, 404, mixpanelError('Not found'));
      if (url.searchParams.get('project_id') !== PROJECT) return sendJson(response, 403, mixpanelError(`service account does not have access to project ${url.searchParams.get('project_id')}`));
      const from = url.searchParams.get('from_date') ?? '';
      const to = url.searchParams.get('to_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return sendJson(response, 400, mixpanelError("'from_date' and 'to_date' are required (yyyy-mm-dd)"));
      if (Date.parse(to) > Date.now()) return sendJson(response, 400, mixpanelError('to_date cannot be later than today'));
      // Both dates included, whole UTC days.
      const start = Date.parse(`${from}T00:00:00Z`) / 1000;
      const end = Date.parse(`${to}T00:00:00Z`) / 1000 + 86_400;
      sendLines(response, events.filter((each) => (each.properties.time as number) >= start && (each.properties.time as number) < end));
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
    events = [event(1, '2026-03-13T08:00:00Z'), event(2, '2026-03-13T23:59:59Z'), event(3, '2026-03-14T12:00:00Z'), event(4, '2026-03-15T09:30:00Z', { $insert_id: undefined })];
    server.received.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    trouble.clear();
  });

  const context = (secret: string | null = SECRET, cursor: string | null = null, startDate = '2026-03-13') =>
    localContext({ baseUrl: server.base, serviceAccountUsername: USER, projectId: PROJECT, startDate }, secret ? { serviceAccountSecret: secret } : {}, cursor, waits);
  const asked = () => server.received.map((request) => [request.url.searchParams.get('from_date'), request.url.searchParams.get('to_date')]);

  it('asks a day at a time with the service account as basic auth and the project id, reads JSON lines, and maps events', async () => {
    const batches = await pullAll(mixpanelConnector, context());
    expect(asked()).toEqual([
      ['2026-03-13', '2026-03-13'],
      ['2026-03-14', '2026-03-14'],
      ['2026-03-15', '2026-03-15'],
    ]);
    for (const request of server.received) {
      expect(request.headers.authorization).toBe(basic(USER, SECRET));
      expect(request.url.searchParams.get('project_id')).toBe(PROJECT);
      expect(request.headers.accept).toBe('text/plain');
    }
    const records = recordsOf(batches);
    expect(records.map((record) => record.event_id)).toEqual(['ins-0001', 'ins-0002', 'ins-0003', 'Viewed page:user-4:1773567000']);
    expect(records[0]).toEqual({
      event_id: 'ins-0001',
      event: 'Signed up',
      time: '2026-03-13T08:00:00.000Z',
      distinct_id: 'user-1',
      device_id: 'dev-1',
      current_url: 'https://shop.example.com/p/1',
      referrer: 'https://www.google.com/',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      browser: 'Firefox',
      os: 'Linux',
      city: 'Lyon',
      country: 'FR',
      properties: events[0]!.properties,
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('mixpanel'));
    // A day's end once it is read; the last window ends now.
    expect(batches.map((batch) => batch.cursor)).toEqual(['2026-03-14T00:00:00.000Z', '2026-03-15T00:00:00.000Z', '2026-03-15T10:00:00.000Z']);
    // Three a second at most: the paced requests waited.
    expect(waits.length).toBe(2);
  });

  it("asks the next run only from the cursor's day, today included", async () => {
    vi.setSystemTime(new Date('2026-03-16T09:00:00Z'));
    events.push(event(5, '2026-03-15T20:00:00Z'), event(6, '2026-03-16T08:00:00Z'));
    const batches = await pullAll(mixpanelConnector, context(SECRET, '2026-03-15T10:00:00.000Z'));
    expect(asked()).toEqual([['2026-03-15', '2026-03-16']]);
    expect(recordsOf(batches).map((record) => record.event_id)).toEqual(['Viewed page:user-4:1773567000', 'ins-0005', 'ins-0006']);
    expect(waits).toEqual([]);
    expect(batches.at(-1)!.cursor).toBe('2026-03-16T09:00:00.000Z');
  });

  it('waits out a 429 as long as Retry-After says, then reads on', async () => {
    trouble.push({ status: 429, headers: { 'retry-after': '7' }, body: mixpanelError('Query rate limit exceeded') });
    expect(recordsOf(await pullAll(mixpanelConnector, context()))).toHaveLength(4);
    expect(waits).toContain(7_000);
    trouble.push(...[1, 2, 3].map(() => ({ status: 429, headers: { 'retry-after': '1' }, body: mixpanelError('Query rate limit exceeded') })));
    const limited = await failureOf(pullAll(mixpanelConnector, context()));
    expect(limited.message).toBe('Mixpanel is rate limiting the requests (429): Query rate limit exceeded');
    expect(limited.retryable).toBe(true);
  });

  it("answers a revoked secret and a project the account cannot read in Mixpanel's words, and missing settings by name", async () => {
    await expect(mixpanelConnector.test(context())).resolves.toBeUndefined();
    expect(asked()).toEqual([['2026-03-14', '2026-03-15']]);
    const refused = await failureOf(mixpanelConnector.test(context('revoked-secret')));
    expect(refused.message).toBe('Mixpanel refused the credentials (401): Invalid credentials');
    expect(refused.retryable).toBe(false);
    const other = await failureOf(pullAll(mixpanelConnector, localContext({ baseUrl: server.base, serviceAccountUsername: USER, projectId: '2718281' }, { serviceAccountSecret: SECRET }, null, waits)));
    expect(other.message).toBe('Mixpanel denied access (403): service account does not have access to project 2718281');
    expect((await failureOf(mixpanelConnector.test(context(null)))).message).toBe('The Mixpanel service account secret is required.');
    const malformed = await failureOf(mixpanelConnector.test(localContext({ baseUrl: server.base, serviceAccountUsername: USER, projectId: '1&x=2' }, { serviceAccountSecret: SECRET }, null, waits)));
    expect(malformed.message).toBe('The Mixpanel project id is the number under Project settings > Overview.');
  });

  it('refuses an answer line that is not JSON, naming its line', async () => {
    // The export cut off mid-line.
    const cut = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`${JSON.stringify(events[0])}\n{"event":"Signed up","proper`);
    });
    try {
      const refused = await failureOf(pullAll(mixpanelConnector, localContext({ baseUrl: cut.base, serviceAccountUsername: USER, projectId: PROJECT, startDate: 'P1D' }, { serviceAccountSecret: SECRET }, null, waits)));
      expect(refused.message).toMatch(/^Mixpanel answered line 2 that is not JSON/);
    } finally {
      await cut.close();
    }
  });

  describe('in the product', () => {
    const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
    const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

    it('is connectable: the secret is bound to the base URL and the username', () => {
      const definition = connectorDefinition('mixpanel');
      expect(definition?.kind).toBe('vendor');
      expect(definition?.settings.find((setting) => setting.name === 'serviceAccountSecret')).toMatchObject({ secret: true, required: true, input: 'password' });
      expect(definition?.settings.find((setting) => setting.name === 'projectId')).toMatchObject({ required: true });
      expect(connectorFor('mixpanel')).toBe(mixpanelConnector);
    });

    it('connects, tests the service account and syncs events into the unified model', async () => {
      vi.useRealTimers();
      const w = world();
      const today = new Date().toISOString().slice(0, 10);
      events = [event(11, `${today}T00:00:01Z`), event(12, `${today}T00:00:02Z`), event(13, new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString())];
      const settings = { baseUrl: server.base, serviceAccountUsername: USER, projectId: PROJECT, startDate: 'P2D' };
      const refused = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'mixpanel', settings: { ...settings, serviceAccountSecret: 'revoked' } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('Invalid credentials');
      const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'mixpanel', settings: { ...settings, serviceAccountSecret: SECRET } });
      expect(tested.status, JSON.stringify(tested.body)).toBe(200);

      const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'mixpanel', settings: { ...settings, serviceAccountSecret: SECRET } });
      expect(connected.status, JSON.stringify(connected.body)).toBe(201);
      expect(JSON.stringify(connected.body)).not.toContain(SECRET);
      const id = connected.body.id as string;
      expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
      const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: pino({ level: 'silent' }), workerId: 'mixpanel-test', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined } });
      expect(await worker.runDue()).toBe(1);

      const stored = await w.em().find(DataRecord, { sourceId: id }, { orderBy: { recordKey: 'asc' } });
      expect(stored.map((record) => record.recordKey)).toEqual(['ins-0011', 'ins-0012', 'ins-0013']);
      expect(stored[0]!.unified).toMatchObject({ event_type: 'Signed up', user_id: 'user-11', page_url: 'https://shop.example.com/p/11' });
      expect((await w.em().findOneOrFail(DataSource, id)).records).toBe(3);
    });
  });
});

// ---------------------------------------------------------------- Amplitude
describe('Amplitude events', () => {
  const API_KEY = '0f3c9a4e5b6d7c8e9f0a1b2c3d4e5f60';
  const SECRET = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b';
  const PROJECT = '187520';
  let server: LocalHttpServer;
  let events: Array<Record<string, unknown>>;
  /** Raw answers given before the real one: status, content type, body. */
  let trouble: Array<{ status: number; type: string; body: string | Buffer; headers?: Record<string, string> }> = [];

  /** An event as the export writes it: times in UTC as "YYYY-MM-DD HH:MM:SS.ffffff". */
  const amplitudeTime = (at: string) => at.replace('T', ' ').replace(/\.\d{3}Z$|Z$/, '.000000');
  const event = (n: number, uploaded: string) => ({
    $insert_id: `ins-${n}`,
    uuid: `5f0c7a3e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    event_type: n % 2 ? 'Add to cart' : 'Page view',
    event_time: amplitudeTime(new Date(Date.parse(uploaded) - 60_000).toISOString()),
    server_upload_time: amplitudeTime(uploaded),
    server_received_time: amplitudeTime(uploaded),
    user_id: n === 1 ? null : `user-${n}`,
    device_id: `device-${n}`,
    session_id: 1_773_561_600_000 + n,
    amplitude_id: 90_000 + n,
    app: Number(PROJECT),
    platform: 'Web',
    os_name: 'Chrome',
    device_type: 'Mac',
    country: 'France',
    city: 'Lyon',
    event_properties: { sku: `SKU-${n}` },
    user_properties: { plan: 'pro' },
  });
  const hourOf = (value: string) => Date.parse(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:00:00Z`);

  /** The hours' events as the export archives them: one gzipped JSON-lines file an hour. */
  function archiveOf(list: Array<Record<string, unknown>>): Buffer {
    const byHour = new Map<string, string[]>();
    for (const each of list) {
      const hour = String(each.server_upload_time).slice(0, 13).replace(' ', '_');
      byHour.set(hour, [...(byHour.get(hour) ?? []), JSON.stringify(each)]);
    }
    return zipOf([...byHour].map(([hour, lines]) => ({ name: `${PROJECT}/${PROJECT}_${hour}#0.json.gz`, data: gzipSync(`${lines.join('\n')}\n`) })));
  }

  beforeAll(async () => {
    server = await startHttpServer((_request, response, { url, headers }) => {
      const plain = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(text);
      };
      if (headers.authorization !== basic(API_KEY, SECRET)) return plain(401, 'Invalid API key or secret key');
      const next = trouble.shift();
      if (next) {
        response.writeHead(next.status, { 'content-type': next.type, ...next.headers });
        return response.end(next.body);
      }
      if (url.pathname !== '/api/2/export') return plain(404, 'Not found');
      const start = url.searchParams.get('start') ?? '';
      const end = url.searchParams.get('end') ?? '';
      if (!/^\d{8}T\d{2}$/.test(start) || !/^\d{8}T\d{2}$/.test(end)) return plain(400, 'start and end must be formatted YYYYMMDDTHH');
      if (hourOf(end) - hourOf(start) > 4 * 3_600_000) return plain(400, 'The file size of the exported data is too large. Shorten the time ranges and try again.');
      const list = events.filter((each) => {
        const at = Date.parse(String(each.server_upload_time).replace(' ', 'T').replace(/\.\d+$/, 'Z'));
        return at >= hourOf(start) && at < hourOf(end) + 3_600_000;
      });
      if (!list.length) return plain(404, 'Raw data files were not found.');
      response.writeHead(200, { 'content-type': 'application/zip' });
      response.end(archiveOf(list));
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:30:00Z'));
    events = [event(1, '2026-03-15T07:10:00Z'), event(2, '2026-03-15T07:50:00Z'), event(3, '2026-03-15T08:20:00Z'), event(4, '2026-03-15T10:05:00Z')];
    trouble = [];
    server.received.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  const context = (secret: string | null = SECRET, cursor: string | null = null) =>
    localContext({ baseUrl: server.base, apiKey: API_KEY, startDate: '2026-03-15T07:00:00Z' }, secret ? { secretKey: secret } : {}, cursor, waits);
  const asked = () => server.received.map((request) => [request.url.searchParams.get('start'), request.url.searchParams.get('end')]);

  it('asks an hour at a time with basic auth, opens the zip of gzipped JSON lines, and takes a 404 as an hour without events', async () => {
    const batches = await pullAll(amplitudeConnector, context());
    expect(asked()).toEqual([
      ['20260315T07', '20260315T07'],
      ['20260315T08', '20260315T08'],
      ['20260315T09', '20260315T09'],
      ['20260315T10', '20260315T10'],
    ]);
    for (const request of server.received) expect(request.headers.authorization).toBe(basic(API_KEY, SECRET));
    const records = recordsOf(batches);
    expect(records.map((record) => record.event_id)).toEqual(events.map((each) => each.uuid));
    expect(records[1]).toEqual({
      event_id: '5f0c7a3e-0000-4000-8000-000000000002',
      event_type: 'Page view',
      event_time: '2026-03-15T07:49:00.000Z',
      user_id: 'user-2',
      device_id: 'device-2',
      session_id: '1773561600002',
      platform: 'Web',
      os_name: 'Chrome',
      device_type: 'Mac',
      country: 'France',
      city: 'Lyon',
      event_properties: { sku: 'SKU-2' },
      user_properties: { plan: 'pro' },
      uploaded_at: '2026-03-15T07:50:00.000Z',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('amplitude'));
    // Each hour moves the cursor once read, the empty one too; the last ends now.
    expect(batches.map((batch) => [batch.records.length, batch.cursor])).toEqual([
      [2, '2026-03-15T08:00:00.000Z'],
      [1, '2026-03-15T09:00:00.000Z'],
      [0, '2026-03-15T10:00:00.000Z'],
      [1, '2026-03-15T10:30:00.000Z'],
    ]);
  });

  it('asks the next run from the cursor less the two hours Amplitude takes to make data exportable', async () => {
    vi.setSystemTime(new Date('2026-03-15T12:10:00Z'));
    // Received at 10:20, exportable only after the previous run.
    events.push(event(5, '2026-03-15T10:20:00Z'), event(6, '2026-03-15T11:40:00Z'));
    const batches = await pullAll(amplitudeConnector, context(SECRET, '2026-03-15T10:30:00.000Z'));
    expect(asked()).toEqual([
      ['20260315T08', '20260315T08'],
      ['20260315T09', '20260315T09'],
      ['20260315T10', '20260315T10'],
      ['20260315T11', '20260315T12'],
    ]);
    expect(recordsOf(batches).map((record) => record.event_id)).toEqual([3, 4, 5, 6].map((n) => `5f0c7a3e-0000-4000-8000-${String(n).padStart(12, '0')}`));
    expect(batches.at(-1)!.cursor).toBe('2026-03-15T12:10:00.000Z');
  });

  it('waits out a 429 as long as Retry-After says, and answers a too-large range in Amplitude\'s words', async () => {
    trouble.push({ status: 429, type: 'text/plain', body: 'Too many requests', headers: { 'retry-after': '4' } });
    expect(recordsOf(await pullAll(amplitudeConnector, context()))).toHaveLength(4);
    expect(waits).toContain(4_000);
    trouble.push({ status: 400, type: 'text/plain', body: 'The file size of the exported data is too large. Shorten the time ranges and try again.' });
    const tooLarge = await failureOf(pullAll(amplitudeConnector, context()));
    expect(tooLarge.message).toBe('Amplitude refused the request (400): The file size of the exported data is too large. Shorten the time ranges and try again.');
  });

  it("answers a wrong secret key in Amplitude's words, and refuses an archive that lies about its sizes", async () => {
    await expect(amplitudeConnector.test(context())).resolves.toBeUndefined();
    expect(asked()).toEqual([['20260315T09', '20260315T10']]);
    const refused = await failureOf(amplitudeConnector.test(context('wrong-secret')));
    expect(refused.message).toBe('Amplitude refused the credentials (401): Invalid API key or secret key');
    expect(refused.retryable).toBe(false);
    expect((await failureOf(amplitudeConnector.test(context(null)))).message).toBe('The Amplitude secret key is required.');
    const lying = zipOf([{ name: `${PROJECT}/${PROJECT}_2026-03-15_7#0.json.gz`, data: Buffer.alloc(2 * 1024 * 1024), declaredSize: 1024 }]);
    trouble.push({ status: 200, type: 'application/zip', body: lying });
    const bomb = await failureOf(pullAll(amplitudeConnector, context()));
    expect(bomb.message).toBe(`Amplitude answered an export that cannot be read: ${PROJECT}/${PROJECT}_2026-03-15_7#0.json.gz inflates beyond its declared size (a zip bomb).`);
    trouble.push({ status: 200, type: 'application/zip', body: Buffer.from('<html>not an archive</html>') });
    expect((await failureOf(pullAll(amplitudeConnector, context()))).message).toBe('Amplitude answered an export that cannot be read: it is not a zip archive.');
  });
});

// ---------------------------------------------------------------- Adobe Analytics
describe('Adobe Analytics daily report', () => {
  const CLIENT_ID = '5d1c0a2b3e4f45a6b7c8d9e0f1a2b3c4';
  const CLIENT_SECRET = 'p8e-AbCdEfGhIjKlMnOpQrStUvWxYz012345';
  const ORG = '0123456789ABCDEF01234567@AdobeOrg';
  const COMPANY = 'navout0';
  const RSID = 'navoutprod';
  const trouble = new AnswerQueue();
  let server: LocalHttpServer;
  let expired = false;
  let issued = 0;

  /** Adobe's item id of a day: 1YYMMDD, the year from 1900 and the month from 0. */
  const itemIdOf = (day: number) => {
    const date = new Date(day);
    return `${date.getUTCFullYear() - 1900}${String(date.getUTCMonth()).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;
  };
  const metricsOf = (day: number) => {
    const n = new Date(day).getUTCDate();
    return [100 + n, 40 + n, 30 + n];
  };

  beforeAll(async () => {
    server = await startHttpServer((_request, response, { method, url, headers, body }) => {
      if (url.pathname === '/ims/token/v3') {
        const form = new URLSearchParams(body);
        if (method !== 'POST' || form.get('grant_type') !== 'client_credentials' || form.get('scope') !== ADOBE_ANALYTICS_SCOPES) return sendJson(response, 400, { error: 'invalid_scope', error_description: 'Invalid scope' });
        if (form.get('client_id') !== CLIENT_ID) return sendJson(response, 400, { error: 'invalid_client', error_description: 'invalid client_id parameter' });
        if (form.get('client_secret') !== CLIENT_SECRET) return sendJson(response, 401, { error: 'invalid_client', error_description: 'invalid client_secret parameter' });
        issued += 1;
        return sendJson(response, 200, { access_token: `eyJhbGciOiJSUzI1NiJ9.token-${issued}`, token_type: 'bearer', expires_in: 86399 });
      }
      if (expired || !String(headers.authorization).startsWith('Bearer eyJhbGciOiJSUzI1NiJ9.token-')) return sendJson(response, 401, { error_code: '401013', message: 'Oauth token is not valid' });
      if (headers['x-api-key'] !== CLIENT_ID) return sendJson(response, 403, { error_code: '403000', message: 'Api Key is invalid' });
      if (trouble.answerQueued(response)) return;
      if (method !== 'POST' || url.pathname !== `/api/${COMPANY}/reports` || headers['x-proxy-global-company-id'] !== COMPANY) {
        return sendJson(response, 404, { errorCode: 'resource_not_found', errorDescription: 'The requested resource was not found.' });
      }
      const report = JSON.parse(body) as { rsid: string; globalFilters: Array<{ type: string; dateRange: string }>; dimension: string; settings: { page: number; limit: number } };
      if (report.rsid !== RSID) return sendJson(response, 400, { errorCode: 'invalid_rsid', errorDescription: `The report suite ${report.rsid} does not exist or you do not have access to it.` });
      const range = /^(\d{4}-\d{2}-\d{2})T00:00:00\.000\/(\d{4}-\d{2}-\d{2})T23:59:59\.999$/.exec(report.globalFilters.find((each) => each.type === 'dateRange')?.dateRange ?? '');
      if (!range || report.dimension !== 'variables/daterangeday') return sendJson(response, 400, { errorCode: 'invalid_request', errorDescription: 'The date range is invalid.' });
      const days: number[] = [];
      const today = Date.parse(new Date().toISOString().slice(0, 10));
      for (let day = Date.parse(range[1]!); day <= Math.min(Date.parse(range[2]!), today); day += DAY) days.push(day);
      const { page, limit } = report.settings;
      const rows = days.slice(page * limit, (page + 1) * limit).map((day) => ({ itemId: itemIdOf(day), value: new Date(day).toDateString().slice(4), data: metricsOf(day) }));
      const totalPages = Math.max(1, Math.ceil(days.length / limit));
      sendJson(response, 200, {
        totalPages,
        firstPage: page === 0,
        lastPage: page >= totalPages - 1,
        numberOfElements: rows.length,
        number: page,
        totalElements: days.length,
        columns: { dimension: { id: 'variables/daterangeday', type: 'time' }, columnIds: ['0', '1', '2'] },
        rows,
        summaryData: { totals: [0, 0, 0] },
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
    server.received.length = 0;
    expired = false;
  });
  afterEach(() => {
    vi.useRealTimers();
    trouble.clear();
  });

  const context = (secret: string | null = CLIENT_SECRET, cursor: string | null = null, settings: Record<string, string> = {}) =>
    localContext(
      { baseUrl: server.base, imsUrl: server.base, clientId: CLIENT_ID, orgId: ORG, companyId: COMPANY, reportSuiteId: RSID, startDate: '2025-11-01', ...settings },
      secret ? { clientSecret: secret } : {},
      cursor,
      waits,
    );
  const reports = () => server.received.filter((request) => request.url.pathname.endsWith('/reports'));
  const bodies = () => reports().map((request) => JSON.parse(request.body) as { globalFilters: Array<{ dateRange: string }>; settings: Record<string, unknown> });

  it('gets a token from Adobe IMS, asks 90-day ranges of whole days with the company headers, pages by settings.page, and maps days', async () => {
    const batches = await pullAll(adobeAnalyticsConnector, context());
    expect(server.received[0]!.url.pathname).toBe('/ims/token/v3');
    expect(bodies().map((each) => [each.globalFilters[0]!.dateRange, each.settings.page])).toEqual([
      ['2025-11-01T00:00:00.000/2026-01-29T23:59:59.999', 0],
      ['2025-11-01T00:00:00.000/2026-01-29T23:59:59.999', 1],
      ['2026-01-30T00:00:00.000/2026-03-15T23:59:59.999', 0],
    ]);
    for (const request of reports()) {
      expect(request.headers.authorization).toBe('Bearer eyJhbGciOiJSUzI1NiJ9.token-' + issued);
      expect(request.headers['x-api-key']).toBe(CLIENT_ID);
      expect(request.headers['x-proxy-global-company-id']).toBe(COMPANY);
      expect(request.headers['x-gw-ims-org-id']).toBe(ORG);
      expect(JSON.parse(request.body)).toMatchObject({ rsid: RSID, dimension: 'variables/daterangeday', settings: { dimensionSort: 'asc', limit: 50 } });
    }
    const records = recordsOf(batches);
    expect(records).toHaveLength(135);
    expect(records[0]).toEqual({ day: '2025-11-01', label: 'Nov 01 2025', page_views: 101, visits: 41, visitors: 31 });
    expect(records.at(-1)!.day).toBe('2026-03-15');
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('adobe-analytics'));
    expect(batches.map((batch) => batch.cursor)).toEqual([null, '2026-01-30T00:00:00.000Z', '2026-03-15T10:00:00.000Z']);
  });

  it('asks the next run from two days before the cursor, which Adobe may still be processing', async () => {
    vi.setSystemTime(new Date('2026-03-17T08:00:00Z'));
    const batches = await pullAll(adobeAnalyticsConnector, context(CLIENT_SECRET, '2026-03-15T10:00:00.000Z'));
    expect(bodies().map((each) => each.globalFilters[0]!.dateRange)).toEqual(['2026-03-13T00:00:00.000/2026-03-17T23:59:59.999']);
    expect(recordsOf(batches).map((record) => record.day)).toEqual(['2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17']);
  });

  it('waits out a 429 as long as Retry-After says', async () => {
    trouble.push({ status: 429, headers: { 'retry-after': '6' }, body: { error_code: '429050', message: 'Too many requests' } });
    expect(recordsOf(await pullAll(adobeAnalyticsConnector, context(CLIENT_SECRET, null, { startDate: '2026-03-10' })))).toHaveLength(6);
    expect(waits).toContain(6_000);
  });

  it("answers a wrong secret, an expired token and an unknown report suite in Adobe's words", async () => {
    await expect(adobeAnalyticsConnector.test(context())).resolves.toBeUndefined();
    const wrong = await failureOf(adobeAnalyticsConnector.test(context('wrong-secret')));
    expect(wrong.message).toBe('Adobe Analytics refused the credentials (401): invalid_client: invalid client_secret parameter');
    expect(wrong.retryable).toBe(false);
    expired = true;
    expect((await failureOf(pullAll(adobeAnalyticsConnector, context()))).message).toBe('Adobe Analytics refused the credentials (401): 401013: Oauth token is not valid');
    expired = false;
    const suite = await failureOf(pullAll(adobeAnalyticsConnector, context(CLIENT_SECRET, null, { reportSuiteId: 'otherrsid' })));
    expect(suite.message).toBe('Adobe Analytics refused the request (400): invalid_rsid: The report suite otherrsid does not exist or you do not have access to it.');
    expect((await failureOf(adobeAnalyticsConnector.test(context(null)))).message).toBe('The client id and client secret of the OAuth Server-to-Server credential are required.');
    expect((await failureOf(adobeAnalyticsConnector.test(context(CLIENT_SECRET, null, { companyId: '../admin' })))).message).toMatch(/^The global company id is letters and digits/);
  });

  it('reads daterangeday item ids as dates, and nothing else', () => {
    expect(adobeDay('1171131')).toBe('2017-12-31');
    expect(adobeDay('1260214')).toBe('2026-03-14');
    expect(adobeDay('1260131')).toBeNull(); // February 31st
    expect(adobeDay('Mar 14, 2026')).toBeNull();
  });
});
