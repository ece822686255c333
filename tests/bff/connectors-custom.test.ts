/**
 * Custom connectors: definitions a company admin brings, stored per company, checked at the
 * boundary with a 400 naming the field, their sources' secrets bound to their url_base, and
 * hostile definitions refused (or, for a paginator that never ends, stopped) with a clear error.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomConnector, DataRecord, DataSource, SyncRun } from '@bff/entities';
import { manifestConnector } from '@bff/modules/connectors/declarative/engine';
import { createConnectorFetch } from '@bff/modules/connectors/http';
import type { ConnectorContext } from '@bff/modules/connectors/types';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { encryptSecret } from '@bff/platform/secrets';
import { customCatalogueId } from '@domain/data/customConnectors';
import { failureOf, pullAll, recordsOf } from './support/connectors';
import { parse, stringify } from 'yaml';
import { sendJson, startHttpServer, type LocalHttpServer } from './support/localServers';
import { unique, useWorld, type World } from './support/world';

let api: LocalHttpServer;
beforeAll(async () => {
  // Every page says there is a next one: a paginator that never ends.
  api = await startHttpServer((_request, response, { url }) => {
    const after = Number(new URL(url, 'http://local').searchParams.get('after') ?? '0');
    sendJson(response, 200, { results: [{ id: String(after + 1), email: `p${after + 1}@example.com` }], paging: { next: { after: String(after + 1) } } });
  });
});
afterAll(() => api.close());

/** A small definition of an HTTP source in the engine's (and Airbyte's) names. */
function definition(overrides: { name?: string; url_base?: string; token?: string; max_pages?: number } = {}) {
  return {
    version: 1,
    name: overrides.name ?? unique('Custom CRM'),
    authenticator: { type: 'BearerAuthenticator', api_token: overrides.token ?? '{{ secrets.token }}' },
    check: { type: 'CheckStream', stream_names: ['people'], page_size: 1 },
    streams: [
      {
        type: 'DeclarativeStream',
        name: 'people',
        primary_key: 'person_id',
        retriever: {
          type: 'SimpleRetriever',
          requester: { type: 'HttpRequester', url_base: overrides.url_base ?? 'https://crm.example.com', path: '/people' },
          record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] } },
          paginator: {
            type: 'DefaultPaginator',
            ...(overrides.max_pages ? { max_pages: overrides.max_pages } : {}),
            page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'after' },
            pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.paging.next.after }}' },
          },
        },
        fields: { person_id: 'id', email: 'email' },
      },
    ],
  };
}

const PATH = '/api/data-sources/custom-connectors';

