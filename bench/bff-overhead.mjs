// Requests per second of an authenticated JSON route of the real BFF (JWT check, user loaded from
// the database, security headers, request log), against plain Node `http` answering the same JSON
// in the same run. Target: the BFF reaches at least 0.6 of plain Node.
//
// Bare Koa answering the same JSON is measured too: it is the floor the framework itself sets,
// and shows how much of the gap is the BFF's own work. The three servers are measured in turns,
// several rounds, and each figure is the median, because two cores shared with the load generator
// make single runs swing by a third.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const OVERHEAD_TARGET = 0.6;
const BFF_PORT = 3901;
const PLAIN_PORT = 3902;
const KOA_PORT = 3903;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function waitFor(url, timeoutMs = 60_000) {
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

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export async function measureBffOverhead() {
  const dataDir = mkdtempSync(join(tmpdir(), 'navout-bench-'));
  const bff = spawn(process.execPath, ['--import', 'tsx', 'bff/server.ts'], {
    env: { ...process.env, PORT: String(BFF_PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'info', STATIC_DIR: join(dataDir, 'none') },
    stdio: 'ignore',
  });
  let plain;
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

    const serve = (script, port) =>
      fork(new URL(script, import.meta.url).pathname, {
        env: { ...process.env, PORT: String(port), BENCH_BODY: body },
        stdio: 'ignore',
      });
    plain = serve('./plain-server.mjs', PLAIN_PORT);
    koa = serve('./koa-server.mjs', KOA_PORT);
    await waitFor(`http://127.0.0.1:${PLAIN_PORT}/`);
    await waitFor(`http://127.0.0.1:${KOA_PORT}/`);

    const targets = {
      bff: [route, headers],
      koa: [`http://127.0.0.1:${KOA_PORT}/`, {}],
      plain: [`http://127.0.0.1:${PLAIN_PORT}/`, {}],
    };
    const runs = { bff: [], koa: [], plain: [] };
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
    return {
      route: 'GET /api/auth/me (authenticated)',
      rounds: ROUNDS,
      bffRps: rps('bff'),
      koaRps: rps('koa'),
      plainRps: rps('plain'),
      ratio: rps('bff') / rps('plain'),
      koaRatio: rps('koa') / rps('plain'),
      bffLatencyP99: median(runs.bff.map((result) => result.latency.p99)),
    };
  } finally {
    await stop(bff);
    if (plain) await stop(plain);
    if (koa) await stop(koa);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
