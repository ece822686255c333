// Export Data's CSV download, through the real HTTP route of a BFF running in its own process, on
// PostgreSQL: 200,000 unified profiles of one company (written with generate_series, then VACUUM
// ANALYZE as autovacuum would have run), all ten fields, "All time". The company and its admin are
// registered through the API on a BFF started without the demo; the profiles are the only other
// rows. Targets: at least ROWS_PER_SECOND_TARGET rows per second, and a peak resident memory of the
// BFF during the download at most RSS_GROWTH_TARGET MB above its resident memory before it (the
// file is streamed from keyset-paged reads, never whole in memory). The download is read to the end
// as a browser would, compressed, and its rows are counted.
//
// Skipped with a notice when BENCH_DATABASE_URL (or TEST_DATABASE_URL, or
// postgres://postgres@127.0.0.1:5432/test) is not reachable.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchNodeArgs, bffEnv, createAccount, createPostgresDatabase, signIn, startBff, stop, waitFor } from './bff-overhead.mjs';
import { memoryWatch, procStatus } from './memory.mjs';
import { createReport, loadNow, runAlone } from './report.mjs';

export const EXPORT_PROFILES = 200_000;
export const ROWS_PER_SECOND_TARGET = 100_000;
export const RSS_GROWTH_TARGET = 100;

const BFF_PORT = 3915;
const ALL_FIELDS = 'user_id,email,name,age,location,created_at,last_login,subscription_status,revenue,source';
const formatRows = (rows) => rows.toLocaleString('en-US');
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Seconds of CPU a process has used (user and system, its threads included), from /proc. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * `count` profiles of the company spread over the last year (one in fifty never seen), with names that
 * need quoting now and then, in one generate_series statement per 100,000 rows. Set-up only.
 */
async function addProfiles(client, companyId, count) {
  await client.query('set session_replication_role = replica').catch(() => undefined);
  for (let first = 1; first <= count; first += 100_000) {
    const last = Math.min(count, first + 99_999);
    await client.query(
      `insert into audience_profiles (id, company_id, user_id, email, name, account, age, location, first_seen, last_seen, last_login,
         subscription_status, ltv, device_type, ip_address, source_mask, source_names, category_mask, lifecycle, risk, risk_score, coverage,
         survey_count, completion_seconds, event_count, recent_events, previous_events, identifier_count, is_unknown, is_unified,
         attributes, segments, search_text, created_at, updated_at)
       select 'c0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), $1, case when i % 3 = 0 then null else 'cust-' || i end,
         'person' || i || '@example.com', case when i % 10 = 0 then 'Doe, Person ' || i else 'Person ' || i end, null,
         case when i % 7 = 0 then null else 18 + i % 60 end, (array['Berlin', 'Lisbon, Portugal', 'Austin, TX', 'Osaka'])[1 + i % 4],
         seen - interval '400 days', case when i % 50 = 0 then null else seen end, case when i % 4 = 0 then null else seen - interval '2 hours' end,
         (array['active', 'trialing', 'past_due', 'canceled'])[1 + i % 4], (i % 2500) * 1.25, null, null, 3,
         '["Shopify","Website events"]'::json, 1, 'active', 'low', 0.1, 50, 0, 0, 10, 2, 1, 1, false, true, '{}'::json, '[]'::json, 'person', now(), now()
       from (select i, date_trunc('milliseconds', now() - (i::bigint * 150) * interval '1 millisecond') as seen
             from generate_series($2::int, $3::int) as i) as generated`,
      [companyId, first, last],
    );
  }
  await client.query('set session_replication_role = origin').catch(() => undefined);
  await client.query('vacuum analyze audience_profiles');
}

/** Downloads the export to the end, compressed, counting rows by line breaks outside quotes. */
async function download(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...headers, 'Accept-Encoding': 'gzip, deflate, br' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const total = Number(response.headers.get('x-total-count'));
  let rows = 0;
  let quoted = false;
  for await (const chunk of response.body) {
    for (const byte of chunk) {
      if (byte === 34) quoted = !quoted;
      else if (byte === 10 && !quoted) rows++;
    }
  }
  return { rows, total, seconds: (performance.now() - started) / 1000 };
}

