/**
 * What operators scrape: Prometheus metrics through prom-client. The counters and histograms that
 * code anywhere in the process adds to (requests, rate-limit refusals, job runs, webhook
 * deliveries) are made once per process; each registry (createMetricsRegistry: one per app, with
 * the database it reads) lists them beside Node's own metrics (prom-client's defaults: event-loop
 * lag, heap, garbage collection), the database pool and the job queues, read at scrape time.
 *
 * Who may read them (bff/config.ts): METRICS_PORT serves them on a port of their own, METRICS_TOKEN
 * on the main port at /metrics to a Bearer of the token (and on METRICS_PORT too when both are
 * set); with neither, /metrics is not served. With several web processes (WEB_CONCURRENCY), the
 * supervisor answers on METRICS_PORT for all of them: it asks each web process for its metrics
 * and adds them up with its own (prom-client's AggregatorRegistry).
 */
import cluster from 'node:cluster';
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { AudienceJob, SyncRun, WebhookDelivery } from '../entities';
import type { AppMiddleware, Orm } from '../types';

/** Requests take milliseconds to a few seconds; exports and imports longer. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Job runs: a flush takes milliseconds, a sync or an audience build minutes. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

/** Requests no route matched (static files, unknown paths): one label, so stray URLs add no series. */
export const UNMATCHED_ROUTE = '(unmatched)';

export const httpRequestDuration = new Histogram({
  name: 'navout_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status, and how long they took.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [],
});

export const rateLimitRefusals = new Counter({
  name: 'navout_rate_limit_refusals_total',
  help: 'Requests answered 429 by a rate limit, by limiter (public, ingest).',
  labelNames: ['limiter'] as const,
  registers: [],
});

export const jobRunDuration = new Histogram({
  name: 'navout_job_run_duration_seconds',
  help: 'Runs of background jobs (sync worker, webhook deliveries, prediction snapshot refresh, audience builds...) by job and outcome, and how long they took.',
  labelNames: ['job', 'outcome'] as const,
  buckets: JOB_BUCKETS,
  registers: [],
});

export const webhookDeliveries = new Counter({
  name: 'navout_webhook_deliveries_total',
  help: 'Attempts to send a completion webhook or a Write Back batch, by outcome: delivered, retrying (a later attempt follows) or failed (given up).',
  labelNames: ['outcome'] as const,
  registers: [],
});

const PROCESS_METRICS = [httpRequestDuration, rateLimitRefusals, jobRunDuration, webhookDeliveries] as Metric[];

interface QueueDefinition {
  kind: string;
  entity: typeof SyncRun | typeof WebhookDelivery | typeof AudienceJob;
  /** The rows waiting, given the time of the scrape. */
  waiting: (now: Date) => FilterQuery<never>;
  /** The column their wait counts from. */
  since: 'runAfter' | 'nextAttemptAt' | 'createdAt';
}

/** The database-backed queues (bff/platform/jobQueue.ts claims from them): what is due and not yet taken. */
const QUEUES: QueueDefinition[] = [
  { kind: 'sync', entity: SyncRun, waiting: (now) => ({ status: 'queued', runAfter: { $lte: now } }) as never, since: 'runAfter' },
  { kind: 'webhook', entity: WebhookDelivery, waiting: (now) => ({ status: 'pending', nextAttemptAt: { $lte: now } }) as never, since: 'nextAttemptAt' },
  { kind: 'audience', entity: AudienceJob, waiting: () => ({ status: 'queued' }) as never, since: 'createdAt' },
];

async function readQueues(em: EntityManager, depth: Gauge<'kind'>, age: Gauge<'kind'>): Promise<void> {
  const now = new Date();
  await Promise.all(
    QUEUES.map(async ({ kind, entity, waiting, since }) => {
      const where = waiting(now);
      const [count, oldest] = await Promise.all([
        em.count(entity as never, where),
        em.findOne(entity as never, where, { orderBy: { [since]: 'asc' } }) as Promise<Record<string, unknown> | null>,
      ]);
      depth.set({ kind }, count);
      const from = oldest?.[since];
      age.set({ kind }, from instanceof Date ? Math.max(0, (now.getTime() - from.getTime()) / 1000) : 0);
    }),
  );
}

