// The dashboard overview over a large company, through the real HTTP routes of a BFF running in
// its own process. The company and its admin are registered through the API on a BFF started
// without the demo, with an API key (created through the API) and its "Prediction API events"
// source (made by one event sent through POST /api/v1/events). Then the company gets 1,000,000
// prediction calls and 1,000,000 prediction-API events over
// the last 90 days by 50,000 people, written as the call log and the ingestion store them, with
// the call log's per-minute rollup and the hourly rollup of attributed outcomes derived from them
// in SQL, and those people's profiles in the company's current audience generation, one user_id identity
// each (a third of them Mobile Users), as a build would leave them; then VACUUM ANALYZE as
// autovacuum would: set-up, not measured.
//
// Measured, on PostgreSQL:
// - GET /api/dashboard/metrics?range=90d and ?range=7d as the company's admin, after one warm-up call each
//   (the first one also sums the company's minutes into hours, shown for information), median and
//   p95 of CALLS calls. Target: the 90-day call under TARGET_MS.
// And on PostgreSQL and on SQLite (the same data, the SQLite file written directly while the BFF is
// stopped):
// - the Users tab's drill-down into Mobile Users, GET /api/dashboard/categories/category/mobile/
//   series?range=7d (about 16,700 members, 53,000 of their events in range), median and p95 of
//   CALLS calls after one; 90 days for information. Target: under DRILL_DOWN_TARGET_MS.
// - GET /api/health every PROBE_MS while HEAVY_CLIENTS clients send the heavy dashboard requests
//   (drill-downs of 7 and 90 days, metrics and the per-key breakdown of 90 days) back to back for
//   HEAVY_SECONDS: its p99. Target: under HEALTH_TARGET_MS, the event loop free for everyone else.
//
// PostgreSQL is skipped with a notice when it is not reachable (BENCH_DATABASE_URL, see bff-overhead.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { bffEnv, createAccount, createPostgresDatabase, signIn, startBff, stop, waitFor } from './bff-overhead.mjs';
import { describeStatuses, HEALTH_TARGET_MS, HEAVY_SECONDS, measureHealthUnderLoad, PROBE_MS } from './healthUnderLoad.mjs';
import { createReport, loadNow, runAlone } from './report.mjs';

export const DASHBOARD_CALLS = 1_000_000;
export const DASHBOARD_EVENTS = 1_000_000;
/** The events' people ('BU-0' …), each with a profile. */
export const DASHBOARD_PEOPLE = 50_000;
export const TARGET_MS = 100;
export const DRILL_DOWN_TARGET_MS = 200;
const BFF_PORT = 3917;
const CALLS = 15;
const SPAN_MS = 90 * 86_400_000;
const HISTOGRAM_LENGTH = 23;
const DRILL_DOWN = '/api/dashboard/categories/category/mobile/series';
// Category bits in the order of CATEGORY_IDS (src/domain/audience/contract.ts).
const PREMIUM = 1 << 7;
const MOBILE = 1 << 8;
const DESKTOP = 1 << 9;
/** A profile's categories: every third person mobile, the others desktop, every tenth premium. */
const CATEGORY_MASK_SQL = `(case when n % 3 = 0 then ${MOBILE} else ${DESKTOP} end) | (case when n % 10 = 0 then ${PREMIUM} else 0 end)`;

const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const p95 = (values) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