describe('custom connectors', () => {
  const world = useWorld();
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  it('stores a definition for the company, lists it there only, and answers it with its catalogue id', async () => {
    const w = world();
    const body = definition();
    const created = await w.http.post(PATH).set(as('alice')).send({ definition: body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: body.name, companyId: w.companies.acme.id, urlBase: 'https://crm.example.com', catalogueId: customCatalogueId(created.body.id) });
    expect(created.body.definition.streams[0].fields).toEqual({ person_id: 'id', email: 'email' });

    const acme = await w.http.get(PATH).set(as('alice'));
    expect(acme.body.map((each: { id: string }) => each.id)).toContain(created.body.id);
    const globex = await w.http.get(PATH).set(as('carol'));
    expect(globex.status).toBe(200);
    expect(globex.body.map((each: { id: string }) => each.id)).not.toContain(created.body.id);
  });

  it('accepts the definition as pasted JSON or YAML text, and refuses YAML that is not plain data', async () => {
    const w = world();
    const pasted = await w.http.post(PATH).set(as('alice')).send({ definition: JSON.stringify(definition()) });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(201);
    const yaml = await w.http.post(PATH).set(as('alice')).send({ definition: stringify(definition()) });
    expect(yaml.status, JSON.stringify(yaml.body)).toBe(201);
    expect(yaml.body.definition.streams[0].fields).toEqual({ person_id: 'id', email: 'email' });
    const before = await w.em().count(CustomConnector, {});
    const refusals = [
      // A custom tag is refused, not read as text.
      `${stringify(definition())}extra: !!python/object:os.system rm\n`,
      // An alias bomb: each level repeats the one below.
      `a: &a [x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 12 }, (_, index) => `l${index}: &l${index} [${Array(9).fill(index ? `*l${index - 1}` : '*a').join(', ')}]`).join('\n')}\n`,
      'version: 1\nname: a\nname: b\n',
      '{"version": 1,',
    ];
    for (const text of refusals) {
      const refused = await w.http.post(PATH).set(as('alice')).send({ definition: text });
      expect(refused.status, text.slice(0, 60)).toBe(400);
      expect(refused.body.fields.definition).toMatch(/not valid (YAML|JSON)/);
    }
    expect(await w.em().count(CustomConnector, {})).toBe(before);
  });

  it('refuses a user without the manage capability, and another company\'s connector is a 404', async () => {
    const w = world();
    expect((await w.http.post(PATH).set(as('bob')).send({ definition: definition() })).status).toBe(403);
    const created = await w.http.post(PATH).set(as('alice')).send({ definition: definition() });
    expect((await w.http.put(`${PATH}/${created.body.id}`).set(as('carol')).send({ definition: definition() })).status).toBe(404);
    expect((await w.http.delete(`${PATH}/${created.body.id}`).set(as('carol'))).status).toBe(404);
    expect(await w.em().count(CustomConnector, { id: created.body.id })).toBe(1);
  });

  it('names the field of an invalid definition, and stores nothing', async () => {
    const w = world();
    const before = await w.em().count(CustomConnector, {});
    const bad = definition();
    (bad.streams[0]!.retriever.paginator as Record<string, unknown>).max_pages = 'many';
    const refused = await w.http.post(PATH).set(as('alice')).send({ definition: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect(Object.keys(refused.body.fields)).toEqual(['definition.streams[0].retriever.paginator.max_pages']);
    expect(await w.em().count(CustomConnector, {})).toBe(before);
  });

  it('refuses a second connector of the same name in the company with a 409', async () => {
    const w = world();
    const name = unique('Twice');
    expect((await w.http.post(PATH).set(as('alice')).send({ definition: definition({ name }) })).status).toBe(201);
    const again = await w.http.post(PATH).set(as('alice')).send({ definition: definition({ name }) });
    expect(again.status).toBe(409);
    expect(again.body.fields).toHaveProperty(['definition.name']);
  });

  it('drops the stored secrets of its sources when a new version moves url_base, and keeps them otherwise', async () => {
    const w = world();
    const created = await w.http.post(PATH).set(as('alice')).send({ definition: definition() });
    const id = created.body.id as string;
    const em = w.em();
    const source = em.create(DataSource, {
      companyId: w.companies.acme.id,
      name: 'Custom CRM',
      type: 'Custom',
      catalogueId: customCatalogueId(id),
      status: 'active',
      config: {},
      credentials: encryptSecret(JSON.stringify({ token: 'kept' }), w.config.credentialsKey),
      recordKind: 'people',
      fields: ['person_id', 'email'],
      mapping: {},
    });
    await em.flush();
    const credentialsOf = async () => (await w.em().findOneOrFail(DataSource, source.id)).credentials;

    const renamed = await w.http.put(`${PATH}/${id}`).set(as('alice')).send({ definition: definition({ name: unique('Renamed') }) });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await credentialsOf()).not.toBeNull();

    const moved = await w.http.put(`${PATH}/${id}`).set(as('alice')).send({ definition: definition({ url_base: 'https://elsewhere.example.com' }) });
    expect(moved.status).toBe(200);
    expect(moved.body.urlBase).toBe('https://elsewhere.example.com');
    expect(await credentialsOf()).toBeNull();

    // A connector in use is not removed from under its source.
    const refused = await w.http.delete(`${PATH}/${id}`).set(as('alice'));
    expect(refused.status).toBe(409);
    await w.em().nativeDelete(DataSource, { id: source.id });
    expect((await w.http.delete(`${PATH}/${id}`).set(as('alice'))).status).toBe(204);
    expect(await w.em().count(CustomConnector, { id })).toBe(0);
  });
});

describe('hostile definitions', () => {
  const world = useWorld();
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);
  const bring = (body: unknown) => world().http.post(PATH).set(as('alice')).send({ definition: body });

  async function refusedAt(body: unknown): Promise<[string, string]> {
    const answer = await bring(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    const [entry] = Object.entries(answer.body.fields as Record<string, string>);
    return entry!;
  }

  it('refuses NUL bytes: in the request body before it is read, in pasted text naming where', async () => {
    const inBody = await bring({ ...definition(), name: 'Bad\u0000name' });
    expect(inBody.status).toBe(400);
    expect(inBody.body.code).toBe('unstorable_value');
    // Pasted JSON text carries the NUL as an escape, which only the definition's reader sees.
    const [field, message] = await refusedAt(JSON.stringify({ ...definition(), name: 'Bad\u0000name' }));
    expect(field).toBe('definition.name');
    expect(message).toContain('NUL byte');
  });

  it('refuses a __proto__ key', async () => {
    const text = JSON.stringify(definition()).replace('"version":1', '"__proto__":{"polluted":true},"version":1');
    const [, message] = await refusedAt(text);
    expect(message).toContain('"__proto__" is not a field name');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses 70 levels of nesting', async () => {
    const text = `${'{"a":'.repeat(70)}1${'}'.repeat(70)}`;
    const [, message] = await refusedAt(text);
    expect(message).toMatch(/nested deeper than \d+ levels/);
  });

  it('refuses 1 MB of definition', async () => {
    const huge = { ...definition(), streams: [{ ...definition().streams[0], name: 'x'.repeat(1024 * 1024) }] };
    const answer = await bring(JSON.stringify(huge));
    // Larger than the body limit once wrapped: refused by the body parser or by the definition's own limit.
    expect([400, 413]).toContain(answer.status);
    expect(answer.body.code).toMatch(/^(validation_failed|body_too_large)$/);
    const small = await bring(JSON.stringify({ ...definition(), name: 'y'.repeat(300 * 1024) }));
    expect(small.status).toBe(400);
    expect(small.body.fields.definition).toMatch(/at most 256 KB/);
  });

  it('refuses a template reading the server environment or another source', async () => {
    const [envField, envMessage] = await refusedAt(definition({ token: '{{ env.HOME }}' }));
    expect(envField).toBe('definition.authenticator.api_token');
    expect(envMessage).toMatch(/env/);
    const [otherField] = await refusedAt(definition({ token: '{{ sources.other.secrets.token }}' }));
    expect(otherField).toBe('definition.authenticator.api_token');
  });

  it('refuses templates that reach past plain data with a 400 when brought, and stores nothing', async () => {
    const w = world();
    const before = await w.em().count(CustomConnector, {});
    const hostile = ['{{ config.toString }}', '{{ settings.constructor }}', "{{ ''.__class__ }}", '{{ config.__proto__ }}', '{{ settings.hasOwnProperty }}', "{{ config['valueOf'] }}", '{{ config.x.__class__.__mro__[1].__subclasses__() }}', `{{ ${'config.a ~ '.repeat(300)}1 }}`, '{% for x in range(99999999) %}x{% endfor %}'];
    for (const template of hostile) {
      const body = definition();
      (body.streams[0]!.retriever.requester as Record<string, unknown>).request_headers = { 'X-Test': template };
      const answer = await bring(body);
      expect(answer.status, template).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(Object.keys(answer.body.fields)).toEqual(['definition.streams[0].retriever.requester.request_headers.X-Test']);
    }
    expect(await w.em().count(CustomConnector, {})).toBe(before);
  });

  it('reports every problem of a definition at once, each at its path', async () => {
    const body = definition() as Record<string, unknown> & ReturnType<typeof definition>;
    const stream = body.streams[0]! as Record<string, unknown>;
    const retriever = stream.retriever as Record<string, unknown>;
    (retriever.paginator as Record<string, unknown>).max_pages = 'many';
    retriever.record_selector = { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] }, record_filter: { type: 'CustomRecordFilter', class_name: 'x.Y' } };
    (retriever.requester as Record<string, unknown>).request_parameters = { q: '{{ settings.toString }}' };
    stream.surprise = true;
    body.authenticator = { type: 'LegacySessionTokenAuthenticator' } as never;
    const answer = await bring(body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toMatchObject({
      'definition.authenticator': expect.stringContaining('Authenticator type LegacySessionTokenAuthenticator is not supported'),
      'definition.streams[0].retriever.paginator.max_pages': expect.stringContaining('must be a `number`'),
      'definition.streams[0].retriever.record_selector.record_filter': expect.stringContaining('RecordFilter type CustomRecordFilter is not supported'),
      'definition.streams[0]': expect.stringContaining('surprise'),
      'definition.streams[0].retriever.requester.request_parameters.q': expect.stringContaining('"toString" cannot be read'),
    });
    expect(answer.body.message).toMatch(/^5 problems:\n/);
  });

  it('refuses a private address as url_base, and a hook', async () => {
    const [field, message] = await refusedAt(definition({ url_base: 'https://127.0.0.1:8443' }));
    expect(field).toBe('definition.streams[0].retriever.requester.url_base');
    expect(message).toContain('private or local address');
    const [hookField, hookMessage] = await refusedAt(definition({ url_base: 'hook:anything' }));
    expect(hookField).toBe('definition.streams[0].retriever.requester.url_base');
    expect(hookMessage).toContain('runs no code');
  });

  it('stops a paginator whose next page never ends at max pages, with a clear error', async () => {
    // The stored definition, run by the engine as its sources are, against a local server.
    const w = world();
    const created = await bring(definition({ url_base: '{{ settings.baseUrl }}', max_pages: 5 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = await w.em().findOneOrFail(CustomConnector, created.body.id);
    const connector = manifestConnector(stored.manifest);
    const context: ConnectorContext = {
      settings: { baseUrl: api.base },
      secrets: { token: 't0ken' },
      cursor: null,
      fetch: createConnectorFetch({ allowPrivate: true, timeoutMs: 5_000, maxRetries: 0, retryBaseMs: 1 }),
      signal: new AbortController().signal,
      logger: pino({ level: 'silent' }),
      allowPrivate: true,
      sleep: async () => undefined,
    };
    const failure = await failureOf(pullAll(connector, context));
    expect(failure.message).toBe(`${stored.name} answered more than 5 pages: stopping so the sync does not loop.`);
  });
});

/** A CRM of the company's own that answers as its documentation says: Bearer token, pages linked by `next`. */
const CRM_TOKEN = 'crm-token-7c1d9e2f4a6b';
const PEOPLE = Array.from({ length: 5 }, (_, index) => ({ id: `P${index + 1}`, email: `person${index + 1}@crm.example`, full_name: `Person ${index + 1}`, updated: `2026-03-0${index + 1}T10:00:00Z` }));
let crm: LocalHttpServer;
/** Endless pages, or a huge answer, for the hostile cases. */
let crmMode: 'normal' | 'endless' | 'huge' = 'normal';
beforeAll(async () => {
  crm = await startHttpServer((request, response, { url }) => {
    if (request.headers.authorization !== `Bearer ${CRM_TOKEN}`) {
      sendJson(response, 401, { error: { message: 'The token is not valid for this workspace.' } });
      return;
    }
    const page = Number(url.searchParams.get('page') ?? '1');
    if (crmMode === 'huge') {
      sendJson(response, 200, { people: [{ id: 'H', email: 'h@crm.example', full_name: 'x'.repeat(300_000) }] });
      return;
    }
    if (crmMode === 'endless') {
      sendJson(response, 200, { people: [PEOPLE[0]], next: page + 1 });
      return;
    }
    const people = PEOPLE.slice((page - 1) * 3, page * 3);
    sendJson(response, 200, { people, ...(page * 3 < PEOPLE.length ? { next: page + 1 } : {}) });
  });
});
afterAll(() => crm.close());

/** An Airbyte-style definition with a spec: the form asks for the address and the token, and reads them through config. */
function crmDefinition(name = unique('Own CRM'), maxPages?: number) {
  return {
    version: '0.79.0',
    type: 'DeclarativeSource',
    name,
    definitions: {
      requester: {
        type: 'HttpRequester',
        url_base: "{{ config['base_url'] }}",
        path: '/people',
        authenticator: { type: 'BearerAuthenticator', api_token: "{{ config['api_token'] }}" },
        request_parameters: { segment: "{{ config['segment'] }}" },
      },
    },
    error_handler: { type: 'DefaultErrorHandler', message_paths: ['error.message'] },
    check: { type: 'CheckStream', stream_names: ['people'], page_size: 1 },
    streams: [
      {
        type: 'DeclarativeStream',
        name: 'people',
        primary_key: ['id'],
        retriever: {
          type: 'SimpleRetriever',
          requester: { $ref: '#/definitions/requester' },
          record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['people'] } },
          paginator: {
            type: 'DefaultPaginator',
            ...(maxPages ? { max_pages: maxPages } : {}),
            page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
            pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}' },
          },
        },
        fields: { id: 'id', email: 'email', full_name: 'full_name', updated_at: 'updated' },
      },
    ],
    spec: {
      type: 'Spec',
      connection_specification: {
        type: 'object',
        required: ['base_url', 'api_token'],
        properties: {
          base_url: { type: 'string', title: 'API address', format: 'uri', order: 0 },
          api_token: { type: 'string', title: 'API token', airbyte_secret: true, order: 1 },
          segment: { type: 'string', title: 'Segment', description: 'Only people of this segment.', order: 2 },
        },
      },
    },
  };
}

