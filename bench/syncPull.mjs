// A pull through the sync worker, as the REST and declarative connector benchmarks measure it: a
// BFF in its own process (SQLite, or PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set), an account registered through the API, one source connected to a local API, Sync Now,
// then the run polled to its end while the BFF's resident memory is sampled. Targets: at least
// TARGET_RECORDS_PER_S records a second, peak RSS growth at most TARGET_RSS_GROWTH_MB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchNodeArgs, bffEnv, createAccount, createPostgresDatabase, startBff, stop, waitFor } from './bff-overhead.mjs';
import { createReport, loadNow } from './report.mjs';

export const TARGET_RECORDS_PER_S = 3_000;
export const TARGET_RSS_GROWTH_MB = 150;

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function json(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Connects `catalogueId` with `settings` against the server `startApi` starts, syncs it once and
 * answers what the run took. `name` names the temporary data folder.
 */
export async function measureSyncPull({ name, bffPort, startApi, catalogueId, settings }) {
  const wantsPostgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
  const postgres = wantsPostgres ? await createPostgresDatabase() : null;
  const dataDir = mkdtempSync(join(tmpdir(), `navout-bench-${name}-`));
  const env = bffEnv({ port: bffPort, dataDir, databaseUrl: postgres?.url }, {
    AUDIENCE_REFRESH_SECONDS: '86400',
    CONNECTOR_ALLOW_PRIVATE: 'true',
    SYNC_POLL_SECONDS: '1',
  });
  const base = `http://127.0.0.1:${bffPort}`;
  const api = await startApi();
  const bff = startBff(env, { logFile: process.env.BENCH_BFF_LOG_FILE ?? null, nodeArgs: benchNodeArgs() });
  try {
    await waitFor(`${base}/api/health`, { process: bff });
    const headers = { ...(await createAccount(base)).headers, 'Content-Type': 'application/json' };
    const source = await json(await fetch(`${base}/api/data-sources`, { method: 'POST', headers, body: JSON.stringify({ catalogueId, settings }) }));
    const rssBefore = rssOf(bff.pid);
    let peak = rssBefore;
    const started = performance.now();
    await json(await fetch(`${base}/api/data-sources/${source.id}/sync`, { method: 'POST', headers }));
    let run;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      peak = Math.max(peak, rssOf(bff.pid));
      [run] = await json(await fetch(`${base}/api/data-sources/${source.id}/runs`, { headers }));
      if (run.status === 'succeeded' || run.status === 'failed') break;
    }
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 'succeeded') throw new Error(`The sync failed: ${run.firstError}`);
    const [stored] = (await json(await fetch(`${base}/api/data-sources`, { headers }))).filter((each) => each.id === source.id);
    return {
      engine: postgres ? 'postgresql' : 'sqlite',
      records: run.added + run.updated,
      stored: stored.records,
      seconds,
      perSecond: (run.added + run.updated) / seconds,
      growthMb: (peak - rssBefore) / 1024 / 1024,
      load: loadNow(),
    };
  } finally {
    await stop(bff);
    await new Promise((resolve) => api.close(resolve));
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints a measured pull under `heading`, each figure beside its target; answers the number missed. */
export function reportSyncPull(log, heading, measured) {
  const report = createReport(log);
  report.heading(heading);
  report.line(`${measured.engine}: ${measured.records.toLocaleString('en-US')} records (${measured.stored.toLocaleString('en-US')} stored) in ${measured.seconds.toFixed(1)} s`);
  report.figure('records/s', Math.round(measured.perSecond).toLocaleString('en-US'), {
    target: `at least ${TARGET_RECORDS_PER_S.toLocaleString('en-US')}`,
    ok: measured.perSecond >= TARGET_RECORDS_PER_S,
    load: measured.load,
  });
  report.figure('peak RSS growth', `${measured.growthMb.toFixed(1)} MB`, { target: `at most ${TARGET_RSS_GROWTH_MB} MB`, ok: measured.growthMb <= TARGET_RSS_GROWTH_MB, load: measured.load });
  return report.missed;
}
