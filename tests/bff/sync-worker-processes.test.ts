/**
 * `npm run worker` as real processes sharing the durable queue: on PostgreSQL two of them (each run
 * claimed by one of them, SELECT ... FOR UPDATE SKIP LOCKED), on SQLite one (a single writer). Every
 * queued run is pulled exactly once, page by page, and SIGTERM stops each worker cleanly. A worker
 * killed mid-run (SIGKILL) leaves its run at the last page it stored: the worker that takes it over
 * asks only for the pages after it, and every record is counted once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSetOf } from '@domain/data/catalogue';
import { DataRecord, DataSource, SyncRun } from '@bff/entities';
import { createSyncQueue } from '@bff/modules/dataSources/sync/queue';
import { sealSecrets } from '@bff/modules/dataSources/sync/secrets';
import { usingPostgres } from './support/database';
import { startHttpServer, type LocalHttpServer } from './support/localServers';
import { useWorld, type World } from './support/world';

const SOURCES = 8;
const PAGES = 3;
const PAGE_SIZE = 10;
/** Each page answers this late, so a run lasts long enough for the other worker to claim the next. */
const PAGE_DELAY_MS = 500;
const SECRET = 'Bearer sk_worker_processes_5e4d3c';
/** The killed run's source: more pages, each answering sooner. */
const KILL_PAGES = 8;
const KILL_PAGE_DELAY_MS = 150;
/** The worker is killed once this many pages are stored. */
const KILL_AFTER_PAGES = 3;

interface WorkerProcess {
  child: ChildProcess;
  /** The id it claims runs under (SyncRun.lockedBy), read from its start-up log line. */
  id: Promise<string>;
  exit: Promise<number | null>;
}

