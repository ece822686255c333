/**
 * The prediction API's runtime: snapshots, call log, quota and rate limit, the routes, and the
 * background jobs the server starts and stops (call log flush, snapshot refresher, replica poll).
 */
import { randomUUID } from 'node:crypto';
import type { Router } from '@koa/router';
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { AppMiddleware, AppState, Orm } from '../../types';
import { repeatingJob, type Job } from '../../platform/jobs';
import { createCallLog, FLUSH_INTERVAL_MS, type CallLog } from './callLog';
import { createCallRecording, createIngestBody } from './callRecording';
import { createQuota, createRateLimit, type Quota, type RateLimit } from './limits';
import { createRecentEventsReader } from './predict';
import { createPredictionApiRouter, createPredictionUsageRouter } from './routes';
import { createSettingsReader } from './settings';
import { createSnapshotStore, type SnapshotStore } from './snapshots';
import { knexOf } from '../../platform/sql';

// The prediction module's public face, besides the runtime below: what the dashboard, the model
// screen, the seeders and the server use.
export { bucketOf, countsAgainstQuota, HISTOGRAM_LENGTH, LATENCY_BUCKETS_MS, percentileOf } from './callLog';
export { monthOf } from './callMinutes';
export { servedCalls } from './limits';
export { readiness } from './engine';
export type { PredictionIndex } from './engine/types';
export { rebuildOutcomes, timeOf } from './outcomes';
export { storeEvents, upsertItems, type ValidItem } from './records';
export { completeSettings, latestSettings } from './settings';
export { readSnapshotInput } from './snapshotInput';
export type { SnapshotStore } from './snapshots';
export { INGEST_BODY_LIMIT_BYTES } from './callRecording';

export interface PredictionRuntimeOptions {
  /** The ORM whose knex and prepared statements the request path uses. */
  orm: Orm;
  /**
   * A new EntityManager (the runtime's fork) for what the API keeps in memory across calls and
   * writes in the background: snapshots, the quota and rate limit's counts, the call log, the settings.
   */
  fork: () => EntityManager;
  config: Pick<Config, 'database' | 'dataDir' | 'publicUrl' | 'prediction'>;
  logger: Logger;
  now?: () => Date;
  /** Names this process's rows in prediction_call_minutes; random per start by default. */
  replicaId?: string;
}

export interface PredictionRuntime {
  replicaId: string;
  snapshots: SnapshotStore;
  callLog: CallLog;
  quota: Quota;
  rateLimit: RateLimit;
  routers: Array<Router<AppState>>;
  /** Reads the larger ingestion bodies before the general JSON parser. */
  ingestBody: AppMiddleware;
  /** Logs every /api/v1 call of a known key, applies the per-key rate limit. */
  callRecorder: AppMiddleware;
  /**
   * Its background jobs: the call log's flush (its stop writes the calls still buffered, so a
   * graceful stop loses none), the snapshot refresher (its stop waits for running builds) and the
   * replica poll.
   */
  jobs: { callLogFlush: Job; snapshotRefresh: Job; snapshotPoll: Job };
}

export function createPredictionRuntime(options: PredictionRuntimeOptions): PredictionRuntime {
  const { orm, fork, config, logger } = options;
  const now = options.now ?? (() => new Date());
  const replicaId = options.replicaId ?? randomUUID();
  const snapshots = createSnapshotStore({ fork, config, logger, now });
  const quota = createQuota({ fork, logger, now });
  const callLog = createCallLog({ orm, fork, logger, replicaId, onFlushed: (served) => quota.flushed(served) });
  const rateLimit = createRateLimit({
    fork,
    logger,
    replicaId,
    now,
    limit: config.prediction.rateLimitPerMinute,
    localCalls: (apiKeyId, companyId, at) => callLog.minuteCalls(apiKeyId, companyId, at),
  });
  const { callRecorder, describeCall, startedAt } = createCallRecording({ callLog, rateLimit, now });
  const recentEvents = createRecentEventsReader(orm, config.database.kind);
  const routers = [
    createPredictionApiRouter({
      kind: config.database.kind,
      knex: () => knexOf(orm),
      publicUrl: config.publicUrl,
      snapshots,
      latestSettings: createSettingsReader(orm, fork),
      recentEvents,
      quota,
      now,
      describeCall,
      startedAt,
    }),
    createPredictionUsageRouter({ snapshots, recentEvents, now }),
  ];
  return {
    replicaId,
    snapshots,
    callLog,
    quota,
    rateLimit,
    routers,
    ingestBody: createIngestBody(),
    callRecorder,
    jobs: predictionJobs({ callLog, snapshots, config, logger }),
  };
}

function predictionJobs({ callLog, snapshots, config, logger }: { callLog: CallLog; snapshots: SnapshotStore; config: PredictionRuntimeOptions['config']; logger: Logger }): PredictionRuntime['jobs'] {
  return {
    callLogFlush: repeatingJob({ name: 'Prediction call log flush', everyMs: FLUSH_INTERVAL_MS, run: () => callLog.flush(), logger, afterStop: () => callLog.close() }),
    snapshotRefresh: repeatingJob({
      name: 'Prediction snapshot refresh',
      everyMs: config.prediction.refreshMs,
      run: () => snapshots.refresh(),
      logger,
      afterStop: () => snapshots.stop(),
    }),
    // At start too: a new process loads the snapshots of the companies being served before their calls arrive.
    snapshotPoll: repeatingJob({ name: 'Prediction snapshot poll', everyMs: config.prediction.pollMs, run: () => snapshots.poll(), logger, runOnStart: true }),
  };
}
