// File import: a 100,000-row CSV (under the 10 MB limit) imported through the real HTTP route of a
// BFF running in its own process, on a fresh SQLite database and on a fresh PostgreSQL database,
// into one company registered through the API (a BFF started without the demo).
// Measured: wall time from the first byte sent to the last byte of the answer, and the BFF
// process's peak resident memory during the import (the kernel's high-water mark, VmHWM, reset
// before each import through /proc/<pid>/clear_refs; sampled VmRSS where that is not possible).
// The same for 10,000 rows, to show that memory does not grow with the row count.
//
// Targets: under 10 s end to end, peak RSS under 300 MB, and the 100k peak not materially above
// the 10k peak (at most IMPORT_RSS_GROWTH_TARGET times it). The rows themselves are never all in
// memory (only the set of keys, for duplicates); what does differ between the two peaks is garbage
// V8 lets pile up in its old generation before a full collection, which a longer import reaches.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryWatch, procStatus } from './memory.mjs';
import { benchNodeArgs, bffEnv, createAccount, createPostgresDatabase, signIn, startBff, stop, waitFor } from './bff-overhead.mjs';
import { createReport, loadNow, runAlone } from './report.mjs';

export const IMPORT_TIME_TARGET_S = 10;
export const IMPORT_RSS_TARGET_MB = 300;
export const IMPORT_RSS_GROWTH_TARGET = 1.5;
const BFF_PORT = 3905;
const MAX_FILE_BYTES = 10 * 1024 * 1024;

const COUNTRIES = ['Norway', 'Italy', 'Canada', 'Japan', 'Brazil', 'Kenya', 'Germany', 'India'];
const PLANS = ['free', 'starter', 'pro', 'enterprise'];
const FIRST = ['Ann', 'Ben', 'Chloe', 'Dev', 'Emma', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jon'];
const LAST = ['Lee', 'Okafor', 'Rossi', 'Tanaka', 'Silva', 'Berg', 'Khan', 'Novak', 'Diaz', 'Moreau'];

/** A customer list as a CRM exports it; deterministic, so runs compare. */
export function customerCsv(rows) {
  const lines = ['customer_id,email,full_name,country,signup_date,plan,ltv,marketing_opt_in'];
  const day = 24 * 60 * 60 * 1000;
  const start = Date.UTC(2023, 0, 1);
  for (let index = 0; index < rows; index++) {
    const first = FIRST[index % FIRST.length];
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length];
    const signup = new Date(start + (index % 1000) * day).toISOString().slice(0, 10);
    const ltv = ((index * 7919) % 250_000) / 100;
    lines.push(
      `C${String(index).padStart(6, '0')},${first}.${last}${index}@example.com,"${last}, ${first}",${COUNTRIES[index % COUNTRIES.length]},${signup},${PLANS[index % PLANS.length]},${ltv},${index % 3 === 0}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const OPTIONS = {
  recordKind: 'people',
  mapping: {
    customer_id: 'user_id',
    email: 'email',
    full_name: 'name',
    country: 'location',
    signup_date: 'created_at',
    plan: 'subscription_status',
    ltv: 'ltv',
    marketing_opt_in: 'marketing_opt_in',
  },
  keyColumn: 'customer_id',
};

/** One CSV through the import route, as a new file source of the caller's company: the seconds it took and the rows added. */
export async function importCsv(base, token, fileName, csv) {
  const form = new FormData();
  form.append('options', JSON.stringify(OPTIONS));
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const started = performance.now();
  const response = await fetch(`${base}/api/data-sources/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`${fileName}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { seconds, added: body.added };
}

/** One engine ('sqlite' or 'postgresql'): per size, the seconds and the BFF's memory before and at its peak. Null when PostgreSQL is not reachable. */
export async function measureImport(engine, sizes = [10_000, 100_000]) {
  const files = sizes.map((rows) => ({ rows, csv: customerCsv(rows) }));
  for (const file of files) {
    if (Buffer.byteLength(file.csv) > MAX_FILE_BYTES) throw new Error(`The ${file.rows}-row file is over the 10 MB limit`);
  }
  const postgres = engine === 'postgresql' ? await createPostgresDatabase() : null;
  if (engine === 'postgresql' && !postgres) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-import-'));
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres?.url });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  try {
    // The first start creates the schema and registers the company and its admin.
    const first = startBff(env);
    try {
      await waitFor(`${base}/api/health`, { process: first });
      await createAccount(base);
    } finally {
      await stop(first);
    }
    const results = [];
    // Each size on a freshly started BFF (a later start on the same database, as a server runs
    // day to day), so both measurements begin from the same state of the garbage collector.
    for (const file of files) {
      const bff = startBff(env, { nodeArgs: benchNodeArgs(), logFile: process.env.BENCH_BFF_LOG_FILE ?? null });
      try {
        await waitFor(`${base}/api/health`, { process: bff });
        const token = (await signIn(base)).Authorization.slice('Bearer '.length);
        // A first small import loads the parsers and warms the database, as on any running BFF.
        await importCsv(base, token, 'warm-up.csv', customerCsv(100));
        const baselineMb = (procStatus(bff.pid, 'VmRSS') ?? 0) / 1024 / 1024;
        const watch = memoryWatch(bff.pid);
        watch.start();
        const { seconds, added } = await importCsv(base, token, `customers-${file.rows}.csv`, file.csv);
        const { peakBytes, method } = watch.stop();
        const load = loadNow();
        if (added !== file.rows) throw new Error(`${file.rows} rows sent, ${added} added`);
        results.push({ rows: file.rows, megabytes: Buffer.byteLength(file.csv) / 1024 / 1024, seconds, baselineMb, peakMb: peakBytes / 1024 / 1024, method, load });
      } finally {
        await stop(bff);
      }
    }
    return { engine, results };
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const formatRows = (rows) => rows.toLocaleString('en-US');

/** Runs the benchmark on both engines and prints each figure beside its target; answers the number missed. */
export async function printImportBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading('File import, CSV through POST /api/data-sources/import');
  for (const engine of ['sqlite', 'postgresql']) {
    const measured = await measureImport(engine);
    if (!measured) {
      report.line(`${engine.padEnd(12)} skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)`);
      continue;
    }
    const [small, large] = measured.results;
    for (const row of measured.results) {
      const label = `${engine}, ${formatRows(row.rows)} rows (${row.megabytes.toFixed(1)} MB)`;
      report.figure(`${label}, time`, `${row.seconds.toFixed(1)} s end to end`, {
        ...(row === large ? { target: `under ${IMPORT_TIME_TARGET_S} s`, ok: row.seconds < IMPORT_TIME_TARGET_S } : {}),
        load: row.load,
      });
      report.figure(`${label}, peak RSS`, `${row.peakMb.toFixed(0)} MB (${row.baselineMb.toFixed(0)} MB before, ${row.method})`, {
        target: `under ${IMPORT_RSS_TARGET_MB} MB`,
        ok: row.peakMb < IMPORT_RSS_TARGET_MB,
        load: row.load,
      });
    }
    const growth = large.peakMb / small.peakMb;
    report.figure(`${engine}, 100k peak / 10k peak`, growth.toFixed(2), { target: `at most ${IMPORT_RSS_GROWTH_TARGET}`, ok: growth <= IMPORT_RSS_GROWTH_TARGET, load: large.load });
  }
  return report.missed;
}

// `node bench/import.mjs` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printImportBenchmark);
