/**
 * Starts the BFF: configuration, database and migrations, the demo on a first SQLite start, the
 * runtime's background jobs, then HTTP.
 *
 * The deployment's jobs this server runs (syncs, deliveries, audience builds and refreshes,
 * retention, erasures: webServerDeploymentJobs) run in a child process of its own, `npm run
 * worker`'s code with its own heap limit (jobsProcess.ts), never on the event loop that answers
 * requests: one company's heavy pull cannot slow another company's requests. Each web process
 * keeps its own small jobs (its call log, its prediction snapshots, SQLite's checkpoints).
 *
 * With WEB_CONCURRENCY above 1 the process becomes a supervisor (node:cluster): it applies the
 * migrations and seeds once, starts the deployment's jobs in their child process (unless
 * BACKGROUND_JOBS=false), keeps the rate-limit counts of its web processes when REDIS_URL is not
 * set, and starts that many web processes sharing the port; one that dies is replaced. Each web process serves HTTP and runs
 * only its own jobs (its call log, its prediction snapshots).
 *
 * SIGTERM and SIGINT stop accepting connections, let requests in flight finish, stop the jobs
 * (sync runs go back to the queue, buffered calls are written), close the database and exit 0.
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestContext } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { initOrm, openDatabase } from './db';
import type { Orm } from './types';
import { Company } from './entities';
import { createLogger } from './logger';
import { serveClusterCounters } from './platform/counters';
import { answerSupervisorScrapes, createMetricsRegistry, serveMetricsPort } from './platform/metrics';
import { superviseJobsProcess, type JobsProcess } from './jobsProcess';
import { onSyncQueued } from './modules/dataSources';
import { createRuntime, PROCESS_JOBS, webServerDeploymentJobs, type Runtime } from './runtime';
import { exitAfter, onStopSignal } from './shutdown';
import { DEMO_USERS, seedDemo } from './seeders/demo';

const SHUTDOWN_GRACE_MS = 10_000;
/** A web process that dies is replaced after this long, so one that fails at start does not spin. */
const RESTART_DELAY_MS = 1_000;

async function shouldSeed(config: Config, orm: Orm): Promise<boolean> {
  if (config.seedDemo !== undefined) return config.seedDemo;
  if (config.database.kind !== 'sqlite') return false;
  return RequestContext.create(orm.em, async () => (await orm.em.count(Company, {})) === 0);
}

/** Migrations, then the demo when this database should have it. */
async function prepareDatabase(config: Config, logger: Logger): Promise<Orm> {
  const orm = await openDatabase(config, logger);
  if (await shouldSeed(config, orm)) {
    const seeded = await RequestContext.create(orm.em, () => seedDemo(orm.em, { data: config }));
    if (seeded) {
      console.info('\nDemo data created. Sign in with:');
      for (const user of DEMO_USERS) console.info(`  ${user.email.padEnd(24)} ${user.password.padEnd(20)} ${user.role}`);
      console.info('');
    }
  }
  return orm;
}

/**
 * The child process running this server's share of the deployment's jobs, started (null when the
 * configuration gives it none); Sync Now in this process reaches it at once.
 */
function startJobsProcess(config: Config, orm: Orm, logger: Logger): JobsProcess | null {
  if (!webServerDeploymentJobs(config).length) return null;
  // worker.ts beside this file: TypeScript under tsx, the compiled worker.js in dist-server/.
  const entry = new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
  const jobs = superviseJobsProcess({ entry, memoryMb: config.jobs.memoryMb, logger });
  onSyncQueued(orm, () => jobs.syncQueued());
  jobs.start();
  return jobs;
}

/** Stops the jobs process first (its runs go back to the queue), then this process's own jobs. */
const stopAll = (runtime: Runtime, jobs: JobsProcess | null) => ({
  async stop() {
    await jobs?.stop();
    await runtime.stop();
  },
});