/** knex's connection pool (tarn), where the driver has one. */
interface Pool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function poolOf(orm: Orm): Pool | null {
  const connection = orm.config.getDriver().getConnection() as { getKnex?: () => { client?: { pool?: Partial<Pool> } } };
  const pool = connection.getKnex?.().client?.pool;
  return pool && typeof pool.numUsed === 'function' && typeof pool.numFree === 'function' && typeof pool.numPendingAcquires === 'function' ? (pool as Pool) : null;
}

/** A registry of everything this process reports, reading the database's pool and, in an EntityManager of their own, the queues. */
export function createMetricsRegistry({ orm, fork }: { orm: Orm; fork: () => EntityManager }, logger: Pick<Logger, 'warn'>): Registry {
  const registry = new Registry();
  for (const metric of PROCESS_METRICS) registry.registerMetric(metric);
  collectDefaultMetrics({ register: registry });

  // Every process of a deployment sees the same queue: added up over processes, it would count
  // each row once per process, so the cluster's figure is the largest one.
  const queueDepth = new Gauge({
    name: 'navout_job_queue_depth',
    help: 'Jobs due and not yet taken, by queue (sync, webhook, audience).',
    labelNames: ['kind'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: () => readQueuesOnce(),
  });
  const queueAge = new Gauge({
    name: 'navout_job_queue_oldest_age_seconds',
    help: 'How long the oldest due job of each queue (sync, webhook, audience) has waited; 0 when none waits.',
    labelNames: ['kind'] as const,
    aggregator: 'max',
    registers: [registry],
    collect: () => readQueuesOnce(),
  });
  // Both gauges are collected at once by a scrape: they share one read of the queues.
  let reading: Promise<void> | null = null;
  const readQueuesOnce = (): Promise<void> =>
    (reading ??= readQueues(fork(), queueDepth, queueAge)
      .catch((failure: unknown) => {
        // A scrape still answers (the database's own state shows in /api/health/ready).
        logger.warn({ err: failure }, 'The job queues could not be read for the metrics');
      })
      .finally(() => {
        reading = null;
      }));
  new Gauge({
    name: 'navout_db_pool_connections',
    help: 'Database connections of the pool by state: used, free, and pending (requests waiting for one).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolOf(orm);
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
    },
  });
  return registry;
}

/** The route template @koa/router matched (`/api/surveys/:id`), never the raw path. */
function routeOf(ctx: object): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof matched === 'string' ? matched : UNMATCHED_ROUTE;
}

/** Times every request into navout_http_request_duration_seconds, once its status is settled. */
export function requestMetrics(): AppMiddleware {
  return async function measureRequest(ctx, next) {
    const end = httpRequestDuration.startTimer();
    try {
      await next();
    } finally {
      end({ method: ctx.method, route: routeOf(ctx), status: String(ctx.status) });
    }
  };
}

/** Runs `run` (one run of a job) into navout_job_run_duration_seconds by its outcome. */
export async function timedJobRun<T>(job: string, run: () => Promise<T>): Promise<T> {
  const end = jobRunDuration.startTimer({ job });
  try {
    const value = await run();
    end({ outcome: 'ok' });
    return value;
  } catch (failure) {
    end({ outcome: 'failed' });
    throw failure;
  }
}

/** Whether an Authorization header carries the metrics token, compared in constant time. */
export function presentsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

/**
 * /metrics on the main port: served only when METRICS_TOKEN is set and METRICS_PORT is not, and
 * only to a Bearer of the token. Otherwise the path is passed on, and answered like any unknown one.
 */
/** `registryOf` is asked only when /metrics is served: a registry collects Node's metrics from when it is made. */
export function metricsRoute(config: Config, registryOf: () => Registry): AppMiddleware {
  const { token, port } = config.metrics;
  return async function serveMetrics(ctx, next) {
    if (ctx.path !== '/metrics' || !token || port !== null || cluster.isWorker) return next();
    (ctx as { _matchedRoute?: string })._matchedRoute = '/metrics';
    ctx.set('Cache-Control', 'no-store');
    if (!presentsToken(ctx.get('Authorization'), token)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.body = { error: 'Unauthorized', message: 'The metrics need the Bearer token set in METRICS_TOKEN.', code: 'unauthorized' };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { error: 'Method not allowed', message: 'The metrics are read with GET.', code: 'method_not_allowed' };
      return;
    }
    const registry = registryOf();
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  };
}

