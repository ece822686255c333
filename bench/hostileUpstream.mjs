// One company's connector paging answers near the size limit, beside every other company: the
// compiled server as `npm start` runs it (one process, its jobs on, SQLite, the demo seeded), Acme's
// admin connecting a REST API source to a local server that answers every page with about
// PAGE_BYTES of JSON (just under the connectors' 20 MB limit, CONNECTOR_MAX_BYTES) and never runs
// out of pages, then Sync Now. The local server runs in a process of its own, so writing its pages
// never holds up this process's probes.
//
// Measured, before the pull (for comparison) and while it runs (MEASURE_SECONDS):
// - GET /api/health every HEALTH_PROBE_MS, timed from when it was due. Target: p99 at most HEALTH_TARGET_MS.
// - Globex's admin (carol) reading her dashboard, GET /api/dashboard/metrics?range=30d, every
//   DASHBOARD_PROBE_MS, timed from when it was due. Target: p99 at most DASHBOARD_TARGET_MS.
// - For information: the pages the pull stored meanwhile, the web process's and its jobs
//   process's peak resident memory.
//
// BENCH_HOSTILE_RECORD_BYTES sets the size of each record of a page (2,000 by default: about 9,700
// records a page); BENCH_HOSTILE_DEMO_PERCENT the demo's DEMO_SCALE_PERCENT (100 by default).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryWatch } from './memory.mjs';
import { createReport, childPids, runAlone, watchLoad } from './report.mjs';

export const HEALTH_TARGET_MS = 100;
export const DASHBOARD_TARGET_MS = 200;
export const PAGE_BYTES = 19.5 * 1024 * 1024;
const RECORD_BYTES = Number(process.env.BENCH_HOSTILE_RECORD_BYTES ?? 2_000);
const DEMO_PERCENT = process.env.BENCH_HOSTILE_DEMO_PERCENT ?? '100';
const BASELINE_SECONDS = 10;
const MEASURE_SECONDS = 30;
const HEALTH_PROBE_MS = 50;
const DASHBOARD_PROBE_MS = 100;
const API_PORT = 3931;
const BFF_PORT = 3932;
const DASHBOARD = '/api/dashboard/metrics?range=30d';
const ACME = { email: 'alice@acme.example', password: 'Acme-Admin-2026' };
const GLOBEX = { email: 'carol@globex.example', password: 'Globex-Admin-2026' };
const SERVE_ARG = '--serve-hostile-api';

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The hostile API (in its own process): page N of endless pages, each about PAGE_BYTES of records. */
function serveHostileApi(port) {
  const filler = 'h'.repeat(Math.max(0, RECORD_BYTES - 60));
  const perPage = Math.floor(PAGE_BYTES / RECORD_BYTES);
  let served = 0;
  const server = createServer((request, response) => {
    const page = Number(new URL(request.url ?? '/', 'http://local').searchParams.get('page') ?? 1);
    const records = new Array(perPage);
    for (let index = 0; index < perPage; index++) records[index] = `{"id":"h${page}-${index}","plan":"pro","note":"${filler}"}`;
    const body = `{"data":[${records.join(',')}]}`;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body, () => process.send?.({ served: ++served, bytes: Buffer.byteLength(body), records: perPage }));
  });
  server.listen(port, '127.0.0.1', () => process.send?.({ listening: true }));
}

function startHostileApi() {
  const child = fork(fileURLToPath(import.meta.url), [SERVE_ARG, String(API_PORT)], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const state = { child, served: 0, bytes: 0, records: 0 };
  child.on('message', (message) => {
    if (message.served) Object.assign(state, message);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message) => message.listening && resolve(state));
  });
}

async function signInAs(base, account) {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  if (!response.ok) throw new Error(`Signing in as ${account.email} failed: ${response.status}`);
  return { Authorization: `Bearer ${(await response.json()).token}` };
}

/** Asks `url` every `everyMs` until `until`, each timed from when it was due; answers the times and statuses. */
async function probe(url, headers, everyMs, until) {
  const times = [];
  const statuses = {};
  let due = performance.now();
  while (due < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    times.push(performance.now() - due);
    due = Math.max(due + everyMs, performance.now());
  }
  return { times, statuses };
}

async function measureBoth(base, carol, seconds) {
  const until = performance.now() + seconds * 1000;
  const [health, dashboard] = await Promise.all([probe(`${base}/api/health`, {}, HEALTH_PROBE_MS, until), probe(`${base}${DASHBOARD}`, carol, DASHBOARD_PROBE_MS, until)]);
  return { health, dashboard };
}

