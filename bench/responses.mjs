// Survey responses, through the real HTTP routes of a BFF running in its own process. The data is
// only what is measured: one company and its admin (registered through the API on a BFF started
// without the demo), the demo's two running surveys of Acme Retail published and started through
// the API (the widget's bundle holds both; responses go to the product-feedback one), and the
// responses each part reads, written in bulk straight into the database.
//
// (a) InsightIQ over 1,000,000 stored responses of one survey, on PostgreSQL. The rows are written
//     with generate_series (set-up well under a minute), then VACUUM ANALYZE as autovacuum would
//     have run on a table that size. Target: analytics, a searched page of responses, user
//     analytics and one question's answers each under INSIGHTIQ_TARGET_MS, the median of 5 calls;
//     the unsearched first page for information. Then the same reads and the survey's CSV export
//     back to back while GET /api/health is asked every 50 ms (healthUnderLoad.mjs). Target: its
//     p99 under HEALTH_TARGET_MS.
// (b) The CSV export of 100,000 responses, on SQLite and PostgreSQL: at least EXPORT_ROWS_TARGET
//     rows per second, and the BFF's peak resident memory during an export of 20,000 and of
//     100,000 rows, each on a freshly started BFF (as bench/import.mjs measures), to show memory
//     does not grow with the row count.
// (c) Response submissions, POST /api/public/surveys/:id/responses with complete=true, on
//     PostgreSQL, under autocannon (10 connections). Target: at least SUBMIT_TARGET_RPS with p99
//     under SUBMIT_P99_TARGET_MS. The rate limits are raised for the run (they are still checked).
// (d) GET /api/public/companies/:id/surveys, the widget's bundle, against bare Koa serving the same
//     JSON in the same run, as bench/bff-overhead.mjs measures. Target: at least BUNDLE_RATIO_TARGET.
// (c) and (d) are judged with SMALL_SURVEY_ROWS responses in the survey, then shown for
// information with the million.
//
// PostgreSQL parts are skipped with a notice when BENCH_DATABASE_URL (or TEST_DATABASE_URL, or
// postgres://postgres@127.0.0.1:5432/test) is not reachable.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { benchNodeArgs, bffEnv, createAccount, createPostgresDatabase, signIn, startBff, startKoa, stop, waitFor } from './bff-overhead.mjs';
import { describeStatuses, HEALTH_TARGET_MS, HEAVY_CLIENTS, HEAVY_SECONDS, measureHealthUnderLoad, PROBE_MS } from './healthUnderLoad.mjs';
import { memoryWatch, procStatus } from './memory.mjs';
import { createReport, loadNow, runAlone } from './report.mjs';

export const INSIGHTIQ_TARGET_MS = 200;
export const ANALYTICS_ROWS = 1_000_000;
export const SMALL_SURVEY_ROWS = 5_000;
export const EXPORT_SIZES = [20_000, 100_000];
export const EXPORT_RSS_GROWTH_TARGET = 1.5;
export const EXPORT_ROWS_TARGET = 100_000;
export const SUBMIT_TARGET_RPS = 1_000;
export const SUBMIT_P99_TARGET_MS = 50;
export const BUNDLE_RATIO_TARGET = 0.5;

const BFF_PORT = 3907;
const KOA_PORT = 3909;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The demo's running survey whose questions the written responses answer (q_category, q_quality, q_review). */
const RUNNING_SURVEY = 'Product feedback — home collection';
const RESPONSE_COLUMNS =
  'id, company_id, survey_id, visitor_id, ip_address, device_type, user_agent, page_url, identifiers, answers, started_at, completed_at, completion_time_seconds, is_complete, write_token_hash, created_at, updated_at';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const formatRows = (rows) => rows.toLocaleString('en-US');

