// Requests per second of an authenticated JSON route of the real BFF (session token check, the
// user and company read from the database, security headers, request log), against bare Koa
// answering the same JSON in the same run: Koa's own floor, so the ratio is the BFF's own cost.
// Measured on SQLite and on PostgreSQL. Target: the BFF reaches at least 0.2 of bare Koa.
//
// The data is only what the route reads: one company and its admin, registered through
// POST /api/auth/register on a BFF started without the demo (SEED_DEMO=false), their profiles
// filled in through the API as a company's would be (so the answer is as large as the demo
// admin's). Seeding the whole demo took minutes on a loaded two-core machine, for rows this route
// never reads.
//
// The servers are measured in turns, several rounds, and each figure is the median, because two
// cores shared with the load generator make single runs swing by a third.
//
// Also the shared pieces of the other benchmarks: starting a BFF, waiting for it, the benchmark's
// account, a scratch PostgreSQL database.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { compiledEntryArgs } from '../scripts/build-server.mjs';
import { ensureServerBuild } from '../scripts/ensure-build.mjs';
import { createReport, describeLoad, loadNow, runAlone } from './report.mjs';

// Every benchmark's BFF is the compiled server, as `npm start` runs it.
await ensureServerBuild();

export const OVERHEAD_TARGET = 0.2;
const BFF_PORT = 3901;
const KOA_PORT = 3903;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * How long a starting process may go without using any CPU before the wait gives up. A loaded
 * machine makes a start slow, not idle: as long as the process runs, it is still starting.
 */
const STALL_MS = Number(process.env.BENCH_STALL_SECONDS ?? 300) * 1000;
const POLL_MS = 250;
/** Each attempt's own limit: a server that accepts and then holds a request is asked again. */
const ATTEMPT_MS = 30_000;
/** A long wait says it is still waiting, so a slow start is not mistaken for a hang. */
const NOTICE_MS = 30_000;
/** A process that has not ended this long after SIGTERM is killed. */
const STOP_GRACE_MS = 60_000;
/** The last bytes of a BFF's output kept for an error message. */
const OUTPUT_TAIL_BYTES = 8_192;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time a process has used so far, in clock ticks (Linux); null where /proc cannot tell. */
function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, and the same of its waited-for children.
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return null;
  }
}

