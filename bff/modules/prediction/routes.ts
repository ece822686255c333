/**
 * The prediction API's routes: /api/v1 for integrators (X-API-Key), and the Outbound API
 * screen's usage, recent calls and replay comparison (signed-in users, tenant-scoped).
 */
import type { Router } from '@koa/router';
import { ValidationError } from 'yup';
import * as yup from 'yup';
import type { Knex } from '@mikro-orm/knex';
import { companyFilterQuery, uuid } from '@domain/params';
import type { CallComparison } from '@domain/prediction/contract';
import { eventsBatchSchema, itemsBatchSchema, type ValidEvent } from '@domain/prediction/schemas';
import { ApiKey, PredictionCall } from '../../entities';
import { actorOf } from '../../middleware/auth';
import { apiError, fromValidationError } from '../../platform/errors';
import { retryWhenBusy } from '../../platform/busyDatabase';
import { createIdempotencyStore, idempotentRequest, requestIdempotencyKey, sendAnswer } from '../../platform/idempotency';
import { companiesFor, findInReach, inReach } from '../../middleware/tenant';
import { queryOf } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppContext, AppState } from '../../types';
import type { CallEntry } from './callLog';
import { predictExampleFor } from './example';
import { buildOpenApiDocument } from './openapi';
import { TOP_K_MAX } from '@domain/prediction/contract';
import { callDetailsOf, rankWith, responseOf, snapshotFor, type RecentEventsReader } from './predict';
import { parsePredictRequest, predict } from './predictHandler';
import type { Quota, QuotaTicket } from './limits';
import type { DatabaseKind } from '../../platform/sql';
import { storeEvents, upsertItems, type ValidItem } from './records';
import { latestSettings, settingsVersion, type SettingsReader } from './settings';
import type { SnapshotStore } from './snapshots';
import { CALLS_LIMIT_DEFAULT, CALLS_LIMIT_MAX, callRecord, compareRankings, recentCalls, usageSummary, type UsageScope } from './usage';

const CALL_NOT_FOUND = { error: 'Call not found', message: 'No such call exists in your reach.' };
const KEY_NOT_FOUND = { error: 'API key not found', message: 'No such API key exists in your reach.' };

export interface PredictionRouteDependencies {
  kind: DatabaseKind;
  /** The database's knex, for the idempotency keys of event batches. */
  knex: () => Knex;
  publicUrl: string;
  snapshots: SnapshotStore;
  /** The company's latest model settings, cached by version. */
  latestSettings: SettingsReader;
  /** The caller's events newer than the snapshot. */
  recentEvents: RecentEventsReader;
  quota: Quota;
  now: () => Date;
  /** What the call log should keep of this request beyond its status and latency. */
  describeCall: (ctx: AppContext, details: Partial<CallEntry>) => void;
  /** When the call started (performance.now()), for latency_ms. */
  startedAt: (ctx: AppContext) => number;
}

/** The batch in a body: an array, { events: [...] } / { items: [...] }, or one object. */
function batchOf(body: unknown, field: 'events' | 'items'): unknown[] {
  if (Array.isArray(body)) return body;
  if (body === null || typeof body !== 'object') throw apiError('invalid_body', { message: `Send one ${field.slice(0, -1)} object, an array of them, or { "${field}": [...] }.` });
  const wrapped = (body as Record<string, unknown>)[field];
  if (wrapped !== undefined) {
    if (!Array.isArray(wrapped)) throw apiError('validation_failed', { error: `${field} must be an array`, message: `Check these fields: ${field}.`, fields: { [field]: 'Must be an array' } });
    return wrapped;
  }
  return [body];
}

