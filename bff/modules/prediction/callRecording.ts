/**
 * The /api/v1 middleware of the prediction API: the larger body limit of ingestion, and the call
 * recorder that logs every call of a known key and applies its rate limit. Routes add what they
 * learn about a call (items served, versions, ...) through describeCall.
 */
import { bodyParser } from '@koa/bodyparser';
import { MB } from '@domain/limits';
import { toHttpError } from '../../platform/errors';
import type { AppContext, AppMiddleware } from '../../types';
import type { CallEndpoint, CallEntry, CallLog } from './callLog';
import type { RateLimit } from './limits';

/** Batches of up to 1,000 items with descriptions need more than the dashboard's 1 MB. */
export const INGEST_BODY_LIMIT_BYTES = 16 * MB;

const LOGGED_ENDPOINTS: Record<string, CallEndpoint> = {
  'POST /api/v1/predict': 'predict',
  'POST /api/v1/events': 'events',
  'PUT /api/v1/items': 'items',
};

interface CallState {
  startedAt: number;
  details: Partial<CallEntry>;
}

/** Reads the larger ingestion bodies before the general JSON parser. */
export function createIngestBody(): AppMiddleware {
  const parseLarge = bodyParser({ enableTypes: ['json'], jsonLimit: INGEST_BODY_LIMIT_BYTES, encoding: 'utf-8' }) as AppMiddleware;
  return (ctx, next) => {
    const endpoint = LOGGED_ENDPOINTS[`${ctx.method} ${ctx.path}`];
    return endpoint === 'events' || endpoint === 'items' ? parseLarge(ctx, next) : next();
  };
}

export interface CallRecordingOptions {
  callLog: CallLog;
  rateLimit: RateLimit;
  now: () => Date;
}

export function createCallRecording({ callLog, rateLimit, now }: CallRecordingOptions) {
  const calls = new WeakMap<AppContext, CallState>();

  const callRecorder: AppMiddleware = async (ctx, next) => {
    const endpoint = LOGGED_ENDPOINTS[`${ctx.method} ${ctx.path}`];
    const actor = ctx.state.actor;
    // Calls are logged once the key is known, refused ones (paused, deleted) too; an unknown key has
    // no company to log them for.
    const caller = actor?.kind === 'apiKey' ? { id: actor.id, companyId: actor.companyId, sandbox: actor.sandbox } : ctx.state.refusedApiKey;
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
      callLog.record(callEntryOf(caller, endpoint, status, errorCode, state, now));
      // After the call is counted in its minute, so it is never counted nowhere.
      admission?.done();
    }
  };

  return {
    callRecorder,
    describeCall: (ctx: AppContext, details: Partial<CallEntry>) => {
      const state = calls.get(ctx);
      if (state) state.details = { ...state.details, ...details };
    },
    startedAt: (ctx: AppContext) => calls.get(ctx)?.startedAt ?? performance.now(),
  };
}

/** What the call log keeps of a finished call: a failed call served nothing. */
function callEntryOf(
  caller: { id: string; companyId: string; sandbox?: boolean },
  endpoint: CallEndpoint,
  status: number,
  errorCode: string | null,
  state: CallState,
  now: () => Date,
): CallEntry {
  const details = state.details;
  return {
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
    sandbox: caller.sandbox ?? false,
  };
}
