// The dashboard overview's metrics over a large company, through the real HTTP route of a BFF
// running in its own process, on PostgreSQL. Acme gets 1,000,000 prediction calls and 1,000,000
// prediction-API events over the last 90 days, written with generate_series as the call log and the
// ingestion store them, with the call log's per-minute rollup and the hourly rollup of attributed
// outcomes derived from them in SQL; then VACUUM ANALYZE as autovacuum would: set-up, not measured.
//
// Measured: GET /api/dashboard/metrics?range=90d and ?range=7d as Acme's admin, after one warm-up
// call each (the first one also sums the company's minutes into hours, shown for information),
// median and p95 of CALLS calls. Target: the 90-day call under TARGET_MS.
//
// Skipped with a notice when PostgreSQL is not reachable (BENCH_DATABASE_URL, see bff-overhead.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, signIn, startBff, stop, waitFor } from './bff-overhead.mjs';

export const DASHBOARD_CALLS = 1_000_000;
export const DASHBOARD_EVENTS = 1_000_000;
export const TARGET_MS = 100;
const BFF_PORT = 3917;
const CALLS = 15;
const SPAN_MS = 90 * 86_400_000;
const HISTOGRAM_LENGTH = 23;

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
  for (const table of ['prediction_calls', 'prediction_call_minutes', 'data_records', 'recommendation_outcome_hours']) await client.query(`vacuum analyze ${table}`);
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** The figures, or null when PostgreSQL is not reachable. */
export async function measureDashboard() {
  const postgres = await createPostgresDatabase();
  if (!postgres) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-dashboard-'));
  const env = { ...process.env, PORT: String(BFF_PORT), DATA_DIR: dataDir, DATABASE_URL: postgres.url, LOG_LEVEL: 'warn', STATIC_DIR: join(dataDir, 'none'), AUDIENCE_REFRESH_SECONDS: '86400' };
  const base = `http://127.0.0.1:${BFF_PORT}`;
  try {
    const seeding = startBff(env, true);
    await waitFor(`${base}/api/health`, 600_000).finally(() => stop(seeding));
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const started = performance.now();
    try {
      const companyId = (await client.query("select id from companies where name = 'Acme Retail'")).rows[0].id;
      await addData(client, companyId);
    } finally {
      await client.end();
    }
    const setupSeconds = (performance.now() - started) / 1000;
    const bff = startBff(env, false);
    try {
      await waitFor(`${base}/api/health`);
      const headers = await signIn(base);
      const figures = {};
      for (const range of ['90d', '7d']) {
        const url = `${base}/api/dashboard/metrics?range=${range}`;
        const warm = await timed(url, headers);
        const times = [];
        for (let call = 0; call < CALLS; call++) times.push((await timed(url, headers)).ms);
        figures[range] = { median: median(times), p95: p95(times), first: warm.ms, calls: warm.body.totals.calls.value };
      }
      return { setupSeconds, figures, load: loadavg()[0] };
    } finally {
      await stop(bff);
    }
  } finally {
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function printDashboardBenchmark(log = console.info) {
  log(`\nDashboard metrics, PostgreSQL, one company with ${DASHBOARD_CALLS.toLocaleString('en-US')} calls and ${DASHBOARD_EVENTS.toLocaleString('en-US')} events over 90 days (target: 90 days under ${TARGET_MS} ms, median of ${CALLS} calls)`);
  const measured = await measureDashboard();
  if (!measured) {
    log('  postgresql   skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)');
    return 0;
  }
  log(`  set-up       ${measured.setupSeconds.toFixed(1)} s (rows, rollups, VACUUM ANALYZE)`);
  let missed = 0;
  for (const [range, figure] of Object.entries(measured.figures)) {
    const checked = range === '90d';
    const ok = figure.median < TARGET_MS;
    if (checked && !ok) missed++;
    log(
      `  range=${range.padEnd(5)} median ${figure.median.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms (first call ${figure.first.toFixed(0)} ms), ${figure.calls.toLocaleString('en-US')} calls in range` +
        `${checked ? ` (target under ${TARGET_MS} ms) ${ok ? 'ok' : 'MISSED'}` : ' (information)'}`,
    );
  }
  log(`  load average ${measured.load.toFixed(1)} (2 shared cores)`);
  return missed;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await printDashboardBenchmark()) ? 1 : 0);
