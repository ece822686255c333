/**
 * `npm run worker` as real processes sharing the durable queue: on PostgreSQL two of them (each run
 * claimed by one of them, SELECT ... FOR UPDATE SKIP LOCKED), on SQLite one (a single writer). Every
 * queued run is pulled exactly once, page by page, and SIGTERM stops each worker cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSetOf } from '@domain/data/catalogue';
import { DataSource, SyncRun } from '@bff/entities';
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
      const items = page > PAGES ? [] : Array.from({ length: PAGE_SIZE }, (_, index) => ({ id: `${source}-${(page - 1) * PAGE_SIZE + index + 1}` }));
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: items }));
      }, PAGE_DELAY_MS);
    });
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
    const sources = Array.from({ length: SOURCES }, (_, index) =>
      em.create(DataSource, {
        companyId: w.companies.acme.id,
        name: `Orders API ${index + 1}`,
        description: null,
        type: 'Custom API',
        catalogueId: 'rest-api',
        status: 'active',
        config: { settings: { url: `${api.base}/sources/s${index + 1}`, pagination: 'page', pageSize: String(PAGE_SIZE), recordsPath: 'data', keyField: 'id' } },
        credentials: sealSecrets({ authHeaderValue: SECRET }, w.config.credentialsKey),
        recordKind: 'people',
        fields: fieldSetOf('rest-api').map((field) => field.name),
        mapping: {},
        keyField: 'id',
        createdById: null,
      }),
    );
    await em.flush();
    const queue = createSyncQueue({ orm: w.orm, config: w.config });
    for (const source of sources) await queue.enqueue(source, 'manual');

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
});
