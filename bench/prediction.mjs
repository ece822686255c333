// The prediction API, through the real HTTP routes of a BFF running in its own process on a fresh
// SQLite database, for one company with 100,000 items and 1,000,000 events. The BFF starts without
// the demo (SEED_DEMO=false): the benchmark registers its own company and admin through the API, so
// the database holds only what is measured. It runs WEB_PROCESSES web processes, WEB_CONCURRENCY's
// production default (one per core), each with its own copy of the snapshot. Each figure is
// printed with the machine's load average when it was measured.
//
// (a) Events ingestion: POST /api/v1/events in batches of 1,000, 2 requests in flight, for the
//     first INGEST_MEASURED events. Target: at least EVENTS_TARGET_PER_S. The rest of the million
//     is written straight into the database (set-up, not measured), rows shaped as ingestion
//     writes them.
// (b) Snapshot build: the first predict builds the company's index in the worker thread; the
//     figure is prediction_snapshots.build_ms (read, index, hand-back). Target: under
//     BUILD_TARGET_MS.
// (c) Predict: POST /api/v1/predict under autocannon, 10 connections, a mix of queries, people and
//     filters. Target: p99 under PREDICT_P99_TARGET_MS and at least PREDICT_TARGET_RPS. Printed
//     with it (information, Linux): how long the threads of each web process and of the load
//     generator ran and waited on the run queue for a core meanwhile; the three share the cores.
// (d) Predict during a rebuild: new items are sent, the refresher (every 2 s here) builds a new
//     snapshot in the worker while autocannon runs, until the new version is published (at most
//     REBUILD_RUN_MAX_S). Target: p99 under PREDICT_REBUILD_P99_TARGET_MS, and the new version
//     published during the run. The worker runs at a lower priority than the requests, so on
//     saturated cores the build takes longer than alone.
// Before (c), warm-up runs are repeated until none has a slow answer: every web process has loaded
// the snapshot, however long a loaded machine takes for that.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { benchNodeArgs, bffEnv, createAccount, random32, startBff, stop, waitFor } from './bff-overhead.mjs';
import { childPids, CORES, createReport, describeLoad, loadNow, runAlone, watchLoad, watchScheduler } from './report.mjs';

/** What the failed requests of an autocannon run were (" (2 × 503, 1 timed out)"), or nothing when none failed. */
function failuresOf(result) {
  const parts = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} × ${code}`);
  if (result.timeouts) parts.push(`${result.timeouts} timed out`);
  const other = result.errors - (result.timeouts ?? 0);
  if (other > 0) parts.push(`${other} connection errors`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export const ITEMS = 100_000;
export const EVENTS = 1_000_000;
export const INGEST_MEASURED = 200_000;
export const EVENTS_TARGET_PER_S = 2_000;
export const BUILD_TARGET_MS = 30_000;
export const PREDICT_P99_TARGET_MS = 20;
export const PREDICT_TARGET_RPS = 1_000;
/** While a snapshot is rebuilt (in a worker thread of each web process) predict may be slower, within this. */
export const PREDICT_REBUILD_P99_TARGET_MS = 30;
/**
 * How long the run during a rebuild may wait for the new version: the build runs at a lower
 * priority than the requests, so under this load it took 85-180 s on this machine (10-20 s alone).
 */
const REBUILD_RUN_MAX_S = 300;
/** Web processes: WEB_CONCURRENCY's production default, one per core (BENCH_WEB_CONCURRENCY to change it). */
export const WEB_PROCESSES = Number(process.env.BENCH_WEB_CONCURRENCY ?? CORES);
/** A warm-up run whose slowest answer is under this found every web process ready. */
const WARM_MAX_MS = 1_000;

const BFF_PORT = 3911;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const DAY_MS = 86_400_000;
const EVENT_TYPES = ['view', 'view', 'view', 'view', 'view', 'view', 'click', 'click', 'add_to_cart', 'purchase', 'rating'];


const CATEGORIES = ['Kitchen', 'Bedding', 'Bath', 'Lighting', 'Furniture', 'Decor', 'Outdoor', 'Garden', 'Storage', 'Office'];
const MATERIALS = ['Oak', 'Walnut', 'Linen', 'Cotton', 'Wool', 'Brass', 'Copper', 'Ceramic', 'Stoneware', 'Glass', 'Rattan', 'Teak', 'Bamboo', 'Velvet', 'Marble', 'Steel', 'Jute', 'Cedar', 'Leather', 'Bouclé'];
const NOUNS = ['Lamp', 'Chair', 'Table', 'Shelf', 'Vase', 'Rug', 'Throw', 'Pillow', 'Kettle', 'Skillet', 'Mirror', 'Bench', 'Stool', 'Planter', 'Basket', 'Clock', 'Desk', 'Towel', 'Candle', 'Lantern', 'Sofa', 'Dresser', 'Quilt', 'Bowl', 'Tray'];
const STYLES = ['Scandinavian', 'Industrial', 'Coastal', 'Farmhouse', 'Minimalist', 'Bohemian', 'Classic', 'Mid-Century'];

export function catalogue() {
  const random = random32(0xbe4c);
  const pick = (values) => values[Math.floor(random() * values.length)];
  return Array.from({ length: ITEMS }, (_, index) => {
    const category = CATEGORIES[index % CATEGORIES.length];
    const title = `${pick(MATERIALS)} ${pick(NOUNS)} ${index % 97}`;
    const style = pick(STYLES);
    return {
      id: `B-${index + 1}`,
      title,
      description: `${title}: a ${style.toLowerCase()} piece for the ${category.toLowerCase()}, made by seller ${index % 500}.`,
      category,
      tags: [category.toLowerCase(), style.toLowerCase(), pick(MATERIALS).toLowerCase()],
      genres: [style],
      price: Math.round(10 + random() * 990),
      available: true,
      stock: random() < 0.03 ? 0 : Math.floor(random() * 300),
      seller_id: `seller-${index % 500}`,
      rating: Math.round((3 + random() * 2) * 10) / 10,
      rating_count: Math.floor(random() * 500),
      delivery_days: 1 + Math.floor(random() * 10),
      regions: ['US-West', 'US-East'].filter(() => random() < 0.7),
      created_at: new Date(Date.now() - Math.floor(random() * 400) * DAY_MS).toISOString(),
    };
  });
}

/** Event `index` of the million: 50,000 people, popularity skewed towards the first items. */
export function eventAt(index, random) {
  const item = Math.floor(Math.pow(random(), 2.2) * ITEMS) + 1;
  return {
    event_id: `bench-${index}`,
    user_id: `person-${Math.floor(random() * 50_000)}`,
    item_id: `B-${item}`,
    type: EVENT_TYPES[Math.floor(random() * EVENT_TYPES.length)],
    value: null,
    timestamp: new Date(Date.now() - Math.floor(random() * 30 * DAY_MS)).toISOString(),
  };
}

async function call(base, method, path, headers, body) {
  const response = await fetch(`${base}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** An autocannon run for its duration or, given `done`, until `done()` holds (asked every second). */