/** Checks a whole batch; a failure names the first bad entry's position and field, and nothing is stored. */
async function validateBatch<T>(schema: yup.AnyObjectSchema, field: 'events' | 'items', entries: unknown[]): Promise<T[]> {
  try {
    const valid = await schema.validate({ [field]: entries }, { strict: true, abortEarly: false });
    return valid[field] as T[];
  } catch (failure) {
    if (!(failure instanceof ValidationError)) throw failure;
    const base = fromValidationError(failure);
    const first = (failure.inner.length ? failure.inner : [failure])[0]!;
    const match = /^\w+\[(\d+)\](?:\.(.+))?$/.exec(first.path ?? '');
    const noun = field === 'events' ? 'Event' : 'Item';
    const error = match ? `${noun} ${match[1]}${match[2] ? `, ${match[2]}` : ''}: ${first.message}` : first.message;
    throw apiError('validation_failed', { error, message: `Nothing was stored. ${base.detail}`, fields: base.fields });
  }
}

function apiKeyCaller(ctx: AppContext): { apiKeyId: string; companyId: string; sandbox: boolean } {
  const actor = actorOf(ctx);
  if (actor.kind !== 'apiKey') throw apiError('access_denied', { message: 'This API is called with an X-API-Key.' });
  return { apiKeyId: actor.id, companyId: actor.companyId, sandbox: actor.sandbox };
}

/** A Live Test key's call: outside the plan's allowance, neither admitted by it nor counted. */
const SANDBOX_TICKET: QuotaTicket = { served: () => undefined, released: () => undefined };

export function createPredictionApiRouter(deps: PredictionRouteDependencies): Router<AppState> {
  const routes = new ApiRouter('/api/v1');

  routes.post('/predict', async (ctx) => {
    const { companyId, sandbox } = apiKeyCaller(ctx);
    const request = await parsePredictRequest(ctx.request.body);
    const ticket = sandbox ? SANDBOX_TICKET : await deps.quota.admit(companyId);
    try {
      const { snapshot, rankRequest, settings, ranking } = await predict(deps, () => ctx.state.em, companyId, request, () => deps.latestSettings(companyId));
      const response = responseOf(request, ranking, deps.startedAt(ctx));
      deps.describeCall(ctx, callDetailsOf(request, rankRequest, ranking, settings, snapshot));
      ticket.served();
      ctx.body = response;
    } finally {
      ticket.released();
    }
  });

  // A batch sent with an Idempotency-Key is stored once and its answer given again (platform/idempotency.ts).
  const eventKeys = createIdempotencyStore({ knex: deps.knex, kind: deps.kind, now: deps.now });
  routes.post('/events', async (ctx) => {
    const { companyId } = apiKeyCaller(ctx);
    const key = requestIdempotencyKey(ctx);
    const events = await validateBatch<ValidEvent>(eventsBatchSchema, 'events', batchOf(ctx.request.body, 'events'));
    const keyed = idempotentRequest('v1.events', `company:${companyId}`, key, ctx.request.body);
    const store = () => {
      const clock = deps.now();
      return storeEvents(ctx.state.em, deps.kind, companyId, events, clock, keyed && ((trx, result) => eventKeys.write(trx, keyed, { status: 200, body: result }, clock)));
    };
    sendAnswer(
      ctx,
      await eventKeys.run(keyed, async () => {
        // A busy database or a lost connection rolled the batch back: run again as the intake's writes are
        // (platform/busyDatabase.ts), a lost connection once more after a pause (a second loss is a 503).
        const body = await retryWhenBusy(store);
        return { status: 200, body };
      }),
    );
  });

  routes.put('/items', async (ctx) => {
    const { companyId } = apiKeyCaller(ctx);
    const items = await validateBatch<ValidItem>(itemsBatchSchema, 'items', batchOf(ctx.request.body, 'items'));
    ctx.body = await upsertItems(ctx.state.em, deps.kind, companyId, items, deps.now());
  });

  routes.get('/usage', async (ctx) => {
    const { apiKeyId, companyId } = apiKeyCaller(ctx);
    const scope = { companyId, apiKeyId };
    const at = deps.now();
    const em = ctx.state.em;
    ctx.body = { apiKeyId, last24h: await usageSummary(em, scope, '24h', at), last30d: await usageSummary(em, scope, '30d', at) };
  });

  routes.get('/openapi.json', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = buildOpenApiDocument(deps.publicUrl);
  });

  return routes.router;
}

const usageQuery = companyFilterQuery.shape({
  keyId: uuid().optional(),
  range: yup.string().oneOf(['24h', '30d'], 'Must be 24h or 30d').optional(),
});

