/**
 * Operators' endpoints: /metrics (Prometheus text, behind METRICS_TOKEN), the liveness and
 * readiness checks, the health check's `degraded` when the database refuses writes, and the
 * request and job ids on every log line.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '@bff/app';
import { AudienceJob, HealthCheck } from '@bff/entities';
import { logContextFields } from '@bff/logger';
import { repeatingJob } from '@bff/platform/jobs';
import { useWorld } from './support/world';

const METRICS_TOKEN = 'metrics-token-of-the-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (version 0.0.4), as a scraper reads them. */
function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string>): number =>
  samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value ?? 0;

describe('operators endpoints', () => {
  const world = useWorld({ env: { METRICS_TOKEN, PUBLIC_RATE_LIMIT: '2' } });
  const bearer = { Authorization: `Bearer ${METRICS_TOKEN}` };
  const scrape = async () => {
    const response = await world().http.get('/metrics').set(bearer);
    expect(response.status).toBe(200);
    return samplesOf(response.text);
  };

  it('refuses /metrics without the token, or with another one', async () => {
    const without = await world().http.get('/metrics');
    expect(without.status).toBe(401);
    expect(without.body).toMatchObject({ code: 'unauthorized' });
    expect(without.text).not.toContain('navout_');
    const wrong = await world().http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}x`);
    expect(wrong.status).toBe(401);
    // A session token is no metrics token.
    expect((await world().http.get('/metrics').set(world().bearer('admin'))).status).toBe(401);
  });

  it('does not serve /metrics at all when no token or port is configured', async () => {
    const unconfigured = createApp({ ...world().config, metrics: { token: null, port: null } }, world().runtime);
    const response = await supertest(unconfigured.callback()).get('/metrics').set(bearer);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('navout_');
  });

  it('serves Prometheus text with the process, database pool and queue metrics', async () => {
    const response = await world().http.get('/metrics').set(bearer);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const name of [
      'navout_http_request_duration_seconds',
      'navout_rate_limit_refusals_total',
      'navout_job_run_duration_seconds',
      'navout_webhook_deliveries_total',
      'navout_job_queue_depth',
      'navout_job_queue_oldest_age_seconds',
      'navout_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(response.text).toContain(`# TYPE ${name} `);
    }
    const samples = samplesOf(response.text);
    expect(valueOf(samples, 'navout_db_pool_connections', { state: 'used' }) + valueOf(samples, 'navout_db_pool_connections', { state: 'free' })).toBeGreaterThan(0);
    for (const kind of ['sync', 'webhook', 'audience']) expect(samples.some((sample) => sample.name === 'navout_job_queue_depth' && sample.labels.kind === kind)).toBe(true);
  });

  it('counts a request under its route template, never its raw path', async () => {
    const surveyId = randomUUID();
    const labels = { method: 'GET', route: '/api/surveys/:id/analytics', status: '404' };
    const before = valueOf(await scrape(), 'navout_http_request_duration_seconds_count', labels);
    const response = await world().http.get(`/api/surveys/${surveyId}/analytics`).set(world().bearer('alice'));
    expect(response.status).toBe(404);
    const after = await scrape();
    expect(valueOf(after, 'navout_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(valueOf(after, 'navout_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes(surveyId)))).toBe(false);
    // A path no route knows is counted under one label, whatever it is.
    await world().http.get('/api/not-a-route/abc123');
    expect(valueOf(await scrape(), 'navout_http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status: '404' })).toBeGreaterThan(0);
  });

  it('counts rate-limit refusals by limiter', async () => {
    const before = valueOf(await scrape(), 'navout_rate_limit_refusals_total', { limiter: 'public' });
    const address = { 'X-Forwarded-For': '203.0.113.77' };
    const path = `/api/public/companies/${world().companies.acme.id}/surveys`;
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) statuses.push((await world().http.get(path).set(address)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(valueOf(await scrape(), 'navout_rate_limit_refusals_total', { limiter: 'public' })).toBe(before + 1);
  });

  it('reports the depth and the oldest wait of a job queue', async () => {
    const em = world().em();
    const queuedAt = new Date(Date.now() - 90_000);
    const job = em.create(AudienceJob, { companyId: world().companies.globex.id, kind: 'refresh', status: 'queued', progress: 0, processed: 0, total: 0 });
    await em.flush();
    await em.nativeUpdate(AudienceJob, { id: job.id }, { createdAt: queuedAt });
    try {
      const samples = await scrape();
      expect(valueOf(samples, 'navout_job_queue_depth', { kind: 'audience' })).toBe(1);
      expect(valueOf(samples, 'navout_job_queue_oldest_age_seconds', { kind: 'audience' })).toBeGreaterThanOrEqual(90);
    } finally {
      await world().em().nativeDelete(AudienceJob, { id: job.id });
    }
    expect(valueOf(await scrape(), 'navout_job_queue_depth', { kind: 'audience' })).toBe(0);
  });

  it('answers live and ready, after a real write', async () => {
    const live = await world().http.get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
    const ready = await world().http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'up', writes: 'ok', migrations: 'applied' }, reasons: [] });
    expect(ready.headers['cache-control']).toBe('no-store');
    const probe = await world().em().findOneOrFail(HealthCheck, { id: 'write-probe' });
    expect(Date.now() - probe.checkedAt.getTime()).toBeLessThan(60_000);
  });

  it('says not ready and degraded while the database refuses writes, and recovers', async () => {
    const connection = world().em().getConnection();
    const postgres = world().config.database.kind === 'postgresql';
    // The engine itself refuses: SQLite's connection turned read-only; on PostgreSQL, a trigger
    // failing the write as a full disk does (every pooled connection meets it).
    if (postgres) {
      await connection.execute(`create or replace function health_checks_refuse() returns trigger language plpgsql as $$
        begin raise exception using errcode = '53100', message = 'could not extend file: No space left on device'; end $$`);
      await connection.execute('create trigger health_checks_refuse before insert or update on health_checks for each row execute function health_checks_refuse()');
    } else {
      await connection.execute('pragma query_only = on');
    }
    try {
      const ready = await world().http.get('/api/health/ready').set('X-Request-Id', 'probe-while-read-only');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('not_ready');
      expect(ready.body.checks).toMatchObject({ database: 'up', writes: 'failing' });
      expect(ready.body.reasons).toEqual([expect.stringMatching(/refuses writes/)]);

      const health = await world().http.get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'degraded', database: 'up', reason: expect.stringMatching(/refuses writes/) });

      // The failure is logged with the request that met it.
      const warning = world().logLines.find((line) => line.msg === 'The health check could not write to the database' && line.reqId === 'probe-while-read-only');
      expect(warning).toBeDefined();
    } finally {
      if (postgres) await connection.execute('drop trigger health_checks_refuse on health_checks');
      else await connection.execute('pragma query_only = off');
    }
    expect((await world().http.get('/api/health')).body).toEqual({ status: 'ok', database: 'up' });
    expect((await world().http.get('/api/health/ready')).status).toBe(200);
  });

  it('gives every request an id, on its log lines and in X-Request-Id', async () => {
    const forwarded = await world().http.get('/api/health/live').set('X-Request-Id', 'edge-4f2a9c');
    expect(forwarded.headers['x-request-id']).toBe('edge-4f2a9c');
    const line = world().logLines.find((entry) => entry.msg === 'request' && entry.reqId === 'edge-4f2a9c');
    expect(line).toMatchObject({ method: 'GET', url: '/api/health/live', status: 200 });

    // Without one (or with one that is not plain), the server makes its own.
    const own = await world().http.get('/api/health/live').set('X-Request-Id', 'bad id\twith spaces');
    const ownId = own.headers['x-request-id'];
    expect(ownId).toMatch(/^[0-9a-f-]{36}$/);
    expect(world().logLines.some((entry) => entry.msg === 'request' && entry.reqId === ownId)).toBe(true);
    const other = await world().http.get('/api/health/live');
    expect(other.headers['x-request-id']).not.toBe(ownId);
  });

  it('gives every run of a job an id on its log lines, and times it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino({ mixin: logContextFields }, sink);
    let runs = 0;
    const job = repeatingJob({
      name: 'Metrics test job',
      everyMs: 60_000,
      logger,
      run: async () => {
        runs++;
        logger.info('working');
        if (runs === 2) throw new Error('the second run fails');
      },
    });
    job.start();
    try {
      job.wake();
      await expect.poll(() => lines.filter((line) => line.msg === 'working').length).toBe(1);
      job.wake();
      await expect.poll(() => lines.some((line) => line.msg === 'Metrics test job failed')).toBe(true);
    } finally {
      await job.stop();
    }
    const [first, second] = lines.filter((line) => line.msg === 'working');
    expect(first).toMatchObject({ job: 'Metrics test job', jobRunId: expect.any(String) });
    expect(second!.jobRunId).not.toBe(first!.jobRunId);
    // The failure is logged in its run.
    expect(lines.find((line) => line.msg === 'Metrics test job failed')).toMatchObject({ job: 'Metrics test job', jobRunId: second!.jobRunId });

    const samples = await scrape();
    expect(valueOf(samples, 'navout_job_run_duration_seconds_count', { job: 'Metrics test job', outcome: 'ok' })).toBe(1);
    expect(valueOf(samples, 'navout_job_run_duration_seconds_count', { job: 'Metrics test job', outcome: 'failed' })).toBe(1);
  });
});
