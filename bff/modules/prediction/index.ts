/**
 * The prediction API's runtime: snapshots, call log, quota and rate limit, the routes, and the
 * background jobs the server starts and stops (call log flush, snapshot refresher, replica poll).
 */
import { randomUUID } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import type Koa from 'koa';
import type { Router } from '@koa/router';
import type { Logger } from 'pino';
import { MB } from '@domain/limits';
import type { Config } from '../../config';
import { toHttpError } from '../../platform/errors';
import type { AppContext, AppMiddleware, AppState, Orm } from '../../types';
import { createCallLog, type CallEndpoint, type CallEntry, type CallLog } from './callLog';
import { createQuota, createRateLimit, type Quota, type RateLimit } from './limits';
import { createPredictionApiRouter, createPredictionUsageRouter } from './routes';
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
  /** Starts the call log's flush, the refresher and the replica poll. */
  start(options?: { refresher?: boolean; poll?: boolean }): void;
  /** Stops the jobs, waits for running builds and writes the remaining calls. */
  stop(): Promise<void>;
}

interface CallState {
  startedAt: number;
  details: Partial<CallEntry>;
}

const runtimes = new WeakMap<Koa<AppState>, PredictionRuntime>();

/** The runtime createApp made for this app: the server starts and stops its jobs. */
export function predictionRuntimeOf(app: Koa<AppState>): PredictionRuntime | undefined {
  return runtimes.get(app);
}

export function attachPredictionRuntime(app: Koa<AppState>, runtime: PredictionRuntime): void {
  runtimes.set(app, runtime);
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

  const timers: NodeJS.Timeout[] = [];
  /** A job that never overlaps itself and never stops the process on a failure. */
  function every(ms: number, name: string, job: () => Promise<unknown>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      job()
        .catch((failure: unknown) => logger.warn({ err: failure }, `Prediction ${name} failed`))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    timers.push(timer);
  }

  return {
    replicaId,
    snapshots,
    callLog,
    quota,
    rateLimit,
    routers,
    ingestBody,
    callRecorder,
    start(jobs = {}) {
      callLog.start();
      if (jobs.refresher ?? true) every(config.prediction.refreshMs, 'snapshot refresh', () => snapshots.refresh());
      if (jobs.poll ?? true) every(config.prediction.pollMs, 'snapshot poll', () => snapshots.poll());
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await snapshots.stop();
      await callLog.stop();
    },
  };
}