const callsQuery = companyFilterQuery.shape({
  keyId: uuid().optional(),
  limit: yup.string().matches(/^([1-9]\d{0,2})$/, `Must be a number from 1 to ${CALLS_LIMIT_MAX}`).test('max', `Must be a number from 1 to ${CALLS_LIMIT_MAX}`, (value) => value === undefined || Number(value) <= CALLS_LIMIT_MAX).optional(),
});

/** The scope of a usage or calls query: one key in reach, or the company (middleware/tenant.ts: a global admin's filter, anyone else's own). */
async function scopeOf(ctx: AppContext, keyId: string | undefined, companyFilter: string | undefined): Promise<UsageScope> {
  const actor = actorOf(ctx);
  const companyId = await companiesFor(ctx.state.em, actor, companyFilter);
  if (keyId) {
    const key = await findInReach(ctx.state.em, actor, ApiKey, keyId, KEY_NOT_FOUND);
    return { companyId: key.companyId, apiKeyId: key.id };
  }
  return { companyId, apiKeyId: undefined };
}

export function createPredictionUsageRouter(deps: Pick<PredictionRouteDependencies, 'snapshots' | 'recentEvents' | 'now'>): Router<AppState> {
  const routes = new ApiRouter('/api/api-keys');
  const call = inReach(PredictionCall, CALL_NOT_FOUND);

  routes.get('/usage', { query: usageQuery }, async (ctx) => {
    const query = queryOf(ctx, usageQuery);
    const scope = await scopeOf(ctx, query.keyId, query.companyFilter);
    ctx.body = await usageSummary(ctx.state.em, scope, query.range === '30d' ? '30d' : '24h', deps.now());
  });

  // The Documentation tab's predict example, made from the company's own catalogue (example.ts).
  routes.get('/example', { query: companyFilterQuery }, async (ctx) => {
    const query = queryOf(ctx, companyFilterQuery);
    const { companyId } = await scopeOf(ctx, undefined, query.companyFilter);
    ctx.body = companyId ? await predictExampleFor(ctx.state.em, companyId, () => snapshotFor(deps.snapshots, companyId), deps.now().getTime()) : { request: null, response: null };
  });

  routes.get('/calls', { query: callsQuery }, async (ctx) => {
    const query = queryOf(ctx, callsQuery);
    const scope = await scopeOf(ctx, query.keyId, query.companyFilter);
    ctx.body = await recentCalls(ctx.state.em, scope, query.limit ? Number(query.limit) : CALLS_LIMIT_DEFAULT);
  });

  routes.post('/calls/:id/compare', call, async (ctx) => {
    const logged = call.of(ctx);
    if (logged.endpoint !== 'predict' || !logged.request) {
      throw apiError('validation_failed', { error: 'Only predict calls can be compared', message: 'This call did not ask for predictions.' });
    }
    const companyId = logged.companyId;
    const startedAt = performance.now();
    const em = ctx.state.em;
    const request = await parsePredictRequest(logged.request);
    const { snapshot, rankRequest, settings: current, ranking: replay } = await predict(deps, () => em, companyId, request, () => latestSettings(em, companyId));
    const old = (logged.settingsVersion !== null ? await settingsVersion(em, companyId, logged.settingsVersion) : null) ?? current;
    // Each item's contributions under the call's settings and under the current ones, read from the
    // same request ranked widely on today's snapshot (the old snapshot is gone): an item that left
    // or entered the list still has its contributions on both sides, so the signal that moved it shows.
    const wide = { ...rankRequest, topK: TOP_K_MAX };
    const before = rankWith(snapshot, old, wide, { holdout: logged.holdout });
    const after = rankWith(snapshot, current, wide, { holdout: logged.holdout });
    const comparison: CallComparison = {
      call: await callRecord(em, logged),
      replay: responseOf(request, replay, startedAt),
      items: compareRankings(logged.items ?? [], replay.ranked, before.ranked, after.ranked, new Map()),
    };
    ctx.body = comparison;
  });

  return routes.router;
}
