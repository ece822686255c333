/**
 * The prediction API's per-key rate limit (PREDICT_RATE_LIMIT calls per minute over all
 * replicas), the call log's hand-over on shutdown and how a busy second's calls are written.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { PredictionCall, PredictionCallMinute, PredictionCallMonth } from '@bff/entities';
import { createPredictionRuntime } from '@bff/modules/prediction';
import { HISTOGRAM_LENGTH, type CallEntry } from '@bff/modules/prediction/callLog';
import { countCall, countServed, monthOf } from '@bff/modules/prediction/callMinutes';
import { callsWriter, writeCallLog, type CallLogState } from '@bff/modules/prediction/callLogWrite';
import { countTurns, holdWriteLock } from './support/writeLock';
import { useWorld } from './support/world';

// Every call of this file falls in one minute of the server's clock: no window turns mid-test.
const MINUTE = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const clock = () => new Date(MINUTE.getTime() + 30_000);

describe('prediction API limits', () => {
  const world = useWorld({ env: { PREDICT_RATE_LIMIT: '3' }, dependencies: { clock } });
  const predict = (header: Record<string, string>) => world().http.post('/api/v1/predict').set(header).send({});

  it('answers 429 rate_limited with Retry-After once a key has made its calls this minute', async () => {
    const w = world();
    const company = await w.addCompany();
    const limited = await w.addApiKey(company.id, { scopes: ['read'] });
    const other = await w.addApiKey(company.id, { scopes: ['read'] });
    const statuses = [];
    for (let call = 0; call < 3; call++) statuses.push((await predict(limited.header)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await predict(limited.header);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    // Half of the minute is left on the server's clock.
    expect(refused.headers['retry-after']).toBe('30');
    // Each key has its own limit.
    expect((await predict(other.header)).status).toBe(200);
    await w.prediction.callLog.flush();
    const logged = await w.em().find(PredictionCall, { apiKeyId: limited.apiKey.id, status: 429 });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]!.errorCode).toBe('rate_limited');
  });

  it('counts the calls other replicas made with the key this minute', async () => {
    const w = world();
    const company = await w.addCompany();
    const { apiKey, header } = await w.addApiKey(company.id, { scopes: ['read'] });
    const minute = MINUTE;
    await w.em().insertMany(PredictionCallMinute, [
      {
        id: randomUUID(), companyId: company.id, apiKeyId: apiKey.id, replicaId: 'another-replica', minute,
        calls: 3, errors: 0, zeroResults: 0, itemsServed: 0, latencyHistogram: new Array<number>(HISTOGRAM_LENGTH).fill(0),
      },
    ]);
    await w.prediction.rateLimit.refresh();
    // The other replica's three calls use up the key's limit here.
    const response = await predict(header);
    expect(response.status).toBe(429);
    expect(response.body.code).toBe('rate_limited');
  });

  it('writes every buffered call when a replica stops', async () => {
    const w = world();
    const company = await w.addCompany();
    const { apiKey } = await w.addApiKey(company.id, { scopes: ['read'] });
    // A replica of its own, whose flush job never started: only stopping it can write the log.
    const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: pino({ level: 'silent' }) });
    const actor = { kind: 'apiKey' as const, id: apiKey.id, companyId: company.id, scopes: ['read' as const], isGlobalAdmin: false as const };
    for (let call = 0; call < 2; call++) {
      const ctx = { method: 'POST', path: '/api/v1/predict', status: 200, state: { actor } };
      await replica.callRecorder(ctx as never, async () => undefined);
    }
    expect(replica.callLog.buffered).toBe(2);
    expect(await w.em().count(PredictionCall, { apiKeyId: apiKey.id })).toBe(0);
    await replica.jobs.callLogFlush.stop();
    expect(await w.em().count(PredictionCall, { apiKeyId: apiKey.id })).toBe(2);
    const rollup = await w.em().findOneOrFail(PredictionCallMinute, { apiKeyId: apiKey.id, replicaId: replica.replicaId });
    expect(rollup.calls).toBe(2);
  });

  it("writes a busy second's calls in slices, letting requests run between them, each as it was recorded", async () => {
    const w = world();
    const company = await w.addCompany();
    const { apiKey } = await w.addApiKey(company.id, { scopes: ['read'] });
    const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: pino({ level: 'silent' }) });
    const at = new Date(MINUTE.getTime() + 12_345);
    const request = { query: 'trail shoes', top_k: 3, metadata: { user_id: 'person-1', channel: 'web' } };
    for (let call = 0; call < 240; call++) {
      replica.callLog.record({
        companyId: company.id, apiKeyId: apiKey.id, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 2.5, itemsServed: 2,
        zeroResults: call === 0, holdout: call === 1, settingsVersion: 4, snapshotVersion: 9, userId: `person-${call}`,
        request: call === 2 ? null : request, items: [{ id: `item-${call}`, score: 0.75, topSignal: 'contentDiscovery' }, { id: 'item-x', score: 0.5, topSignal: null }], at,
      });
    }
    // Turns of the event loop while the flush runs: on SQLite, whose driver is synchronous, the 240
    // calls written at once would allow none.
    const turns = countTurns();
    await replica.callLog.flush();
    expect(turns.stop()).toBeGreaterThanOrEqual(4);
    const stored = await w.em().find(PredictionCall, { apiKeyId: apiKey.id }, { orderBy: { userId: 'asc' } });
    expect(stored).toHaveLength(240);
    const byUser = new Map(stored.map((row) => [row.userId, row]));
    expect(byUser.get('person-0')).toMatchObject({ zeroResults: true, holdout: false, status: 200, endpoint: 'predict', settingsVersion: 4, snapshotVersion: 9, latencyMs: 2.5 });
    expect(byUser.get('person-1')).toMatchObject({ zeroResults: false, holdout: true, request });
    expect(byUser.get('person-2')!.request).toBeNull();
    expect(byUser.get('person-7')!.items).toEqual([{ id: 'item-7', score: 0.75, topSignal: 'contentDiscovery' }, { id: 'item-x', score: 0.5, topSignal: null }]);
    expect(byUser.get('person-7')!.createdAt.getTime()).toBe(at.getTime());
    expect(new Set(stored.map((row) => row.id)).size).toBe(240);
    expect(replica.callLog.buffered).toBe(0);
    const rollup = await w.em().findOneOrFail(PredictionCallMinute, { apiKeyId: apiKey.id, replicaId: replica.replicaId });
    expect(rollup.calls).toBe(240);
  });
  it('keeps the calls of a slice that failed, and those after it, for the next flush, writing none twice', async () => {
    const w = world();
    const company = await w.addCompany();
    const { apiKey } = await w.addApiKey(company.id, { scopes: ['read'] });
    const state: CallLogState = { buffer: [], minutes: new Map(), months: new Map(), lastUsed: new Map(), lastUsedWritten: new Map() };
    const options = { orm: w.orm, fork: w.runtime.fork, logger: pino({ level: 'silent' }), replicaId: randomUUID() };
    const at = new Date(MINUTE.getTime() + 5_000);
    for (let call = 0; call < 120; call++) {
      const entry: CallEntry = {
        companyId: company.id, apiKeyId: apiKey.id, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 1, itemsServed: 1,
        zeroResults: false, holdout: false, settingsVersion: 1, snapshotVersion: 1, userId: `person-${String(call).padStart(3, '0')}`, request: null, items: [], at,
      };
      state.buffer.push(entry);
      countCall(state.minutes, entry);
      countServed(state.months, entry);
    }
    const writeCalls = callsWriter(w.orm);
    const slices: number[] = [];
    // The database goes away while the second slice is written.
    const failingSecondSlice = async (calls: CallEntry[]) => {
      slices.push(calls.length);
      if (slices.length === 2) throw new Error('connection lost');
      await writeCalls(calls);
    };
    await expect(writeCallLog(state, options, failingSecondSlice)).rejects.toThrow('connection lost');
    expect(slices).toEqual([50, 50]);
    const storedUsers = async () => (await w.em().fork().find(PredictionCall, { apiKeyId: apiKey.id }, { orderBy: { userId: 'asc' } })).map((row) => row.userId);
    expect(await storedUsers()).toHaveLength(50);
    // Back in the buffer in their order: the failed slice and the one never tried.
    expect(state.buffer.map((call) => call.userId)).toEqual(Array.from({ length: 70 }, (_, index) => `person-${String(50 + index).padStart(3, '0')}`));
    expect(await w.em().fork().count(PredictionCallMinute, { apiKeyId: apiKey.id })).toBe(0);

    await writeCallLog(state, options, writeCalls);
    expect(await storedUsers()).toEqual(Array.from({ length: 120 }, (_, index) => `person-${String(index).padStart(3, '0')}`));
    expect(state.buffer).toHaveLength(0);
    expect((await w.em().fork().findOneOrFail(PredictionCallMinute, { apiKeyId: apiKey.id, replicaId: options.replicaId })).calls).toBe(120);
    expect((await w.em().fork().findOneOrFail(PredictionCallMonth, { companyId: company.id, replicaId: options.replicaId, month: monthOf(at) })).served).toBe(120);
  });
  it("lets a company deleted while its calls are written take them with it, and writes the others'", async () => {
    const w = world();
    const [leaving, staying] = [await w.addCompany(), await w.addCompany()];
    const keys = [(await w.addApiKey(leaving.id, { scopes: ['read'] })).apiKey, (await w.addApiKey(staying.id, { scopes: ['read'] })).apiKey];
    const state: CallLogState = { buffer: [], minutes: new Map(), months: new Map(), lastUsed: new Map(), lastUsedWritten: new Map() };
    const options = { orm: w.orm, fork: w.runtime.fork, logger: pino({ level: 'silent' }), replicaId: randomUUID() };
    const at = new Date(MINUTE.getTime() + 5_000);
    // Two slices, each with calls of both companies.
    for (let call = 0; call < 80; call++) {
      const apiKey = keys[call % 2]!;
      const entry: CallEntry = {
        companyId: apiKey.companyId, apiKeyId: apiKey.id, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 1, itemsServed: 1,
        zeroResults: false, holdout: false, settingsVersion: 1, snapshotVersion: 1, userId: `person-${call}`, request: null, items: [], at,
      };
      state.buffer.push(entry);
      countCall(state.minutes, entry);
      countServed(state.months, entry);
    }
    const writeCalls = callsWriter(w.orm);
    let slices = 0;
    // The company is deleted after the flush has found it, as its second slice is about to be written.
    const deletingBeforeSecondSlice = async (calls: CallEntry[]) => {
      if (++slices === 2) expect((await w.http.delete(`/api/companies/${leaving.id}`).set(w.bearer('admin'))).status).toBe(204);
      await writeCalls(calls);
    };
    await writeCallLog(state, options, deletingBeforeSecondSlice);

    expect(state.buffer).toHaveLength(0);
    const stored = await w.em().fork().find(PredictionCall, { companyId: { $in: [leaving.id, staying.id] } });
    expect(stored.filter((row) => row.companyId === leaving.id)).toHaveLength(0);
    expect(stored.filter((row) => row.companyId === staying.id)).toHaveLength(40);
    const minutes = await w.em().fork().find(PredictionCallMinute, { replicaId: options.replicaId });
    expect(minutes.map((row) => [row.companyId, row.calls])).toEqual([[staying.id, 40]]);
  });
  it("waits for another writer's lock on the calls without holding the event loop", async () => {
    const w = world();
    const company = await w.addCompany();
    const { apiKey } = await w.addApiKey(company.id, { scopes: ['read'] });
    const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: pino({ level: 'silent' }) });
    for (let call = 0; call < 10; call++) {
      replica.callLog.record({
        companyId: company.id, apiKeyId: apiKey.id, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 1, itemsServed: 1,
        zeroResults: false, holdout: false, settingsVersion: 1, snapshotVersion: 1, userId: `person-${call}`, request: null, items: [], at: new Date(MINUTE.getTime() + 1_000),
      });
    }
    const release = await holdWriteLock(w, 'prediction_calls');
    // The event loop turns while the flush waits: SQLite's own busy handler would allow no turn.
    const turns = countTurns();
    let flushed = false;
    const flushing = replica.callLog.flush().then(() => (flushed = true));
    try {
      await turns.turned(50);
      expect(flushed).toBe(false);
      expect(await w.em().fork().count(PredictionCall, { apiKeyId: apiKey.id })).toBe(0);
    } finally {
      await release();
    }
    await flushing;
    turns.stop();
    expect(await w.em().fork().count(PredictionCall, { apiKeyId: apiKey.id })).toBe(10);
    expect(replica.callLog.buffered).toBe(0);
  });
});