/** The figures, or null when PostgreSQL is not reachable. */
export async function measureExport() {
  const postgres = await createPostgresDatabase();
  if (!postgres) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-export-'));
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres.url });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  try {
    // The first start creates the schema; the company and its admin are registered through the API.
    const first = startBff(env);
    let companyId;
    try {
      await waitFor(`${base}/api/health`, { process: first });
      ({ companyId } = await createAccount(base));
    } finally {
      await stop(first);
    }
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const started = performance.now();
    try {
      await addProfiles(client, companyId, EXPORT_PROFILES);
    } finally {
      await client.end();
    }
    const setupSeconds = (performance.now() - started) / 1000;

    const bff = startBff(env, { nodeArgs: benchNodeArgs() });
    try {
      await waitFor(`${base}/api/health`, { process: bff });
      const headers = await signIn(base);
      // A first, small export loads the CSV writer and warms the database, as on any running BFF.
      await download(`${base}/api/export/csv?fields=${ALL_FIELDS}&range=7d`, headers);
      const baselineMb = (procStatus(bff.pid, 'VmRSS') ?? 0) / 1024 / 1024;
      const watch = memoryWatch(bff.pid);
      const cpuBefore = cpuSeconds(bff.pid);
      watch.start();
      const exported = await download(`${base}/api/export/csv?fields=${ALL_FIELDS}&range=all&name=bench`, headers);
      const { peakBytes, method } = watch.stop();
      const cpu = cpuSeconds(bff.pid) - cpuBefore;
      const load = loadNow();
      if (exported.rows !== EXPORT_PROFILES || exported.total !== EXPORT_PROFILES) {
        throw new Error(`Export: ${exported.rows} rows received, X-Total-Count ${exported.total}, ${EXPORT_PROFILES} stored`);
      }
      return { setupSeconds, ...exported, rowsPerSecond: exported.rows / exported.seconds, cpu, baselineMb, peakMb: peakBytes / 1024 / 1024, method, load };
    } finally {
      await stop(bff);
    }
  } finally {
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints each figure beside its target; answers the number missed. */
export async function printExportBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(`Export Data CSV, ${formatRows(EXPORT_PROFILES)} profiles of one company, ten fields, on PostgreSQL`);
  const measured = await measureExport();
  if (!measured) {
    report.line('postgresql   skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)');
    return 0;
  }
  const growth = measured.peakMb - measured.baselineMb;
  report.line(`${formatRows(EXPORT_PROFILES)} profiles written in ${measured.setupSeconds.toFixed(1)} s (generate_series, then VACUUM ANALYZE)`);
  report.figure('download', `${formatRows(Math.round(measured.rowsPerSecond))} rows/s (${measured.seconds.toFixed(2)} s)`, {
    target: `at least ${formatRows(ROWS_PER_SECOND_TARGET)} rows/s`,
    ok: measured.rowsPerSecond >= ROWS_PER_SECOND_TARGET,
    load: measured.load,
  });
  // The BFF's own CPU time (compression threads included): what the rate would be with a core to itself.
  report.figure('BFF CPU', `${measured.cpu.toFixed(2)} s, ${formatRows(Math.round(EXPORT_PROFILES / measured.cpu))} rows per CPU second`, { load: measured.load });
  report.figure('peak RSS growth', `+${growth.toFixed(0)} MB (peak ${measured.peakMb.toFixed(0)} MB, ${measured.baselineMb.toFixed(0)} MB before, ${measured.method})`, {
    target: `at most ${RSS_GROWTH_TARGET} MB (flat)`,
    ok: growth <= RSS_GROWTH_TARGET,
    load: measured.load,
  });
  return report.missed;
}

// `node bench/export.mjs` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printExportBenchmark);