describe('sources from custom connectors', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);
  const worker = () =>
    createSyncWorker({ orm: world().orm, fork: () => world().em(), config: world().config, logger: pino({ level: 'silent' }), workerId: 'custom-test', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined, maxBytes: 200_000 } });

  async function bringConnector(who: 'alice' | 'carol' = 'alice', maxPages?: number) {
    const created = await world().http.post(PATH).set(as(who)).send({ definition: crmDefinition(undefined, maxPages) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; name: string; catalogueId: string; settings: Array<{ name: string; secret?: boolean; required: boolean; input: string }>; fields: string[] };
  }

  it('answers the settings form its spec declares, and the fields its records have', async () => {
    const connector = await bringConnector();
    expect(connector.settings.map((setting) => [setting.name, setting.input, setting.required, setting.secret ?? false])).toEqual([
      ['base_url', 'url', true, false],
      ['api_token', 'password', true, true],
      ['segment', 'text', false, false],
    ]);
    expect(connector.fields).toEqual(['id', 'email', 'full_name', 'updated_at']);
  });

  it('is connected, tested and synced through the real worker: records stored, fields in the mapping, the secret never answered', async () => {
    const w = world();
    crmMode = 'normal';
    const connector = await bringConnector();
    // A setting holding template text is sent as that text: a value is never read again as a template.
    const settings = { base_url: crm.base, api_token: CRM_TOKEN, segment: '{{ secrets.api_token }}' };
    const wrong = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: connector.catalogueId, settings: { ...settings, api_token: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('connection_failed');
    expect(wrong.body.message).toContain('The token is not valid for this workspace.');
    const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: connector.catalogueId, settings });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.message).toBe(`Connected to ${connector.name}: the credentials work.`);

    const missing = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: connector.catalogueId, settings: { base_url: crm.base } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ api_token: 'API token is required' });

    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: connector.catalogueId, settings });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(JSON.stringify(connected.body)).not.toContain(CRM_TOKEN);
    expect(connected.body).toMatchObject({
      name: connector.name,
      type: 'Custom API',
      availableDataSource: { id: connector.catalogueId, name: connector.name },
      connectorKind: 'vendor',
      settings: { base_url: crm.base, segment: '{{ secrets.api_token }}' },
      hasCredentials: true,
      fields: ['id', 'email', 'full_name', 'updated_at'],
      keyField: 'id',
      recordKind: 'people',
    });
    expect(connected.body.mapping).toMatchObject({ email: 'email', full_name: 'name' });
    const id = connected.body.id as string;

    crm.received.length = 0;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    expect(await worker().runDue()).toBe(1);
    expect(crm.received.map((request) => request.url.searchParams.get('page'))).toEqual([null, '2']);
    expect(crm.received[0]!.url.searchParams.get('segment')).toBe('{{ secrets.api_token }}');

    const stored = await w.em().find(DataRecord, { sourceId: id }, { orderBy: { recordKey: 'asc' } });
    expect(stored.map((record) => record.recordKey)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    expect(stored[0]!.unified).toMatchObject({ email: 'person1@crm.example', name: 'Person 1' });
    const runs = await w.http.get(`/api/data-sources/${id}/runs`).set(as('alice'));
    expect(runs.body[0]).toMatchObject({ status: 'succeeded', added: 5, failed: 0, firstError: null });
    const fields = await w.http.get('/api/data-sources/fields').set(as('alice'));
    const own = (fields.body as Array<{ name: string; sources: string[]; unifiedField: string | null }>).filter((field) => field.sources.includes(connector.name));
    expect(own.map((field) => field.name).sort()).toEqual(['email', 'full_name', 'id', 'updated_at']);
    expect(own.find((field) => field.name === 'full_name')?.unifiedField).toBe('name');

    // Secrets stay write-only: a blank one keeps the stored secret; a change of any other setting
    // (which a template may put in the address) needs it again.
    const kept = await w.http.put(`/api/data-sources/${id}`).set(as('alice')).send({ settings: { api_token: '' } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(JSON.stringify(kept.body)).not.toContain(CRM_TOKEN);
    expect(await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: connector.catalogueId, sourceId: id, settings: {} })).toHaveProperty('status', 200);
    const moved = await w.http.put(`/api/data-sources/${id}`).set(as('alice')).send({ settings: { base_url: 'https://elsewhere.example.com' } });
    expect(moved.status).toBe(400);
    expect(moved.body.fields.api_token).toMatch(/is needed again/);

    // In use: the connector is not deleted, and the answer names the source.
    const refused = await w.http.delete(`${PATH}/${connector.id}`).set(as('alice'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${connector.name} is used by ${connector.name}: delete that source first.`);
    const listed = await w.http.get(PATH).set(as('alice'));
    expect(listed.body.find((each: { id: string }) => each.id === connector.id).sources).toBe(1);
    expect((await w.http.delete(`/api/data-sources/${id}`).set(as('alice'))).status).toBe(204);
    expect((await w.http.delete(`${PATH}/${connector.id}`).set(as('alice'))).status).toBe(204);
  });

  it("keeps each company to its own connectors: another company's is as unknown as one that does not exist", async () => {
    const w = world();
    const acme = await bringConnector('alice');
    const settings = { base_url: crm.base, api_token: CRM_TOKEN };
    for (const catalogueId of [acme.catalogueId, customCatalogueId('6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'), 'custom:not-a-uuid']) {
      const connect = await w.http.post('/api/data-sources').set(as('carol')).send({ catalogueId, settings });
      expect(connect.status).toBe(400);
      expect(connect.body.fields).toEqual({ catalogueId: 'Unknown source' });
      const test = await w.http.post('/api/data-sources/test-connection').set(as('carol')).send({ catalogueId, settings });
      expect(test.status).toBe(400);
      expect(test.body.fields).toEqual({ catalogueId: 'Unknown source' });
    }
    // Nor through a company named in the body.
    const named = await w.http.post('/api/data-sources').set(as('carol')).send({ catalogueId: acme.catalogueId, settings, companyId: w.companies.acme.id });
    expect(named.status).toBe(404);
    expect(await w.em().count(DataSource, { catalogueId: acme.catalogueId })).toBe(0);

    // A source of Globex naming Acme's connector (written straight to the table) never runs Acme's definition.
    const em = w.em();
    const stray = em.create(DataSource, {
      companyId: w.companies.globex.id,
      name: 'Stray',
      type: 'Custom API',
      catalogueId: acme.catalogueId,
      status: 'active',
      config: { settings: { base_url: crm.base } },
      credentials: encryptSecret(JSON.stringify({ api_token: CRM_TOKEN }), w.config.credentialsKey),
      recordKind: 'people',
      fields: [],
      mapping: {},
    });
    await em.flush();
    const listed = await w.http.get('/api/data-sources').set(as('carol'));
    expect(listed.body.find((source: { id: string }) => source.id === stray.id)).toMatchObject({ availableDataSource: null, connectorKind: null, settings: {} });
    const sync = await w.http.post(`/api/data-sources/${stray.id}/sync`).set(as('carol'));
    expect(sync.status).toBe(400);
    expect(sync.body.code).toBe('connector_unavailable');
    crm.received.length = 0;
    const straySync = worker();
    expect((await straySync.queue.enqueue(w.em(), stray, 'manual')).created).toBe(true);
    expect(await straySync.runDue()).toBe(1);
    expect(crm.received).toHaveLength(0);
    const run = await w.em().findOneOrFail(SyncRun, { sourceId: stray.id });
    expect(run).toMatchObject({ status: 'failed', firstError: 'This source has no connector yet. Ask for one with Request Custom API.' });
  });

  it('gives its sources the fields of a new version, dropping the mapping of a field it no longer reads', async () => {
    const w = world();
    const connector = await bringConnector();
    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: connector.catalogueId, settings: { base_url: crm.base, api_token: CRM_TOKEN } });
    expect(connected.body.mapping).toMatchObject({ email: 'email', full_name: 'name' });
    const base = crmDefinition(connector.name);
    const next = { ...base, streams: [{ ...base.streams[0]!, fields: { id: 'id', email: 'email', phone: 'phone' } }] };
    const updated = await w.http.put(`${PATH}/${connector.id}`).set(as('alice')).send({ definition: next });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ fields: ['id', 'email', 'phone'], sources: 1 });
    const source = await w.em().findOneOrFail(DataSource, connected.body.id as string);
    expect(source.fields).toEqual(['id', 'email', 'phone']);
    // full_name is gone with its mapping; id (a person's id, mapped when connected) and email stay.
    expect(source.mapping).toEqual({ id: 'user_id', email: 'email' });
    expect(source.credentials).not.toBeNull();
  });

  it('stops a pagination that never ends and an answer too large, each with a clear error in the sync history', async () => {
    const w = world();
    const connector = await bringConnector('alice', 4);
    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: connector.catalogueId, settings: { base_url: crm.base, api_token: CRM_TOKEN } });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const id = connected.body.id as string;
    const lastRun = async () => (await w.http.get(`/api/data-sources/${id}/runs`).set(as('alice'))).body[0];

    crmMode = 'endless';
    crm.received.length = 0;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    expect(await worker().runDue()).toBe(1);
    expect(crm.received).toHaveLength(4);
    expect(await lastRun()).toMatchObject({ status: 'failed', firstError: `${connector.name} answered more than 4 pages: stopping so the sync does not loop.` });

    crmMode = 'huge';
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    expect(await worker().runDue()).toBe(1);
    expect(await lastRun()).toMatchObject({ status: 'failed', firstError: expect.stringMatching(/^The answer is larger than /) });
    crmMode = 'normal';
  });
});

/**
 * An SMS service of the company's own, as a published Airbyte low-code manifest describes it: a
 * session token from a login, messages paged by offset in a window of dates, rate limits and
 * missing pages handled by the error handler, and numbers read once for each country.
 */
const SMS_PASSWORD = 'sms-password-5e8a1c';
const SMS_MESSAGES = [
  { id: 1, body: 'Hello', price: 0.0125, delivered: true, created: 1666261656, meta: { carrier: 'Tel', parts: 1 }, tags: ['otp'], note: null, status: 'sent', internal: 'x', updated_at: '2026-03-01 10:00:00' },
  { id: 2, body: 'Draft', price: 0, delivered: false, created: 1666261700, meta: { carrier: 'Tel', parts: 1 }, tags: [], note: null, status: 'draft', internal: 'x', updated_at: '2026-03-01 11:00:00' },
  { id: 3, body: 'Bye', price: 0.02, delivered: false, created: 1666262000, meta: { carrier: 'Net', parts: 2 }, tags: ['a', 'b'], note: 'late', status: 'sent', internal: 'x', updated_at: '2026-03-02 09:00:00' },
  { id: 4, body: null, price: 1, delivered: true, created: 1666263000, meta: {}, tags: ['c'], note: null, status: 'sent', internal: 'x', updated_at: '2026-03-03 09:00:00' },
  { id: 5, body: 'Last', price: 2.5, delivered: true, created: 1666264000, meta: { carrier: 'Tel', parts: 3 }, tags: [], note: null, status: 'sent', internal: 'x', updated_at: '2026-03-04 09:00:00' },
];
let sms: LocalHttpServer;
let smsRateLimited = false;
beforeAll(async () => {
  sms = await startHttpServer((request, response, { url, body }) => {
    if (url.pathname === '/v1/session') {
      const login = JSON.parse(body || '{}') as { username?: string; password?: string };
      if (request.method !== 'POST' || login.username !== 'ops' || login.password !== SMS_PASSWORD) sendJson(response, 401, { message: 'Wrong login' });
      else sendJson(response, 200, { data: { session: { token: 'session-42' } } });
      return;
    }
    if (request.headers['x-session'] !== 'session-42') {
      sendJson(response, 401, { message: 'No session' });
      return;
    }
    if (url.pathname === '/v1/messages') {
      if (smsRateLimited) {
        smsRateLimited = false;
        sendJson(response, 429, { message: 'Slow down' }, { 'retry-after': '0' });
        return;
      }
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const limit = Number(url.searchParams.get('limit') ?? '100');
      sendJson(response, 200, { data: { items: SMS_MESSAGES.slice(offset, offset + limit) } });
      return;
    }
    if (url.pathname === '/v1/numbers') {
      const country = url.searchParams.get('country');
      if (country === 'zz') sendJson(response, 404, { message: 'No such country' });
      else sendJson(response, 200, [{ number: `+1-${country}-555`, country, capabilities: { sms: true, voice: false } }]);
      return;
    }
    sendJson(response, 404, { message: 'Not found' });
  });
});
afterAll(() => sms.close());

/** The manifest as published: YAML, no name, definitions, $ref, $parameters, schemas, a spec with examples and patterns. */
const SMS_MANIFEST = `version: 6.5.0
type: DeclarativeSource
description: Messages and numbers of a texting service
check:
  type: CheckStream
  stream_names:
    - messages
definitions:
  base_requester:
    type: HttpRequester
    url_base: "{{ config['base_url'] }}/v1"
    authenticator:
      type: SessionTokenAuthenticator
      login_requester:
        type: HttpRequester
        url_base: "{{ config['base_url'] }}"
        path: /v1/session
        http_method: POST
        request_body_json:
          username: "{{ config['username'] }}"
          password: "{{ config['password'] }}"
      session_token_path: [data, session, token]
      expiration_duration: PT1H
      request_authentication:
        type: ApiKey
        inject_into:
          type: RequestOption
          inject_into: header
          field_name: X-Session
    error_handler:
      type: DefaultErrorHandler
      max_retries: 2
      backoff_strategies:
        - type: WaitTimeFromHeader
          header: Retry-After
      response_filters:
        - type: HttpResponseFilter
          action: RATE_LIMITED
          http_codes: [429]
        - type: HttpResponseFilter
          action: IGNORE
          http_codes: [404]
  streams:
    messages:
      type: DeclarativeStream
      name: messages
      primary_key: [id]
      $parameters:
        path: /messages
      retriever:
        type: SimpleRetriever
        requester:
          $ref: "#/definitions/base_requester"
          path: "{{ parameters.path }}"
          http_method: GET
        record_selector:
          type: RecordSelector
          extractor:
            type: DpathExtractor
            field_path: [data, items]
          record_filter:
            type: RecordFilter
            condition: "{{ record.status != 'draft' }}"
          schema_normalization: Default
        paginator:
          type: DefaultPaginator
          page_token_option:
            type: RequestOption
            inject_into: request_parameter
            field_name: offset
          page_size_option:
            type: RequestOption
            inject_into: request_parameter
            field_name: limit
          pagination_strategy:
            type: OffsetIncrement
            page_size: 2
      incremental_sync:
        type: DatetimeBasedCursor
        cursor_field: updated_at
        datetime_format: "%Y-%m-%dT%H:%M:%SZ"
        cursor_datetime_formats: ["%Y-%m-%d %H:%M:%S"]
        start_datetime:
          type: MinMaxDatetime
          datetime: "{{ config['start_date'] }}"
          datetime_format: "%Y-%m-%d"
        end_datetime:
          type: MinMaxDatetime
          datetime: "{{ now_utc().strftime('%Y-%m-%dT%H:%M:%SZ') }}"
          datetime_format: "%Y-%m-%dT%H:%M:%SZ"
        start_time_option:
          type: RequestOption
          inject_into: request_parameter
          field_name: since
        end_time_option:
          type: RequestOption
          inject_into: request_parameter
          field_name: until
        lookback_window: P1D
      transformations:
        - type: AddFields
          fields:
            - type: AddedFieldDefinition
              path: [account]
              value: "{{ config['account_id'] | upper }}"
        - type: RemoveFields
          field_pointers:
            - [internal]
      schema_loader:
        type: InlineSchemaLoader
        schema:
          $ref: "#/schemas/messages"
    numbers:
      type: DeclarativeStream
      name: numbers
      primary_key: number
      retriever:
        type: SimpleRetriever
        requester:
          $ref: "#/definitions/base_requester"
          path: /numbers
        record_selector:
          type: RecordSelector
          extractor:
            type: DpathExtractor
            field_path: []
        partition_router:
          type: ListPartitionRouter
          cursor_field: country
          values: ["us", "zz", "ca"]
          request_option:
            type: RequestOption
            inject_into: request_parameter
            field_name: country
      schema_loader:
        type: InlineSchemaLoader
        schema:
          type: object
          properties:
            number: { type: string }
            country: { type: string }
            capabilities: { type: object }
streams:
  - $ref: "#/definitions/streams/messages"
  - $ref: "#/definitions/streams/numbers"
schemas:
  messages:
    $schema: http://json-schema.org/schema#
    type: object
    additionalProperties: true
    properties:
      id: { type: integer }
      body: { type: [string, "null"] }
      price: { type: number }
      delivered: { type: boolean }
      created: { type: integer }
      meta: { type: object, properties: { carrier: { type: string } } }
      tags: { type: array, items: { type: string } }
      note: { type: ["null", string] }
      updated_at: { type: string }
      account: { type: string }
spec:
  type: Spec
  documentation_url: https://docs.example.com/texting
  connection_specification:
    $schema: http://json-schema.org/draft-07/schema#
    title: Texting Service Spec
    type: object
    required: [base_url, username, password, start_date, account_id]
    additionalProperties: true
    properties:
      base_url: { type: string, title: API address, order: 0, examples: ["https://api.texting.example"] }
      username: { type: string, title: User, order: 1 }
      password: { type: string, title: Password, airbyte_secret: true, order: 2 }
      start_date: { type: string, title: Start date, format: date, pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", examples: ["2026-01-01"], order: 3 }
      account_id: { type: string, title: Account, example: acc_1, order: 4 }
metadata:
  autoImportSchema:
    messages: false
`;

describe('published Airbyte manifests', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);
  const worker = () =>
    createSyncWorker({ orm: world().orm, fork: () => world().em(), config: world().config, logger: pino({ level: 'silent' }), workerId: 'airbyte-test', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined, maxRetries: 0 } });

  it('loads the YAML as published, connects, and syncs every page with the JSON types the API answered', async () => {
    const w = world();
    const created = await w.http.post(PATH).set(as('alice')).send({ definition: SMS_MANIFEST });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toBe('Texting Service: messages');
    expect(created.body.fields).toEqual(['id', 'body', 'price', 'delivered', 'created', 'meta', 'tags', 'note', 'updated_at', 'account']);
    expect(created.body.settings.map((setting: { name: string; input: string; secret?: boolean }) => [setting.name, setting.input, setting.secret ?? false])).toEqual([
      ['base_url', 'text', false],
      ['username', 'text', false],
      ['password', 'password', true],
      ['start_date', 'text', false],
      ['account_id', 'text', false],
    ]);
    const settings = { base_url: sms.base, username: 'ops', password: SMS_PASSWORD, start_date: '2026-01-01', account_id: 'acc_1' };
    const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: created.body.catalogueId, settings });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: created.body.catalogueId, settings });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const id = connected.body.id as string;

    sms.received.length = 0;
    smsRateLimited = true;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    expect(await worker().runDue()).toBe(1);
    const runs = await w.http.get(`/api/data-sources/${id}/runs`).set(as('alice'));
    expect(runs.body[0]).toMatchObject({ status: 'succeeded', added: 4, failed: 0 });
    const pages = sms.received.filter((request) => request.url.pathname === '/v1/messages');
    // The rate-limited page asked again, then offsets 0, 2, 4 of two each, in the window from the start date.
    expect(pages.map((request) => request.url.searchParams.get('offset'))).toEqual([null, null, '2', '4']);
    expect(pages.every((request) => request.url.searchParams.get('limit') === '2' && request.url.searchParams.get('since') === '2026-01-01T00:00:00Z')).toBe(true);
    expect(pages[0]!.url.searchParams.get('until')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const stored = await w.em().find(DataRecord, { sourceId: id }, { orderBy: { recordKey: 'asc' } });
    expect(stored.map((record) => record.recordKey)).toEqual(['1', '3', '4', '5']);
    expect(stored[0]!.data).toEqual({ id: 1, body: 'Hello', price: 0.0125, delivered: true, created: 1666261656, meta: { carrier: 'Tel', parts: 1 }, tags: ['otp'], note: null, updated_at: '2026-03-01 10:00:00', account: 'ACC_1' });
    expect(stored[2]!.data).toMatchObject({ id: 4, body: null, price: 1, delivered: true, meta: {}, tags: ['c'] });

    // The next run starts a day (the lookback) before where this one ended.
    const source = await w.em().findOneOrFail(DataSource, id);
    const cursor = source.syncCursor!;
    expect(cursor).toBe(pages[0]!.url.searchParams.get('until'));
    sms.received.length = 0;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    expect(await worker().runDue()).toBe(1);
    const since = sms.received.find((request) => request.url.pathname === '/v1/messages')!.url.searchParams.get('since')!;
    expect(Date.parse(cursor) - Date.parse(since)).toBe(86_400_000);
  });

  it('loads the same manifest as JSON, one connector a stream: each partition read, a missing one ignored', async () => {
    const w = world();
    const json = parse(SMS_MANIFEST) as Record<string, unknown>;
    const created = await w.http.post(PATH).set(as('alice')).send({ definition: json, stream: 'numbers' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toBe('Texting Service: numbers');
    const unknown = await w.http.post(PATH).set(as('alice')).send({ definition: json, stream: 'calls' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields['definition.streams']).toBe('streams: has no stream named calls (messages, numbers)');

    const stored = await w.em().findOneOrFail(CustomConnector, created.body.id);
    const connector = manifestConnector(stored.manifest, {}, { keepTypes: true });
    const context: ConnectorContext = {
      settings: { base_url: sms.base, username: 'ops', start_date: '2026-01-01', account_id: 'a' },
      secrets: { password: SMS_PASSWORD },
      cursor: null,
      fetch: createConnectorFetch({ allowPrivate: true, timeoutMs: 5_000, maxRetries: 0, retryBaseMs: 1 }),
      signal: new AbortController().signal,
      logger: pino({ level: 'silent' }),
      allowPrivate: true,
      sleep: async () => undefined,
    };
    sms.received.length = 0;
    const records = recordsOf(await pullAll(connector, context));
    expect(sms.received.filter((request) => request.url.pathname === '/v1/numbers').map((request) => request.url.searchParams.get('country'))).toEqual(['us', 'zz', 'ca']);
    expect(records).toEqual([
      { number: '+1-us-555', country: 'us', capabilities: { sms: true, voice: false } },
      { number: '+1-ca-555', country: 'ca', capabilities: { sms: true, voice: false } },
    ]);
  });

  it('names the connector from the add dialog when the manifest has neither a name nor a spec title', async () => {
    const w = world();
    const json = parse(SMS_MANIFEST) as { spec: { connection_specification: Record<string, unknown> } };
    delete json.spec.connection_specification.title;
    const unnamed = await w.http.post(PATH).set(as('alice')).send({ definition: json });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.fields['definition.name']).toMatch(/give the connector a name/);
    const named = await w.http.post(PATH).set(as('alice')).send({ definition: json, name: 'Our texts' });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body.name).toBe('Our texts');
  });
});
