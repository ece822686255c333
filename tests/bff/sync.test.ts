/**
 * Sync runs end to end: connect a REST source with settings, Sync Now, the worker pulling a local
 * API into the source's records, retries, incremental runs, the lease, the scheduler, and the routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, REQUEST_CUSTOM_API_ID } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES, SYNC_MAX_ATTEMPTS } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { DataRecord, DataSource, SyncRun } from '@bff/entities';
import { manifestConnector } from '@bff/modules/connectors/declarative/engine';
import { createConnectorFetch } from '@bff/modules/connectors/http';
import { createSyncQueue, type RunProgress } from '@bff/modules/dataSources/sync/queue';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { decryptSecret } from '@bff/platform/secrets';
import { usingPostgres } from './support/database';
import { startHttpServer, type LocalHttpServer } from './support/localServers';
import { useWorld, type World } from './support/world';

const SECRET = 'Bearer sk_sync_test_9f8e7d6c5b4a';
const ITEMS = Array.from({ length: 25 }, (_, index) => ({ id: `c${index + 1}`, email: `c${index + 1}@example.com`, updated_at: `2026-02-${String(index + 1).padStart(2, '0')}` }));

interface Api extends LocalHttpServer {
  /** Extra items served after the first 25 (the incremental test adds some). */
  extra: typeof ITEMS;
  /** Failures to answer before serving normally, by path. */
  failures: Map<string, Array<{ status: number; headers?: Record<string, string>; body?: string }>>;
}

async function startApi(): Promise<Api> {
  const local = await startHttpServer((request, response, { url }) => {
    if (request.headers.authorization !== SECRET) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Unknown API key' }));
      return;
    }
    const failure = api.failures.get(url.pathname)?.shift();
    if (failure) {
      response.writeHead(failure.status, failure.headers);
      response.end(failure.body ?? '');
      return;
    }
    if (url.pathname === '/malformed') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('<html>maintenance</html>');
      return;
    }
    const delay = Number(url.searchParams.get('delay') ?? 0);
    const since = url.searchParams.get('since');
    const all = [...ITEMS, ...api.extra].filter((item) => !since || item.updated_at >= since);
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('per_page') ?? 10);
    const answer = () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: all.slice((page - 1) * size, page * size) }));
    };
    if (delay) setTimeout(answer, delay);
    else answer();
  });
  // The tests swap extra and failures on this object, so the handler reads them from it.
  const api: Api = Object.assign(local, { extra: [] as typeof ITEMS, failures: new Map() as Api['failures'] });
  return api;
}

