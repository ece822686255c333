/**
 * One company's syncs never hold up another's: the claim takes a company with no run in progress
 * before a second run of a busy one (in this process or any other), a process keeps a slot of its
 * own for other companies, and a single upstream page is bounded in size (streamed, cut off past
 * the limit) and in time, failing the run with its reason while the pages stored before it stay. A
 * large page is stored in parts (each its own short write, as on SQLite), and a run stopped between
 * two parts resumes that page after the records it stored, counting each once.
 */
import type { ServerResponse } from 'node:http';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fieldSetOf } from '@domain/data/catalogue';
import { DataRecord, DataSource, SyncRun } from '@bff/entities';
import { createSyncQueue } from '@bff/modules/dataSources/sync/queue';
import { sealSecrets } from '@bff/modules/dataSources/sync/secrets';
import { createSyncWorker, type SyncWorker, type SyncWorkerDependencies } from '@bff/modules/dataSources/sync/worker';
import { startHttpServer, type LocalHttpServer } from './support/localServers';
import { useWorld, type World } from './support/world';

const SECRET = 'Bearer sk_sync_isolation_1a2b3c';
const PAGE_SIZE = 10;
const PAGES = 2;
/** The page of /capped and /stalled that never ends (pages before it answer normally). */
const ENDLESS_PAGE = 3;

