/**
 * The prediction API's OpenAPI document, run: on the demo company (seeded as a demo installation
 * is), every request example of the document is sent as written with keys made through the key
 * route, and every answer is checked against the schema the document gives for that operation and
 * status, with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) after swagger-parser has
 * validated and dereferenced the document. Each documented error is provoked and answers with the
 * documented status, code and schema; the Documentation tab's example is the API's own answer.
 */
import { randomUUID } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { Company, PredictionCallMonth } from '@bff/entities';
import { monthOf } from '@bff/modules/prediction';
import { CUSTOM_ATTRIBUTE_EXAMPLE, EVENTS_EXAMPLE, PREDICT_EXAMPLE, PREDICT_RESPONSE_EXAMPLE } from '@bff/modules/prediction/example';
import { inHoldout } from '@bff/modules/prediction/predict';
import { demoCatalogue } from '@bff/seeders/demoCatalogue';
import { seedDemoPrediction } from '@bff/seeders/demoPrediction';
import type { ApiKeyScope } from '@domain/apiKeys';
import { API_ERRORS, type ErrorCode } from '@domain/errors';
import type { CreatedApiKey, PredictExample, PredictResponse } from '@domain/prediction/contract';
import { useWorld, type World } from './support/world';

const NOW = new Date('2026-03-10T16:45:00.000Z');
/** The share of the demo's interactions seeded, as in demo-prediction.test.ts. */
const SCALE = 0.05;

type Method = 'get' | 'post' | 'put';
const METHODS = ['get', 'post', 'put'] as const;
type Header = Record<string, string>;

/** The parts of an OpenAPI 3.1 document these tests read. */
interface MediaType {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Partial<Record<Method, Operation>>>;
}

/** Each example of a media type: `example`, or every value of `examples`, by name. */
function examplesOf(media: MediaType | undefined): Array<[name: string, value: unknown]> {
  if (!media) return [];
  if (media.example !== undefined) return [['example', media.example]];
  return Object.entries(media.examples ?? {}).map(([name, example]) => [name, example.value]);
}

/** A request that makes the API answer one documented error. */
type Provoke = () => PromiseLike<{ status: number; body: unknown }>;