async function addData(client, companyId) {
  const source = (await client.query("select id from data_sources where company_id = $1 and name = 'Prediction API events'", [companyId])).rows[0].id;
  const key = (await client.query('select id from api_keys where company_id = $1 order by created_at limit 1', [companyId])).rows[0].id;
  const callStep = SPAN_MS / DASHBOARD_CALLS;
  await client.query(
    `insert into prediction_calls (id, company_id, api_key_id, endpoint, status, error_code, latency_ms, items_served, zero_results, holdout,
       settings_version, snapshot_version, user_id, request, items, created_at, updated_at)
     select gen_random_uuid()::text, $1, $2, 'predict', 200, null, 3 + (g % 30), 5, false, g % 10 = 0, 1, 1, 'BU-' || (g % 50000), null,
       '[{"id":"ITEM-1"},{"id":"ITEM-2"},{"id":"ITEM-3"},{"id":"ITEM-4"},{"id":"ITEM-5"}]'::json,
       now() - (g * $3::double precision) * interval '1 millisecond', now() - (g * $3::double precision) * interval '1 millisecond'
       from generate_series(1, $4::integer) g`,
    [companyId, key, callStep, DASHBOARD_CALLS],
  );
  const zeros = (before) => Array.from({ length: before }, () => '0').join(',');
  await client.query(
    `insert into prediction_call_minutes (id, company_id, api_key_id, replica_id, minute, calls, errors, zero_results, items_served, latency_histogram, latency_total_ms)
     select gen_random_uuid()::text, company_id, api_key_id, '00000000-0000-4000-8000-00000000beef', date_trunc('minute', created_at), count(*), 0, 0,
            sum(items_served), ('[${zeros(6)},' || count(*) || ',${zeros(HISTOGRAM_LENGTH - 7)}]')::json, sum(latency_ms)
       from prediction_calls where company_id = $1 and api_key_id = $2 and user_id like 'BU-%'
      group by company_id, api_key_id, date_trunc('minute', created_at)`,
    [companyId, key],
  );
  const eventStep = SPAN_MS / DASHBOARD_EVENTS;
  await client.query(
    `insert into data_records (id, record_key, data, unified, record_index, user_id, email, anonymous_id, event_type, event_time, item_id,
       created_at, updated_at, imported_at, company_id, source_id, kind, import_id, source_file, source_type)
     select gen_random_uuid()::text, 'BE-' || g, '{}'::json, '{}'::json, 0, 'BU-' || (g % 50000), null, null,
            (array['view','view','view','click','purchase'])[1 + g % 5], now() - (g * $2::double precision) * interval '1 millisecond', 'ITEM-' || (1 + g % 5),
            now(), now(), now(), $1, $3, 'events', null, null, 'api'
       from generate_series(1, $4::integer) g`,
    [companyId, eventStep, source, DASHBOARD_EVENTS],
  );
  // The attributed outcomes' rollup as ingestion keeps it: one row per hour.
  await client.query(
    `insert into recommendation_outcome_hours (id, company_id, hour, clicks, holdout_clicks, conversions, holdout_conversions)
     select gen_random_uuid()::text, $1, h, 80, 9, 20, 2
       from generate_series(date_trunc('hour', now() - interval '90 days'), now(), interval '1 hour') h
     on conflict (company_id, hour) do update set clicks = excluded.clicks, holdout_clicks = excluded.holdout_clicks,
        conversions = excluded.conversions, holdout_conversions = excluded.holdout_conversions`,
    [companyId],
  );
  await client.query(
    `insert into audience_profiles (id, generation, company_id, user_id, email, name, account, age, location, first_seen, last_seen, last_login,
       subscription_status, ltv, device_type, ip_address, source_mask, source_names, category_mask, lifecycle, risk, risk_score, coverage, survey_count,
       completion_seconds, event_count, recent_events, previous_events, identifier_count, is_unknown, is_unified, attributes, segments, search_text, created_at, updated_at)
     select 'bench-profile-' || n, b.generation, $1, 'BU-' || n, null, null, null, null, null, now() - interval '90 days', now(), null, null,
            case when n % 4 = 0 then 25 else 0 end, null, null, 1, '["Prediction API events"]', ${CATEGORY_MASK_SQL}, 'active', 'low', 10, 16.7, 0, 0, 20, 7, 7, 1,
            false, false, '{}', '[]', '', now(), now()
       from generate_series(0, $2::integer - 1) n cross join (select coalesce(max(generation), 0) as generation from audience_builds where company_id = $1) b`,
    [companyId, DASHBOARD_PEOPLE],
  );
  await client.query(
    `insert into audience_identities (id, company_id, profile_id, kind, value, source, first_seen, created_at, updated_at, generation)
     select gen_random_uuid()::text, $1, 'bench-profile-' || n, 'user_id', 'BU-' || n, 'Prediction API events', now(), now(), now(), b.generation
       from generate_series(0, $2::integer - 1) n cross join (select coalesce(max(generation), 0) as generation from audience_builds where company_id = $1) b`,
    [companyId, DASHBOARD_PEOPLE],
  );
  for (const table of ['prediction_calls', 'prediction_call_minutes', 'data_records', 'recommendation_outcome_hours', 'audience_profiles', 'audience_identities']) {
    await client.query(`vacuum analyze ${table}`);
  }
}

