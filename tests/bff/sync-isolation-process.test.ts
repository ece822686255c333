/**
 * The default start (bff/server.ts, one process, jobs on) runs the deployment's jobs in a child
 * process of its own: a sync pulling large answers is claimed by that child (its pid, not the web
 * server's), Sync Now reaches it at once over its channel (the polls are an hour apart here), the
 * web server keeps answering while the child parses and stores, a child that dies is started again
 * and resumes the run after its last stored page, and the web server's stop stops the child, its
 * run given back to the queue.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSetOf } from '@domain/data/catalogue';
import { DataRecord, DataSource, SyncRun } from '@bff/entities';
import { sealSecrets } from '@bff/modules/dataSources/sync/secrets';
import { startHttpServer, type LocalHttpServer } from './support/localServers';
import { freePort, run, waitFor, type Running } from './support/processes';
import { TEST_JWT_SECRET, useWorld, type World } from './support/world';

const SECRET = 'Bearer sk_sync_isolation_process_7c6b5a';
const PAGES = 5;
/** Records of about 4 KB: each page is an answer of about 8 MB. */
const PAGE_RECORDS = 2_000;
const NOTE = 'n'.repeat(4_000);
/** Pages from this one on wait until the test lets them go (the child is killed while one waits). */
const HELD_FROM = 3;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid a log line names as the jobs process's, or in its worker id (host:pid:suffix). */
function jobsPids(output: string): number[] {
  return [...output.matchAll(/"jobsPid":(\d+)[^\n]*"msg":"Background jobs process started"/g)].map((match) => Number(match[1]));
}

describe('the default start runs its jobs in a child process', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  let api: LocalHttpServer;
  let holding = true;
  const held: Array<() => void> = [];
  /** How often each page was asked for. */
  const asked = new Map<number, number>();
  let server: Running | null = null;

  beforeAll(async () => {
    api = await startHttpServer((request, response: ServerResponse, { url }) => {
      if (request.headers.authorization !== SECRET) {
        response.writeHead(401).end();
        return;
      }
      const page = Number(url.searchParams.get('page') ?? 1);
      asked.set(page, (asked.get(page) ?? 0) + 1);
      const answer = () => {
        const data = page > PAGES ? [] : Array.from({ length: PAGE_RECORDS }, (_, index) => ({ id: `p${page}-${index}`, note: NOTE }));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data }));
      };
      if (page >= HELD_FROM && holding) held.push(answer);
      else answer();
    });
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    for (const pid of jobsPids(server?.output() ?? '')) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await api?.close();
  });

  function restSource(w: World): DataSource {
    return w.em().create(DataSource, {
      companyId: w.companies.acme.id,
      name: 'Large answers',
      description: null,
      type: 'Custom API',
      catalogueId: 'rest-api',
      status: 'active',
      config: { settings: { url: `${api.base}/large`, pagination: 'page', pageSize: String(PAGE_RECORDS), recordsPath: 'data', keyField: 'id' } },
      credentials: sealSecrets({ authHeaderValue: SECRET }, w.config.credentialsKey),
      recordKind: 'people',
      fields: fieldSetOf('rest-api').map((field) => field.name),
      mapping: {},
      keyField: 'id',
      createdById: null,
    });
  }

  it('pulls in the child, answers meanwhile, restarts a killed child that resumes the run, and stops it with the server', async () => {
    const w = world();
    const database = w.config.database;
    if (database.kind !== 'sqlite') throw new Error('The default start is on SQLite');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = run('bff/server.ts', {
      DATABASE_URL: `sqlite:${database.file}`,
      DATA_DIR: w.config.dataDir,
      PORT: String(port),
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      CONNECTOR_ALLOW_PRIVATE: 'true',
      // Only Sync Now's word to the child can start the run within the test.
      SYNC_POLL_SECONDS: '3600',
      SYNC_SCHEDULE_SECONDS: '3600',
      AUDIENCE_REFRESH_SECONDS: '3600',
    });
    await waitFor(server, 'Navout BFF listening');
    await waitFor(server, 'Navout background jobs process started');
    const [firstJobs] = jobsPids(server.output());
    expect(firstJobs).toBeGreaterThan(0);
    expect(firstJobs).not.toBe(server.child.pid);
    expect(alive(firstJobs!)).toBe(true);

    const source = restSource(w);
    await w.em().persistAndFlush(source);
    const health = async () => (await fetch(`${base}/api/health`)).status;
    const synced = await fetch(`${base}/api/data-sources/${source.id}/sync`, { method: 'POST', headers: w.bearer('alice') });
    expect(synced.status).toBe(202);
    const { id: runId } = (await synced.json()) as { id: string };
    const runNow = () => w.em().findOneOrFail(SyncRun, runId);

    // While the child parses and stores the large pages, the web server answers every health check.
    const answers: number[] = [];
    while (held.length === 0) answers.push(await health());
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers)).toEqual(new Set([200]));
    const claimed = await runNow();
    expect(claimed.status).toBe('running');
    expect(claimed.lockedBy).toContain(`:${firstJobs}:`);
    expect(claimed.lockedBy).not.toContain(`:${server.child.pid}:`);
    await expect.poll(async () => (await runNow()).processed, { timeout: 60_000, interval: 100 }).toBe((HELD_FROM - 1) * PAGE_RECORDS);

    // The child dies mid-run: the server answers on, and starts another.
    process.kill(firstJobs!, 'SIGKILL');
    await expect.poll(() => alive(firstJobs!), { timeout: 10_000 }).toBe(false);
    await waitFor(server, 'The background jobs process ended; starting another');
    expect(await health()).toBe(200);
    // Its lease runs out (as it would SYNC_LEASE_MS later): the new child takes the run over at its start.
    await w.em().nativeUpdate(SyncRun, { id: runId }, { lockedUntil: new Date(Date.now() - 1_000) });
    holding = false;
    for (const release of held.splice(0)) release();
    await expect.poll(() => jobsPids(server!.output()).length, { timeout: 120_000, interval: 200 }).toBe(2);
    const secondJobs = jobsPids(server.output())[1]!;
    expect(secondJobs).not.toBe(firstJobs);
    await expect.poll(async () => (await runNow()).status, { timeout: 120_000, interval: 200 }).toBe('succeeded');
    expect(await runNow()).toMatchObject({ processed: PAGES * PAGE_RECORDS, added: PAGES * PAGE_RECORDS, failed: 0 });
    expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(PAGES * PAGE_RECORDS);
    // The stored pages were not asked for again.
    for (let page = 1; page < HELD_FROM; page++) expect(asked.get(page), `page ${page}`).toBe(1);

    // Stopping the server stops its jobs process first.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(alive(secondJobs)).toBe(false);
    const lines = server.output().split('\n').filter((line) => line.startsWith('{'));
    expect(lines.some((line) => line.includes('"process":"jobs"') && line.includes('"msg":"Stopped"'))).toBe(true);
    expect(lines.findLastIndex((line) => line.includes('"process":"jobs"'))).toBeLessThan(lines.findLastIndex((line) => line.includes('"msg":"Stopped"') && !line.includes('"process":"jobs"')));
    expect((await w.em().findOneOrFail(DataSource, source.id)).status).toBe('active');
  }, 300_000);
});
