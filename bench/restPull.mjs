// A REST API connector pull through the real sync path: a BFF in its own process (its built-in sync
// worker), started without the demo; one company and its admin registered through the API, and the
// company's REST API source connected and synced through the API, reading RECORDS records
// from a local JSON API on port 3921 in pages of PAGE_SIZE (page-number pagination, key field id).
// Measured: records stored per second from Sync Now to the run's success, and the BFF process's
// peak resident memory growth during the run (a pull streams page by page, so memory stays flat).
// Targets: at least TARGET_RECORDS_PER_S records/s and at most TARGET_RSS_GROWTH_MB MB growth.
//
// SQLite by default; PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set and reachable.
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bffEnv, createAccount, createPostgresDatabase, startBff, stop, waitFor } from './bff-overhead.mjs';
import { createReport, loadNow, runAlone } from './report.mjs';

export const RECORDS = Number(process.env.BENCH_REST_RECORDS ?? 100_000);
export const PAGE_SIZE = 1_000;
export const TARGET_RECORDS_PER_S = 3_000;
export const TARGET_RSS_GROWTH_MB = 150;
const API_PORT = 3921;
const BFF_PORT = 3922;
const PLANS = ['free', 'pro', 'team', 'enterprise'];

/** The local API: page `page` of RECORDS customers, generated as they are asked for. */
function startApi() {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('per_page') ?? PAGE_SIZE);
    const start = (page - 1) * size;
    const items = [];
    for (let index = start; index < Math.min(RECORDS, start + size); index++) {
      items.push({
        id: `R-${index}`,
        email: `customer${index}@example.com`,
        name: `Customer ${index}`,
        plan: PLANS[index % PLANS.length],
        amount: (index % 997) / 10,
        updated_at: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      });
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: items }));
  });
  return new Promise((resolve) => server.listen(API_PORT, '127.0.0.1', () => resolve(server)));
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function json(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

export async function measureRestPull() {
  const wantsPostgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
  const postgres = wantsPostgres ? await createPostgresDatabase() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-rest-'));
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres?.url }, {
    AUDIENCE_REFRESH_SECONDS: '86400',
    CONNECTOR_ALLOW_PRIVATE: 'true',
    SYNC_POLL_SECONDS: '1',
  });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  const api = await startApi();
  const bff = startBff(env);
  try {
    await waitFor(`${base}/api/health`, { process: bff });
    const headers = { ...(await createAccount(base)).headers, 'Content-Type': 'application/json' };
    const settings = { url: `http://127.0.0.1:${API_PORT}/customers`, pagination: 'page', pageSize: String(PAGE_SIZE), recordsPath: 'data', keyField: 'id' };
    const source = await json(await fetch(`${base}/api/data-sources`, { method: 'POST', headers, body: JSON.stringify({ catalogueId: 'rest-api', settings }) }));
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

export async function printRestPullBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(`REST API pull of ${RECORDS.toLocaleString('en-US')} records in pages of ${PAGE_SIZE.toLocaleString('en-US')} through the sync worker`);
  const measured = await measureRestPull();
  report.line(`${measured.engine}: ${measured.records.toLocaleString('en-US')} records (${measured.stored.toLocaleString('en-US')} stored) in ${measured.seconds.toFixed(1)} s`);
  report.figure('records/s', Math.round(measured.perSecond).toLocaleString('en-US'), {
    target: `at least ${TARGET_RECORDS_PER_S.toLocaleString('en-US')}`,
    ok: measured.perSecond >= TARGET_RECORDS_PER_S,
    load: measured.load,
  });
  report.figure('peak RSS growth', `${measured.growthMb.toFixed(1)} MB`, { target: `at most ${TARGET_RSS_GROWTH_MB} MB`, ok: measured.growthMb <= TARGET_RSS_GROWTH_MB, load: measured.load });
  return report.missed;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printRestPullBenchmark);