describe('sync isolation between companies', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const silent = pino({ level: 'silent' });
  let api: LocalHttpServer;
  /** Answers of /held paths wait here until the test lets them go. */
  const held: Array<() => void> = [];
  let holding = true;
  /** Endless answers still being written, and whether the client closed each one. */
  const endless: Array<{ response: ServerResponse; closed: boolean }> = [];
  const workers: SyncWorker[] = [];
  /** The sources a test made, deleted (with their runs and records) after it. */
  const made: string[] = [];

  const page = (name: string, number: number) => ({
    data: number > PAGES ? [] : Array.from({ length: PAGE_SIZE }, (_, index) => ({ id: `${name}-${(number - 1) * PAGE_SIZE + index + 1}`, note: 'x'.repeat(50) })),
  });

  beforeAll(async () => {
    api = await startHttpServer((request, response, { url }) => {
      if (request.headers.authorization !== SECRET) {
        response.writeHead(401).end();
        return;
      }
      const [, kind, name] = url.pathname.split('/') as [string, string, string];
      const number = Number(url.searchParams.get('page') ?? 1);
      const answer = () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(page(name, number)));
      };
      if (kind === 'held' && holding) held.push(answer);
      else if ((kind === 'capped' || kind === 'stalled') && number === ENDLESS_PAGE) {
        // No content-length: only counting the bytes as they arrive can stop it.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"data":[');
        const each = { response, closed: false };
        endless.push(each);
        const timer = setInterval(() => {
          if (kind === 'capped') response.write(`${JSON.stringify({ id: 'filler', note: 'y'.repeat(8_000) })},`);
          else response.write(' ');
        }, kind === 'capped' ? 1 : 50);
        response.on('close', () => {
          each.closed = true;
          clearInterval(timer);
        });
      } else answer();
    });
  });
  afterEach(async () => {
    holding = false;
    for (const release of held.splice(0)) release();
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    for (const id of made.splice(0)) expect((await world().http.delete(`/api/data-sources/${id}`).set(world().bearer('admin'))).status).toBe(204);
    holding = true;
  });
  afterAll(async () => {
    for (const { response } of endless) response.destroy();
    await api?.close();
  });

  function restSource(w: World, company: 'acme' | 'globex', path: string): DataSource {
    return w.em().create(DataSource, {
      companyId: w.companies[company].id,
      name: `Orders ${path}`,
      description: null,
      type: 'Custom API',
      catalogueId: 'rest-api',
      status: 'active',
      config: { settings: { url: `${api.base}${path}`, pagination: 'page', pageSize: String(PAGE_SIZE), recordsPath: 'data', keyField: 'id' } },
      credentials: sealSecrets({ authHeaderValue: SECRET }, w.config.credentialsKey),
      recordKind: 'people',
      fields: fieldSetOf('rest-api').map((field) => field.name),
      mapping: {},
      keyField: 'id',
      createdById: null,
    });
  }

  /** Sources made and each queued in the order given, a second apart, so the oldest is known. */
  async function queued(w: World, specs: Array<[company: 'acme' | 'globex', path: string]>) {
    const em = w.em();
    const sources = specs.map(([company, path]) => restSource(w, company, path));
    await em.persistAndFlush(sources);
    made.push(...sources.map((source) => source.id));
    const start = Date.now() - 60_000;
    const runs: SyncRun[] = [];
    for (const [index, source] of sources.entries()) {
      const queue = createSyncQueue({ config: w.config, clock: () => new Date(start + index * 1_000) });
      runs.push((await queue.enqueue(w.em(), source, 'manual')).run);
    }
    return runs;
  }

  const statusOf = async (run: SyncRun) => (await world().em().findOneOrFail(SyncRun, run.id)).status;

  function worker(w: World, options: Partial<SyncWorkerDependencies> = {}) {
    const made = createSyncWorker({
      orm: w.orm,
      fork: () => w.em(),
      config: w.config,
      logger: silent,
      queue: { retryBaseMs: 0, maxAttempts: 1 },
      fetch: { retryBaseMs: 1, sleep: async () => undefined },
      ...options,
    });
    workers.push(made);
    return made;
  }

  it("claims another company's waiting run before an older second run of a company already pulling", async () => {
    const w = world();
    const [slowA, secondA, firstB] = await queued(w, [
      ['acme', '/held/a1'],
      ['acme', '/fast/a2'],
      ['globex', '/fast/b1'],
    ]);
    // Both slots, and one company could hold both: the order alone decides.
    const fair = worker(w, { workerId: 'fair', concurrency: 2, companyConcurrency: 2 });
    await fair.poll();
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
    expect(await statusOf(slowA!)).toBe('running');
    // Globex's run was queued after Acme's second one, and is taken first.
    expect(await statusOf(firstB!)).not.toBe('queued');
    expect(await statusOf(secondA!)).toBe('queued');

    // With no other company waiting, Acme's second run takes the slot Globex's run left.
    await expect.poll(() => statusOf(firstB!), { timeout: 10_000 }).toBe('succeeded');
    await fair.poll();
    await expect.poll(() => statusOf(secondA!), { timeout: 10_000 }).toBe('succeeded');
    expect(await statusOf(slowA!)).toBe('running');
  });

  it("prefers an idle company even when the busy company's run is held by another worker process", async () => {
    const w = world();
    const [slowA] = await queued(w, [['acme', '/held/a3']]);
    const first = worker(w, { workerId: 'first-process' });
    await first.poll();
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
    expect(await w.em().findOneOrFail(SyncRun, slowA!.id)).toMatchObject({ status: 'running', lockedBy: 'first-process' });

    const [secondA, firstB] = await queued(w, [
      ['acme', '/held/a4'],
      ['globex', '/held/b2'],
    ]);
    // One slot: it goes to Globex, though Acme's second run is older.
    const other = worker(w, { workerId: 'second-process', concurrency: 1, companyConcurrency: 1 });
    await other.poll();
    expect(await w.em().findOneOrFail(SyncRun, firstB!.id)).toMatchObject({ status: 'running', lockedBy: 'second-process' });
    expect(await statusOf(secondA!)).toBe('queued');
  });

  it('keeps one of its slots for other companies: a company with many queued runs holds only its share', async () => {
    const w = world();
    const [firstA, secondA, thirdA] = await queued(w, [
      ['acme', '/held/a5'],
      ['acme', '/held/a6'],
      ['acme', '/held/a7'],
    ]);
    // Three slots by default, of which one company may hold two.
    const shared = worker(w, { workerId: 'shared-process' });
    await shared.poll();
    expect([await statusOf(firstA!), await statusOf(secondA!), await statusOf(thirdA!)]).toEqual(['running', 'running', 'queued']);

    const [firstB] = await queued(w, [['globex', '/held/b3']]);
    await shared.poll();
    expect(await statusOf(firstB!)).toBe('running');
    expect(await statusOf(thirdA!)).toBe('queued');
  });

  it('stores a large page in parts, and a run stopped between two parts resumes after the stored records', async () => {
    const w = world();
    const [run] = await queued(w, [['globex', '/fast/parts']]);
    const parts = { records: 4, gapMs: 60_000 };
    // Stopped in the pause after the first part of the first page.
    const first = worker(w, { workerId: 'parts-first', pageParts: parts });
    await first.poll();
    await expect.poll(async () => (await w.em().findOneOrFail(SyncRun, run!.id)).processed, { timeout: 10_000 }).toBe(4);
    await first.stop();
    const released = await w.em().findOneOrFail(SyncRun, run!.id);
    expect(released).toMatchObject({ status: 'queued', processed: 4, added: 4, lockedBy: null });
    expect(JSON.parse(released.checkpoint!)).toEqual({ navoutPagePart: { checkpoint: null, stored: 4 } });
    expect(await w.em().count(DataRecord, { sourceId: run!.sourceId })).toBe(4);

    const askedBefore = api.received.filter(({ url }) => url.pathname === '/fast/parts').length;
    const heir = worker(w, { workerId: 'parts-heir', pageParts: { records: 4, gapMs: 0 } });
    expect(await heir.runDue()).toBe(1);
    const done = await w.em().findOneOrFail(SyncRun, run!.id);
    expect(done).toMatchObject({ status: 'succeeded', processed: PAGES * PAGE_SIZE, added: PAGES * PAGE_SIZE, updated: 0, checkpoint: null });
    expect(await w.em().count(DataRecord, { sourceId: run!.sourceId })).toBe(PAGES * PAGE_SIZE);
    // The first page was read again (its first part skipped), then the rest once each.
    const asked = api.received.filter(({ url }) => url.pathname === '/fast/parts').slice(askedBefore).map(({ url }) => url.searchParams.get('page'));
    expect(asked).toEqual(['1', '2', '3']);
  });

  it('cuts off an answer past the size limit while it streams, failing the run with the reason and keeping the stored pages', async () => {
    const w = world();
    const [run] = await queued(w, [['globex', '/capped/c1']]);
    const capped = worker(w, { workerId: 'capped', fetch: { retryBaseMs: 1, sleep: async () => undefined, maxBytes: 100_000, maxRetries: 0 } });
    expect(await capped.runDue()).toBe(1);

    const ended = await w.em().findOneOrFail(SyncRun, run!.id);
    expect(ended).toMatchObject({ status: 'failed', firstError: 'The answer is larger than 0.1 MB', processed: PAGES * PAGE_SIZE, added: PAGES * PAGE_SIZE });
    expect(await w.em().count(DataRecord, { sourceId: run!.sourceId })).toBe(PAGES * PAGE_SIZE);
    expect((await w.em().findOneOrFail(DataSource, run!.sourceId)).status).toBe('error');
    // The endless answer was dropped by the connector, not read to an end it never has.
    await expect.poll(() => endless.at(-1)?.closed, { timeout: 10_000 }).toBe(true);
  });

  it('gives up on a page that does not finish within the time limit, keeping the stored pages', async () => {
    const w = world();
    const [run] = await queued(w, [['globex', '/stalled/s1']]);
    const stalled = worker(w, { workerId: 'stalled', fetch: { retryBaseMs: 1, sleep: async () => undefined, timeoutMs: 1_000, maxRetries: 0 } });
    expect(await stalled.runDue()).toBe(1);

    const ended = await w.em().findOneOrFail(SyncRun, run!.id);
    expect(ended).toMatchObject({ status: 'failed', processed: PAGES * PAGE_SIZE });
    expect(ended.firstError).toBe(`${api.base}/stalled/s1 did not answer within 1 s`);
    expect(await w.em().count(DataRecord, { sourceId: run!.sourceId })).toBe(PAGES * PAGE_SIZE);
    await expect.poll(() => endless.at(-1)?.closed, { timeout: 10_000 }).toBe(true);
  });
});
