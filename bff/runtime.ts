/**
 * The composition root: every service of the BFF and every background job, built once from the
 * configuration and the database. The web process (server.ts) serves the services over HTTP
 * (app.ts) and starts its own jobs (PROCESS_JOBS); the deployment's jobs it is given run in its
 * child jobs process (jobsProcess.ts), which builds this same runtime; `npm run worker`
 * (worker.ts) runs only the deployment's jobs; the tests build the same runtime and start the jobs
 * they drive, on their own event loop.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Config } from './config';
import { createLogger } from './logger';
import { createApiKeyService } from './modules/apiKeys';
import { createAudienceService } from './modules/audience';
import { createAuthService, createIdTokenVerifier, LoginThrottle } from './modules/auth';
import { createCollectionService, createCompanyCollectionService } from './modules/collection';
import { createCompanyService } from './modules/companies';
import { createCustomAttributeService } from './modules/customAttributes';
import { createDashboardService } from './modules/dashboard';
import { createDataTypeService } from './modules/dataTypes';
import { createCustomConnectorService, createDataSourceService, createFieldService, createIngestService, createSyncWorker } from './modules/dataSources';
import { createExportService } from './modules/export';
import { createFileService } from './modules/files';
import { createHealthService } from './modules/health';
import { createModelSettingsService } from './modules/modelSettings';
import { createPlanUsageService } from './modules/plans';
import { createPredictionRuntime } from './modules/prediction';
import { createPrivacyService } from './modules/privacy';
import { createRequestService } from './modules/requests';
import { createRetentionJob } from './modules/retention';
import { createAnswerTallyJob } from './modules/responses';
import { createResultsService } from './modules/results';
import { createIdentifierService, createSurveyService } from './modules/surveys';
import { createUserService } from './modules/users';
import { createWebhookWorker } from './modules/webhooks';
import { createWritebackService } from './modules/writeback';
import type { Job } from './platform/jobs';
import { followAccountChanges } from './platform/accountChanges';
import { createCounterStore, type CounterStore } from './platform/counters';
import { createMailer, type Mailer } from './platform/mailer';
import { createRateLimiter } from './platform/rateLimit';
import { walCheckpoints } from './platform/walCheckpoints';
import type { Orm } from './types';

export interface RuntimeDependencies {
  logger?: Logger;
  /** Replaces the SMTP mailer built from the configuration. */
  mailer?: Mailer | null;
  /** The clock the services run by (publish dates, starts, end conditions, quotas); tests move it. */
  clock?: () => Date;
}

/** Fresh EntityManagers for jobs, caches and background tasks: each its own, never a request's. */
const forksOf = (orm: Orm) => () => orm.em.fork();

