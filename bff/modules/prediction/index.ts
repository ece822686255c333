/**
 * The prediction API's runtime: snapshots, call log, quota and rate limit, the routes, and the
 * background jobs the server starts and stops (call log flush, snapshot refresher, replica poll).
 */
import { randomUUID } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import type { Router } from '@koa/router';
import type { Logger } from 'pino';
import { MB } from '@domain/limits';
import type { Config } from '../../config';
import { toHttpError } from '../../platform/errors';
import type { AppContext, AppMiddleware, AppState, Orm } from '../../types';
import { repeatingJob, type Job } from '../../platform/jobs';
import { createCallLog, FLUSH_INTERVAL_MS, type CallEndpoint, type CallEntry, type CallLog } from './callLog';
import { createQuota, createRateLimit, type Quota, type RateLimit } from './limits';
import { createPredictionApiRouter, createPredictionUsageRouter } from './routes';
import { createSettingsReader } from './settings';
import { createSnapshotStore, type SnapshotStore } from './snapshots';

// The prediction module's public face, besides the runtime below: what the dashboard, the model
// screen, the seeders and the server use.
export { bucketOf, HISTOGRAM_LENGTH, LATENCY_BUCKETS_MS, percentileOf } from './callLog';
export { readiness } from './engine';
export type { PredictionIndex } from './engine/types';
export { rebuildOutcomes, timeOf } from './outcomes';
export { storeEvents, upsertItems, type ValidItem } from './records';
export { completeSettings, latestSettings } from './settings';
export { readSnapshotInput } from './snapshotInput';
export type { SnapshotStore } from './snapshots';

/** Batches of up to 1,000 items with descriptions need more than the dashboard's 1 MB. */
export const INGEST_BODY_LIMIT_BYTES = 16 * MB;

const LOGGED_ENDPOINTS: Record<string, CallEndpoint> = {
  'POST /api/v1/predict': 'predict',
  'POST /api/v1/events': 'events',
  'PUT /api/v1/items': 'items',
};

export interface PredictionRuntimeOptions {
  orm: Orm;
  config: Pick<Config, 'database' | 'publicUrl' | 'prediction'>;
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

interface CallState {
  startedAt: number;
  details: Partial<CallEntry>;
}

export function createPredictionRuntime(options: PredictionRuntimeOptions): PredictionRuntime {
  const { orm, config, logger } = options;
  const now = options.now ?? (() => new Date());
  const replicaId = options.replicaId ?? randomUUID();
  const kind = config.database.kind;
  const snapshots = createSnapshotStore({ orm, config, logger, now });
  const quota = createQuota({ orm, logger, now });
  const callLog = createCallLog({ orm, logger, replicaId, onFlushed: (served) => quota.flushed(served) });
  const rateLimit = createRateLimit({
    orm,
    logger,
    replicaId,
    now,
    limit: config.prediction.rateLimitPerMinute,
    localCalls: (apiKeyId, companyId, at) => callLog.minuteCalls(apiKeyId, companyId, at),
  });
  const calls = new WeakMap<AppContext, CallState>();

  const routers = [
    createPredictionApiRouter({
      kind,
      publicUrl: config.publicUrl,
      snapshots,
      latestSettings: createSettingsReader(orm),
      quota,
      now,
      describeCall: (ctx, details) => {
        const state = calls.get(ctx);
        if (state) state.details = { ...state.details, ...details };
      },
      startedAt: (ctx) => calls.get(ctx)?.startedAt ?? performance.now(),
    }),
    createPredictionUsageRouter({ snapshots, now }),
  ];

  const parseLarge = bodyParser({ enableTypes: ['json'], jsonLimit: INGEST_BODY_LIMIT_BYTES, encoding: 'utf-8' }) as AppMiddleware;
  const ingestBody: AppMiddleware = (ctx, next) => {
    const endpoint = LOGGED_ENDPOINTS[`${ctx.method} ${ctx.path}`];
    return endpoint === 'events' || endpoint === 'items' ? parseLarge(ctx, next) : next();
  };

  const callRecorder: AppMiddleware = async (ctx, next) => {
    const endpoint = LOGGED_ENDPOINTS[`${ctx.method} ${ctx.path}`];
    const actor = ctx.state.actor;
    // Calls are logged once the key is known, refused ones (paused, deleted) too; an unknown key has
    // no company to log them for.
    const caller = actor?.kind === 'apiKey' ? { id: actor.id, companyId: actor.companyId } : ctx.state.refusedApiKey;
    if (!endpoint || !caller) return next();
    const state: CallState = { startedAt: performance.now(), details: {} };
    calls.set(ctx, state);
    let status = 500;
    let errorCode: string | null = null;
    let admission: { done(): void } | null = null;
    try {
      if (actor) admission = rateLimit.admit(caller.id, caller.companyId);
      await next();
      status = ctx.status;
    } catch (failure) {
      const known = toHttpError(failure);
      status = known?.status ?? 500;
      errorCode = known?.code ?? 'internal_error';
      throw failure;
    } finally {
      const details = state.details;
      callLog.record({
        companyId: caller.companyId,
        apiKeyId: caller.id,
        endpoint,
        status,
        errorCode,
        latencyMs: Math.round((performance.now() - state.startedAt) * 100) / 100,
        itemsServed: status < 400 ? (details.itemsServed ?? 0) : 0,
        zeroResults: status < 400 ? (details.zeroResults ?? false) : false,
        holdout: status < 400 ? (details.holdout ?? false) : false,
        settingsVersion: details.settingsVersion ?? null,
        snapshotVersion: details.snapshotVersion ?? null,
        userId: details.userId ?? null,
        request: details.request ?? null,
        items: status < 400 ? (details.items ?? []) : [],
        at: now(),
      });
      // After the call is counted in its minute, so it is never counted nowhere.
      admission?.done();
    }
  };

  return {
    replicaId,
    snapshots,
    callLog,
    quota,
    rateLimit,
    routers,
    ingestBody,
    callRecorder,
    jobs: {
      callLogFlush: repeatingJob({ name: 'Prediction call log flush', everyMs: FLUSH_INTERVAL_MS, run: () => callLog.flush(), logger, afterStop: () => callLog.close() }),
      snapshotRefresh: repeatingJob({
        name: 'Prediction snapshot refresh',
        everyMs: config.prediction.refreshMs,
        run: () => snapshots.refresh(),
        logger,
        afterStop: () => snapshots.stop(),
      }),
      snapshotPoll: repeatingJob({ name: 'Prediction snapshot poll', everyMs: config.prediction.pollMs, run: () => snapshots.poll(), logger }),
    },
  };
}
