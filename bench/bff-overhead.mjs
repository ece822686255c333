// Requests per second of an authenticated JSON route of the real BFF (session token check, the
// user and company read from the database, security headers, request log), against bare Koa
// answering the same JSON in the same run: Koa's own floor, so the ratio is the BFF's own cost.
// Measured on SQLite and on PostgreSQL. Target: the BFF reaches at least 0.2 of bare Koa.
//
// The servers are measured in turns, several rounds, and each figure is the median, because two
// cores shared with the load generator make single runs swing by a third.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const OVERHEAD_TARGET = 0.2;
const BFF_PORT = 3901;
const KOA_PORT = 3903;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
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

/** The BFF in its own process on the given environment, seeding the demo or not. */
export function startBff(env, seed) {
  return spawn(process.execPath, ['--import', 'tsx', 'bff/server.ts'], { env: { ...env, SEED_DEMO: String(seed) }, stdio: 'ignore' });
}

/** Signs in as Acme's admin: the Authorization header of the session. */
export async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'alice@acme.example', password: 'Acme-Admin-2026' }),
  });
  if (!response.ok) throw new Error(`Sign-in for the benchmark failed: ${response.status}`);
  return { Authorization: `Bearer ${(await response.json()).token}` };
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** A fresh PostgreSQL database for one run, or null when the server is not reachable. */
export async function createPostgresDatabase() {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `navout_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** One database engine: 'sqlite' or 'postgresql'. Null when PostgreSQL is not reachable. */
export async function measureBffOverhead(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-'));
  const postgres = engine === 'postgresql' ? await createPostgresDatabase() : null;
  if (engine === 'postgresql' && !postgres) return null;
  const bff = spawn(process.execPath, ['--import', 'tsx', 'bff/server.ts'], {
    env: {
      ...process.env,
      PORT: String(BFF_PORT),
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      STATIC_DIR: join(dataDir, 'none'),
    },
    stdio: 'ignore',
  });
  let koa;
  try {
    const base = `http://127.0.0.1:${BFF_PORT}`;
    await waitFor(`${base}/api/health`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'alice@acme.example', password: 'Acme-Admin-2026' }),
    });
    if (!login.ok) throw new Error(`Sign-in for the benchmark failed: ${login.status}`);
    const { token } = await login.json();
    const headers = { Authorization: `Bearer ${token}` };
    const route = `${base}/api/auth/me`;
    const body = await (await fetch(route, { headers })).text();

    koa = fork(new URL('./koa-server.mjs', import.meta.url).pathname, {
      env: { ...process.env, PORT: String(KOA_PORT), BENCH_BODY: body },
      stdio: 'ignore',
    });
    await waitFor(`http://127.0.0.1:${KOA_PORT}/`);

    const targets = { bff: [route, headers], koa: [`http://127.0.0.1:${KOA_PORT}/`, {}] };
    const runs = { bff: [], koa: [] };
    // Warm each up once, then measure in turns.
    for (const [url, requestHeaders] of Object.values(targets)) await load(url, requestHeaders).catch(() => undefined);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, [url, requestHeaders]] of Object.entries(targets)) {
        const result = await load(url, requestHeaders);
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} answers were not 2xx and ${result.errors} requests failed`);
        }
        runs[name].push(result);
      }
    }
    const rps = (name) => median(runs[name].map((result) => result.requests.average));
    const p99 = (name) => median(runs[name].map((result) => result.latency.p99));
    return {
      engine,
      route: 'GET /api/auth/me (authenticated)',
      rounds: ROUNDS,
      bffRps: rps('bff'),
      koaRps: rps('koa'),
      ratio: rps('bff') / rps('koa'),
      bffLatencyP99: p99('bff'),
      koaLatencyP99: p99('koa'),
    };
  } finally {
    await stop(bff);
    if (koa) await stop(koa);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