describe('sync runs', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);
  let api: Api;
  const workerLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      workerLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const workerLogger = pino({ level: 'debug' }, sink);

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const workerFor = (w: World, options: { id?: string; maxAttempts?: number; retryBaseMs?: number } = {}) =>
    createSyncWorker({
      orm: w.orm,
      fork: () => w.em(),
      config: w.config,
      logger: workerLogger,
      workerId: options.id ?? 'test-worker',
      queue: { retryBaseMs: options.retryBaseMs ?? 0, maxAttempts: options.maxAttempts },
      fetch: { retryBaseMs: 1, sleep: async () => undefined },
    });

  const settingsFor = (path: string, extra: Record<string, string> = {}) => ({
    url: `${api.base}${path}`,
    pagination: 'page',
    pageSize: '10',
    recordsPath: 'data',
    authHeaderValue: SECRET,
    keyField: 'id',
    ...extra,
  });

  /** Connects a REST source for `who`'s company through the API (one REST source per company: others are deleted first). */
  async function connectRest(who: 'alice' | 'carol', path = '/customers', extra: Record<string, string> = {}) {
    const w = world();
    const existing = await w.em().find(DataSource, { catalogueId: 'rest-api' });
    for (const source of existing) await w.http.delete(`/api/data-sources/${source.id}`).set(as('admin'));
    const response = await w.http.post('/api/data-sources').set(as(who)).send({ catalogueId: 'rest-api', settings: settingsFor(path, extra) });
    expect(response.status).toBe(201);
    return response.body as { id: string; name: string; settings: Record<string, unknown> };
  }

  const runsOf = async (sourceId: string) => world().em().find(SyncRun, { sourceId }, { orderBy: { createdAt: 'desc' } });

  describe('connecting', () => {
    it('stores non-secret settings in the view and the secret only encrypted, never returned nor logged', async () => {
      const w = world();
      const source = await connectRest('alice');
      expect(source.settings).toMatchObject({ url: `${api.base}/customers`, pagination: 'page', recordsPath: 'data', keyField: 'id' });
      expect(source.settings).not.toHaveProperty('authHeaderValue');
      expect(source).toMatchObject({ connectorKind: 'rest', schedule: 'off', lastRun: null, hasCredentials: true, keyField: 'id' });

      const stored = await w.em().findOneOrFail(DataSource, { id: source.id });
      expect(stored.credentials).not.toContain('sk_sync_test');
      expect(JSON.parse(decryptSecret(stored.credentials!, w.config.credentialsKey))).toEqual({ authHeaderValue: SECRET });

      const list = await w.http.get('/api/data-sources').set(as('alice'));
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('sk_sync_test');
      expect(list.body.find((each: { id: string }) => each.id === source.id).settings.url).toBe(`${api.base}/customers`);
    });

    it('checks settings against the definition, and refuses a source without a connector', async () => {
      const w = world();
      const missing = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'rest-api', settings: { pagination: 'page' } });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({ url: 'API URL is required' });
      const wrong = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'rest-api', settings: { url: `${api.base}/x`, pagination: 'sideways', bogus: 'x' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual({ bogus: 'Not a setting of this source', pagination: 'Pagination must be one of none, page, offset, cursor, link' });
      const without = CATALOGUE.find((entry) => !entry.isImport && entry.id !== REQUEST_CUSTOM_API_ID && !connectorDefinition(entry.id));
      if (without) {
        const refused = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: without.id, apiKey: 'k' });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(CONNECTOR_MESSAGES.noConnector);
      }
    });

    it('refuses a private address when private addresses are not allowed', async () => {
      const w = world();
      w.config.connectorAllowPrivate = false;
      try {
        const response = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'rest-api', settings: { url: 'https://127.0.0.1/items' } });
        expect(response.status).toBe(400);
        expect(response.body.fields.url).toBe('API URL cannot be used: 127.0.0.1 is a private or local address');
      } finally {
        w.config.connectorAllowPrivate = true;
      }
    });
  });

  describe('test connection', () => {
    it("answers 200 for good credentials and 400 with the vendor's words for bad ones", async () => {
      const w = world();
      const good = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'rest-api', settings: settingsFor('/customers') });
      expect(good.status).toBe(200);
      expect(good.body).toEqual({ message: CONNECTOR_MESSAGES.testPassed('REST API') });
      const bad = await w.http
        .post('/api/data-sources/test-connection')
        .set(as('alice'))
        .send({ catalogueId: 'rest-api', settings: { ...settingsFor('/customers'), authHeaderValue: 'Bearer wrong-key-123' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'Connection failed', message: `${api.base}/customers refused the credentials (status 401): Unknown API key` });
      const pushed = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'webhook' });
      expect(pushed.status).toBe(400);
      expect(pushed.body.message).toBe(CONNECTOR_MESSAGES.pushedSource('Webhook'));
    });

    it('refuses another company', async () => {
      const w = world();
      const response = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'rest-api', settings: settingsFor('/customers'), companyId: w.companies.globex.id });
      expect(response.status).toBe(404);
    });

    it("tests a saved source with its stored secret when the form leaves it blank, within the caller's reach", async () => {
      const w = world();
      const source = await connectRest('alice');
      const test = (who: Parameters<World['bearer']>[0], body: Record<string, unknown>) => w.http.post('/api/data-sources/test-connection').set(as(who)).send(body);
      const blank = { catalogueId: 'rest-api', settings: { ...settingsFor('/customers'), authHeaderValue: '' } };

      const saved = await test('alice', { ...blank, sourceId: source.id });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toEqual({ message: CONNECTOR_MESSAGES.testPassed('REST API') });
      // Left out entirely, the secret is the stored one too.
      const { authHeaderValue: _left, ...withoutSecret } = settingsFor('/customers');
      expect((await test('alice', { catalogueId: 'rest-api', sourceId: source.id, settings: withoutSecret })).status).toBe(200);
      // Without the source, a blank secret is no secret.
      const unsaved = await test('alice', blank);
      expect(unsaved.status).toBe(400);
      expect(unsaved.body.message).toBe(`${api.base}/customers refused the credentials (status 401): Unknown API key`);
      // A secret typed in the form is the one tested.
      const typed = await test('alice', { catalogueId: 'rest-api', sourceId: source.id, settings: { ...settingsFor('/customers'), authHeaderValue: 'Bearer wrong-key-123' } });
      expect(typed.status).toBe(400);

      // Another company's source is as unknown as a missing one; a global admin reaches it.
      const foreign = await test('carol', { ...blank, sourceId: source.id });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe('Data source not found');
      expect((await test('alice', { ...blank, sourceId: source.id, companyId: w.companies.globex.id })).status).toBe(404);
      expect((await test('admin', { ...blank, sourceId: source.id })).status).toBe(200);
      const other = await test('alice', { catalogueId: 'graphql', sourceId: source.id, settings: {} });
      expect(other.status).toBe(400);
      expect(other.body.fields).toEqual({ sourceId: 'Not a GraphQL source' });
      const malformed = await test('alice', { ...blank, sourceId: 'not-an-id' });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.fields)).toEqual(['sourceId']);
    });
  });

  describe('running', () => {
    it('queues on Sync Now (409 while queued), pulls every page into the records, and keeps the history', async () => {
      const w = world();
      const source = await connectRest('alice');
      const queued = await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      expect(queued.status).toBe(202);
      expect(queued.body).toMatchObject({ sourceId: source.id, status: 'queued', trigger: 'manual', attempt: 1, processed: 0 });
      const again = await w.http.put(`/api/data-sources/${source.id}`).set(as('alice')).send({ status: 'syncing' });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(CONNECTOR_MESSAGES.alreadySyncing('REST API'));
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).status).toBe('syncing');

      expect(await workerFor(w).runDue()).toBe(1);
      const [run] = await runsOf(source.id);
      expect(run).toMatchObject({ status: 'succeeded', added: 25, updated: 0, failed: 0, processed: 25, lockedBy: null });
      const stored = await w.em().findOneOrFail(DataSource, { id: source.id });
      expect(stored).toMatchObject({ status: 'active', records: 25 });
      expect(stored.lastSync).not.toBeNull();
      expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(25);
      expect(stored.fields).toEqual(expect.arrayContaining(['id', 'email', 'updated_at']));

      // A second full run updates the same records in place (key field id).
      expect((await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'))).status).toBe(202);
      await workerFor(w).runDue();
      expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(25);
      const history = await w.http.get(`/api/data-sources/${source.id}/runs`).set(as('alice'));
      expect(history.status).toBe(200);
      expect(history.body.map((each: { status: string; added: number; updated: number }) => [each.status, each.added, each.updated])).toEqual([
        ['succeeded', 0, 25],
        ['succeeded', 25, 0],
      ]);
      const list = await w.http.get('/api/data-sources').set(as('alice'));
      expect(list.body.find((each: { id: string }) => each.id === source.id).lastRun).toMatchObject({ id: history.body[0].id, status: 'succeeded' });

      // Credentials never reached a log line, the web process's nor the worker's.
      expect(JSON.stringify(w.logLines)).not.toContain('sk_sync_test');
      expect(workerLines.join('')).not.toContain('sk_sync_test');
      expect(workerLines.join('')).toContain('Sync run succeeded');
    });

    it("starts a Sync Now run at once in its own process's running worker, not at the next poll", async () => {
      const w = world();
      const source = await connectRest('alice');
      // Polls an hour apart: only the wake-up from Sync Now can start the run within the test.
      const hourly = { ...w.config, sync: { worker: true, pollMs: 3_600_000, scheduleMs: 3_600_000 } };
      const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: hourly, logger: workerLogger, workerId: 'woken', fetch: { retryBaseMs: 1, sleep: async () => undefined } });
      worker.start();
      try {
        const queued = await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
        expect(queued.status).toBe(202);
        const run = () => w.em().findOneOrFail(SyncRun, { id: queued.body.id });
        await expect.poll(async () => (await run()).status, { timeout: 10_000, interval: 50 }).toBe('succeeded');
        expect(await run()).toMatchObject({ status: 'succeeded', added: 25, lockedBy: null });
      } finally {
        await worker.stop();
      }
      // A stopped worker no longer listens: the next Sync Now stays queued for the polls. Had the
      // wake-up started a poll, stopping again would wait for it, and the run would show its start.
      const later = await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      await worker.stop();
      expect(await w.em().findOneOrFail(SyncRun, { id: later.body.id })).toMatchObject({ status: 'queued', startedAt: null, lockedBy: null });
      await workerFor(w).runDue();
    });

    it('syncs incrementally: the second run asks only for what changed since the stored cursor', async () => {
      const w = world();
      const source = await connectRest('alice', '/customers', { cursorField: 'updated_at', sinceParam: 'since' });
      await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      await workerFor(w).runDue();
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).syncCursor).toBe(JSON.stringify({ since: '2026-02-25' }));

      api.extra = [{ id: 'c26', email: 'c26@example.com', updated_at: '2026-02-26' }];
      const before = api.received.length;
      await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      await workerFor(w).runDue();
      api.extra = [];
      const asked = api.received.slice(before).map(({ url }) => url);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.searchParams.get('since')).toBe('2026-02-25');
      const [run] = await runsOf(source.id);
      // c25 again (same timestamp as the cursor: an update) and c26 new.
      expect(run).toMatchObject({ status: 'succeeded', added: 1, updated: 1, processed: 2 });
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).syncCursor).toBe(JSON.stringify({ since: '2026-02-26' }));
      expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(26);
    });

    it('waits out a 429 and retries a 500 within the run, then succeeds', async () => {
      const w = world();
      const source = await connectRest('alice');
      api.failures.set('/customers', [{ status: 429, headers: { 'retry-after': '1' } }, { status: 500 }]);
      await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      await workerFor(w).runDue();
      expect(api.failures.get('/customers')).toEqual([]);
      const [run] = await runsOf(source.id);
      expect(run).toMatchObject({ status: 'succeeded', attempt: 1, added: 25 });
    });

    it('fails a run with a clear message on malformed JSON, at once (not retryable)', async () => {
      const w = world();
      const source = await connectRest('alice', '/malformed');
      await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      await workerFor(w).runDue();
      const [run] = await runsOf(source.id);
      expect(run).toMatchObject({ status: 'failed', attempt: 1 });
      expect(run!.firstError).toBe(`${api.base}/malformed did not answer JSON (status 200): <html>maintenance</html>`);
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).status).toBe('error');
      const list = await w.http.get('/api/data-sources').set(as('alice'));
      expect(list.body.find((each: { id: string }) => each.id === source.id)).toMatchObject({ status: 'error', lastRun: { status: 'failed', firstError: run!.firstError } });
    });

    it('queues a retryable failure again with backoff until the last attempt, keeping the records stored', async () => {
      const w = world();
      const source = await connectRest('alice');
      // Page 1 succeeds; page 2 keeps failing with 503 (beyond the fetch's own retries).
      const down = Array.from({ length: 100 }, () => ({ status: 503 }));
      const server = api.server;
      const original = server.listeners('request')[0] as (request: IncomingMessage, response: ServerResponse) => void;
      server.removeAllListeners('request');
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        if (request.url?.includes('page=2') && down.shift()) {
          response.writeHead(503);
          response.end();
          return;
        }
        original(request, response);
      });
      try {
        const queued = await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
        const run = queued.body as { id: string };
        const started = Date.now();
        await workerFor(w, { retryBaseMs: 60_000 }).runDue();
        const waiting = await w.em().findOneOrFail(SyncRun, { id: run.id });
        expect(waiting).toMatchObject({ status: 'queued', attempt: 2, added: 10, processed: 10 });
        expect(waiting.firstError).toContain('answered status 503');
        // Resumed from the stored cursor: page 2 next.
        expect(JSON.parse(waiting.cursor!)).toMatchObject({ next: 2 });
        // The first retry waits retryBaseMs (doubling after each further failure).
        expect(waiting.runAfter.getTime()).toBeGreaterThanOrEqual(started + 60_000);
        expect((await w.em().findOneOrFail(DataSource, { id: source.id })).status).toBe('syncing');

        // The remaining attempts (no wait: retryBaseMs 0 in the test worker) all fail: the run fails for good.
        await w.em().nativeUpdate(SyncRun, { id: run.id }, { runAfter: new Date() });
        expect(await workerFor(w).runDue()).toBe(SYNC_MAX_ATTEMPTS - 1);
        const failed = await w.em().findOneOrFail(SyncRun, { id: run.id });
        expect(failed).toMatchObject({ status: 'failed', attempt: SYNC_MAX_ATTEMPTS, added: 10 });
        expect(failed.finishedAt).not.toBeNull();
        expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(10);
        expect((await w.em().findOneOrFail(DataSource, { id: source.id })).status).toBe('error');
      } finally {
        server.removeAllListeners('request');
        server.on('request', original);
      }
    });

    it('checks the retry delay doubles per attempt', async () => {
      const w = world();
      const source = await connectRest('alice', '/never');
      const queue = createSyncQueue({ config: w.config, retryBaseMs: 1_000, clock: () => new Date('2026-03-01T00:00:00Z') });
      const { run } = await queue.enqueue(w.em(), { id: source.id, companyId: w.companies.acme.id }, 'manual');
      const progress = { added: 0, updated: 0, failed: 0, processed: 0, cursor: null, firstError: null };
      let claimed = (await queue.claim(w.em(), 'w1'))!;
      expect(await queue.fail(w.em(), claimed, 'w1', progress, { message: 'down', retryable: true })).toBe('retrying');
      expect((await w.em().findOneOrFail(SyncRun, { id: run.id })).runAfter.toISOString()).toBe('2026-03-01T00:00:01.000Z');
      claimed = (await queue.claim(w.em(), 'w1'))!;
      expect(claimed).toBeNull();
      await w.em().nativeUpdate(SyncRun, { id: run.id }, { runAfter: new Date('2026-02-01T00:00:00Z') });
      claimed = (await queue.claim(w.em(), 'w1'))!;
      expect(claimed.attempt).toBe(2);
      await queue.fail(w.em(), claimed, 'w1', progress, { message: 'down', retryable: true });
      expect((await w.em().findOneOrFail(SyncRun, { id: run.id })).runAfter.toISOString()).toBe('2026-03-01T00:00:02.000Z');
      await w.em().nativeUpdate(SyncRun, { id: run.id }, { runAfter: new Date('2026-02-01T00:00:00Z') });
      claimed = (await queue.claim(w.em(), 'w1'))!;
      expect(await queue.fail(w.em(), claimed, 'w1', progress, { message: 'bad key', retryable: false })).toBe('failed');
      expect(await w.em().findOneOrFail(SyncRun, { id: run.id })).toMatchObject({ status: 'failed', attempt: 3, firstError: 'bad key' });
    });

    it('resumes a run whose worker died (lease expired) from its stored cursor', async () => {
      const w = world();
      const source = await connectRest('alice');
      const queue = createSyncQueue({ config: w.config });
      const { run } = await queue.enqueue(w.em(), { id: source.id, companyId: w.companies.acme.id }, 'manual');
      // A worker claimed it, stored page 1 and its cursor, then died.
      const dead = (await queue.claim(w.em(), 'dead-worker'))!;
      expect(dead.id).toBe(run.id);
      await queue.saveProgress(w.em(), run.id, 'dead-worker', { added: 10, updated: 0, failed: 0, processed: 10, cursor: JSON.stringify({ since: null, max: null, next: 2 }), firstError: null });
      const worker = workerFor(w, { id: 'live-worker' });
      // The lease still holds: nothing to claim.
      expect(await worker.runDue()).toBe(0);
      await w.em().nativeUpdate(SyncRun, { id: run.id }, { lockedUntil: new Date(Date.now() - 1_000) });

      const before = api.received.length;
      expect(await worker.runDue()).toBe(1);
      const pages = api.received.slice(before).map(({ url }) => url.searchParams.get('page'));
      expect(pages).toEqual(['2', '3']);
      expect(await w.em().findOneOrFail(SyncRun, { id: run.id })).toMatchObject({ status: 'succeeded', processed: 25, added: 25 });
      // The dead worker's late writes no longer count.
      expect(await queue.saveProgress(w.em(), run.id, 'dead-worker', { added: 0, updated: 0, failed: 0, processed: 0, cursor: null, firstError: null })).toBe(false);
    });

    it("resumes a declarative read taken over at its checkpoint: the next page, the same partition, no page asked twice", async () => {
      const w = world();
      const source = await connectRest('alice');
      const queue = createSyncQueue({ config: w.config });
      // A vendor without an incremental cursor (a plain paged read), read once per region.
      const connector = (partitioned: boolean) =>
        manifestConnector({
          version: 1,
          name: 'Paged API',
          catalogue_id: 'rest-api',
          authenticator: { type: 'BearerAuthenticator', api_token: SECRET.replace('Bearer ', '') },
          check: { type: 'CheckStream', stream_names: ['customers'] },
          streams: [
            {
              type: 'DeclarativeStream',
              name: 'customers',
              primary_key: 'id',
              retriever: {
                type: 'SimpleRetriever',
                requester: { type: 'HttpRequester', url_base: api.base, path: '/customers' },
                record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
                paginator: {
                  type: 'DefaultPaginator',
                  page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'per_page' },
                  page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
                  pagination_strategy: { type: 'PageIncrement', page_size: 10, inject_on_first_request: true },
                },
                ...(partitioned ? { partition_router: { type: 'ListPartitionRouter', values: ['north', 'south'], cursor_field: 'region', request_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'region' } } } : {}),
              },
              fields: { id: 'id', email: 'email' },
            },
          ],
        });
      const asked = (from: number) => api.received.slice(from).map(({ url }) => [url.searchParams.get('region'), url.searchParams.get('page')].filter(Boolean).join('/'));

      for (const partitioned of [false, true]) {
        const pull = connector(partitioned);
        // A worker pulls and stores two pages (the records and the progress in one transaction each), then dies.
        const { run } = await queue.enqueue(w.em(), { id: source.id, companyId: w.companies.acme.id }, 'manual');
        expect((await queue.claim(w.em(), 'dead-worker'))!.id).toBe(run.id);
        const firstAsked = api.received.length;
        const dying = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: workerLogger, workerId: 'dead-worker', connectors: () => pull });
        let progress: RunProgress = { added: 0, updated: 0, failed: 0, processed: 0, cursor: null, checkpoint: null, firstError: null };
        let pages = 0;
        const pageCount = partitioned ? 4 : 2;
        const reads = pull.pull({ settings: {}, secrets: {}, cursor: null, checkpoint: null, fetch: createConnectorFetch({ allowPrivate: true }), signal: new AbortController().signal, logger: workerLogger, allowPrivate: true });
        for await (const batch of reads) {
          const committed = await dying.queue.commitPage(w.em(), run.id, 'dead-worker', async () => ({ ...progress, processed: progress.processed + batch.records.length, cursor: batch.cursor ?? null, checkpoint: batch.checkpoint ?? null }));
          progress = committed!;
          if (++pages === pageCount) break;
        }
        // Unpartitioned: pages 1 and 2 stored; partitioned: all three of north and page 1 of south.
        expect(asked(firstAsked)).toEqual(partitioned ? ['north/1', 'north/2', 'north/3', 'south/1'] : ['1', '2']);
        await w.em().nativeUpdate(SyncRun, { id: run.id }, { lockedUntil: new Date(Date.now() - 1_000) });

        const before = api.received.length;
        const heir = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: workerLogger, workerId: 'heir', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined }, connectors: () => pull });
        expect(await heir.runDue()).toBe(1);
        expect(asked(before)).toEqual(partitioned ? ['south/2', 'south/3'] : ['3']);
        // The run's count is each record once: the dead worker's pages and the heir's.
        expect(await w.em().findOneOrFail(SyncRun, { id: run.id })).toMatchObject({ status: 'succeeded', processed: partitioned ? 50 : 25, checkpoint: null });
      }
    });

    it('never lets two claimers take one run, nor queue two runs of one source', async () => {
      const w = world();
      const source = await connectRest('alice');
      const queue = createSyncQueue({ config: w.config });
      const enqueued = await Promise.all(Array.from({ length: 4 }, () => queue.enqueue(w.em(), { id: source.id, companyId: w.companies.acme.id }, 'manual')));
      expect(enqueued.filter((each) => each.created)).toHaveLength(1);
      expect(new Set(enqueued.map((each) => each.run.id)).size).toBe(1);
      const claims = await Promise.all(Array.from({ length: 6 }, (_, index) => createSyncQueue({ config: w.config }).claim(w.em(), `racer-${index}`)));
      const winners = claims.filter(Boolean);
      expect(winners).toHaveLength(1);
      expect(await w.em().count(SyncRun, { sourceId: source.id, status: 'running' })).toBe(1);
      if (usingPostgres()) {
        // Two worker processes' queues racing over the same rows: SKIP LOCKED hands each run to one.
        const other = await connectRest('carol');
        await queue.enqueue(w.em(), { id: other.id, companyId: w.companies.globex.id }, 'manual');
        const second = await Promise.all([queue.claim(w.em(), 'pg-a'), createSyncQueue({ config: w.config }).claim(w.em(), 'pg-b')]);
        expect(second.filter(Boolean)).toHaveLength(1);
      }
    });

    it('gives a run back to the queue when its worker stops, and another resumes it', async () => {
      const w = world();
      // Each page answers after 300 ms: the stop lands mid-run.
      const source = await connectRest('alice', '/customers?delay=300');
      await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      const worker = workerFor(w, { id: 'stopping' });
      const asked = api.received.length;
      await worker.poll();
      // Stopped once the second page is asked for: the first page's 10 records are stored by then.
      await expect.poll(() => api.received.length - asked, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(2);
      await worker.stop();
      const [released] = await runsOf(source.id);
      expect(released).toMatchObject({ status: 'queued', lockedBy: null, attempt: 1, processed: 10 });
      expect(JSON.parse(released!.cursor!)).toMatchObject({ next: 2 });

      const before = api.received.length;
      await workerFor(w).runDue();
      expect(api.received.slice(before).map(({ url }) => url.searchParams.get('page'))).toEqual(['2', '3']);
      expect((await runsOf(source.id))[0]).toMatchObject({ status: 'succeeded', processed: 25, added: 25 });
    });
  });

  describe('schedule', () => {
    it('queues scheduled runs when due, once, and not while one is active', async () => {
      const w = world();
      const source = await connectRest('alice');
      const saved = await w.http.put(`/api/data-sources/${source.id}/schedule`).set(as('alice')).send({ schedule: 'hourly' });
      expect(saved.status).toBe(200);
      expect(saved.body.schedule).toBe('hourly');
      const stored = await w.em().findOneOrFail(DataSource, { id: source.id });
      expect(stored.nextSyncAt!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

      const worker = workerFor(w);
      expect(await worker.scheduleDue()).toBe(0);
      await w.em().nativeUpdate(DataSource, { id: source.id }, { nextSyncAt: new Date(Date.now() - 1_000) });
      expect(await worker.scheduleDue()).toBe(1);
      expect(await worker.scheduleDue()).toBe(0);
      const [run] = await runsOf(source.id);
      expect(run).toMatchObject({ status: 'queued', trigger: 'schedule' });
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).nextSyncAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);

      // Due again while the run is still queued: skipped.
      await w.em().nativeUpdate(DataSource, { id: source.id }, { nextSyncAt: new Date(Date.now() - 1_000) });
      expect(await worker.scheduleDue()).toBe(0);
      expect(await w.em().count(SyncRun, { sourceId: source.id })).toBe(1);

      const off = await w.http.put(`/api/data-sources/${source.id}/schedule`).set(as('alice')).send({ schedule: 'off' });
      expect(off.body.schedule).toBe('off');
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).nextSyncAt).toBeNull();
      const invalid = await w.http.put(`/api/data-sources/${source.id}/schedule`).set(as('alice')).send({ schedule: 'weekly' });
      expect(invalid.status).toBe(400);
    });
  });

  describe('routes', () => {
    it('refuses pushed sources, and other companies on every new route', async () => {
      const w = world();
      const em = w.em();
      const webhook = em.create(DataSource, { companyId: w.companies.acme.id, name: 'Webhook', type: 'Custom API', catalogueId: 'webhook', status: 'active', config: {}, credentials: null, recordKind: 'events', fields: [], mapping: {} });
      await em.flush();
      const pushed = await w.http.post(`/api/data-sources/${webhook.id}/sync`).set(as('alice'));
      expect(pushed.status).toBe(400);
      expect(pushed.body.message).toBe(CONNECTOR_MESSAGES.pushedSource('Webhook'));

      const source = await connectRest('alice');
      for (const [method, path, body] of [
        ['post', `/api/data-sources/${source.id}/sync`, undefined],
        ['get', `/api/data-sources/${source.id}/runs`, undefined],
        ['put', `/api/data-sources/${source.id}/schedule`, { schedule: 'daily' }],
        ['put', `/api/data-sources/${source.id}`, { settings: { pageSize: '5' } }],
      ] as const) {
        const response = await w.http[method](path).set(as('carol')).send(body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      expect(await w.em().count(SyncRun, { sourceId: source.id })).toBe(0);
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).schedule).toBe('off');
    });

    it('updates settings keeping a secret left out, and deleting a source deletes its runs', async () => {
      const w = world();
      const source = await connectRest('alice');
      const updated = await w.http.put(`/api/data-sources/${source.id}`).set(as('alice')).send({ settings: { pageSize: '5' } });
      expect(updated.status).toBe(200);
      expect(updated.body.settings).toMatchObject({ pageSize: '5', url: `${api.base}/customers` });
      const stored = await w.em().findOneOrFail(DataSource, { id: source.id });
      expect(JSON.parse(decryptSecret(stored.credentials!, w.config.credentialsKey))).toEqual({ authHeaderValue: SECRET });
      const bad = await w.http.put(`/api/data-sources/${source.id}`).set(as('alice')).send({ settings: { url: '' } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ url: 'API URL is required' });

      await w.http.post(`/api/data-sources/${source.id}/sync`).set(as('alice'));
      await workerFor(w).runDue();
      expect(await w.em().count(SyncRun, { sourceId: source.id })).toBe(1);
      expect((await w.http.delete(`/api/data-sources/${source.id}`).set(as('alice'))).status).toBe(204);
      expect(await w.em().count(SyncRun, { sourceId: source.id })).toBe(0);
      expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(0);
    });
  });
});
