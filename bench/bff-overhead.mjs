// Requests per second of an authenticated JSON route of the real BFF (JWT check, user loaded from
// the database, security headers, request log), against plain Node `http` answering the same JSON
// in the same run. Target: the BFF reaches at least 0.6 of plain Node.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const OVERHEAD_TARGET = 0.6;
const BFF_PORT = 3901;
const PLAIN_PORT = 3902;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

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

    plain = fork(new URL('./plain-server.mjs', import.meta.url).pathname, {
      env: { ...process.env, PORT: String(PLAIN_PORT), BENCH_BODY: body },
      stdio: 'ignore',
    });
    await waitFor(`http://127.0.0.1:${PLAIN_PORT}/`);

    // Warm both up, then measure.
    await load(route, headers).catch(() => undefined);
    const bffResult = await load(route, headers);
    const plainResult = await load(`http://127.0.0.1:${PLAIN_PORT}/`, {});
    if (bffResult.non2xx > 0) throw new Error(`${bffResult.non2xx} BFF answers were not 2xx`);
    return {
      route: 'GET /api/auth/me (authenticated)',
      bffRps: bffResult.requests.average,
      plainRps: plainResult.requests.average,
      ratio: bffResult.requests.average / plainResult.requests.average,
      bffLatencyP99: bffResult.latency.p99,
    };
  } finally {
    await stop(bff);
    if (plain) await stop(plain);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