function run(options, done = null) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      clearInterval(asking);
      if (error) reject(error);
      else resolve(result);
    });
    const asking = done && setInterval(() => {
      if (done()) instance.stop();
    }, 1_000);
  });
}

export function predictRequests() {
  const queries = ['oak table', 'linen', 'ceramic vase', 'scandinavian lamp', '', 'copper kettle', 'velvet sofa', 'garden planter'];
  return Array.from({ length: 64 }, (_, index) => ({
    method: 'POST',
    path: '/api/v1/predict',
    body: JSON.stringify({
      query: queries[index % queries.length],
      top_k: 10,
      metadata: { user_id: `person-${index * 613}`, channel: 'web' },
      ...(index % 4 === 0 ? { filters: { price: { lte: 400 } } } : {}),
    }),
  }));
}

/** Writes events straight into data_records, shaped as POST /api/v1/events stores them. */
function insertEvents(dbPath, companyId, from, to) {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 30000');
  const source = db.prepare("select id, company_id from data_sources where company_id = ? and catalogue_id = 'prediction-api' and record_kind = 'events'").get(companyId);
  const template = db.prepare("select * from data_records where source_id = ? limit 1").get(source.id);
  const columns = Object.keys(template);
  const insert = db.prepare(`insert into data_records (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
  const random = random32(0xe7e7 + from);
  const now = Date.now();
  db.transaction(() => {
    for (let index = from; index < to; index++) {
      const event = eventAt(index, random);
      const time = Date.parse(event.timestamp);
      const row = {
        ...template,
        id: randomUUID(),
        record_key: event.event_id,
        data: JSON.stringify(event),
        unified: JSON.stringify({ user_id: event.user_id, item_id: event.item_id, event_type: event.type, event_time: event.timestamp }),
        record_index: index,
        user_id: event.user_id,
        event_type: event.type,
        event_time: time,
        item_id: event.item_id,
        created_at: now,
        updated_at: now,
        imported_at: now,
      };
      insert.run(...columns.map((column) => row[column]));
    }
  })();
  db.close();
}

/**
 * Warm-up runs until one has no request slower than WARM_MAX_MS: every web process has loaded the
 * snapshot (the published version, from the file its builder kept) and compiled its hot paths. A loaded
 * machine makes that slow, not wrong, so it waits as long as the BFF keeps making progress.
 */
async function warmUp(base, requests, headers, bff) {
  const started = performance.now();
  for (let round = 1; ; round++) {
    // A request still unanswered at the end of a run is not counted by autocannon, so one waiting
    // on a process that is still loading would go unseen: anything slower than WARM_MAX_MS times out.
    const warm = await run({ url: base, connections: 10, duration: 5, timeout: WARM_MAX_MS / 1000, requests, headers });
    if (warm.non2xx + warm.errors === 0 && warm.latency.max < WARM_MAX_MS) return;
    if (bff.exitCode !== null) throw new Error('The BFF ended during the warm-up');
    if (performance.now() - started > 20 * 60_000) throw new Error(`Predict still answers in up to ${warm.latency.max} ms after 20 minutes of warm-up`);
    if (round % 6 === 0) console.error(`  ... still warming up: slowest ${warm.latency.max} ms, ${describeLoad(loadNow())}`);
  }
}

export async function measurePrediction() {
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-prediction-'));
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: process.env.DATABASE_URL }, {
    PREDICT_RATE_LIMIT: '10000000',
    PREDICTION_REFRESH_SECONDS: '2',
    PREDICTION_POLL_SECONDS: '2',
    // Predict is measured alone: the audience refresher would rebuild the company's profiles from the
    // million events in this process (bench/audience.mjs measures that).
    AUDIENCE_REFRESH_SECONDS: '86400',
    WEB_CONCURRENCY: String(WEB_PROCESSES),
    // BENCH_BFF_LOG_LEVEL=info, with BENCH_BFF_LOG_FILE, keeps every request with its time.
    ...(process.env.BENCH_BFF_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_BFF_LOG_LEVEL } : {}),
  });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  const result = { webProcesses: WEB_PROCESSES };
  const nodeArgs = benchNodeArgs();
  // BENCH_BFF_LOG_FILE keeps the BFF's log (every request with its time) in that file.
  const bff = startBff(env, { quiet: !process.env.BENCH_BFF_LOG, logFile: process.env.BENCH_BFF_LOG_FILE ?? null, nodeArgs });
  try {
    await waitFor(`${base}/api/health`, { process: bff });
    // Only what is measured: the benchmark's own company and admin, its key, catalogue and events.
    const account = await createAccount(base);
    // A new company is on the Free plan, whose 1,000 calls a month stop predict within a second of
    // the run: the benchmark's company gets the Enterprise plan (no allowance), as a customer at
    // this size would have.
    const writer = new Database(join(dataDir, 'navout.sqlite'));
    writer.pragma('busy_timeout = 30000');
    writer.prepare("update companies set plan = 'enterprise' where id = ?").run(account.companyId);
    writer.close();
    const created = await call(base, 'POST', '/api/api-keys', account.headers, { name: 'Benchmark', permissions: ['read', 'write'] });
    const key = { 'X-API-Key': created.token };

    const items = catalogue();
    for (let start = 0; start < items.length; start += 1_000) await call(base, 'PUT', '/api/v1/items', key, items.slice(start, start + 1_000));

    const random = random32(0xe7e7);
    const batches = [];
    for (let start = 0; start < INGEST_MEASURED; start += 1_000) batches.push(Array.from({ length: 1_000 }, (_, offset) => eventAt(start + offset, random)));
    const ingestStarted = performance.now();
    let next = 0;
    await Promise.all([0, 1].map(async () => {
      while (next < batches.length) await call(base, 'POST', '/api/v1/events', key, { events: batches[next++] });
    }));
    result.eventsPerSecond = INGEST_MEASURED / ((performance.now() - ingestStarted) / 1000);
    result.ingestLoad = loadNow();
    insertEvents(join(dataDir, 'navout.sqlite'), account.companyId, INGEST_MEASURED, EVENTS);
    // The insert blocked this process for a while: let the client notice the keep-alive sockets
    // the server closed meanwhile, rather than send the next request on one of them.
    await new Promise((resolve) => setTimeout(resolve, 500));

    // The first predict after the bulk load waits for the snapshot of all of it.
    const db = new Database(join(dataDir, 'navout.sqlite'), { readonly: true });
    const companyId = account.companyId;
    const latest = db.prepare("select version, build_ms, item_count, event_count from prediction_snapshots where company_id = ? and status = 'ready' order by version desc limit 1");
    const buildLoad = watchLoad();
    for (;;) {
      await call(base, 'POST', '/api/v1/predict', key, { query: 'oak table', top_k: 10 });
      const snapshot = latest.get(companyId);
      if (snapshot && snapshot.event_count >= EVENTS) {
        result.snapshot = { ...snapshot, load: buildLoad.stop() };
        break;
      }
      if (bff.exitCode !== null) throw new Error('The BFF ended before the snapshot was built');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    const requests = predictRequests();
    const headers = { 'content-type': 'application/json', ...key };
    await warmUp(base, requests, headers, bff);
    // The web processes and the load generator share the cores: how long each waited for one.
    const webProcesses = childPids(bff.pid);
    const scheduler = watchScheduler([...webProcesses, process.pid]);
    const steady = await run({ url: base, connections: 10, duration: DURATION_S, requests, headers });
    const cores = scheduler.stop();
    result.predict = { rps: steady.requests.average, p99: steady.latency.p99, p50: steady.latency.p50, errors: steady.non2xx + steady.errors, failures: failuresOf(steady), load: loadNow(), cores };

    const before = latest.get(companyId).version;
    await call(base, 'PUT', '/api/v1/items', key, items.slice(0, 1_000).map((item) => ({ ...item, title: `${item.title} (restocked)` })));
    // Until the refresher has noticed the change and the worker has built and published the new version.
    const duringLoad = watchLoad();
    const duringStarted = performance.now();
    const during = await run({ url: base, connections: 10, duration: REBUILD_RUN_MAX_S, requests, headers }, () => latest.get(companyId).version > before);
    const after = latest.get(companyId);
    result.duringRebuild = {
      rps: during.requests.average,
      p99: during.latency.p99,
      errors: during.non2xx + during.errors,
      failures: failuresOf(during),
      rebuilt: after.version > before,
      runS: (performance.now() - duringStarted) / 1000,
      buildMs: after.build_ms,
      load: duringLoad.stop(),
    };
    db.close();
  } finally {
    await stop(bff);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

export async function printPredictionBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(
    `Prediction API, SQLite, one company with ${ITEMS.toLocaleString('en-US')} items and ${EVENTS.toLocaleString('en-US')} events ` +
      `(only the benchmark's company, written by the benchmark), ${WEB_PROCESSES} web process${WEB_PROCESSES === 1 ? '' : 'es'} (WEB_CONCURRENCY)`,
  );
  const result = await measurePrediction();
  report.figure('events ingestion, batches of 1,000', `${Math.round(result.eventsPerSecond).toLocaleString('en-US')} events/s`, {
    target: `at least ${EVENTS_TARGET_PER_S.toLocaleString('en-US')}`,
    ok: result.eventsPerSecond >= EVENTS_TARGET_PER_S,
    load: result.ingestLoad,
  });
  report.figure('snapshot build in the worker', `${(result.snapshot.build_ms / 1000).toFixed(1)} s for ${result.snapshot.item_count} items, ${result.snapshot.event_count} events`, {
    target: `under ${BUILD_TARGET_MS / 1000} s`,
    ok: result.snapshot.build_ms < BUILD_TARGET_MS,
    load: result.snapshot.load,
  });
  const steady = result.predict;
  report.figure('predict, 10 connections', `${Math.round(steady.rps)} req/s, p50 ${steady.p50} ms, p99 ${steady.p99} ms, ${steady.errors} errors${steady.failures}`, {
    target: `p99 under ${PREDICT_P99_TARGET_MS} ms, at least ${PREDICT_TARGET_RPS} req/s`,
    ok: steady.p99 < PREDICT_P99_TARGET_MS && steady.rps >= PREDICT_TARGET_RPS && steady.errors === 0,
    load: steady.load,
  });
  const { cores } = steady;
  if (cores && cores.processes.length > 1) {
    const web = cores.processes.slice(0, -1);
    const loadGenerator = cores.processes.at(-1);
    const range = (values) => (Math.min(...values) === Math.max(...values) ? values[0].toFixed(1) : `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`);
    report.figure(
      '  where the cores went',
      `in ${cores.seconds.toFixed(1)} s each web process's threads ran ${range(web.map((p) => p.runS))} s and waited ${range(web.map((p) => p.waitS))} s for a core; the load generator ran ${loadGenerator.runS.toFixed(1)} s`,
      { load: steady.load },
    );
  }
  const during = result.duringRebuild;
  const rebuilt = during.rebuilt ? `published after ${during.runS.toFixed(0)} s (its build ${(during.buildMs / 1000).toFixed(1)} s)` : `not published within ${REBUILD_RUN_MAX_S} s`;
  report.figure('predict during a rebuild', `${Math.round(during.rps)} req/s, p99 ${during.p99} ms, ${during.errors} errors${during.failures}; new snapshot ${rebuilt}`, {
    target: `p99 under ${PREDICT_REBUILD_P99_TARGET_MS} ms, the new snapshot published during the run`,
    ok: during.rebuilt && during.p99 < PREDICT_REBUILD_P99_TARGET_MS && during.errors === 0,
    load: during.load,
  });
  return report.missed;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printPredictionBenchmark);
