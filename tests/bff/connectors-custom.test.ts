/**
 * Custom connectors: definitions a company admin brings, stored per company, checked at the
 * boundary with a 400 naming the field, their sources' secrets bound to their url_base, and
 * hostile definitions refused (or, for a paginator that never ends, stopped) with a clear error.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomConnector, DataSource } from '@bff/entities';
import { manifestConnector } from '@bff/modules/dataSources/connectors/declarative/engine';
import { createConnectorFetch } from '@bff/modules/dataSources/connectors/http';
import type { ConnectorContext } from '@bff/modules/dataSources/connectors/types';
import { encryptSecret } from '@bff/platform/secrets';
import { customCatalogueId } from '@domain/data/customConnectors';
import { failureOf, pullAll } from './support/connectors';
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

  it('accepts the definition as pasted JSON text, and refuses YAML with a message saying so', async () => {
    const w = world();
    const pasted = await w.http.post(PATH).set(as('alice')).send({ definition: JSON.stringify(definition()) });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(201);
    const yaml = await w.http.post(PATH).set(as('alice')).send({ definition: 'version: 1\nname: Custom\n' });
    expect(yaml.status).toBe(400);
    expect(yaml.body.code).toBe('validation_failed');
    expect(yaml.body.fields.definition).toMatch(/not valid JSON.*YAML is not accepted/);
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
    expect(small.body.fields.definition).toMatch(/at most 64 KB/);
  });

  it('refuses a template reading the server environment or another source', async () => {
    const [envField, envMessage] = await refusedAt(definition({ token: '{{ env.HOME }}' }));
    expect(envField).toBe('definition.authenticator.api_token');
    expect(envMessage).toMatch(/env/);
    const [otherField] = await refusedAt(definition({ token: '{{ sources.other.secrets.token }}' }));
    expect(otherField).toBe('definition.authenticator.api_token');
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