/** What a supervisor asks its web processes, and what they answer. */
const METRICS_REQUEST = 'navout:metrics-request';
const METRICS_RESPONSE = 'navout:metrics-response';
/** A web process that has not answered by then is left out of the scrape. */
const CLUSTER_TIMEOUT_MS = 3_000;

type MetricJson = MetricObjectWithValues<MetricValue<string>>;

interface MetricsMessage {
  type: string;
  id: number;
  metrics?: MetricJson[];
}

const isMetricsMessage = (message: unknown, type: string): message is MetricsMessage =>
  typeof message === 'object' && message !== null && (message as MetricsMessage).type === type;

/** In a web process of a cluster: answers its supervisor's requests with this registry's metrics. */
export function answerSupervisorScrapes(registry: Registry, logger: Pick<Logger, 'warn'>): void {
  process.on('message', (message: unknown) => {
    if (!isMetricsMessage(message, METRICS_REQUEST)) return;
    registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: METRICS_RESPONSE, id: message.id, metrics }),
      (failure: unknown) => {
        logger.warn({ err: failure }, 'The metrics could not be read for the supervisor');
        process.send?.({ type: METRICS_RESPONSE, id: message.id, metrics: [] });
      },
    );
  });
}

let scrapeSequence = 0;

/** In a supervisor: its own metrics and every live web process's, added up (prom-client's aggregation). */
async function clusterMetrics(own: Registry): Promise<Registry> {
  const id = ++scrapeSequence;
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
  const answers = workers.map(
    (worker) =>
      new Promise<MetricJson[]>((resolve) => {
        const timer = setTimeout(() => done([]), CLUSTER_TIMEOUT_MS);
        function onMessage(message: unknown) {
          if (isMetricsMessage(message, METRICS_RESPONSE) && message.id === id) done(message.metrics ?? []);
        }
        function done(metrics: MetricJson[]) {
          clearTimeout(timer);
          worker!.off('message', onMessage);
          worker!.off('exit', onExit);
          resolve(metrics);
        }
        function onExit() {
          done([]);
        }
        worker!.on('message', onMessage);
        worker!.once('exit', onExit);
        worker!.send({ type: METRICS_REQUEST, id });
      }),
  );
  const all = await Promise.all([own.getMetricsAsJSON(), ...answers]);
  return AggregatorRegistry.aggregate(all);
}

/**
 * METRICS_PORT: a server of its own answering GET /metrics (to a Bearer of METRICS_TOKEN when that
 * is set too); in a supervisor, for every web process with its own.
 */
export function serveMetricsPort(config: Config, registry: Registry, logger: Pick<Logger, 'info' | 'error'>): Server | null {
  const { port, token } = config.metrics;
  if (port === null) return null;
  const send = (response: ServerResponse, status: number, body: string, type = 'application/json') => {
    response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    response.end(body);
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') return send(response, 404, JSON.stringify({ error: 'Not found', message: 'Only /metrics is served here.', code: 'route_not_found' }));
    if (token && !presentsToken(request.headers.authorization, token)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return send(response, 401, JSON.stringify({ error: 'Unauthorized', message: 'The metrics need the Bearer token set in METRICS_TOKEN.', code: 'unauthorized' }));
    }
    const source = cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0 ? clusterMetrics(registry) : Promise.resolve(registry);
    source
      .then((answering) => answering.metrics().then((text) => send(response, 200, text, answering.contentType)))
      .catch((failure: unknown) => {
        logger.error({ err: failure }, 'The metrics could not be read');
        send(response, 500, JSON.stringify({ error: 'Internal server error', message: 'The metrics could not be read.', code: 'internal_error' }));
      });
  });
  server.listen(port, () => logger.info({ port }, 'Metrics served at /metrics'));
  server.on('error', (failure) => logger.error({ err: failure, port }, 'The metrics port could not be opened'));
  return server;
}
