/**
 * The demo's prediction API: a catalogue and a month of interactions stored by the API's own
 * ingestion, two hashed keys per company, saved settings, a month of calls whose rollups add up,
 * and a predict call on the seeded data that answers from it with explanations.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiKey, Company, ModelSettingsVersion, PredictionCall, PredictionCallMinute, PredictionCallMonth } from '@bff/entities';
import { API_SOURCE_TYPE } from '@bff/modules/dataSources/records/apiRecords';
import { demoCatalogue } from '@bff/seeders/demoCatalogue';
import { seedDemoPrediction } from '@bff/seeders/demoPrediction';
import type { PredictResponse } from '@domain/prediction/contract';
import { useWorld } from './support/world';
import { codeSample, KEY_PLACEHOLDER } from '@/features/outbound-api/docs/codeSamples';
import { apiBaseUrl, documentedOperations, type OpenApiDocument } from '@/features/outbound-api/docs/openApi';

const run = promisify(execFile);

const NOW = new Date('2026-03-10T16:45:00.000Z');
const DAY_MS = 86_400_000;
/** The seed writes this share of the month's 100,000 interactions per company (the generator is checked whole above). */
const SCALE = 0.05;

describe('demo prediction data', () => {
  const world = useWorld();

  it('generates the same catalogue and interactions for the same day, none in the future', () => {
    const first = demoCatalogue('acme', NOW.getTime());
    const again = demoCatalogue('acme', NOW.getTime());
    expect(again).toEqual(first);
    expect(first.items).toHaveLength(3_000);
    expect(first.events).toHaveLength(100_000);
    expect(new Set(first.events.map((event) => event.event_id)).size).toBe(100_000);
    const ids = new Set(first.items.map((item) => item.id));
    expect(first.events.every((event) => ids.has(event.item_id))).toBe(true);
    const times = first.events.map((event) => Date.parse(event.timestamp!));
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 31 * DAY_MS);
  });

  it('seeds plans, records, keys, settings and a month of calls whose rollups add up', async () => {
    const w = world();
    const admins = { navout: w.users.admin, acme: w.users.alice, globex: w.users.carol };
    await seedDemoPrediction(w.em(), w.config.database.kind, w.companies, admins, NOW, SCALE);
    const em = w.em();
    const acme = w.companies.acme.id;

    expect((await em.findOneOrFail(Company, acme)).plan).toBe('mid-market');
    expect((await em.findOneOrFail(Company, w.companies.globex.id)).plan).toBe('entry');
    const records = async (kind: string) =>
      Number((await em.getConnection().execute<Array<{ n: number | string }>>('select count(*) as n from data_records where company_id = ? and kind = ? and source_type = ?', [acme, kind, API_SOURCE_TYPE]))[0]!.n);
    expect(await records('items')).toBe(3_000);
    expect(await records('events')).toBe(5_000);
    expect(demoCatalogue('acme', NOW.getTime(), SCALE).events).toHaveLength(5_000);

    const keys = await em.find(ApiKey, { companyId: acme });
    expect(keys.map((key) => key.name).sort()).toEqual(['Catalogue sync', 'Storefront (production)']);
    for (const key of keys) expect(key.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await em.find(ModelSettingsVersion, { companyId: acme }, { orderBy: { version: 'asc' } })).map((row) => row.version)).toEqual([1, 2]);

    const calls = await em.count(PredictionCall, { companyId: acme });
    expect(calls).toBeGreaterThan(6_000);
    const minutes = await em.find(PredictionCallMinute, { companyId: acme });
    expect(minutes.reduce((sum, row) => sum + row.calls, 0)).toBe(calls);
    expect(minutes.reduce((sum, row) => sum + row.latencyHistogram.reduce((a, b) => a + b, 0), 0)).toBe(calls);
    const errors = await em.count(PredictionCall, { companyId: acme, status: { $gte: 400 } });
    expect(minutes.reduce((sum, row) => sum + row.errors, 0)).toBe(errors);
    // The month totals the plan's allowance reads hold each month's served predict calls (UTC months).
    const months = await em.find(PredictionCallMonth, { companyId: acme });
    const served = await em.find(PredictionCall, { companyId: acme, endpoint: 'predict', status: { $lt: 400 } }, { fields: ['createdAt'] });
    const byMonth = new Map<string, number>();
    for (const call of served) byMonth.set(call.createdAt.toISOString().slice(0, 7), (byMonth.get(call.createdAt.toISOString().slice(0, 7)) ?? 0) + 1);
    expect(Object.fromEntries(months.map((row) => [row.month, row.served]))).toEqual(Object.fromEntries(byMonth));
    expect(served.length).toBeGreaterThan(5_000);
  }, 300_000);

  it('answers predict from the seeded catalogue, with explanations and the saved settings version', async () => {
    const w = world();
    const { header } = await w.addApiKey(w.companies.acme.id);
    const person = demoCatalogue('acme', NOW.getTime(), SCALE).events.at(-1)!.user_id;
    const response = await w.http.post('/api/v1/predict').set(header).send({ query: 'linen', top_k: 5, metadata: { user_id: `${person}-not-in-holdout-check` } });
    expect(response.status).toBe(200);
    const body = response.body as PredictResponse;
    expect(body.model).toMatch(/^(discovery@settings2|baseline@popularity)\/snapshot\d+$/);
    expect(body.items).toHaveLength(5);
    const titles = new Set(demoCatalogue('acme', NOW.getTime()).items.map((item) => item.title));
    for (const item of body.items) {
      expect(item.id).toMatch(/^(ACM|SKU)-\d+$/);
      expect(item.explanation.length).toBeGreaterThan(0);
      if (item.id.startsWith('ACM')) expect(titles.has(item.title)).toBe(true);
    }
  });

  it("documents a cURL example made from the company's own catalogue that answers with items when run as shown", async () => {
    const w = world();
    const acme = w.companies.acme.id;
    // A custom attribute of the company's own: the example must send one of its type, and no other.
    expect((await w.http.post('/api/custom-attributes').set(w.bearer('alice')).send({ name: 'room', type: 'string' })).status).toBe(201);
    const example = await w.http.get('/api/api-keys/example').set(w.bearer('alice')).query({ companyFilter: acme });
    expect(example.status).toBe(200);
    const request = example.body.request as { query: string; custom_attributes?: Record<string, unknown> };
    expect(request.query.length).toBeGreaterThan(0);
    expect(Object.keys(request.custom_attributes ?? {})).toEqual(['room']);

    // Exactly what the Documentation tab shows: the document's predict operation with the example.
    const document = (await w.http.get('/api/v1/openapi.json')).body as OpenApiDocument;
    const predict = documentedOperations(document).find((operation) => operation.path === '/v1/predict')!;
    const curl = codeSample('curl', { ...predict, requestExample: request }, apiBaseUrl(w.baseUrl));
    const { key } = await w.addApiKey(acme, { scopes: ['read'] });
    const { stdout } = await run('bash', ['-c', curl.replace(KEY_PLACEHOLDER, key)]);
    const answer = JSON.parse(stdout) as PredictResponse;
    expect(answer.items.length).toBeGreaterThan(0);

    // A company with nothing in its catalogue gets no example of its own (the generic one is shown).
    const empty = await w.http.get('/api/api-keys/example').set(w.bearer('admin')).query({ companyFilter: (await w.addCompany()).id });
    expect(empty.body).toEqual({ request: null, response: null });
  });
});
