import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@bff/seeders/demo';
import { createTestDatabase, type TestDatabase } from './support/database';

const TSX = resolve('node_modules/.bin/tsx');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The environment of a child process: this one's, without any database or SSO settings leaking in. */
function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(DATABASE_URL|TEST_DATABASE_URL|SEED_DEMO|JWT_|SSO_|SMTP_|PORT)/.test(name)) delete env[name];
  // The whole demo is seeded, with 2 % of its generated activity: every seeder runs, in seconds.
  return { ...env, LOG_LEVEL: 'info', STATIC_DIR: '/nonexistent-dashboard', DEMO_SCALE_PERCENT: '2', ...settings };
}

function run(script: string, settings: Record<string, string>): Running {
  let output = '';
  const child = spawn(TSX, [script], { env: childEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

// The first start seeds the demo (every company's accounts, data, surveys, calls and profiles).
const SEED_MS = 240_000;

/** Resolves when the process has printed `text`; fails if it exits first or takes longer than timeoutMs. */
function waitFor(running: Running, text: string, timeoutMs = SEED_MS): Promise<void> {
  if (running.output().includes(text)) return Promise.resolve();
  return new Promise((done, fail) => {
    const check = () => {
      if (!running.output().includes(text)) return;
      stop();
      done();
    };
    // 'close' comes after the process's output has all been read, so its last lines are checked too.
    const closed = () => {
      stop();
      if (running.output().includes(text)) done();
      else fail(new Error(`The process exited early:\n${running.output()}`));
    };
    const timer = setTimeout(() => {
      stop();
      fail(new Error(`Timed out waiting for "${text}":\n${running.output()}`));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      running.child.stdout!.off('data', check);
      running.child.stderr!.off('data', check);
      running.child.off('close', closed);
    };
    // Listeners added after run()'s own, so the output already holds the chunk when check reads it.
    running.child.stdout!.on('data', check);
    running.child.stderr!.on('data', check);
    running.child.once('close', closed);
  });
}

/**
 * A POST whose headers are sent now, and its body's first half once the server has taken the
 * request in (its 100 Continue answers the Expect header: `started`), the rest on finish().
 */
function startRequest(port: number, path: string, body: string) {
  const half = Math.floor(body.length / 2);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent: false,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
  });
  const started = new Promise<void>((done) =>
    request.once('continue', () => {
      request.write(body.slice(0, half));
      done();
    }),
  );
  const response = new Promise<{ status: number; body: string }>((done, fail) => {
    request.on('error', fail);
    request.on('response', (incoming) => {
      let text = '';
      incoming.on('data', (chunk) => (text += chunk));
      incoming.on('end', () => done({ status: incoming.statusCode ?? 0, body: text }));
    });
  });
  request.flushHeaders();
  return { started, response, finish: () => request.end(body.slice(half)) };
}

describe('bff/server.ts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('seeds a fresh SQLite database, serves, and stops cleanly on SIGTERM after finishing in-flight work', async () => {
    const port = await freePort();
    const server = run('bff/server.ts', { DATA_DIR: `${database.dataDir}/server`, PORT: String(port) });
    try {
      await waitFor(server, 'Navout BFF listening');
      for (const user of DEMO_USERS) expect(server.output()).toContain(`${user.email.padEnd(24)} ${user.password}`);

      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

      // The server has taken the request in (body half written) when SIGTERM arrives.
      const body = JSON.stringify({ email: DEMO_USERS[1].email, password: DEMO_USERS[1].password });
      const inFlight = startRequest(port, '/api/auth/login', body);
      await inFlight.started;
      server.child.kill('SIGTERM');
      await waitFor(server, '"signal":"SIGTERM"');
      inFlight.finish();
      const login = await inFlight.response;
      expect(login.status).toBe(200);
      expect(JSON.parse(login.body).user.email).toBe(DEMO_USERS[1].email);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"signal":"SIGTERM"');
    } finally {
      server.child.kill('SIGKILL');
    }

    const again = run('bff/server.ts', { DATA_DIR: `${database.dataDir}/server`, PORT: String(port) });
    try {
      await waitFor(again, 'Navout BFF listening');
      expect(again.output()).not.toContain('Demo data created');
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    } finally {
      again.child.kill('SIGKILL');
    }
  }, SEED_MS + 60_000);

  it('writes the request log asynchronously and completely: no line is lost when the server stops', async () => {
    const port = await freePort();
    const server = run('bff/server.ts', { DATA_DIR: `${database.dataDir}/log`, PORT: String(port), SEED_DEMO: 'false' });
    try {
      await waitFor(server, 'Navout BFF listening');
      const requests = 200;
      const answers = await Promise.all(
        Array.from({ length: requests }, (_, index) => fetch(`http://127.0.0.1:${port}/api/auth/validate-invitation/secret-${index}`)),
      );
      expect(answers.every((answer) => answer.status === 404)).toBe(true);
      // Stopped at once, while the last lines may still be on their way to stdout.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const logged = lines.filter((line) => line.msg === 'request');
      expect(logged).toHaveLength(requests);
      for (const line of logged) {
        expect(line).toMatchObject({ method: 'GET', url: '/api/auth/validate-invitation/[redacted]', status: 404 });
        expect(typeof line.ms).toBe('number');
      }
      expect(server.output()).not.toContain('secret-');
      expect(lines.at(-1)?.msg).toBe('Stopped');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('seeds the demo with npm run seed:demo once, and says so the second time', async () => {
    const settings: Record<string, string> = { DATA_DIR: `${database.dataDir}/seed` };
    if (database.database.kind === 'postgresql') settings.DATABASE_URL = database.database.url;
    const first = run('bff/seed-demo.ts', settings);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Demo data created');
    expect(first.output()).toContain('admin@navout.example');

    const second = run('bff/seed-demo.ts', settings);
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('The demo data already exists');
    expect(second.output()).not.toContain('Demo data created');
  }, SEED_MS + 60_000);
});