const hasEnded = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Waits until `url` answers 2xx.
 *
 * With `{ process }` (the server's ChildProcess) it waits as long as that process is alive and
 * making progress, that is using CPU time (or answering at all): it fails when the process ends,
 * with the end of its output, or after `stallMs` (BENCH_STALL_SECONDS, 5 minutes) without progress.
 * Without a process, `timeoutMs` (or a bare number, as the second argument) is a plain deadline.
 */
export async function waitFor(url, options = {}) {
  const settings = typeof options === 'number' ? { timeoutMs: options } : options;
  const { process: child = null, stallMs = STALL_MS, timeoutMs = STALL_MS } = settings;
  const started = performance.now();
  let lastProgress = started;
  let lastTicks = child ? cpuTicks(child.pid) : null;
  let lastNotice = started;
  let lastAnswer;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(ATTEMPT_MS) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastAnswer = `answered ${response.status}`;
      lastProgress = performance.now();
    } catch (failure) {
      lastAnswer = failure.cause?.code ?? failure.name ?? String(failure);
    }
    const now = performance.now();
    const waited = `${((now - started) / 1000).toFixed(0)} s`;
    if (child) {
      if (hasEnded(child)) {
        const output = child.outputTail?.() ?? '';
        throw new Error(`The process for ${url} ended (${child.exitCode ?? child.signalCode}) after ${waited} before it answered${output ? `; its last output:\n${output}` : ''}`);
      }
      const ticks = cpuTicks(child.pid);
      // Where /proc cannot tell, a live process counts as one still starting.
      if (ticks === null || ticks !== lastTicks) {
        lastTicks = ticks;
        lastProgress = now;
      }
      if (now - lastProgress > stallMs) {
        throw new Error(`${url} did not answer (${lastAnswer}) and its process used no CPU for ${stallMs / 1000} s (${waited} in all)`);
      }
    } else if (now - started > timeoutMs) {
      throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastAnswer})`);
    }
    if (now - lastNotice >= NOTICE_MS) {
      lastNotice = now;
      console.error(`  ... still waiting for ${url}: ${waited}, ${lastAnswer}, ${describeLoad(loadNow())}`);
    }
    await sleep(POLL_MS);
  }
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** A deterministic generator (mulberry32), so every run measures the same data. */
export function random32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Node flags for a measured BFF from BENCH_BFF_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profile"
 * or "--trace-gc" (its output kept with BENCH_BFF_LOG_FILE where a benchmark takes it).
 */
export function benchNodeArgs() {
  return (process.env.BENCH_BFF_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * The BFF in its own process on the given environment. Without the demo by default: each
 * benchmark creates the rows it measures. Its output: with `logFile`, written to that file;
 * with `quiet`, dropped (a BFF at LOG_LEVEL info logs every request, which the benchmark process
 * would otherwise have to read); otherwise read, and the last of it kept. Either way
 * `child.outputTail()` answers the end of it, for the error when the BFF ends too early.
 * `nodeArgs` are passed to its node, e.g. ["--cpu-prof"].
 */
export function startBff(env, options = {}) {
  const { seed = false, quiet = false, logFile = null, nodeArgs = [] } = typeof options === 'boolean' ? { seed: options } : options;
  const fd = logFile ? openSync(logFile, 'a') : null;
  const output = fd ?? (quiet ? 'ignore' : 'pipe');
  const child = spawn(process.execPath, [...nodeArgs, ...compiledEntryArgs('server')], {
    env: { ...env, SEED_DEMO: String(seed) },
    stdio: ['ignore', output, fd ?? 'pipe'],
  });
  if (fd === null) return keepOutputTail(child);
  closeSync(fd);
  child.outputTail = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-OUTPUT_TAIL_BYTES).trim();
    } catch {
      return '';
    }
  };
  return child;
}

/** Keeps the last of a child's output (`child.outputTail()`), for the error when it ends too early. */
function keepOutputTail(child) {
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_BYTES);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.outputTail = () => tail.trim();
  return child;
}

/**
 * The environment of a benchmark's BFF on `port`: its own data directory, no dashboard build to
 * serve, warnings only in the log, PostgreSQL at `databaseUrl` or else SQLite in the data
 * directory; `settings` add to it or override it (limits raised out of the way, jobs held back).
 */
export function bffEnv({ port, dataDir, databaseUrl = '' }, settings = {}) {
  return { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', STATIC_DIR: join(dataDir, 'none'), ...settings };
}

/**
 * Bare Koa (koa-server.mjs) answering `body`, the JSON a BFF route answered, on `port`, once it
 * answers. The body must be JSON: Koa serialises it again on every response, as the BFF does.
 */
export async function startKoa(port, body) {
  JSON.parse(body);
  const koa = keepOutputTail(
    fork(new URL('./koa-server.mjs', import.meta.url).pathname, {
      env: { ...process.env, PORT: String(port), BENCH_BODY: body },
      // Not this process's own flags (a profiler's, say): Koa runs as plainly as it can.
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    }),
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/`, { process: koa });
  } catch (failure) {
    await stop(koa);
    throw failure;
  }
  return koa;
}

/** The benchmarks' own account: the admin of a company of its own, in each benchmark's fresh database. */
export const BENCH_ACCOUNT = {
  name: 'Benchmark admin',
  email: 'admin@bench.example',
  password: 'Bench-Admin-2026',
  companyName: 'Benchmark Retail',
};

/**
 * Registers the benchmark's company and its admin (POST /api/auth/register, a company_admin with
 * the default permissions): answers the session's headers, the company's and the user's ids.
 */
export async function createAccount(base, account = BENCH_ACCOUNT) {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`Registering the benchmark's company failed: ${response.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text);
  return { headers: { Authorization: `Bearer ${body.token}` }, companyId: body.company.id, userId: body.user.id, account };
}

/** Signs in (by default as the benchmark's account): the Authorization header of the session. */
export async function signIn(base, account = BENCH_ACCOUNT) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`Sign-in for the benchmark failed: ${response.status}`);
  return { Authorization: `Bearer ${(await response.json()).token}` };
}

/** Ends a child process: SIGTERM (the BFF finishes its requests and jobs), SIGKILL if it has not ended within a minute. */
export function stop(child) {
  return new Promise((resolve) => {
    if (hasEnded(child)) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A fresh PostgreSQL database for one run (or the database `keptName`, made when missing), or null when the server is not reachable. */
export async function createPostgresDatabase(keptName = null) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = keptName ?? `navout_bench_${randomBytes(4).toString('hex')}`;
  const existed = keptName !== null && (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  if (!existed) await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** A kept database (`keptName`) that was there already. */
    existed,
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** The company's and the admin's profiles, filled in as the demo's Acme Retail and its admin are. */
async function fillProfiles(base, headers) {
  const profiles = {
    '/api/companies/profile': {
      domain: 'bench.example',
      industry: 'Retail',
      companySize: '51-200',
      website: 'https://bench.example',
      phone: '+1 312 555 0142',
      address: '221 North Wacker Drive, Chicago, IL 60606, USA',
      description: 'Regional home-goods retailer with 38 stores and a growing online shop.',
      targetAudience: 'B2C',
    },
    '/api/users/profile': { profileName: 'Bench', jobTitle: 'Head of E-commerce', department: 'Digital' },
  };
  for (const [path, body] of Object.entries(profiles)) {
    const response = await fetch(`${base}${path}`, { method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`PUT ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  }
}