async function call(base, method, path, headers, body) {
  const response = await fetch(`${base}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * The demo's running surveys of Acme Retail (as bff/seeders/demoSurveys.ts defines them), published
 * and started through the API with their styling and targeting, as LiveIQ does: the widget's
 * bundle then holds what the demo's would. Answers the product-feedback survey.
 */
async function publishRunningSurveys(base, headers, companyId) {
  const { demoSurveySet } = await tsImport('../bff/seeders/demoSurveys.ts', import.meta.url);
  let running = null;
  for (const planned of demoSurveySet('acme').published.filter((survey) => survey.status === 'active')) {
    const published = await call(base, 'POST', '/api/surveys/publish', headers, { name: planned.name, survey: planned.survey });
    await call(base, 'PUT', `/api/surveys/published/${published.id}/embed-settings`, headers, { settings: planned.embedSettings });
    await call(base, 'PUT', `/api/surveys/published/${published.id}/display-triggers`, headers, { displayTriggers: planned.displayTriggers });
    await call(base, 'PUT', `/api/surveys/published/${published.id}/status`, headers, { status: 'active', endCondition: planned.endCondition });
    if (planned.name === RUNNING_SURVEY) running = { id: published.id, companyId };
  }
  if (!running) throw new Error(`The demo has no running survey named ${RUNNING_SURVEY}`);
  return running;
}

/** The database the BFF runs on, opened by the benchmark to arrange rows in bulk. */
async function openDatabase(engine, location) {
  if (engine === 'sqlite') {
    const db = new Database(location);
    return {
      async one(sql, values = []) {
        return db.prepare(sql).get(...values);
      },
      async run(sql, values = []) {
        db.prepare(sql).run(...values);
      },
      async close() {
        db.close();
      },
      db,
    };
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  const numbered = (sql) => {
    let position = 0;
    return sql.replace(/\?/g, () => `$${++position}`);
  };
  return {
    async one(sql, values = []) {
      return (await client.query(numbered(sql), values)).rows[0];
    },
    async run(sql, values = []) {
      await client.query(numbered(sql), values);
    },
    async close() {
      await client.end();
    },
  };
}

/** A stopped copy of the running survey, so each export size has its own survey (and the widget's bundle stays the same). */
async function copySurvey(db, source, name) {
  const id = randomUUID();
  await db.run(
    `insert into published_surveys (id, company_id, name, survey, embed_settings, display_triggers, status, end_condition, started_at, published_at, response_count, created_by_id, created_at, updated_at)
     select ?, company_id, ?, survey, embed_settings, display_triggers, 'inactive', end_condition, started_at, published_at, 0, created_by_id, created_at, updated_at
     from published_surveys where id = ?`,
    [id, name, source.id],
  );
  return { id, companyId: source.companyId };
}

const CATEGORIES = ['Furniture', 'Kitchen & dining', 'Bedding & bath', 'Lighting', 'Decor'];
const AGENTS = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
};

let rowsWritten = 0;

/**
 * `count` responses of a survey spread over the last 90 days, 55/38/7 % desktop/mobile/tablet,
 * 80 % complete, addresses that repeat. PostgreSQL: one generate_series statement per 100,000
 * rows, with ids in ascending order (random UUIDs would make every insert a random B-tree page
 * write) and the foreign-key triggers off for the load where the role allows it; SQLite: one
 * prepared statement in one transaction. Set-up only: none of it is measured.
 */
async function addResponses(engine, db, survey, count) {
  const spacingMs = Math.floor((90 * 86_400_000) / count);
  const offset = rowsWritten;
  rowsWritten += count;
  if (engine === 'postgresql') {
    await db.run('set session_replication_role = replica').catch(() => undefined);
    for (let first = 1; first <= count; first += 100_000) {
      const last = Math.min(count, first + 99_999);
      await db.run(
        `insert into survey_responses (${RESPONSE_COLUMNS})
         select 'b0000000-0000-4000-8000-' || lpad(to_hex(? + i), 12, '0'), ?, ?, md5(i::text), '10.' || (i % 200) || '.' || ((i / 200) % 250) || '.0', device,
           case device when 'desktop' then ? when 'mobile' then ? else ? end, 'https://www.acme.example/checkout/complete', '{}'::json,
           json_build_object('q_category', (array['Furniture', 'Kitchen & dining', 'Bedding & bath', 'Lighting', 'Decor'])[1 + i % 5], 'q_quality', 1 + (i::bigint * 7) % 5,
             'q_review', 'Benchmark review number ' || i),
           at, case when i % 5 <> 0 then at + make_interval(secs => 20 + (i::bigint * 7919) % 581) end, case when i % 5 <> 0 then 20 + (i::bigint * 7919) % 581 end,
           i % 5 <> 0, md5(i::text) || md5((i + 1)::text), at, at
         from (select i, case when i % 100 < 55 then 'desktop' when i % 100 < 93 then 'mobile' else 'tablet' end as device,
                 date_trunc('milliseconds', now() - (i::bigint * ?) * interval '1 millisecond') as at
               from generate_series(?::int, ?::int) as i) as generated`,
        [offset, survey.companyId, survey.id, AGENTS.desktop, AGENTS.mobile, AGENTS.tablet, spacingMs, first, last],
      );
      // Queued for the tally job, as the collection route queues each response it stores.
      await db.run(
        `insert into untallied_responses (response_id, survey_id)
         select 'b0000000-0000-4000-8000-' || lpad(to_hex(? + i), 12, '0'), ? from generate_series(?::int, ?::int) as i`,
        [offset, survey.id, first, last],
      );
    }
    await db.run('set session_replication_role = origin').catch(() => undefined);
    return;
  }
  const insert = db.db.prepare(`insert into survey_responses (${RESPONSE_COLUMNS}) values (${RESPONSE_COLUMNS.split(',').map(() => '?').join(', ')})`);
  const queue = db.db.prepare('insert into untallied_responses (response_id, survey_id) values (?, ?)');
  const now = Date.now();
  db.db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const device = i % 100 < 55 ? 'desktop' : i % 100 < 93 ? 'mobile' : 'tablet';
      const at = now - i * spacingMs;
      const complete = i % 5 !== 0;
      const seconds = 20 + ((i * 7919) % 581);
      const answers = JSON.stringify({ q_category: CATEGORIES[i % 5], q_quality: 1 + ((i * 7) % 5), q_review: `Benchmark review number ${i}` });
      const id = randomUUID();
      insert.run(id, survey.companyId, survey.id, String(offset + i).padStart(32, '0'), `10.${i % 200}.${Math.floor(i / 200) % 250}.0`, device, AGENTS[device],
        'https://www.acme.example/checkout/complete', '{}', answers, at, complete ? at + seconds * 1000 : null, complete ? seconds : null, complete ? 1 : 0, 'f'.repeat(64), at, at);
      queue.run(id, survey.id);
    }
  })();
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

/** Downloads an export to the end, counting its rows, as a browser would (compressed). */
async function exportRows(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...headers, 'Accept-Encoding': 'gzip, deflate, br' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const total = Number(response.headers.get('x-total-count'));
  let lineBreaks = 0;
  // The benchmark's cells hold no line breaks: each one ends a line (the last row has none after it).
  for await (const chunk of response.body) for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lineBreaks++;
  return { rows: lineBreaks, total, seconds: (performance.now() - started) / 1000 };
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: DURATION_S, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The widget's bundle from the BFF against bare Koa answering its JSON, in turns; medians, and the load average after each run. */
async function bundleRatio(base, companyId, rounds) {
  const route = `${base}/api/public/companies/${companyId}/surveys`;
  const answer = await fetch(route);
  const body = await answer.text();
  if (!answer.ok) throw new Error(`${route} answered ${answer.status}: ${body.slice(0, 300)}`);
  const koa = await startKoa(KOA_PORT, body);
  try {
    const targets = { bff: route, koa: `http://127.0.0.1:${KOA_PORT}/` };
    const runs = { bff: [], koa: [] };
    const loads = [];
    for (const url of Object.values(targets)) await load({ url }).catch(() => undefined);
    for (let round = 0; round < rounds; round++) {
      for (const [name, url] of Object.entries(targets)) {
        const result = await load({ url });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx and ${result.errors} requests failed`);
        runs[name].push(result);
        loads.push(loadNow());
      }
    }
    const rps = (name) => median(runs[name].map((result) => result.requests.average));
    const p99 = (name) => median(runs[name].map((result) => result.latency.p99));
    return {
      bffRps: rps('bff'),
      koaRps: rps('koa'),
      ratio: rps('bff') / rps('koa'),
      bffP99: p99('bff'),
      koaP99: p99('koa'),
      bytes: Buffer.byteLength(body),
      surveys: JSON.parse(body).surveys?.length ?? null,
      load: { min: Math.min(...loads), max: Math.max(...loads) },
    };
  } finally {
    await stop(koa);
  }
}

/** Completed responses posted as the widget posts them; the median round. */
async function submissions(base, surveyId, rounds) {
  const options = {
    url: `${base}/api/public/surveys/${surveyId}/responses`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': AGENTS.desktop },
    body: JSON.stringify({ visitorId: 'bench-visitor-0001', answers: { q_category: 'Furniture', q_quality: 5, q_review: 'Sturdy and easy to assemble.' }, deviceType: 'desktop', complete: true }),
  };
  await load({ ...options, duration: 2 });
  const runs = [];
  const loads = [];
  for (let round = 0; round < rounds; round++) {
    const result = await load(options);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`submissions: ${result.non2xx} answers were not 2xx and ${result.errors} requests failed`);
    runs.push(result);
    loads.push(loadNow());
  }
  return {
    rps: median(runs.map((result) => result.requests.average)),
    p99: median(runs.map((result) => result.latency.p99)),
    p50: median(runs.map((result) => result.latency.p50)),
    load: { min: Math.min(...loads), max: Math.max(...loads) },
  };
}

/**
 * Seconds until no settled response is left untallied (the tally job's own test: complete, or
 * untouched for an hour), polled every second.
 */
async function untilTallied(engine, location) {
  const db = await openDatabase(engine, location);
  const started = performance.now();
  const hourAgo = Date.now() - 60 * 60 * 1000;
  try {
    for (;;) {
      const { pending } = await db.one(
        'select exists (select 1 from untallied_responses u join survey_responses r on r.id = u.response_id where r.is_complete or r.updated_at < ?) as pending',
        // SQLite keeps an instant as epoch milliseconds.
        [engine === 'sqlite' ? hourAgo : new Date(hourAgo)],
      );
      if (!Number(pending)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    // Each tallied response left the queue: vacuumed, as autovacuum would after that many deletions
    // (SQLite reuses the freed pages as they are).
    if (engine === 'postgresql') await db.run('vacuum analyze untallied_responses');
    return seconds;
  } finally {
    await db.close();
  }
}

async function responseCount(db, surveyId) {
  return Number((await db.one('select count(*) as count from survey_responses where survey_id = ?', [surveyId])).count);
}

/** Everything for one engine ('sqlite' or 'postgresql'); null when PostgreSQL is not reachable. */
export async function measureResponses(engine) {
  const postgres = engine === 'postgresql' ? await createPostgresDatabase() : null;
  if (engine === 'postgresql' && !postgres) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-responses-'));
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres?.url }, {
    PUBLIC_RATE_LIMIT: '1000000',
    PUBLIC_SURVEY_RATE_LIMIT: '1000000',
    // Audience builds would read the written responses in the background: not what is measured.
    AUDIENCE_REFRESH_SECONDS: '86400',
  });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  const result = { engine };
  /** A BFF started afresh for `work` (given the BFF's process), stopped after it. */
  const withBff = async (work) => {
    const bff = startBff(env, { nodeArgs: benchNodeArgs() });
    try {
      await waitFor(`${base}/api/health`, { process: bff });
      return await work(bff);
    } finally {
      await stop(bff);
    }
  };
  try {
    // The first start creates the schema; the company, its admin and the surveys go through the API.
    const running = await withBff(async () => {
      const account = await createAccount(base);
      return publishRunningSurveys(base, account.headers, account.companyId);
    });

    const location = postgres ? postgres.url : join(dataDir, 'navout.sqlite');
    const db = await openDatabase(engine, location);
    const exportSurveys = {};
    try {
      for (const size of EXPORT_SIZES) {
        exportSurveys[size] = await copySurvey(db, running, `Export ${size}`);
        await addResponses(engine, db, exportSurveys[size], size);
      }
      await addResponses(engine, db, running, SMALL_SURVEY_ROWS);
      if (engine === 'postgresql') await db.run('vacuum analyze survey_responses');
    } finally {
      await db.close();
    }

    /**
     * (c) and (d) on a BFF started afresh, once its tally job has counted the responses written
     * above, as it would have while they arrived (else it counts a backlog beside the measure).
     */
    const publicRoutes = (rounds) =>
      withBff(async () => {
        await untilTallied(engine, location);
        const bundle = await bundleRatio(base, running.companyId, rounds);
        const submitted = engine === 'postgresql' ? await submissions(base, running.id, rounds) : null;
        return { bundle, submissions: submitted };
      });
    // First with a few thousand responses in the survey, then, on PostgreSQL, with a million: the
    // public routes must not slow down as a survey's responses pile up.
    result.smallSized = await publicRoutes(ROUNDS);

    if (engine === 'postgresql') {
      const bulk = await openDatabase(engine, postgres.url);
      try {
        const started = performance.now();
        // The submissions above added to the survey: exactly the million in the end.
        await addResponses(engine, bulk, running, ANALYTICS_ROWS - (await responseCount(bulk, running.id)));
        await bulk.run('vacuum analyze survey_responses');
        result.setupSeconds = (performance.now() - started) / 1000;
        result.stored = await responseCount(bulk, running.id);
      } finally {
        await bulk.close();
      }
      await withBff(async () => {
        // The BFF's tally job counts the million settled responses into the answer tallies, as it
        // would have while they arrived; InsightIQ is measured once it has caught up.
        result.tallySeconds = await untilTallied(engine, location);
        const headers = await signIn(base);
        const survey = `${base}/api/surveys/${running.id}`;
        const routes = {
          analytics: { url: `${survey}/analytics`, judged: true },
          'responses, page 1': { url: `${survey}/responses`, judged: false },
          'responses, page 1 searched': { url: `${survey}/responses?search=review%20number%2012345`, judged: true },
          'user analytics': { url: `${survey}/user-analytics`, judged: true },
          "one question's answers (rating)": { url: `${survey}/questions/q_quality/answers`, judged: true },
        };
        result.routes = {};
        for (const [name, { url, judged }] of Object.entries(routes)) {
          await timed(url, headers);
          const times = [];
          for (let run = 0; run < 5; run++) times.push(await timed(url, headers));
          result.routes[name] = { ms: median(times), judged, load: loadNow() };
        }
        // The same reads and the survey's CSV export back to back, with /api/health asked meanwhile.
        const heavy = [...Object.values(routes).map((route) => route.url), `${survey}/responses/export`].map((url) => url.slice(base.length));
        result.health = { ...(await measureHealthUnderLoad(base, headers, heavy)), load: loadNow() };
      });
      result.millionSized = await publicRoutes(1);
    }

    result.exports = [];
    for (const size of EXPORT_SIZES) {
      await withBff(async (exporter) => {
        const headers = await signIn(base);
        // A first export loads the CSV writer and warms the database, as on any running BFF.
        await exportRows(`${base}/api/surveys/${running.id}/responses/export?dateFrom=${new Date().toISOString().slice(0, 10)}`, headers);
        const baselineMb = (procStatus(exporter.pid, 'VmRSS') ?? 0) / 1024 / 1024;
        const watch = memoryWatch(exporter.pid);
        watch.start();
        const exported = await exportRows(`${base}/api/surveys/${exportSurveys[size].id}/responses/export`, headers);
        const { peakBytes, method } = watch.stop();
        const load = loadNow();
        const peakMb = peakBytes / 1024 / 1024;
        if (exported.rows !== size || exported.total !== size) throw new Error(`Export of ${size}: ${exported.rows} rows received, X-Total-Count ${exported.total}`);
        result.exports.push({ rows: size, seconds: exported.seconds, rowsPerSecond: size / exported.seconds, baselineMb, peakMb, method, load });
      });
    }
    return result;
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the benchmark on both engines and prints each figure beside its target; answers the number missed. */
export async function printResponsesBenchmark(log = console.info) {
  const report = createReport(log, { labelWidth: 48 });
  report.heading(
    `Survey responses: InsightIQ over ${formatRows(ANALYTICS_ROWS)} responses of one survey on PostgreSQL, CSV export, submissions and the widget's bundle ` +
      `(one company, its two running surveys and the responses measured, written by the benchmark)`,
  );
  for (const engine of ['sqlite', 'postgresql']) {
    const measured = await measureResponses(engine);
    if (!measured) {
      report.line(`${engine.padEnd(12)} skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)`);
      continue;
    }
    report.line(`${engine}`);
    if (measured.routes) {
      report.line(
        `  ${formatRows(measured.stored)} responses in the survey, written in ${measured.setupSeconds.toFixed(1)} s (generate_series, then VACUUM ANALYZE), ` +
          `counted into the answer tallies by the BFF's job in ${measured.tallySeconds.toFixed(1)} s; InsightIQ, median of 5 calls:`,
      );
      for (const [name, route] of Object.entries(measured.routes)) {
        report.figure(name, `${route.ms.toFixed(0)} ms`, { depth: 2, ...(route.judged ? { target: `under ${INSIGHTIQ_TARGET_MS} ms`, ok: route.ms < INSIGHTIQ_TARGET_MS } : {}), load: route.load });
      }
    }
    if (measured.health) {
      const { health } = measured;
      report.figure(
        `health during InsightIQ's reads and export`,
        `GET /api/health every ${PROBE_MS} ms p99 ${health.p99.toFixed(1)} ms, slowest ${health.slowest.toFixed(0)} ms of ${health.asked} (${HEAVY_CLIENTS} clients, ${HEAVY_SECONDS} s: ${describeStatuses(health.statuses)})`,
        { depth: 1, target: `p99 under ${HEALTH_TARGET_MS} ms`, ok: health.p99 < HEALTH_TARGET_MS, load: health.load },
      );
    }
    const [small, large] = measured.exports;
    for (const row of measured.exports) {
      const judged = row === large;
      report.figure(
        `CSV export, ${formatRows(row.rows)} responses`,
        `${formatRows(Math.round(row.rowsPerSecond))} rows/s (${row.seconds.toFixed(2)} s; peak RSS ${row.peakMb.toFixed(0)} MB, ${row.baselineMb.toFixed(0)} MB before, ${row.method})`,
        { depth: 1, ...(judged ? { target: `at least ${formatRows(EXPORT_ROWS_TARGET)} rows/s`, ok: row.rowsPerSecond >= EXPORT_ROWS_TARGET } : {}), load: row.load },
      );
    }
    const growth = large.peakMb / small.peakMb;
    report.figure(`CSV export memory, ${formatRows(large.rows)} / ${formatRows(small.rows)} rows`, `peak RSS ratio ${growth.toFixed(2)}`, {
      depth: 1,
      target: `at most ${EXPORT_RSS_GROWTH_TARGET} (flat)`,
      ok: growth <= EXPORT_RSS_GROWTH_TARGET,
      load: large.load,
    });
    // Targets apply with a few thousand responses in the survey; with a million they are shown for information.
    const publicFigures = (label, figures, judged) => {
      const judge = (target, ok) => (judged ? { target, ok } : {});
      if (figures.submissions) {
        const { rps, p50, p99, load } = figures.submissions;
        report.figure(`submissions, ${label}`, `${Math.round(rps)}/s`, { depth: 1, ...judge(`at least ${formatRows(SUBMIT_TARGET_RPS)}/s`, rps >= SUBMIT_TARGET_RPS), load });
        report.figure(`submissions p99, ${label}`, `${p99} ms (p50 ${p50} ms)`, { depth: 1, ...judge(`under ${SUBMIT_P99_TARGET_MS} ms`, p99 < SUBMIT_P99_TARGET_MS), load });
      }
      const { bundle } = figures;
      report.figure(
        `widget bundle vs bare Koa, ${label}`,
        `${bundle.ratio.toFixed(2)} (BFF ${Math.round(bundle.bffRps)} req/s, p99 ${bundle.bffP99} ms; Koa ${Math.round(bundle.koaRps)} req/s, p99 ${bundle.koaP99} ms; ${bundle.surveys} surveys, ${bundle.bytes} bytes)`,
        { depth: 1, ...judge(`at least ${BUNDLE_RATIO_TARGET}`, bundle.ratio >= BUNDLE_RATIO_TARGET), load: bundle.load },
      );
    };
    publicFigures(`${formatRows(SMALL_SURVEY_ROWS)} responses`, measured.smallSized, true);
    if (measured.millionSized) publicFigures(`${formatRows(ANALYTICS_ROWS)} responses`, measured.millionSized, false);
  }
  return report.missed;
}

// `node bench/responses.mjs` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printResponsesBenchmark);
