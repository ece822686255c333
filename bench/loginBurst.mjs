// A burst of sign-ins beside a signed-in user: a BFF in its own process (SQLite, started without the
// demo, TRUST_PROXY so each attempt can come from its own address), with one company and its admin
// registered through the API and SOURCES small customer files imported through it, each its own
// data source, so the read below is large enough to be compressed (a compression needs a libuv
// thread, as scrypt does).
// Then BURST parallel failed sign-ins (half wrong passwords on that admin, half unknown e-mails),
// each from its own address, so the throttle counts none of them twice and every one reaches
// scrypt: the case only the password pool bounds. Meanwhile one client reads GET /api/data-sources
// (compressed) over and over.
//
// Measured: the read's p99 during the burst (target: under TARGET_P99_MS), beside its p99 before the
// burst; the burst's answers and duration, and the BFF's peak resident memory above its level
// before (for information: unbounded, 60 scrypt runs took 128 MiB each at once).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ACCOUNT, bffEnv, createAccount, startBff, stop, waitFor } from './bff-overhead.mjs';
import { customerCsv, importCsv } from './import.mjs';
import { memoryWatch, procStatus } from './memory.mjs';
import { createReport, loadNow, runAlone } from './report.mjs';

export const BURST = 60;
export const TARGET_P99_MS = 200;
const SOURCES = 6;
const BFF_PORT = 3925;
const BASELINE_READS = 30;

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)];

async function timedRead(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

function attempt(base, index) {
  const body = index % 2 ? { email: BENCH_ACCOUNT.email, password: `wrong-${index}` } : { email: `nobody-${index}@example.test`, password: `guess-${index}` };
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.${index >> 8}.${index & 255}` },
    body: JSON.stringify(body),
  }).then(async (response) => {
    const { error } = await response.json();
    // 401: the password was checked; 429 here: refused at once, the password pool's queue being full.
    return response.status === 429 ? `429 (${error})` : String(response.status);
  });
}

export async function measureLoginBurst() {
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-login-'));
  const env = bffEnv({ port: BFF_PORT, dataDir }, { TRUST_PROXY: 'true' });
  const base = `http://127.0.0.1:${BFF_PORT}`;
  const bff = startBff(env);
  try {
    await waitFor(`${base}/api/health`, { process: bff });
    const { headers } = await createAccount(base);
    const token = headers.Authorization.slice('Bearer '.length);
    for (let index = 0; index < SOURCES; index++) await importCsv(base, token, `customers-${index + 1}.csv`, customerCsv(50));
    const read = `${base}/api/data-sources`;
    const sample = await fetch(read, { headers: { ...headers, 'Accept-Encoding': 'gzip' } });
    await sample.arrayBuffer();
    const compressed = sample.headers.get('content-encoding');
    const before = [];
    for (let index = 0; index < BASELINE_READS + 5; index++) before.push(await timedRead(read, headers));
    before.splice(0, 5); // warm-up

    const rssBefore = procStatus(bff.pid, 'VmRSS');
    const memory = memoryWatch(bff.pid);
    memory.start();
    const started = performance.now();
    let done = false;
    const burst = Promise.all(Array.from({ length: BURST }, (_, index) => attempt(base, index))).finally(() => {
      done = true;
    });
    const during = [];
    while (!done) during.push(await timedRead(read, headers));
    const outcomes = await burst;
    const burstSeconds = (performance.now() - started) / 1000;
    const { peakBytes } = memory.stop();
    const answers = {};
    for (const outcome of outcomes) answers[outcome] = (answers[outcome] ?? 0) + 1;
    return {
      beforeP99: p99(before),
      duringP99: p99(during),
      reads: during.length,
      answers,
      burstSeconds,
      growthMb: (peakBytes - rssBefore) / 1024 / 1024,
      compressed,
      load: loadNow(),
    };
  } finally {
    await stop(bff);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function printLoginBurstBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(`A signed-in read during ${BURST} parallel failed sign-ins from ${BURST} addresses, SQLite`);
  const measured = await measureLoginBurst();
  const answers = Object.entries(measured.answers).map(([outcome, count]) => `${count} × ${outcome}`).join(', ');
  report.line(`GET /api/data-sources (${measured.compressed ?? 'not compressed'}), ${measured.reads} reads during the burst; the burst: ${answers} in ${measured.burstSeconds.toFixed(1)} s`);
  report.figure('read p99 during the burst', `${measured.duringP99.toFixed(0)} ms (before the burst ${measured.beforeP99.toFixed(0)} ms)`, {
    target: `under ${TARGET_P99_MS} ms`,
    ok: measured.duringP99 < TARGET_P99_MS,
    load: measured.load,
  });
  report.figure('peak RSS growth', `${measured.growthMb.toFixed(0)} MB`, { load: measured.load });
  return report.missed;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printLoginBurstBenchmark);