/** One database engine: 'sqlite' or 'postgresql'. Null when PostgreSQL is not reachable. */
export async function measureBffOverhead(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-'));
  const postgres = engine === 'postgresql' ? await createPostgresDatabase() : null;
  if (engine === 'postgresql' && !postgres) return null;
  // The request log is part of what a BFF does per request, so it is measured too.
  const env = bffEnv({ port: BFF_PORT, dataDir, databaseUrl: postgres?.url }, { LOG_LEVEL: 'info' });
  const bff = startBff(env, { quiet: true, nodeArgs: benchNodeArgs() });
  let koa;
  try {
    const base = `http://127.0.0.1:${BFF_PORT}`;
    const startedAt = performance.now();
    await waitFor(`${base}/api/health`, { process: bff });
    const startSeconds = (performance.now() - startedAt) / 1000;
    const { headers } = await createAccount(base);
    await fillProfiles(base, headers);
    const route = `${base}/api/auth/me`;
    const answer = await fetch(route, { headers });
    const body = await answer.text();
    if (!answer.ok) throw new Error(`${route} answered ${answer.status}: ${body.slice(0, 300)}`);
    koa = await startKoa(KOA_PORT, body);

    const targets = { bff: [route, headers], koa: [`http://127.0.0.1:${KOA_PORT}/`, {}] };
    const runs = { bff: [], koa: [] };
    const loads = { bff: [], koa: [] };
    // Warm each up once, then measure in turns.
    for (const [url, requestHeaders] of Object.values(targets)) await load(url, requestHeaders).catch(() => undefined);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, [url, requestHeaders]] of Object.entries(targets)) {
        const result = await load(url, requestHeaders);
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} answers were not 2xx and ${result.errors} requests failed`);
        }
        runs[name].push(result);
        loads[name].push(loadNow());
      }
    }
    const rps = (name) => median(runs[name].map((result) => result.requests.average));
    const p99 = (name) => median(runs[name].map((result) => result.latency.p99));
    const range = (values) => ({ min: Math.min(...values), max: Math.max(...values) });
    return {
      engine,
      route: 'GET /api/auth/me (authenticated)',
      rounds: ROUNDS,
      startSeconds,
      bytes: Buffer.byteLength(body),
      bffRps: rps('bff'),
      koaRps: rps('koa'),
      ratio: rps('bff') / rps('koa'),
      bffLatencyP99: p99('bff'),
      koaLatencyP99: p99('koa'),
      bffLoad: range(loads.bff),
      koaLoad: range(loads.koa),
      load: range([...loads.bff, ...loads.koa]),
    };
  } finally {
    await stop(bff);
    if (koa) await stop(koa);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both engines, each figure beside its target; answers the number missed. */
export async function printBffOverheadBenchmark(log = console.info) {
  const report = createReport(log);
  report.heading(`BFF overhead, authenticated GET /api/auth/me against bare Koa serving the same JSON in the same run (target: at least ${OVERHEAD_TARGET} of bare Koa's requests per second)`);
  for (const engine of ['sqlite', 'postgresql']) {
    const measured = await measureBffOverhead(engine);
    if (!measured) {
      report.line(`${engine.padEnd(12)} skipped: PostgreSQL is not reachable (set BENCH_DATABASE_URL)`);
      continue;
    }
    report.line(`${engine}: one company and its admin registered on a BFF started without the demo (ready in ${measured.startSeconds.toFixed(1)} s); ${measured.bytes} bytes of JSON; median of ${measured.rounds} rounds of ${DURATION_S} s, 10 connections`);
    report.figure('BFF', `${Math.round(measured.bffRps)} req/s (p99 ${measured.bffLatencyP99} ms)`, { depth: 1, load: measured.bffLoad });
    report.figure('bare Koa', `${Math.round(measured.koaRps)} req/s (p99 ${measured.koaLatencyP99} ms)`, { depth: 1, load: measured.koaLoad });
    report.figure('ratio', measured.ratio.toFixed(2), { depth: 1, target: `at least ${OVERHEAD_TARGET}`, ok: measured.ratio >= OVERHEAD_TARGET, load: measured.load });
  }
  return report.missed;
}

// `node bench/bff-overhead.mjs` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) await runAlone(printBffOverheadBenchmark);