export async function measureHostileUpstream() {
  const { bffEnv, startBff, stop, waitFor } = await import('./bff-overhead.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-hostile-'));
  const base = `http://127.0.0.1:${BFF_PORT}`;
  const api = await startHostileApi();
  const env = bffEnv({ port: BFF_PORT, dataDir }, { CONNECTOR_ALLOW_PRIVATE: 'true', SYNC_POLL_SECONDS: '1', DEMO_SCALE_PERCENT: DEMO_PERCENT, NODE_ENV: 'production' });
  const seeding = performance.now();
  const bff = startBff(env, { seed: true });
  try {
    await waitFor(`${base}/api/health`, { process: bff });
    const seededSeconds = (performance.now() - seeding) / 1000;
    const [jobsPid] = childPids(bff.pid);
    const alice = { ...(await signInAs(base, ACME)), 'Content-Type': 'application/json' };
    const carol = await signInAs(base, GLOBEX);
    // The start's own work (the demo's first audience builds in the jobs process) settles first.
    for (let index = 0; index < 10; index++) await (await fetch(`${base}${DASHBOARD}`, { headers: carol })).arrayBuffer();
    const before = await measureBoth(base, carol, BASELINE_SECONDS);

    const connected = await fetch(`${base}/api/data-sources`, {
      method: 'POST',
      headers: alice,
      body: JSON.stringify({ catalogueId: 'rest-api', settings: { url: `http://127.0.0.1:${API_PORT}/orders`, pagination: 'page', pageSize: '1000', recordsPath: 'data', keyField: 'id' } }),
    });
    if (connected.status !== 201) throw new Error(`Connecting the source failed: ${connected.status} ${await connected.text()}`);
    const source = await connected.json();
    const synced = await fetch(`${base}/api/data-sources/${source.id}/sync`, { method: 'POST', headers: alice });
    if (synced.status !== 202) throw new Error(`Sync Now failed: ${synced.status}`);
    // Measured once the first page has been served: the pull is under way.
    while (api.served < 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const servedBefore = api.served;
    const webMemory = memoryWatch(bff.pid);
    const jobsMemory = jobsPid ? memoryWatch(jobsPid) : null;
    webMemory.start();
    jobsMemory?.start();
    const load = watchLoad(2_000);
    const during = await measureBoth(base, carol, MEASURE_SECONDS);
    const loadDuring = load.stop();
    const [run] = await (await fetch(`${base}/api/data-sources/${source.id}/runs`, { headers: alice })).json();
    return {
      seededSeconds,
      jobsPid,
      webPid: bff.pid,
      before,
      during,
      pagesServed: api.served - servedBefore,
      pageBytes: api.bytes,
      pageRecords: api.records,
      run,
      webPeakMb: webMemory.stop().peakBytes / 1024 / 1024,
      jobsPeakMb: jobsMemory ? jobsMemory.stop().peakBytes / 1024 / 1024 : null,
      load: loadDuring,
    };
  } finally {
    await stop(bff);
    api.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const describeStatuses = (statuses) => Object.entries(statuses).map(([status, count]) => `${count} × ${status}`).join(', ');

export async function printHostileUpstreamBenchmark(log = console.info) {
  const report = createReport(log, { labelWidth: 44 });
  report.heading(`A hostile upstream: one company's REST source paging answers of about ${(PAGE_BYTES / 1024 / 1024).toFixed(1)} MB, another company's dashboard beside it; npm start on SQLite, demo seeded (${DEMO_PERCENT} %)`);
  const measured = await measureHostileUpstream();
  const { before, during } = measured;
  report.line(
    `seeded and ready in ${measured.seededSeconds.toFixed(0)} s; web process ${measured.webPid}, jobs process ${measured.jobsPid ?? 'none'}; pages of ${(measured.pageBytes / 1024 / 1024).toFixed(1)} MB (${measured.pageRecords.toLocaleString('en-US')} records of ${RECORD_BYTES.toLocaleString('en-US')} bytes)`,
  );
  report.line(`during ${MEASURE_SECONDS} s of the pull: ${measured.pagesServed} pages served; the run ${measured.run?.status}, ${measured.run?.processed.toLocaleString('en-US')} records stored so far`);
  report.figure('health p99 before the pull', `${p99(before.health.times).toFixed(1)} ms (median ${median(before.health.times).toFixed(1)} ms, ${describeStatuses(before.health.statuses)})`, {});
  report.figure('health p99 during the pull', `${p99(during.health.times).toFixed(1)} ms (median ${median(during.health.times).toFixed(1)} ms, slowest ${Math.max(...during.health.times).toFixed(0)} ms; ${describeStatuses(during.health.statuses)})`, {
    target: `at most ${HEALTH_TARGET_MS} ms`,
    ok: p99(during.health.times) <= HEALTH_TARGET_MS,
    load: measured.load,
  });
  report.figure("Globex's dashboard p99 before the pull", `${p99(before.dashboard.times).toFixed(1)} ms (median ${median(before.dashboard.times).toFixed(1)} ms, ${describeStatuses(before.dashboard.statuses)})`, {});
  report.figure("Globex's dashboard p99 during the pull", `${p99(during.dashboard.times).toFixed(1)} ms (median ${median(during.dashboard.times).toFixed(1)} ms, slowest ${Math.max(...during.dashboard.times).toFixed(0)} ms; ${describeStatuses(during.dashboard.statuses)})`, {
    target: `at most ${DASHBOARD_TARGET_MS} ms`,
    ok: p99(during.dashboard.times) <= DASHBOARD_TARGET_MS,
    load: measured.load,
  });
  report.figure('peak RSS, web process', `${measured.webPeakMb.toFixed(0)} MB`, {});
  if (measured.jobsPeakMb !== null) report.figure('peak RSS, jobs process', `${measured.jobsPeakMb.toFixed(0)} MB`, {});
  return report.missed;
}

if (process.argv[2] === SERVE_ARG) serveHostileApi(Number(process.argv[3]));
else if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printHostileUpstreamBenchmark);
