/**
 * The prediction API end to end: events and items stored in the unified data model (idempotent,
 * validated), predictions answered from them with explanations and the versions that made them,
 * holdout, custom attributes, quota, keys' scopes and state, tenant isolation, the call log (never
 * the key itself), usage, replay comparison, snapshots refreshed and loaded by another replica,
 * and the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiKey, Company, CustomAttribute, DataRecord, DataSource, PredictionCall, PredictionCallMinute, PredictionCallMonth, PredictionSnapshot } from '@bff/entities';
import { createPredictionRuntime, LATENCY_BUCKETS_MS, monthOf, percentileOf } from '@bff/modules/prediction';
import { HISTOGRAM_LENGTH } from '@bff/modules/prediction/callLog';
import { inHoldout } from '@bff/modules/prediction/predict';
import { sharedSnapshotFolder } from '@bff/modules/prediction/snapshotFiles';
import type { LoadedSnapshot } from '@bff/modules/prediction/snapshots';
import { WARM_WINDOW_MS } from '@bff/modules/prediction/snapshotRefresh';
import { idInstant, VERSION_7_ID } from './support/ids';
import { catalogueCompany, catalogueEvents, CATALOGUE, saveSettings } from './support/prediction';
import { useWorld } from './support/world';

type Answer = { id: string; reasons: Array<{ signal: string; contribution: number }> };

const itemIdsOf = (snapshot: LoadedSnapshot) => snapshot.index.itemIds as string[];

/** The company's shared snapshot files in the data folder, by version. */
function sharedFiles(dataDir: string, companyId: string): string[] {
  const folder = sharedSnapshotFolder(dataDir);
  return readdirSync(folder)
    .filter((name) => name.startsWith(`${companyId}.`))
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
}