function createServices(config: Config, orm: Orm, logger: Logger, mailer: Mailer | null, clock: () => Date, counters: CounterStore) {
  const fork = forksOf(orm);
  const kind = config.database.kind;
  const prediction = createPredictionRuntime({ orm, fork, config, logger, now: clock });
  const audience = createAudienceService({ orm, fork, config, logger, now: clock });
  const accountChanges = followAccountChanges(orm, config.database, logger);
  return {
    // Where rate limits and sign-in throttles count (memory, the cluster's supervisor or Redis).
    counters,
    // When a kept signed-in caller's row may be stale (bff/middleware/auth.ts).
    accountChanges,
    health: createHealthService(orm, fork, counters, logger),
    files: createFileService(),
    dataTypes: createDataTypeService(),
    auth: createAuthService({
      config,
      throttle: new LoginThrottle(counters, config.loginRateLimit),
      verifyIdToken: config.sso ? createIdTokenVerifier(config.sso) : null,
    }),
    users: createUserService({ config, logger, mailer }),
    companies: createCompanyService({ kind: config.database.kind }),
    dataSources: createDataSourceService({ orm, config, logger, clock }),
    customConnectors: createCustomConnectorService({ config }),
    fields: createFieldService(),
    ingest: createIngestService({ config, logger, now: clock }),
    requests: createRequestService({ mailer, salesEmail: config.salesEmail, logger }),
    surveys: createSurveyService({ now: clock }),
    identifiers: createIdentifierService(),
    results: createResultsService({ orm, kind, now: clock, logger }),
    // The survey widget's public API (cross-origin, no session) and the company embed screen.
    collection: createCollectionService({ orm, fork, config, now: clock }),
    collectionSettings: createCompanyCollectionService({ config, now: clock }),
    // The public routes' limits: the widget's and the ingestion URL's, each counted on its own.
    publicLimiter: createRateLimiter(counters, 'public', clock),
    ingestLimiter: createRateLimiter(counters, 'ingest', clock),
    // The model screen reads the served index and runs offline evaluations on the prediction's snapshots.
    modelSettings: createModelSettingsService({
      logger,
      now: clock,
      servedIndex: async (companyId) => (await prediction.snapshots.ensure(companyId)).index,
      evaluateOffline: (...request) => prediction.snapshots.evaluate(...request),
    }),
    apiKeys: createApiKeyService({ now: clock }),
    customAttributes: createCustomAttributeService(),
    planUsage: createPlanUsageService({ now: clock }),
    export: createExportService({ orm, kind, now: clock, logger }),
    prediction,
    audience,
    writeback: createWritebackService({ orm, config, audience, now: clock }),
    dashboard: createDashboardService({ orm, kind, now: clock }),
    // Erasing a person and the suppression list intake consults (its lists kept while no account changed).
    privacy: createPrivacyService({
      orm,
      fork,
      config,
      logger,
      now: clock,
      changes: accountChanges,
      rebuildAudience: async (companyId) => {
        await audience.startJob(fork(), companyId, 'rebuild', null);
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

function createJobs(config: Config, orm: Orm, logger: Logger, services: Services) {
  const fork = forksOf(orm);
  const { prediction, audience } = services;
  return {
    // Completion webhooks and Write Back batches queued in the database, including those left by an earlier run.
    webhooks: createWebhookWorker({ fork, config, logger }),
    // Connector syncs, queued and scheduled. Runs in flight go back to the queue on stop and resume from their cursor.
    sync: createSyncWorker({ orm, fork, config, logger, concurrency: config.jobs.syncConcurrency }),
    // The prediction API's call log (a graceful stop writes every buffered call), snapshots and replica poll.
    ...prediction.jobs,
    // Audience builds from the job queue, and the refresher queuing those of companies whose data changed.
    audienceBuilds: audience.builds,
    audienceRefresh: audience.refresher,
    // InsightIQ's answer tallies: settled responses counted in batches, off the write path.
    // Erasures from the job queue: one person at a time, each step in batches, resumed after a stop.
    privacyErasures: services.privacy.loop,
    answerTallies: createAnswerTallyJob({ orm, fork, kind: config.database.kind, now: services.results.now, logger }),
    // Raw events, call logs and survey responses older than each company's retention periods, deleted in small batches.
    retention: createRetentionJob({ orm, fork, kind: config.database.kind, now: services.results.now, logger, refreshAudience: audience.queueRefresh }),
    // SQLite's write-ahead log copied into the file from a thread, not by the commits of a process that serves requests.
    walCheckpoints: walCheckpoints({ orm, database: config.database, logger }),
  };
}

export type Jobs = ReturnType<typeof createJobs>;
export type JobName = keyof Jobs;

/**
 * What each web process runs for itself: the calls it served go to the log, its loaded prediction
 * snapshots stay fresh, its commits leave SQLite's checkpoints to a thread.
 */
export const PROCESS_JOBS: readonly JobName[] = ['callLogFlush', 'snapshotRefresh', 'snapshotPoll', 'walCheckpoints'];

/**
 * The deployment's jobs, each backed by a queue in the database: one process runs them (the web
 * server's jobs process, or `npm run worker`), and should several, the queue still hands each
 * delivery, sync run or build to one of them.
 */
export const DEPLOYMENT_JOBS: readonly JobName[] = ['webhooks', 'sync', 'audienceBuilds', 'audienceRefresh', 'answerTallies', 'retention', 'privacyErasures'];

/**
 * The deployment's jobs this configuration gives the web server, which its jobs process runs: none
 * with BACKGROUND_JOBS=false, no syncing with SYNC_WORKER=false.
 */
export function webServerDeploymentJobs(config: Pick<Config, 'sync' | 'backgroundJobs'>): JobName[] {
  if (!config.backgroundJobs) return [];
  return DEPLOYMENT_JOBS.filter((name) => config.sync.worker || name !== 'sync');
}

export interface Runtime {
  config: Config;
  orm: Orm;
  logger: Logger;
  clock: () => Date;
  services: Services;
  jobs: Jobs;
  /** A new EntityManager of its own, for work that no request hands one (a job's run, a check at start). */
  fork(): EntityManager;
  /** Starts the named jobs (every job when none is named); each job starts once. */
  start(names?: readonly JobName[]): void;
  /**
   * Stops every job, started or not, and waits for their runs in flight: what a job holds (a build
   * worker, buffered calls) is released even when a test drove it by hand. The database stays open.
   */
  stop(): Promise<void>;
}

export function createRuntime(config: Config, orm: Orm, dependencies: RuntimeDependencies = {}): Runtime {
  const logger = dependencies.logger ?? createLogger(config);
  const mailer = dependencies.mailer !== undefined ? dependencies.mailer : createMailer(config.smtp);
  const clock = dependencies.clock ?? (() => new Date());
  const counters = createCounterStore(config.redis, logger);
  const services = createServices(config, orm, logger, mailer, clock, counters);
  const jobs = createJobs(config, orm, logger, services);
  const started = new Set<Job>();
  return {
    config,
    orm,
    logger,
    clock,
    services,
    jobs,
    fork: forksOf(orm),
    start(names = Object.keys(jobs) as JobName[]) {
      for (const name of names) {
        const job: Job = jobs[name];
        if (started.has(job)) continue;
        started.add(job);
        job.start();
      }
    },
    async stop() {
      const running: Job[] = Object.values(jobs);
      started.clear();
      const outcomes = await Promise.allSettled(running.map((job) => job.stop()));
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome.status === 'rejected') logger.error({ err: outcome.reason, job: running[index]!.name }, 'A background job did not stop cleanly');
      }
      await services.counters.close();
      await services.accountChanges.close();
    },
  };
}
