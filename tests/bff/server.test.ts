/**
 * bff/server.ts as a process: the first start on SQLite seeds the demo, a restart does not, and a
 * stop lets the requests in flight finish and writes the last log lines. (npm run seed:demo, whose
 * work differs by engine, is in seed-demo.test.ts.)
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@bff/seeders/demo';
import { createTestDatabase, type TestDatabase } from './support/database';
import { freePort, run, SEED_MS, waitFor } from './support/processes';

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
});