describe('prediction API', () => {
  const world = useWorld();
  const predict = (header: Record<string, string>, body: Record<string, unknown>) => world().http.post('/api/v1/predict').set(header).send(body);
  const ids = (response: { body: { items: Array<{ id: string }> } }) => response.body.items.map((item) => item.id);

  describe('events', () => {
    it('stores a batch once: a resent event_id is a duplicate, in every body form', async () => {
      const w = world();
      const company = await w.addCompany();
      const { header } = await w.addApiKey(company.id, { scopes: ['write'] });
      const events = catalogueEvents().slice(0, 3);

      const first = await w.http.post('/api/v1/events').set(header).send({ events });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ received: 3, stored: 3, duplicates: 0 });

      const fresh = { event_id: 'evt-new', user_id: 'u-1', item_id: 'shoe-road', type: 'purchase', value: 99 };
      const again = await w.http.post('/api/v1/events').set(header).send([...events, fresh, fresh]);
      expect(again.body).toEqual({ received: 5, stored: 1, duplicates: 4 });

      const single = await w.http.post('/api/v1/events').set(header).send({ event_id: 'evt-single', user_id: 'u-2', item_id: 'shoe-trail', type: 'view' });
      expect(single.body).toEqual({ received: 1, stored: 1, duplicates: 0 });

      const records = await w.em().find(DataRecord, { companyId: company.id, kind: 'events' });
      expect(records).toHaveLength(5);
      // Each new record's id follows the time it was stored (timeOrderedId), so inserts append to the id indexes.
      for (const record of records) {
        expect(record.id).toMatch(VERSION_7_ID);
        expect(idInstant(record.id)).toBeLessThanOrEqual(Date.now());
        expect(idInstant(record.id)).toBeGreaterThan(Date.now() - 60_000);
      }
      expect(new Set(records.map((record) => record.sourceType))).toEqual(new Set(['api']));
      const purchase = records.find((record) => record.recordKey === 'evt-new')!;
      expect(purchase).toMatchObject({ userId: 'u-1', itemId: 'shoe-road', eventType: 'purchase' });
      expect(purchase.unified).toMatchObject({ revenue: 99, event_type: 'purchase' });
      const source = await w.em().findOneOrFail(DataSource, { id: purchase.sourceId });
      expect(source).toMatchObject({ name: 'Prediction API events', catalogueId: 'prediction-api', type: 'API', recordKind: 'events', records: 5, companyId: company.id });
    });

    it('refuses a batch with one bad event, naming its position and field, and stores nothing', async () => {
      const w = world();
      const company = await w.addCompany();
      const { header } = await w.addApiKey(company.id, { scopes: ['write'] });
      const good = { event_id: 'e-1', user_id: 'u', item_id: 'i', type: 'view' };
      const cases: Array<[unknown, string, string]> = [
        [[good, { ...good, event_id: 'e-2', type: 'like' }], 'events[1].type', 'Event 1, type'],
        [[good, good, { ...good, event_id: 'e-3', user_id: '   ' }], 'events[2].user_id', 'Event 2, user_id'],
        [[{ ...good, timestamp: '31/01/2025' }], 'events[0].timestamp', 'Event 0, timestamp'],
        [[{ ...good, value: 'ten' }], 'events[0].value', 'Event 0, value'],
        [[{ ...good, item_id: 'x'.repeat(256) }], 'events[0].item_id', 'Event 0, item_id'],
        [[{ ...good, event_id: undefined }], 'events[0].event_id', 'Event 0, event_id'],
      ];
      for (const [body, field, error] of cases) {
        const response = await w.http.post('/api/v1/events').set(header).send(body as object);
        expect(response.status, field).toBe(400);
        expect(response.body.code).toBe('validation_failed');
        expect(response.body.fields).toHaveProperty([field]);
        expect(response.body.error).toContain(error);
      }
      const tooMany = Array.from({ length: 1001 }, (_, index) => ({ ...good, event_id: `e-${index}` }));
      const refused = await w.http.post('/api/v1/events').set(header).send({ events: tooMany });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty(['events']);
      expect((await w.http.post('/api/v1/events').set(header).send({ events: 'many' })).body.code).toBe('validation_failed');
      expect((await w.http.post('/api/v1/events').set(header).set('Content-Type', 'application/json').send('"text"')).status).toBe(400);
      expect(await w.em().count(DataRecord, { companyId: company.id })).toBe(0);
    });
  });

  describe('items', () => {
    it('upserts by id: new ids created, known ones updated, other fields kept in data', async () => {
      const w = world();
      const company = await w.addCompany();
      const { header } = await w.addApiKey(company.id, { scopes: ['write'] });
      const first = await w.http.put('/api/v1/items').set(header).send(CATALOGUE.slice(0, 2));
      expect(first.body).toEqual({ received: 2, created: 2, updated: 0 });
      const second = await w.http
        .put('/api/v1/items')
        .set(header)
        .send({ items: [{ ...CATALOGUE[0], title: 'Trail Runner GTX 2', price: 139 }, CATALOGUE[2]] });
      expect(second.body).toEqual({ received: 2, created: 1, updated: 1 });

      const records = await w.em().find(DataRecord, { companyId: company.id, kind: 'items' }, { orderBy: { recordKey: 'asc' } });
      expect(records.map((record) => record.recordKey)).toEqual(['shoe-hike', 'shoe-road', 'shoe-trail']);
      const trail = records.find((record) => record.recordKey === 'shoe-trail')!;
      expect(trail.unified).toMatchObject({ item_id: 'shoe-trail', title: 'Trail Runner GTX 2', price: 139, category: 'Footwear', tags: ['trail', 'running', 'waterproof'] });
      expect(trail.data).toMatchObject({ seller_id: 'seller-a', genres: ['running'], colour: 'green', stock: 40 });
      expect(trail.itemId).toBe('shoe-trail');

      const bad = await w.http.put('/api/v1/items').set(header).send([{ id: 'x', title: 'Fine' }, { id: 'y', title: 'Bad', price: -1 }]);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('Item 1, price');
      expect((await w.http.put('/api/v1/items').set(header).send({ id: 'z' })).body.fields).toHaveProperty(['items[0].title']);
      expect(await w.em().count(DataRecord, { companyId: company.id, kind: 'items' })).toBe(3);
    });
  });

  describe('predict', () => {
    it('answers from the ingested catalogue with explanations and the exact model string', async () => {
      const w = world();
      const { key } = await catalogueCompany(w);
      const response = await predict(key.header, { query: 'trail running shoe', top_k: 3 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ model: 'discovery@settings0/snapshot1', query: 'trail running shoe', top_k: 3, total_results: 3, holdout: false, custom_attributes_received: {} });
      expect(response.body.items[0].id).toBe('shoe-trail');
      expect(response.body.items).toHaveLength(3);
      for (const item of response.body.items) {
        expect(item.explanation.length).toBeGreaterThan(0);
        expect(item.reasons.length).toBeGreaterThan(0);
        expect(item.metadata).toHaveProperty('category');
      }
      expect(response.body.items[0].reasons.map((reason: { signal: string }) => reason.signal)).toContain('contentDiscovery');
      expect(typeof response.body.latency_ms).toBe('number');
      expect(response.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
      // Flagged and out-of-stock items are never served.
      const everything = await predict(key.header, { top_k: 50 });
      expect(ids(everything)).not.toContain('lamp-head');
      expect(ids(everything)).not.toContain('bottle-steel');
      // Deterministic: the same request gives the same ranking.
      const again = await predict(key.header, { query: 'trail running shoe', top_k: 3 });
      expect(ids(again)).toEqual(ids(response));
    });

    it('applies filters as hard filters: equals, one of and ranges', async () => {
      const w = world();
      const { key } = await catalogueCompany(w);
      const footwear = await predict(key.header, { query: 'trail', top_k: 10, filters: { category: 'Footwear' } });
      expect(footwear.body.items.length).toBeGreaterThan(0);
      expect(new Set(footwear.body.items.map((item: { metadata: { category: string } }) => item.metadata.category))).toEqual(new Set(['Footwear']));
      const cheap = await predict(key.header, { top_k: 10, filters: { price: { lte: 100 } } });
      expect(ids(cheap).sort()).toEqual(['shoe-road', 'sock-wool']);
      const colours = await predict(key.header, { top_k: 10, filters: { colour: ['green', 'brown'] } });
      expect(ids(colours).sort()).toEqual(['shoe-hike', 'shoe-trail']);
      const none = await predict(key.header, { top_k: 10, filters: { category: 'Nothing' } });
      expect(none.body.items).toEqual([]);
      const bad = await predict(key.header, { filters: { price: { between: 3 } } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty(['filters.price']);
    });

    it('never serves what the person bought unless asked, excludes named items, and lists items in score order', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      // hiker-0 bought the wool socks (catalogueEvents); a purchase consumes an item by default.
      const asked = { top_k: 50, metadata: { user_id: 'hiker-0' } };
      const plain = await predict(key.header, asked);
      expect(plain.status).toBe(200);
      expect(ids(plain)).not.toContain('sock-wool');
      const seen = await predict(key.header, { ...asked, include_seen: true });
      expect(ids(seen)).toContain('sock-wool');
      const excluded = await predict(key.header, { ...asked, exclude_items: ['shoe-trail', 'not-in-the-catalogue'] });
      expect(ids(excluded)).not.toContain('shoe-trail');
      expect(ids(excluded)).not.toContain('sock-wool');
      // Served order is score order, and every score is the sum of its reasons (a diversified item's
      // relevance is shown beside it, the penalty as a negative reason).
      for (const response of [plain, seen, excluded]) {
        const items = response.body.items as Array<{ score: number; relevance?: number; reasons: Array<{ contribution: number; signal: string }> }>;
        for (let position = 1; position < items.length; position++) expect(items[position].score).toBeLessThanOrEqual(items[position - 1].score);
        for (const item of items) {
          const sum = item.reasons.reduce((total, reason) => total + reason.contribution, 0);
          expect(Math.abs(sum - item.score)).toBeLessThan(2e-6);
          if (item.relevance !== undefined) expect(item.reasons.at(-1)).toMatchObject({ signal: 'intentDiversification' });
        }
      }
      // The consuming event types are a model setting: with views consuming too, the hiking boot hiker-0 viewed goes.
      expect(ids(plain)).toContain('shoe-hike');
      await saveSettings(w, company.id, (settings) => {
        settings.consumedEventTypes = ['purchase', 'view'];
      });
      expect(ids(await predict(key.header, asked))).not.toContain('shoe-hike');
      for (const [body, field] of [
        [{ include_seen: 'yes' }, 'include_seen'],
        [{ exclude_items: 'shoe-trail' }, 'exclude_items'],
        [{ exclude_items: [7] }, 'exclude_items[0]'],
      ] as const) {
        const response = await predict(key.header, body);
        expect(response.status, field).toBe(400);
        expect(response.body.fields).toHaveProperty([field]);
      }
    });

    it('validates the body: top_k 1-50, query length, metadata types, unknown fields', async () => {
      const w = world();
      const { key } = await catalogueCompany(w);
      for (const [body, field] of [
        [{ top_k: 0 }, 'top_k'],
        [{ top_k: 51 }, 'top_k'],
        [{ top_k: 2.5 }, 'top_k'],
        [{ query: 'x'.repeat(501) }, 'query'],
        [{ metadata: { user_id: 7 } }, 'metadata.user_id'],
        [{ metadata: [] }, 'metadata'],
        [{ filters: 'cheap' }, 'filters'],
      ] as const) {
        const response = await predict(key.header, body);
        expect(response.status, field).toBe(400);
        expect(response.body.code).toBe('validation_failed');
        expect(response.body.fields).toHaveProperty([field]);
      }
      expect((await predict(key.header, { top: 5 })).status).toBe(400);
      expect((await predict(key.header, {})).body.top_k).toBe(5);
    });

    it('gives users in the holdout the popularity baseline, by a stable hash of user_id', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      const version = await saveSettings(w, company.id, (settings) => {
        settings.holdoutPercent = 50;
      });
      const users = Array.from({ length: 40 }, (_, index) => `person-${index}`);
      const held = users.find((user) => inHoldout(user, 50))!;
      const served = users.find((user) => !inHoldout(user, 50))!;
      const baseline = await predict(key.header, { query: 'trail', metadata: { user_id: held } });
      expect(baseline.body).toMatchObject({ holdout: true, model: 'baseline@popularity/snapshot1' });
      expect(new Set(baseline.body.items.map((item: { source: string }) => item.source))).toEqual(new Set(['baseline']));
      const ranked = await predict(key.header, { query: 'trail', metadata: { user_id: served } });
      expect(ranked.body).toMatchObject({ holdout: false, model: `discovery@settings${version}/snapshot1` });
      // The same user lands on the same side every time.
      expect((await predict(key.header, { metadata: { user_id: held } })).body.holdout).toBe(true);
      await w.prediction.callLog.flush();
      const logged = await w.em().findOneOrFail(PredictionCall, { apiKeyId: key.apiKey.id, userId: held }, { orderBy: { createdAt: 'asc' } });
      expect(logged).toMatchObject({ holdout: true, snapshotVersion: 1, settingsVersion: version });
    });

    it('ranks with settings saved elsewhere at the next call, and with each company’s own settings', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      const other = await catalogueCompany(w);
      // Both companies' settings are read (and kept in memory) before the save.
      expect((await predict(key.header, { query: 'trail' })).body.model).toBe('discovery@settings0/snapshot1');
      expect((await predict(other.key.header, { query: 'trail' })).body.model).toBe('discovery@settings0/snapshot1');
      // Written straight to the table, as another process or replica saves them.
      const version = await saveSettings(w, company.id, (settings) => {
        for (const lever of Object.keys(settings.discovery) as Array<keyof typeof settings.discovery>) settings.discovery[lever] = 0;
        settings.discovery.trustSafety = 100;
      });
      const after = await predict(key.header, { query: 'trail' });
      expect(after.body.model).toBe(`discovery@settings${version}/snapshot1`);
      const signals = new Set(after.body.items.flatMap((item: Answer) => item.reasons.map((reason) => reason.signal)));
      expect([...signals].every((signal) => signal === 'trustSafety' || signal === 'popularity')).toBe(true);
      expect((await predict(other.key.header, { query: 'trail' })).body.model).toBe('discovery@settings0/snapshot1');
    });

    it('checks custom attributes against the company’s definitions and boosts matching items', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      const em = w.em();
      em.create(CustomAttribute, { companyId: company.id, name: 'colour', type: 'string' });
      em.create(CustomAttribute, { companyId: company.id, name: 'sizes', type: 'array' });
      await em.flush();

      const unknown = await predict(key.header, { custom_attributes: { shade: 'green' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('unknown_custom_attribute');
      expect(unknown.body.error).toContain('shade');
      const wrong = await predict(key.header, { custom_attributes: { colour: 3 } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'invalid_custom_attribute', error: 'Custom attribute colour must be a string' });
      expect((await predict(key.header, { custom_attributes: { sizes: 'M' } })).body.error).toBe('Custom attribute sizes must be an array');

      const boosted = await predict(key.header, { top_k: 1, custom_attributes: { colour: 'brown' } });
      expect(boosted.status).toBe(200);
      expect(boosted.body.custom_attributes_received).toEqual({ colour: 'brown' });
      expect(ids(boosted)).toEqual(['shoe-hike']);
      expect(boosted.body.items[0].reasons.map((reason: { signal: string }) => reason.signal)).toContain('customAttributes');
    });
  });

  describe('keys', () => {
    it('enforces scopes: read predicts, write ingests, and neither does the other', async () => {
      const w = world();
      const { company } = await catalogueCompany(w);
      const reader = await w.addApiKey(company.id, { scopes: ['read'] });
      const writer = await w.addApiKey(company.id, { scopes: ['write'] });
      expect((await predict(reader.header, {})).status).toBe(200);
      const readerIngests = await w.http.post('/api/v1/events').set(reader.header).send({ event_id: 'e', user_id: 'u', item_id: 'i', type: 'view' });
      expect(readerIngests.status).toBe(403);
      expect(readerIngests.body.code).toBe('access_denied');
      expect((await w.http.put('/api/v1/items').set(reader.header).send({ id: 'a', title: 'A' })).status).toBe(403);
      expect((await predict(writer.header, {})).status).toBe(403);
      expect((await w.http.get('/api/v1/usage').set(reader.header)).status).toBe(403);
      // A signed-in user is not an API caller.
      expect((await w.http.post('/api/v1/predict').set(w.bearer('alice')).send({})).status).toBe(403);
      await w.prediction.callLog.flush();
      const refused = await w.em().findOneOrFail(PredictionCall, { apiKeyId: reader.apiKey.id, endpoint: 'events' });
      expect(refused).toMatchObject({ status: 403, errorCode: 'access_denied', itemsServed: 0 });
    });

    it('refuses a paused or deleted key at once', async () => {
      const w = world();
      const { company } = await catalogueCompany(w);
      const { apiKey, header } = await w.addApiKey(company.id, { scopes: ['read'] });
      expect((await predict(header, {})).status).toBe(200);
      await w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { isActive: false });
      const paused = await predict(header, {});
      expect(paused.status).toBe(401);
      expect(paused.body.code).toBe('api_key_paused');
      await w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { isActive: true });
      expect((await predict(header, {})).status).toBe(200);
      await w.em().nativeUpdate(ApiKey, { id: apiKey.id }, { revokedAt: new Date() });
      expect((await predict(header, {})).body.code).toBe('invalid_api_key');
      // The refused calls are in the key's log, so its owner sees why an integration stopped; they
      // use none of the quota.
      await w.prediction.callLog.flush();
      const logged = await w.em().find(PredictionCall, { apiKeyId: apiKey.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      expect(logged.map((call) => `${call.status} ${call.errorCode ?? ''}`.trim()).sort()).toEqual(['200', '200', '401 api_key_paused', '401 invalid_api_key']);
    });

    it('never lets another company’s key see this company’s items', async () => {
      const w = world();
      const mine = await catalogueCompany(w);
      const other = await w.addCompany();
      const theirs = await w.addApiKey(other.id);
      await w.http.put('/api/v1/items').set(theirs.header).send([{ id: 'their-kite', title: 'Trail Kite', tags: ['trail'] }]);
      const answer = await predict(theirs.header, { query: 'trail running shoe', top_k: 50 });
      expect(ids(answer)).toEqual(['their-kite']);
      const ownIds = new Set(CATALOGUE.map((item) => item.id));
      expect(ids(answer).some((id) => ownIds.has(id))).toBe(false);
      expect(ids(await predict(mine.key.header, { query: 'kite', top_k: 50 }))).not.toContain('their-kite');
      // The other company's key cannot read this company's calls either.
      const otherAdmin = await w.addUser(other.id, { role: 'company_admin' });
      expect((await w.http.get(`/api/api-keys/usage?keyId=${mine.key.apiKey.id}`).set(w.bearer(otherAdmin))).status).toBe(404);
    });
  });

  describe('quota', () => {
    it('stops a Free company at 1,000 calls this month with quota_exceeded', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      // 999 served calls of this month, as another replica's total.
      await w.em().insertMany(PredictionCallMonth, [{ id: randomUUID(), companyId: company.id, replicaId: randomUUID(), month: monthOf(new Date()), served: 999 }]);
      w.prediction.quota.forget(company.id);

      expect((await predict(key.header, {})).status).toBe(200);
      const refused = await predict(key.header, {});
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('quota_exceeded');
      // A Live Test key is a sandbox: answered past the allowance, logged, and never counted (the months below).
      const tester = await w.addUser(company.id, { role: 'company_admin' });
      const testKey = (await w.http.post('/api/api-keys/test-key').set(w.bearer(tester)).send({})).body.token as string;
      expect((await predict({ 'X-API-Key': testKey }, {})).status).toBe(200);
      // Refused calls, bad requests and other endpoints use none of it: the month holds the one call served here.
      expect((await predict(key.header, { top_k: 0 })).status).toBe(400);
      expect((await w.http.post('/api/v1/events').set(key.header).send({ event_id: 'evt-quota', user_id: 'u-9', item_id: 'shoe-trail', type: 'view' })).status).toBe(200);
      await w.prediction.callLog.flush();
      const months = await w.em().find(PredictionCallMonth, { companyId: company.id }, { orderBy: { served: 'asc' } });
      expect(months.map((row) => [row.replicaId === w.prediction.replicaId, row.served])).toEqual([
        [true, 1],
        [false, 999],
      ]);

      // A paid plan counts overage instead of refusing.
      await w.em().nativeUpdate(Company, { id: company.id }, { plan: 'entry' });
      w.prediction.quota.forget(company.id);
      expect((await predict(key.header, {})).status).toBe(200);
    });
  });

  describe('call log and usage', () => {
    it('logs every call with its versions and items, never the key itself', async () => {
      const w = world();
      const { key } = await catalogueCompany(w);
      const answer = await predict(key.header, { query: 'trail', top_k: 2, metadata: { user_id: 'runner-1' } });
      expect((await w.http.post('/api/v1/events').set(key.header).send({ events: [{ event_id: 'x', user_id: 'u', item_id: 'i', type: 'nope' }] })).status).toBe(400);
      await w.prediction.callLog.flush();

      const calls = await w.em().find(PredictionCall, { apiKeyId: key.apiKey.id }, { orderBy: { createdAt: 'asc' } });
      expect(calls.map((call) => `${call.endpoint} ${call.status}`)).toEqual(['items 200', 'events 200', 'predict 200', 'events 400']);
      const served = calls[2]!;
      expect(served).toMatchObject({ settingsVersion: 0, snapshotVersion: 1, userId: 'runner-1', itemsServed: 2, holdout: false, zeroResults: false });
      expect(served.request).toMatchObject({ query: 'trail', top_k: 2 });
      expect(served.items.map((item) => item.id)).toEqual(ids(answer));
      expect(served.items[0]!.topSignal).toBe(answer.body.items[0].reasons[0].signal);
      expect(calls[3]).toMatchObject({ errorCode: 'validation_failed', itemsServed: 0 });
      // A call's id follows its instant (timeOrderedId): the log's inserts append to its primary key.
      for (const call of calls) {
        expect(call.id).toMatch(VERSION_7_ID);
        expect(idInstant(call.id)).toBe(call.createdAt.getTime());
      }
      expect((await w.em().findOneOrFail(ApiKey, { id: key.apiKey.id })).lastUsedAt).not.toBeNull();

      const minutes = await w.em().find(PredictionCallMinute, { apiKeyId: key.apiKey.id });
      expect(minutes.reduce((sum, row) => sum + row.calls, 0)).toBe(4);
      expect(minutes.reduce((sum, row) => sum + row.errors, 0)).toBe(1);
      for (const row of minutes) expect(row.latencyHistogram).toHaveLength(LATENCY_BUCKETS_MS.length + 1);

      const stored = JSON.stringify([
        await w.em().find(PredictionCall, {}),
        await w.em().find(PredictionCallMinute, {}),
        await w.em().find(ApiKey, {}),
        await w.em().find(DataSource, {}),
      ]);
      expect(stored).not.toContain(key.key);
      expect(JSON.stringify(w.logLines)).not.toContain(key.key);
    });

    it('adds two replicas’ rollups into one usage summary with percentiles from the summed histograms', async () => {
      const w = world();
      const { company, admin, key } = await catalogueCompany(w);
      await w.prediction.callLog.flush();
      const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000);
      const first = new Array<number>(HISTOGRAM_LENGTH).fill(0);
      const second = new Array<number>(HISTOGRAM_LENGTH).fill(0);
      first[2] = 90; // ≤ 2 ms
      second[8] = 9; // ≤ 20 ms
      second[14] = 1; // ≤ 200 ms
      const em = w.em();
      for (const [replicaId, histogram] of [['replica-a', first], ['replica-b', second]] as const) {
        em.create(PredictionCallMinute, {
          id: randomUUID(), companyId: company.id, apiKeyId: key.apiKey.id, replicaId, minute,
          calls: histogram.reduce((sum, count) => sum + count, 0), errors: replicaId === 'replica-b' ? 2 : 0, zeroResults: 1, itemsServed: 10, latencyHistogram: histogram,
        });
      }
      await em.flush();
      const summed = first.map((count, bucket) => count + second[bucket]!);

      const usage = await w.http.get(`/api/api-keys/usage?keyId=${key.apiKey.id}&range=24h`).set(w.bearer(admin));
      expect(usage.status).toBe(200);
      // The two ingestion calls of the set-up are counted too (this replica's own rollup).
      expect(usage.body).toMatchObject({ range: '24h', calls: 102, errors: 2, zeroResults: 2 });
      expect(usage.body.series).toHaveLength(24);
      expect(usage.body.series.reduce((sum: number, slot: { calls: number }) => sum + slot.calls, 0)).toBe(102);
      expect(usage.body.p99Ms).toBeGreaterThan(percentileOf(summed, 0.9)!);
      expect(usage.body.p50Ms).toBeLessThanOrEqual(2);

      const month = await w.http.get(`/api/api-keys/usage?keyId=${key.apiKey.id}&range=30d`).set(w.bearer(admin));
      expect(month.body).toMatchObject({ range: '30d', calls: 102 });
      expect(month.body.series).toHaveLength(30);
      const own = await w.http.get('/api/v1/usage').set(key.header);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ apiKeyId: key.apiKey.id, last24h: { calls: 102 }, last30d: { calls: 102 } });
      expect((await w.http.get('/api/api-keys/usage?range=7d').set(w.bearer(admin))).status).toBe(400);
    });

    it('lists recent calls newest first with key names, and compares a call with the current settings', async () => {
      const w = world();
      const { company, admin, key } = await catalogueCompany(w);
      const body = { query: 'trail', top_k: 4, metadata: { user_id: 'runner-2' } };
      const before = await predict(key.header, body);
      await w.prediction.callLog.flush();
      const list = await w.http.get(`/api/api-keys/calls?keyId=${key.apiKey.id}&limit=2`).set(w.bearer(admin));
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(2);
      expect(list.body[0]).toMatchObject({ endpoint: 'predict', status: 200, apiKeyName: key.apiKey.name, request: body });
      const callId: string = list.body[0].id;

      const version = await saveSettings(w, company.id, (settings) => {
        for (const lever of Object.keys(settings.discovery) as Array<keyof typeof settings.discovery>) settings.discovery[lever] = 0;
        settings.discovery.viewingPatterns = 100;
      });
      const compared = await w.http.post(`/api/api-keys/calls/${callId}/compare`).set(w.bearer(admin));
      expect(compared.status).toBe(200);
      expect(compared.body.call.id).toBe(callId);
      expect(compared.body.replay.model).toBe(`discovery@settings${version}/snapshot1`);
      const beforeIds = ids(before);
      expect(compared.body.items.filter((item: { before: number | null }) => item.before !== null).map((item: { id: string }) => item.id).sort()).toEqual([...beforeIds].sort());
      const moved = compared.body.items.filter((item: { before: number | null; after: number | null }) => item.before !== item.after);
      expect(moved.length).toBeGreaterThan(0);
      // Only viewing patterns weigh now: every change is some signal's contribution moving.
      for (const item of moved) expect(item.movedBy).not.toBeNull();
      // Only viewing patterns weigh now (popularity fills up when too few items have any).
      const replaySignals = compared.body.replay.items.flatMap((item: Answer) => item.reasons.map((reason) => reason.signal));
      expect(new Set(replaySignals).size).toBeGreaterThan(0);
      for (const signal of replaySignals) expect(['viewingPatterns', 'popularity']).toContain(signal);
      // Each item in both answers moved by the signal whose share changed most, by exactly that change.
      const shares = (item: Answer | undefined) => new Map((item?.reasons ?? []).map((reason) => [reason.signal, reason.contribution]));
      let checked = 0;
      for (const item of compared.body.items as Array<{ id: string; movedBy: { signal: string; delta: number } | null }>) {
        const old = shares(before.body.items.find((entry: Answer) => entry.id === item.id));
        const now = shares(compared.body.replay.items.find((entry: Answer) => entry.id === item.id));
        if (!old.size || !now.size) continue;
        const deltas = [...new Set([...old.keys(), ...now.keys()])].map((signal) => ({ signal, delta: (now.get(signal) ?? 0) - (old.get(signal) ?? 0) }));
        const largest = Math.max(...deltas.map((entry) => Math.abs(entry.delta)));
        expect(Math.abs(item.movedBy!.delta)).toBeCloseTo(largest, 5);
        expect(deltas.find((entry) => entry.signal === item.movedBy!.signal)!.delta).toBeCloseTo(item.movedBy!.delta, 5);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);

      const otherAdmin = await w.addUser((await w.addCompany()).id, { role: 'company_admin' });
      expect((await w.http.post(`/api/api-keys/calls/${callId}/compare`).set(w.bearer(otherAdmin))).status).toBe(404);
    });
  });

  describe('snapshots', () => {
    it('picks up new items at the next refresh, and another replica loads the new version', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      expect((await predict(key.header, { query: 'zephyr' })).body.model).toBe('discovery@settings0/snapshot1');
      await w.http.put('/api/v1/items').set(key.header).send({ id: 'kite-zephyr', title: 'Zephyr Kite', tags: ['zephyr'] });
      expect(ids(await predict(key.header, { query: 'zephyr', top_k: 50 }))).not.toContain('kite-zephyr');

      // A second replica on the same database loads the published version without publishing one.
      const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: (await import('pino')).default({ level: 'silent' }) });
      try {
        expect((await replica.snapshots.ensure(company.id)).version).toBe(1);
        expect(await w.em().count(PredictionSnapshot, { companyId: company.id })).toBe(1);

        expect(await w.prediction.snapshots.refresh()).toContain(company.id);
        const fresh = await predict(key.header, { query: 'zephyr', top_k: 50 });
        expect(fresh.body.model).toBe('discovery@settings0/snapshot2');
        const kite = fresh.body.items.find((item: { id: string }) => item.id === 'kite-zephyr');
        expect(kite).toMatchObject({ source: 'ranked', reasons: expect.arrayContaining([expect.objectContaining({ signal: 'contentDiscovery' })]) });
        const row = await w.em().findOneOrFail(PredictionSnapshot, { companyId: company.id, version: 2 });
        expect(row).toMatchObject({ status: 'ready', itemCount: CATALOGUE.length + 1 });
        expect(row.watermark).not.toBeNull();

        // An item sent after version 2 was published is not in it, on either process: the replica
        // takes in the index that was published (its shared file), not a build of today's records.
        await w.http.put('/api/v1/items').set(key.header).send({ id: 'kite-boreas', title: 'Boreas Kite', tags: ['zephyr'] });
        expect(await replica.snapshots.poll()).toContain(company.id);
        const loaded = replica.snapshots.current(company.id)!;
        expect(loaded.version).toBe(2);
        expect(loaded.itemCount).toBe(CATALOGUE.length + 1);
        expect(itemIdsOf(loaded)).toContain('kite-zephyr');
        expect(itemIdsOf(loaded)).not.toContain('kite-boreas');
        const published = w.prediction.snapshots.current(company.id)!;
        expect(loaded.index.builtAt).toBe(published.index.builtAt);
        expect(loaded.watermark).toBe(published.watermark);
        // Only the last two versions' files are kept.
        expect(sharedFiles(w.config.dataDir, company.id)).toEqual([`${company.id}.1.snapshot`, `${company.id}.2.snapshot`]);
        expect(await w.prediction.snapshots.refresh()).toContain(company.id);
        expect(sharedFiles(w.config.dataDir, company.id)).toEqual([`${company.id}.2.snapshot`, `${company.id}.3.snapshot`]);
      } finally {
        await Promise.all(Object.values(replica.jobs).map((job) => job.stop()));
      }
    });

    it('builds a published version from the records when its shared file is missing, damaged or not the version’s', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      expect((await predict(key.header, { query: 'zephyr' })).body.model).toBe('discovery@settings0/snapshot1');
      const file = join(sharedSnapshotFolder(w.config.dataDir), `${company.id}.1.snapshot`);
      const whole = readFileSync(file);
      await w.http.put('/api/v1/items').set(key.header).send({ id: 'kite-boreas', title: 'Boreas Kite', tags: ['zephyr'] });
      const row = await w.em().findOneOrFail(PredictionSnapshot, { companyId: company.id, version: 1 });
      const damages: Array<[string, () => Promise<unknown> | void]> = [
        ['missing', () => rmSync(file)],
        ['cut short', () => writeFileSync(file, whole.subarray(0, whole.byteLength - 100))],
        ['another build of the version', () => w.em().nativeUpdate(PredictionSnapshot, { id: row.id }, { buildMs: (row.buildMs ?? 0) + 1 })],
      ];
      for (const [damage, apply] of damages) {
        writeFileSync(file, whole);
        await w.em().nativeUpdate(PredictionSnapshot, { id: row.id }, { buildMs: row.buildMs });
        await apply();
        const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: (await import('pino')).default({ level: 'silent' }) });
        try {
          const loaded = await replica.snapshots.ensure(company.id);
          expect({ damage, version: loaded.version, built: itemIdsOf(loaded).includes('kite-boreas') }).toEqual({ damage, version: 1, built: true });
        } finally {
          await Promise.all(Object.values(replica.jobs).map((job) => job.stop()));
        }
      }
      // Whole again, it is the published index.
      writeFileSync(file, whole);
      await w.em().nativeUpdate(PredictionSnapshot, { id: row.id }, { buildMs: row.buildMs });
      const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: (await import('pino')).default({ level: 'silent' }) });
      try {
        expect(itemIdsOf(await replica.snapshots.ensure(company.id))).not.toContain('kite-boreas');
      } finally {
        await Promise.all(Object.values(replica.jobs).map((job) => job.stop()));
      }
    });

    it('reads every event of a company across its pages of records into the snapshot', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      const stored = catalogueEvents().length;
      // Past two pages of the build's paged read (5,000 records a page), one person's views in turn.
      for (let start = 0; start < 10_500; start += 1_000) {
        const events = Array.from({ length: Math.min(1_000, 10_500 - start) }, (_, offset) => ({
          event_id: `paged-${start + offset}`,
          user_id: `reader-${(start + offset) % 700}`,
          item_id: CATALOGUE[(start + offset) % CATALOGUE.length].id,
          type: (start + offset) % 10 === 0 ? 'purchase' : 'view',
          value: (start + offset) % 10 === 0 ? 25 : null,
        }));
        expect((await w.http.post('/api/v1/events').set(key.header).send({ events })).status).toBe(200);
      }
      const snapshot = await w.prediction.snapshots.rebuild(company.id);
      expect(snapshot.eventCount).toBe(stored + 10_500);
      expect(snapshot.itemCount).toBe(CATALOGUE.length);
    });

    it('loads the snapshot of a company served by another replica before its first call there, and not of one served long ago', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      const idle = await catalogueCompany(w);
      expect((await predict(key.header, { query: 'zephyr' })).status).toBe(200);
      expect((await predict(idle.key.header, { query: 'zephyr' })).status).toBe(200);
      await w.prediction.callLog.flush();
      // The idle company's calls are older than the window: nobody is calling it now.
      await w.em().nativeUpdate(PredictionCallMinute, { companyId: idle.company.id }, { minute: new Date(Date.now() - WARM_WINDOW_MS - 60_000) });

      const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: (await import('pino')).default({ level: 'silent' }) });
      try {
        expect(replica.snapshots.current(company.id)).toBeUndefined();
        const loaded = await replica.snapshots.poll();
        expect(loaded).toContain(company.id);
        expect(loaded).not.toContain(idle.company.id);
        expect(replica.snapshots.current(company.id)?.version).toBe(1);
        expect(replica.snapshots.current(idle.company.id)).toBeUndefined();
        // Nothing newer: the next poll loads nothing again.
        expect(await replica.snapshots.poll()).toEqual([]);
      } finally {
        await Promise.all(Object.values(replica.jobs).map((job) => job.stop()));
      }
    });

    it('keeps its snapshot while another replica builds the next version, instead of building the same one again', async () => {
      const w = world();
      const { company, key } = await catalogueCompany(w);
      await predict(key.header, { query: 'zephyr' });
      const replica = createPredictionRuntime({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: (await import('pino')).default({ level: 'silent' }) });
      try {
        const held = await replica.snapshots.ensure(company.id);
        expect(held.version).toBe(1);
        await w.http.put('/api/v1/items').set(key.header).send({ id: 'kite-zephyr', title: 'Zephyr Kite', tags: ['zephyr'] });
        // Another replica has claimed version 2 and is building it.
        const em = w.em();
        em.create(PredictionSnapshot, { companyId: company.id, version: 2, status: 'building', itemCount: 0, eventCount: 0 });
        await em.flush();

        expect(await replica.snapshots.refresh()).toEqual([company.id]);
        expect(replica.snapshots.current(company.id)).toBe(held);
        expect(await w.em().count(PredictionSnapshot, { companyId: company.id })).toBe(2);
      } finally {
        await Promise.all(Object.values(replica.jobs).map((job) => job.stop()));
      }
    });

    it('counts a user’s events sent after the snapshot at once', async () => {
      const w = world();
      const { key } = await catalogueCompany(w);
      await predict(key.header, {});
      const user = 'newcomer-1';
      const cold = await predict(key.header, { top_k: 3, metadata: { user_id: user } });
      await w.http.post('/api/v1/events').set(key.header).send([
        { event_id: 'n-1', user_id: user, item_id: 'shoe-trail', type: 'view' },
      ]);
      const warm = await predict(key.header, { top_k: 3, metadata: { user_id: user } });
      const signals = warm.body.items.flatMap((item: { reasons: Array<{ signal: string }> }) => item.reasons.map((reason) => reason.signal));
      expect(signals).toContain('viewingPatterns');
      expect(JSON.stringify(warm.body.items)).not.toEqual(JSON.stringify(cold.body.items));
    });
  });

  it('serves one OpenAPI 3.1 document with the real base URL', async () => {
    const response = await world().http.get('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.type).toBe('application/json');
    const document = JSON.parse(response.text) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]!.url).toBe('https://navout.test/api');
    expect(Object.keys(document.paths).sort()).toEqual(['/v1/events', '/v1/items', '/v1/predict', '/v1/usage']);
    expect(Object.keys(document.paths['/v1/predict']!)).toEqual(['post']);
    expect(Object.keys(document.paths['/v1/items']!)).toEqual(['put']);
    expect(document.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    // Every $ref points at a schema the document defines.
    const refs = [...response.text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((match) => match[1]!);
    for (const ref of refs) expect(document.components).toHaveProperty(['schemas', ref]);
  });
});
