/**
 * The compiled server (scripts/build-server.mjs), which `npm start` and `npm run worker` run: every
 * worker thread the sources start is an entry of the build, and the compiled server seeds, serves
 * and runs each of its threads (dashboard reads, prediction snapshot, audience build, SQLite
 * checkpoints) from the compiled files.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@bff/seeders/demo';
// @ts-expect-error: a plain JavaScript build script, without type declarations.
import { buildServer, workerThreadEntries } from '../../scripts/build-server.mjs';
import { freePort, run, SEED_MS, waitFor } from './support/processes';

/** The names the sources pass to startWorkerThread, read from the sources themselves. */
function startedWorkerThreads(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync('bff', { recursive: true }) as string[]) {
    if (!file.endsWith('.ts')) continue;
    for (const match of readFileSync(join('bff', file), 'utf8').matchAll(/startWorkerThread\('([^']+)'/g)) names.add(match[1]!);
  }
  return [...names].sort();
}

describe('the compiled server', () => {
  // Inside the project, so that the compiled files find its packages as dist-server/ does.
  const outDir = resolve('node_modules/.cache', `navout-compiled-server-${process.pid}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-compiled-server-'));
  let entries: string[] = [];
  beforeAll(async () => {
    entries = (await buildServer(outDir)) as string[];
  }, 60_000);
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has an entry module for every worker thread the sources start, beside the shared code', () => {
    const started = startedWorkerThreads();
    expect(started).toEqual(['buildWorker', 'readWorker', 'snapshotWorker', 'walCheckpointWorker']);
    expect((workerThreadEntries() as string[]).map((path) => path.split('/').at(-1)!.replace(/\.ts$/, ''))).toEqual(started);
    const built = readdirSync(outDir);
    for (const name of [...started, 'server', 'worker']) expect(built).toContain(`${name}.js`);
    expect(entries).toContain('bff/server.ts');
  });

  it('seeds, serves and runs its worker threads from the compiled files', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = run(join(outDir, 'server.js'), { DATA_DIR: dataDir, PORT: String(port), AUDIENCE_REFRESH_SECONDS: '3600' });
    try {
      await waitFor(server, 'Navout BFF listening');
      const signIn = async ({ email, password }: { email: string; password: string }) => {
        const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
        expect(login.status).toBe(200);
        const { token, user } = (await login.json()) as { token: string; user: { companyId: string } };
        return { headers: { Authorization: `Bearer ${token}` }, companyId: user.companyId };
      };
      const { headers: session, companyId } = await signIn(DEMO_USERS[1]);
      const { headers: admin } = await signIn(DEMO_USERS[0]);

      // Dashboard reads run in the read thread on a SQLite file.
      const metrics = await fetch(`${base}/api/dashboard/metrics?range=30d`, { headers: session });
      expect(metrics.status).toBe(200);

      // A prediction is served from a snapshot the snapshot thread built.
      const created = await fetch(`${base}/api/api-keys`, { method: 'POST', headers: { ...session, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Compiled server', permissions: ['read', 'write'] }) });
      expect(created.status).toBe(201);
      const { token } = (await created.json()) as { token: string };
      const predict = await fetch(`${base}/api/v1/predict`, { method: 'POST', headers: { 'X-API-Key': token, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'lamp', top_k: 3 }) });
      expect(predict.status).toBe(200);
      expect(((await predict.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

      // An audience rebuild runs in the build thread.
      const rebuild = await fetch(`${base}/api/audience-intelligence/rebuild`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify({ companyId }) });
      expect(rebuild.status).toBe(202);
      const { id } = (await rebuild.json()) as { id: string };
      const status = async () => ((await (await fetch(`${base}/api/audience-intelligence/jobs/${id}?companyFilter=${companyId}`, { headers: admin })).json()) as { status: string }).status;
      await expect.poll(status, { timeout: 120_000, interval: 200 }).toMatch(/^(done|failed)$/);
      expect(await status()).toBe('done');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The checkpoint thread started and stopped without a complaint; a missing module is logged as the thread's failure.
      expect(server.output()).not.toMatch(/SQLite checkpoints: the thread (failed|ended)/);
      expect(server.output()).not.toContain('"level":50');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, SEED_MS + 180_000);
});