describe('the OpenAPI document, run against the demo', () => {
  const world = useWorld();
  let document: Document;
  let dereferenced: Document;
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  const validators = new Map<object, ValidateFunction>();
  const keys = {} as Record<'read' | 'write' | 'admin' | 'paused' | 'inactive' | 'free', Header>;

  const responseSchema = (path: string, method: Method, status: string) => dereferenced.paths[path]![method]!.responses[status]!.content!['application/json']!.schema!;

  /** Whether `body` is what the document says `path` answers with `status`; the failures named. */
  function expectDocumented(path: string, method: Method, status: number, body: unknown) {
    const schema = responseSchema(path, method, String(status));
    const validate = validators.get(schema) ?? ajv.compile(schema);
    validators.set(schema, validate);
    expect(validate(body) ? [] : validate.errors, `${method.toUpperCase()} ${path} ${status}`).toEqual([]);
  }

  /** A key made the way a company admin makes one: through the Outbound API page's route. */
  async function createKey(w: World, as: 'alice' | 'admin', permissions: ApiKeyScope[], companyId?: string): Promise<{ header: Header; id: string }> {
    const response = await w.http.post('/api/api-keys').set(w.bearer(as)).send({ name: `Docs ${permissions.join('+')}`, permissions, ...(companyId ? { companyId } : {}) });
    expect(response.status).toBe(201);
    const created = response.body as CreatedApiKey;
    return { header: { 'X-API-Key': created.token }, id: created.key.id };
  }

  function send(w: World, method: Method, path: string, key: Header | null, body?: unknown) {
    const request = w.http[method](`/api${path}`);
    if (key) request.set(key);
    return body === undefined ? request : request.send(body as object);
  }

  beforeAll(async () => {
    const w = world();
    const admins = { navout: w.users.admin, acme: w.users.alice, globex: w.users.carol };
    await seedDemoPrediction(w.em(), w.config.database.kind, w.companies, admins, NOW, SCALE);
    keys.read = (await createKey(w, 'alice', ['read'])).header;
    keys.write = (await createKey(w, 'alice', ['write'])).header;
    keys.admin = (await createKey(w, 'alice', ['admin'])).header;
    const paused = await createKey(w, 'alice', ['read']);
    expect((await w.http.patch(`/api/api-keys/${paused.id}`).set(w.bearer('alice')).send({ isActive: false })).status).toBe(200);
    keys.paused = paused.header;
    // A company that is no longer active, and a Free company whose month's calls are used up.
    const inactive = await w.addCompany({ status: 'inactive' });
    keys.inactive = (await createKey(w, 'admin', ['read'], inactive.id)).header;
    const free = await w.addCompany();
    keys.free = (await createKey(w, 'admin', ['read'], free.id)).header;
    await w.em().insertMany(PredictionCallMonth, [{ id: randomUUID(), companyId: free.id, replicaId: randomUUID(), month: monthOf(new Date()), served: 1_000 }]);
    expect((await w.em().findOneOrFail(Company, free.id)).plan).toBe('free');

    const served = await w.http.get('/api/v1/openapi.json');
    expect(served.status).toBe(200);
    document = served.body as Document;
    // swagger-parser validates against the OpenAPI 3.1 schema and resolves every $ref; it changes
    // the object it is given, so it gets a copy.
    dereferenced = (await SwaggerParser.validate(structuredClone(document) as never)) as Document;
  });

  it('is a valid OpenAPI 3.1 document whose schemas Ajv compiles in the 2020-12 dialect', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const [path, item] of Object.entries(dereferenced.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        for (const status of Object.keys(operation.responses)) expect(() => ajv.compile(responseSchema(path, method, status)), `${method} ${path} ${status}`).not.toThrow();
      }
    }
  });

  it('answers every request example as documented, on the demo company', async () => {
    const w = world();
    const keyFor: Record<string, Header> = { predict: keys.read, sendEvents: keys.write, upsertItems: keys.write, keyUsage: keys.admin };
    // The custom-attribute example says to define its attribute first: done as a company admin would.
    expect((await w.http.post('/api/custom-attributes').set(w.bearer('alice')).send(CUSTOM_ATTRIBUTE_EXAMPLE)).status).toBe(201);
    // The documented person is not in the demo's holdout (10 %), so the answer is the model's.
    expect(inHoldout(String(PREDICT_EXAMPLE.metadata!.user_id), 10)).toBe(false);
    const catalogue = new Map(demoCatalogue('acme', NOW.getTime()).items.map((item) => [item.id, item]));

    let sent = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const key = keyFor[operation.operationId!]!;
        const media = operation.requestBody?.content['application/json'];
        const examples = media ? examplesOf(media) : [['no body', undefined] as [string, unknown]];
        for (const [name, example] of examples) {
          const answer = await send(w, method, path, key, example);
          expect(answer.status, `${method.toUpperCase()} ${path} (${name}): ${JSON.stringify(answer.body)}`).toBe(200);
          expectDocumented(path, method, 200, answer.body);
          sent += 1;
          const documented = examplesOf(operation.responses['200']!.content?.['application/json'])[0]?.[1];
          if (operation.operationId === 'predict') {
            const body = answer.body as PredictResponse;
            expect(body.items.length).toBeGreaterThan(0);
            expect(body.holdout).toBe(false);
            // The filters of the example hold for every item, and every item is the demo's own.
            for (const found of body.items) {
              expect(found.metadata).toMatchObject({ category: 'Bedding' });
              expect(found.metadata.price!).toBeLessThanOrEqual(150);
              expect(catalogue.get(found.id)?.title).toBe(found.title);
            }
          } else if (documented !== undefined) {
            // Events and items answer with counts: the documented ones, exactly.
            expect(answer.body).toEqual(documented);
          }
        }
      }
    }
    // predict twice (plain and with a custom attribute), events, items and usage.
    expect(sent).toBe(5);
  });

  it("documents predict's answer as the demo gives it, in all that does not depend on the ranking", async () => {
    const w = world();
    const answer = (await send(w, 'post', '/v1/predict', keys.read, PREDICT_EXAMPLE)).body as PredictResponse;
    expectDocumented('/v1/predict', 'post', 200, PREDICT_RESPONSE_EXAMPLE);
    const { items, latency_ms: _latency, request_id: _request, model, ...rest } = PREDICT_RESPONSE_EXAMPLE;
    expect(answer).toMatchObject(rest);
    expect(model).toMatch(answer.model.replace(/snapshot\d+$/, 'snapshot'));
    expect(items).toHaveLength(PREDICT_EXAMPLE.top_k!);
    // The documented items are demo items, described as the API describes them, and meet the filters.
    const catalogue = new Map(demoCatalogue('acme', NOW.getTime()).items.map((item) => [item.id, item]));
    for (const item of items) {
      const demo = catalogue.get(item.id)!;
      expect(demo, item.id).toBeDefined();
      expect(item).toMatchObject({ title: demo.title, source: 'ranked', metadata: { category: demo.category, price: demo.price, tags: demo.tags } });
      expect(demo.category).toBe('Bedding');
      expect(demo.price).toBeLessThanOrEqual(150);
    }
    // Scores in the API's rounding and order: each the sum of its reasons' contributions, highest first.
    const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;
    const precision = Math.max(...answer.items.map((item) => decimals(item.score)));
    for (const item of [...items, ...answer.items]) {
      expect(decimals(item.score)).toBeLessThanOrEqual(precision);
      expect(item.reasons.reduce((sum, reason) => sum + reason.contribution, 0)).toBeCloseTo(item.score, 3);
    }
    expect(items.map((item) => item.score)).toEqual([...items.map((item) => item.score)].sort((a, b) => b - a));
  });

  it('answers each documented error with its status, code and schema', async () => {
    const w = world();
    const predict: Record<string, Provoke> = {
      validation_failed: () => send(w, 'post', '/v1/predict', keys.read, { top_k: 0 }),
      malformed_body: () => w.http.post('/api/v1/predict').set(keys.read).set('Content-Type', 'application/json').send('{"query": '),
      unknown_custom_attribute: () => send(w, 'post', '/v1/predict', keys.read, { ...PREDICT_EXAMPLE, custom_attributes: { size: 'M' } }),
      invalid_custom_attribute: () => send(w, 'post', '/v1/predict', keys.read, { ...PREDICT_EXAMPLE, custom_attributes: { [CUSTOM_ATTRIBUTE_EXAMPLE.name]: 5 } }),
      quota_exceeded: () => send(w, 'post', '/v1/predict', keys.free, PREDICT_EXAMPLE),
    };
    const batch = (path: string, method: Method): Record<string, Provoke> => ({
      validation_failed: () => send(w, method, path, keys.write, path === '/v1/events' ? { events: [{ event_id: 'e' }] } : { items: [{ id: 'x' }] }),
      malformed_body: () => w.http[method](`/api${path}`).set(keys.write).set('Content-Type', 'application/json').send('['),
      access_denied: () => send(w, method, path, keys.read, {}),
    });
    const provokers: Record<string, Record<string, Provoke>> = {
      'post /v1/predict': { ...predict, access_denied: () => send(w, 'post', '/v1/predict', keys.write, PREDICT_EXAMPLE) },
      'post /v1/events': {
        ...batch('/v1/events', 'post'),
        idempotency_key_invalid: () => send(w, 'post', '/v1/events', { ...keys.write, 'Idempotency-Key': 'x'.repeat(300) }, EVENTS_EXAMPLE),
        idempotency_key_reused: async () => {
          const key = { ...keys.write, 'Idempotency-Key': 'openapi-reused' };
          await send(w, 'post', '/v1/events', key, EVENTS_EXAMPLE);
          return send(w, 'post', '/v1/events', key, { events: [{ ...EVENTS_EXAMPLE.events[0], event_id: 'another' }] });
        },
      },
      'put /v1/items': batch('/v1/items', 'put'),
      'get /v1/usage': { access_denied: () => send(w, 'get', '/v1/usage', keys.read) },
    };
    const common = (path: string, method: Method, body?: unknown): Record<string, Provoke> => ({
      api_key_required: () => send(w, method, path, null, body),
      invalid_api_key: () => send(w, method, path, { 'X-API-Key': 'x'.repeat(64) }, body),
      api_key_paused: () => send(w, method, path, keys.paused, body),
      company_inactive: () => send(w, method, path, keys.inactive, body),
    });
    // Not provoked here: rate_limited needs a lower per-key limit than this world's (prediction-limits
    // tests drive it), snapshot_unavailable an index build that fails.
    // idempotency_key_in_flight needs a request still being answered (tests/bff/idempotency.test.ts holds one).
    const notProvoked = new Set<ErrorCode>(['rate_limited', 'snapshot_unavailable', 'idempotency_key_in_flight']);

    let provoked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const own = { ...common(path, method, method === 'get' ? undefined : {}), ...provokers[`${method} ${path}`] };
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!status.startsWith('4') && !status.startsWith('5')) continue;
          for (const [code, example] of examplesOf(response.content!['application/json'])) {
            const where = `${method.toUpperCase()} ${path} ${status} ${code}`;
            // The example is the error's own wording, under the status the API answers it with.
            expect(example, where).toEqual({ error: API_ERRORS[code as ErrorCode].error, message: API_ERRORS[code as ErrorCode].message, code });
            expect(API_ERRORS[code as ErrorCode].status, where).toBe(Number(status));
            if (notProvoked.has(code as ErrorCode)) continue;
            const provoke = own[code];
            expect(provoke, `${where}: nothing provokes it`).toBeDefined();
            const answer = await provoke!();
            expect({ status: answer.status, code: (answer.body as { code?: string }).code }, where).toEqual({ status: Number(status), code });
            expectDocumented(path, method, Number(status), answer.body);
            provoked += 1;
          }
        }
      }
    }
    expect(provoked).toBeGreaterThan(20);
  });

  it('tells a call without a key, in the API’s words, where the key goes', async () => {
    const w = world();
    const answer = await send(w, 'post', '/v1/predict', null, PREDICT_EXAMPLE);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'API key required', message: 'Send an API key in the X-API-Key header.', code: 'api_key_required' });
    const documented = examplesOf(document.paths['/v1/predict']!.post!.responses['401']!.content!['application/json']);
    expect(documented).toContainEqual(['api_key_required', answer.body]);
    // The dashboard's own routes still ask a person to sign in.
    expect((await w.http.get('/api/api-keys')).body).toMatchObject({ code: 'authentication_required', message: 'Sign in to continue.' });
  });

  it("shows in the Documentation tab the company's own example with the API's answer to it", async () => {
    const w = world();
    const example = (await w.http.get('/api/api-keys/example').set(w.bearer('alice')).query({ companyFilter: w.companies.acme.id })).body as PredictExample;
    expect(example.request).not.toBeNull();
    expectDocumented('/v1/predict', 'post', 200, example.response);
    const answer = await send(w, 'post', '/v1/predict', keys.read, example.request);
    expect(answer.status).toBe(200);
    const live = answer.body as PredictResponse;
    // Everything but the call's own id and time: the same items, in the same order, with the same scores and words.
    const { latency_ms: _a, request_id: _b, ...shown } = example.response!;
    const { latency_ms: _c, request_id: _d, ...answered } = live;
    expect(shown).toEqual(answered);
    expect(shown.items.length).toBeGreaterThan(0);
  });
});