/** A web server: this process alone, or one of a supervisor's. */
async function serve(config: Config): Promise<void> {
  const logger = createLogger(config);
  // The supervisor has applied the migrations and seeded: its web processes only connect.
  const orm = cluster.isWorker ? await initOrm(config) : await prepareDatabase(config, logger);

  const runtime = createRuntime(config, orm, { logger });
  await runtime.services.counters.ready();
  const metrics = createMetricsRegistry(runtime, logger);
  const server = createServer(createApp(config, runtime, metrics).callback());
  // A web process of a cluster reports to its supervisor, which serves METRICS_PORT for all.
  if (cluster.isWorker) answerSupervisorScrapes(metrics, logger);
  const metricsServer = cluster.isWorker ? null : serveMetricsPort(config, metrics, logger);
  // Idle keep-alive connections must not hold a shutdown open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  runtime.start(PROCESS_JOBS);
  let jobs: JobsProcess | null = null;
  if (cluster.isWorker) {
    logger.info({ port, process: cluster.worker?.id }, 'Navout web process listening');
  } else {
    jobs = startJobsProcess(config, orm, logger);
    logger.info({ port, url: `http://localhost:${port}`, counters: runtime.services.counters.kind, jobsPid: jobs?.pid ?? null }, 'Navout BFF listening');
  }

  onStopSignal((signal) => {
    logger.info({ signal }, 'Shutting down');
    metricsServer?.close();
    const forced = setTimeout(() => {
      logger.warn('Requests still running after the grace period; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    server.close((failure) => void exitAfter(logger, stopAll(runtime, jobs), orm, Boolean(failure)));
    server.closeIdleConnections();
  });
}

/** The supervisor of several web processes: database, the deployment's jobs, shared counts. */
async function supervise(config: Config): Promise<void> {
  const logger = createLogger(config);
  const orm = await prepareDatabase(config, logger);
  if (!config.redis.url) serveClusterCounters();
  const runtime = createRuntime(config, orm, { logger });
  // It answers its web processes' counts: its commits leave checkpoints to a thread, as theirs do.
  runtime.start(['walCheckpoints']);
  // The deployment's jobs run in a child of their own, not on the loop that keeps the counts.
  const jobs = startJobsProcess(config, orm, logger);
  // One scrape of METRICS_PORT sees every web process; the main port's /metrics (METRICS_TOKEN alone) would see one.
  const metricsServer = serveMetricsPort(config, createMetricsRegistry(runtime, logger), logger);
  if (config.metrics.token && !metricsServer) logger.warn('METRICS_TOKEN is set without METRICS_PORT: with several web processes, /metrics is served only on METRICS_PORT');

  let stopping = false;
  const fork = (): Worker => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ process: worker.id, code, signal }, 'A web process ended; starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });
  for (let index = 0; index < config.webConcurrency; index++) fork();
  logger.info(
    { processes: config.webConcurrency, port: config.port, url: `http://localhost:${config.port}`, counters: config.redis.url ? 'redis' : 'cluster', jobs: webServerDeploymentJobs(config) },
    'Navout BFF supervising its web processes',
  );

  onStopSignal((signal) => {
    stopping = true;
    logger.info({ signal }, 'Shutting down the web processes');
    metricsServer?.close();
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    const ended = workers.map((worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))));
    // The terminal's Ctrl-C reaches the web processes too; a SIGTERM to the supervisor alone is passed on.
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    void Promise.all(ended).then(() => exitAfter(logger, stopAll(runtime, jobs), orm, false));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) await supervise(config);
  else await serve(config);
}

main().catch((failure: unknown) => {
  const reason = failure instanceof Error && 'code' in failure && failure.code === 'EADDRINUSE'
    ? `port ${(failure as { port?: number }).port} is already in use (set PORT to another one)`
    : failure;
  console.error('Navout BFF failed to start:', reason);
  process.exit(1);
});