/** `npm run worker` on the world's database and key, polling every second. */
function startWorker(w: World): WorkerProcess {
  const database = w.config.database;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: database.kind === 'postgresql' ? database.url : `sqlite:${database.file}`,
      DATA_DIR: w.config.dataDir,
      SYNC_POLL_SECONDS: '1',
      CONNECTOR_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const id = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const started = /"workerId":"([^"]+)"[^\n]*Navout worker started|Navout worker started[^\n]*"workerId":"([^"]+)"/.exec(output);
      if (started) resolve(started[1] ?? started[2]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`The worker exited (${code}) before it started:\n${output}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, id, exit };
}

/** A REST source of acme reading /sources/<name> of the test API, page by page. */
function restSource(w: World, em: ReturnType<World['em']>, name: string): DataSource {
  return em.create(DataSource, {
    companyId: w.companies.acme.id,
    name: `Orders API ${name}`,
    description: null,
    type: 'Custom API',
    catalogueId: 'rest-api',
    status: 'active',
    config: { settings: { url: `${apiBase}/sources/${name}`, pagination: 'page', pageSize: String(PAGE_SIZE), recordsPath: 'data', keyField: 'id' } },
    credentials: sealSecrets({ authHeaderValue: SECRET }, w.config.credentialsKey),
    recordKind: 'people',
    fields: fieldSetOf('rest-api').map((field) => field.name),
    mapping: {},
    keyField: 'id',
    createdById: null,
  });
}

let apiBase = '';

describe('npm run worker processes', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  let api: LocalHttpServer;
  /** How often each source's page was asked for, as "source/page". */
  const pagesAsked = new Map<string, number>();
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    api = await startHttpServer((request, response, { url }) => {
      if (request.headers.authorization !== SECRET) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Unknown API key' }));
        return;
      }
      const source = url.pathname.split('/')[2]!;
      const page = Number(url.searchParams.get('page') ?? 1);
      const key = `${source}/${page}`;
      pagesAsked.set(key, (pagesAsked.get(key) ?? 0) + 1);
      const pages = source.startsWith('killed') ? KILL_PAGES : PAGES;
      const items = page > pages ? [] : Array.from({ length: PAGE_SIZE }, (_, index) => ({ id: `${source}-${(page - 1) * PAGE_SIZE + index + 1}` }));
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: items }));
      }, source.startsWith('killed') ? KILL_PAGE_DELAY_MS : PAGE_DELAY_MS);
    });
    apiBase = api.base;
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await api?.close();
  });

  it('pulls every queued run exactly once, each run held by one worker, and stops on SIGTERM', async () => {
    const w = world();
    const count = usingPostgres() ? 2 : 1;
    for (let index = 0; index < count; index++) workers.push(startWorker(w));
    const ids = await Promise.all(workers.map((worker) => worker.id));

    const em = w.em();
    const sources = Array.from({ length: SOURCES }, (_, index) => restSource(w, em, `s${index + 1}`));
    await em.flush();
    const queue = createSyncQueue({ config: w.config });
    for (const source of sources) await queue.enqueue(w.em(), source, 'manual');

    // Who holds each run while it runs, sampled until every run has finished.
    const holders = new Map<string, Set<string>>();
    const runsOfSources = () => w.em().find(SyncRun, { sourceId: { $in: sources.map((source) => source.id) } });
    // Each look notes which worker holds each run, until every run has ended.
    const unfinished = async () => {
      const runs = await runsOfSources();
      for (const run of runs) if (run.lockedBy) holders.set(run.id, (holders.get(run.id) ?? new Set()).add(run.lockedBy));
      return runs.filter((run) => run.status !== 'succeeded' && run.status !== 'failed').map((run) => run.status);
    };
    await expect.poll(unfinished, { timeout: 90_000, interval: 100 }).toEqual([]);
    const runs = await runsOfSources();
    expect(runs.map((run) => [run.status, run.added, run.firstError])).toEqual(sources.map(() => ['succeeded', PAGES * PAGE_SIZE, null]));

    // Every page of every source was asked for once: no run was pulled twice, nor by two workers.
    for (let index = 1; index <= SOURCES; index++) {
      for (let page = 1; page <= PAGES; page++) expect(pagesAsked.get(`s${index}/${page}`), `s${index} page ${page}`).toBe(1);
    }
    for (const [run, held] of holders) expect([...held], run).toHaveLength(1);
    const byWorker = new Set([...holders.values()].flatMap((held) => [...held]));
    expect([...byWorker].every((id) => ids.includes(id))).toBe(true);
    // Each process claims at most two runs at a time, so with eight queued both take a share.
    expect(byWorker.size).toBe(count);
    for (const source of sources) expect((await w.em().findOneOrFail(DataSource, source.id)).records).toBe(PAGES * PAGE_SIZE);

    for (const worker of workers) worker.child.kill('SIGTERM');
    expect(await Promise.all(workers.map((worker) => worker.exit))).toEqual(workers.map(() => 0));
  });

  it('resumes a run whose worker was killed mid-run after its last stored page, fetching no stored page again', async () => {
    const w = world();
    const em = w.em();
    const source = restSource(w, em, 'killed1');
    await em.flush();
    const queue = createSyncQueue({ config: w.config });
    const { run } = await queue.enqueue(w.em(), source, 'manual');
    const asked = (page: number) => pagesAsked.get(`killed1/${page}`) ?? 0;

    const doomed = startWorker(w);
    workers.push(doomed);
    await doomed.id;
    // Killed once it has stored KILL_AFTER_PAGES pages, with no chance to give the run back.
    await expect.poll(async () => (await w.em().findOneOrFail(SyncRun, run.id)).processed, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(KILL_AFTER_PAGES * PAGE_SIZE);
    doomed.child.kill('SIGKILL');
    await doomed.exit;
    const killed = await w.em().findOneOrFail(SyncRun, run.id);
    expect(killed.status).toBe('running');
    const stored = killed.processed / PAGE_SIZE;
    expect(stored).toBeLessThan(KILL_PAGES);
    // What the run's counts say is stored is exactly what is stored.
    expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(killed.processed);
    expect(killed.added).toBe(killed.processed);

    // Its lease runs out (as it would SYNC_LEASE_MS later): the next worker takes the run over.
    await w.em().nativeUpdate(SyncRun, { id: run.id }, { lockedUntil: new Date(Date.now() - 1_000) });
    const heir = startWorker(w);
    workers.push(heir);
    await expect.poll(async () => (await w.em().findOneOrFail(SyncRun, run.id)).status, { timeout: 60_000, interval: 50 }).toBe('succeeded');

    const done = await w.em().findOneOrFail(SyncRun, run.id);
    expect(done).toMatchObject({ processed: KILL_PAGES * PAGE_SIZE, added: KILL_PAGES * PAGE_SIZE, updated: 0, failed: 0, checkpoint: null });
    expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(KILL_PAGES * PAGE_SIZE);
    expect((await w.em().findOneOrFail(DataSource, source.id)).records).toBe(KILL_PAGES * PAGE_SIZE);
    // The stored pages were asked for once; the one in flight at the kill at most twice; the rest once.
    for (let page = 1; page <= KILL_PAGES; page++) {
      if (page <= stored) expect(asked(page), `page ${page}`).toBe(1);
      else if (page === stored + 1) expect(asked(page), `page ${page}`).toBeGreaterThanOrEqual(1);
      else expect(asked(page), `page ${page}`).toBe(1);
      expect(asked(page), `page ${page}`).toBeLessThanOrEqual(2);
    }
    expect([...pagesAsked.keys()].filter((key) => key.startsWith('killed1/')).reduce((sum, key) => sum + pagesAsked.get(key)!, 0)).toBeLessThanOrEqual(KILL_PAGES + 2);

    heir.child.kill('SIGTERM');
    expect(await heir.exit).toBe(0);
  });
});
