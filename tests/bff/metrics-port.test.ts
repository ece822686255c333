/**
 * /metrics on a port of its own (METRICS_PORT), as the server starts it: open to whoever reaches
 * the port when no METRICS_TOKEN is set, behind the token when it is; nothing else served there;
 * the main port then does not serve /metrics at all. A port already taken is logged, not fatal.
 */
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '@bff/app';
import type { Config } from '@bff/config';
import { createMetricsRegistry, serveMetricsPort } from '@bff/platform/metrics';
import { freePort } from './support/processes';
import { useWorld, type World } from './support/world';

const TOKEN = 'metrics-port-token-of-the-tests-9f8e7d';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino(sink) };
}

const listening = (server: Server) => new Promise<void>((resolve, reject) => (server.listening ? resolve() : server.once('listening', resolve).once('error', reject)));
const closed = (server: Server | null) => new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));

describe('metrics on METRICS_PORT', () => {
  const world = useWorld();
  const servers: Array<Server | null> = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(closed));
  });

  async function serve(w: World, token: string | null): Promise<{ config: Config; base: string }> {
    const port = await freePort();
    const config: Config = { ...w.config, metrics: { port, token } };
    const server = serveMetricsPort(config, createMetricsRegistry(w.runtime, w.runtime.logger), capture().logger);
    servers.push(server);
    await listening(server!);
    return { config, base: `http://127.0.0.1:${port}` };
  }

  it('serves the metrics to anyone on the port when no token is set, and nothing else', async () => {
    const w = world();
    const { config, base } = await serve(w, null);
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    for (const name of ['navout_http_request_duration_seconds', 'navout_job_queue_depth', 'navout_db_pool_connections', 'nodejs_heap_size_used_bytes']) expect(text).toContain(`# TYPE ${name} `);
    expect((await fetch(`${base}/metrics?format=text`)).status).toBe(200);

    const other = await fetch(`${base}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'route_not_found' });

    // The main port leaves /metrics to the port of its own.
    const main = await supertest(createApp(config, w.runtime).callback()).get('/metrics');
    expect(main.status).toBe(404);
    expect(main.text).not.toContain('navout_');
  });

  it('asks for METRICS_TOKEN on the port when it is set too, and the main port still does not serve them', async () => {
    const w = world();
    const { config, base } = await serve(w, TOKEN);
    const without = await fetch(`${base}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await without.json()).toMatchObject({ code: 'unauthorized' });
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` } })).status).toBe(401);
    const allowed = await fetch(`${base}/metrics`, { headers: { Authorization: `bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('# TYPE navout_job_run_duration_seconds ');

    const main = await supertest(createApp(config, w.runtime).callback()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(main.status).toBe(404);
  });

  it('logs a port it cannot open, and the server goes on', async () => {
    const w = world();
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, resolve));
    servers.push(taken);
    const { lines, logger } = capture();
    const server = serveMetricsPort({ ...w.config, metrics: { port, token: null } }, createMetricsRegistry(w.runtime, w.runtime.logger), logger);
    await new Promise((resolve) => server!.once('error', resolve));
    expect(lines.find((line) => line.msg === 'The metrics port could not be opened')).toMatchObject({ port, err: expect.objectContaining({ code: 'EADDRINUSE' }) });
    expect((await w.http.get('/api/health/live')).status).toBe(200);
  });
});