/**
 * The same data in the SQLite file, written directly while the BFF is stopped: the events, the
 * minute rollup (the calls themselves are not read by the dashboard), the outcome hours and the
 * profiles. Times are epoch milliseconds, as MikroORM keeps them on SQLite.
 */
function addSqliteData(file, companyId) {
  const db = new Database(file);
  try {
    const source = db.prepare("select id from data_sources where company_id = ? and name = 'Prediction API events'").get(companyId).id;
    const key = db.prepare('select id from api_keys where company_id = ? order by created_at limit 1').get(companyId).id;
    const generation = db.prepare('select coalesce(max(generation), 0) as generation from audience_builds where company_id = ?').get(companyId).generation;
    const now = Date.now();
    const series = (count) => `with recursive g(n) as (select 1 union all select n + 1 from g where n < ${count})`;
    const people = `with recursive g(n) as (select 0 union all select n + 1 from g where n < ${DASHBOARD_PEOPLE - 1})`;
    const minutes = Math.floor(SPAN_MS / 60_000);
    const callsPerMinute = DASHBOARD_CALLS / minutes;
    const zeros = (count) => Array.from({ length: count }, () => '0').join(',');
    db.transaction(() => {
      db.prepare(
        `${series(DASHBOARD_EVENTS)}
         insert into data_records (id, record_key, data, unified, record_index, user_id, email, anonymous_id, event_type, event_time, item_id,
           created_at, updated_at, imported_at, company_id, source_id, kind, import_id, source_file, source_type)
         select lower(hex(randomblob(16))), 'BE-' || n, '{}', '{}', 0, 'BU-' || (n % ${DASHBOARD_PEOPLE}), null, null,
                case n % 5 when 3 then 'click' when 4 then 'purchase' else 'view' end, ? - n * ${SPAN_MS / DASHBOARD_EVENTS}, 'ITEM-' || (1 + n % 5),
                ?, ?, ?, ?, ?, 'events', null, null, 'api'
           from g`,
      ).run(now, now, now, now, companyId, source);
      // One row per minute, as the call log writes it (about 7.7 calls a minute).
      db.prepare(
        `${series(minutes)}
         insert into prediction_call_minutes (id, company_id, api_key_id, replica_id, minute, calls, errors, zero_results, items_served, latency_histogram, latency_total_ms)
         select lower(hex(randomblob(16))), ?, ?, '00000000-0000-4000-8000-00000000beef', (? / 60000 - n) * 60000, c, 0, 0, c * 5,
                '[${zeros(6)},' || c || ',${zeros(HISTOGRAM_LENGTH - 7)}]', c * 17
           from (select n, cast(${callsPerMinute} + (n % 2) as integer) as c from g)`,
      ).run(companyId, key, now);
      db.prepare(
        `${series(minutes / 60)}
         insert into recommendation_outcome_hours (id, company_id, hour, clicks, holdout_clicks, conversions, holdout_conversions)
         select lower(hex(randomblob(16))), ?, (? / 3600000 - n) * 3600000, 80, 9, 20, 2 from g where true
         on conflict (company_id, hour) do update set clicks = excluded.clicks, holdout_clicks = excluded.holdout_clicks,
            conversions = excluded.conversions, holdout_conversions = excluded.holdout_conversions`,
      ).run(companyId, now);
      db.prepare(
        `${people}
         insert into audience_profiles (id, generation, company_id, user_id, email, name, account, age, location, first_seen, last_seen, last_login,
           subscription_status, ltv, device_type, ip_address, source_mask, source_names, category_mask, lifecycle, risk, risk_score, coverage, survey_count,
           completion_seconds, event_count, recent_events, previous_events, identifier_count, is_unknown, is_unified, attributes, segments, search_text, created_at, updated_at)
         select 'bench-profile-' || n, ?, ?, 'BU-' || n, null, null, null, null, null, ?, ?, null, null,
                case when n % 4 = 0 then 25 else 0 end, null, null, 1, '["Prediction API events"]', ${CATEGORY_MASK_SQL}, 'active', 'low', 10, 16.7, 0, 0, 20, 7, 7, 1,
                0, 0, '{}', '[]', '', ?, ? from g`,
      ).run(generation, companyId, now - SPAN_MS, now, now, now);
      db.prepare(
        `${people}
         insert into audience_identities (id, company_id, profile_id, kind, value, source, first_seen, created_at, updated_at, generation)
         select lower(hex(randomblob(16))), ?, 'bench-profile-' || n, 'user_id', 'BU-' || n, 'Prediction API events', ?, ?, ?, ? from g`,
      ).run(companyId, now, now, now, generation);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** The drill-down into Mobile Users: 7 days (measured) and 90 days (information). */
async function measureDrillDown(base, headers) {
  const url = (range) => `${base}${DRILL_DOWN}?range=${range}`;
  const warm = await timed(url('7d'), headers);
  const times = [];
  for (let call = 0; call < CALLS; call++) times.push((await timed(url('7d'), headers)).ms);
  const long = [];
  for (let call = 0; call < 3; call++) long.push((await timed(url('90d'), headers)).ms);
  const active = warm.body.points.reduce((sum, point) => sum + point.users, 0);
  return { median: median(times), p95: p95(times), first: warm.ms, ninety: median(long), activeDays: active };
}

/** The drill-down's and the health probe's figures of a running BFF. */
async function measureEngine(base, headers) {
  const drillDown = await measureDrillDown(base, headers);
  const health = await measureHealthUnderLoad(base, headers, [`${DRILL_DOWN}?range=7d`, `${DRILL_DOWN}?range=90d`, '/api/dashboard/metrics?range=90d', '/api/dashboard/api-keys?range=90d']);
  return { drillDown, health, load: loadNow() };
}

/**
 * The first start of a BFF on a fresh database (it creates the schema): the company and its admin,
 * an API key, and the company's "Prediction API events" source, made by one event sent with the key.
 * Answers the company's id; the BFF is stopped again, so the rows can be written in bulk.
 */
async function prepareCompany(env, base) {
  const bff = startBff(env);
  try {
    await waitFor(`${base}/api/health`, { process: bff });
    const { headers, companyId } = await createAccount(base);
    const post = async (path, body, extra) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...extra }, body: JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };
    const key = await post('/api/api-keys', { name: 'Benchmark', permissions: ['read', 'write'] }, headers);
    await post('/api/v1/events', { events: [{ event_id: 'bench-first', user_id: 'BU-0', item_id: 'ITEM-1', type: 'view', timestamp: new Date().toISOString() }] }, { 'X-API-Key': key.token });
    return companyId;
  } finally {
    await stop(bff);
  }
}

/** The figures, or null when PostgreSQL is not reachable. */
export async function measureDashboard() {
  const postgres = await createPostgresDatabase();
  if (!postgres) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-dashboard-'));
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres.url }, { AUDIENCE_REFRESH_SECONDS: '86400' });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  try {
    const companyId = await prepareCompany(env, base);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const started = performance.now();
    try {
      await addData(client, companyId);
    } finally {
      await client.end();
    }
    const setupSeconds = (performance.now() - started) / 1000;
    const bff = startBff(env);
    try {
      await waitFor(`${base}/api/health`, { process: bff });
      const headers = await signIn(base);
      const figures = {};
      for (const range of ['90d', '7d']) {
        const url = `${base}/api/dashboard/metrics?range=${range}`;
        const warm = await timed(url, headers);
        const times = [];
        for (let call = 0; call < CALLS; call++) times.push((await timed(url, headers)).ms);
        figures[range] = { median: median(times), p95: p95(times), first: warm.ms, calls: warm.body.totals.calls.value, load: loadNow() };
      }
      return { setupSeconds, figures, ...(await measureEngine(base, headers)) };
    } finally {
      await stop(bff);
    }
  } finally {
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The drill-down and health figures on SQLite: the same company, the same data written into the file. */
export async function measureSqliteDrillDown() {
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-dashboard-sqlite-'));
  const env = bffEnv({ port: BFF_PORT, dataDir }, { AUDIENCE_REFRESH_SECONDS: '86400' });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  try {
    const companyId = await prepareCompany(env, base);
    const started = performance.now();
    addSqliteData(join(dataDir, 'navout.sqlite'), companyId);
    const setupSeconds = (performance.now() - started) / 1000;
    const bff = startBff(env);
    try {
      await waitFor(`${base}/api/health`, { process: bff });
      return { setupSeconds, ...(await measureEngine(base, await signIn(base))) };
    } finally {
      await stop(bff);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The drill-down's and the health probe's lines of one engine. */
function printEngine(report, engine, measured) {
  const { drillDown, health, load } = measured;
  report.figure(`drill-down, ${engine}, Mobile Users 7 days`, `median ${drillDown.median.toFixed(1)} ms, p95 ${drillDown.p95.toFixed(1)} ms (first call ${drillDown.first.toFixed(0)} ms)`, {
    target: `under ${DRILL_DOWN_TARGET_MS} ms`,
    ok: drillDown.median < DRILL_DOWN_TARGET_MS,
    load,
  });
  report.figure(`drill-down, ${engine}, 90 days`, `median ${drillDown.ninety.toFixed(1)} ms`, { load });
  report.figure(
    `health, ${engine}`,
    `GET /api/health every ${PROBE_MS} ms during ${HEAVY_SECONDS} s of heavy dashboard requests (${describeStatuses(health.statuses)}): p99 ${health.p99.toFixed(1)} ms, slowest ${health.slowest.toFixed(0)} ms of ${health.asked}`,
    { target: `p99 under ${HEALTH_TARGET_MS} ms`, ok: health.p99 < HEALTH_TARGET_MS, load },
  );
}

export async function printDashboardBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(
    `Dashboard, one company with ${DASHBOARD_CALLS.toLocaleString('en-US')} calls and ${DASHBOARD_EVENTS.toLocaleString('en-US')} events of ${DASHBOARD_PEOPLE.toLocaleString('en-US')} profiled people over 90 days (medians of ${CALLS} calls)`,
  );
  const measured = await measureDashboard();
  if (!measured) {
    report.line('postgresql   skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)');
  } else {
    report.line(`postgresql: rows, rollups and profiles written in ${measured.setupSeconds.toFixed(1)} s (then VACUUM ANALYZE)`);
    for (const [range, figure] of Object.entries(measured.figures)) {
      const checked = range === '90d';
      report.figure(
        `metrics, postgresql, range=${range}`,
        `median ${figure.median.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms (first call ${figure.first.toFixed(0)} ms), ${figure.calls.toLocaleString('en-US')} calls in range`,
        { ...(checked ? { target: `under ${TARGET_MS} ms`, ok: figure.median < TARGET_MS } : {}), load: figure.load },
      );
    }
    printEngine(report, 'postgresql', measured);
  }
  const sqlite = await measureSqliteDrillDown();
  report.line(`sqlite: rows, rollups and profiles written in ${sqlite.setupSeconds.toFixed(1)} s`);
  printEngine(report, 'sqlite', sqlite);
  return report.missed;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printDashboardBenchmark);
