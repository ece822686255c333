/**
 * The declarative connector engine on its own: each pagination kind, record selection and field
 * mapping, the incremental cursor, the credentials, the vendor's words on refusals, the pace of a
 * documented quota, and hostile manifests (endless paging, another host, reaching past the source).
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConnectorManifest, DeclarativeStream } from '@domain/data/connectorManifest/types';
import { ManifestError } from '@domain/data/connectorManifest/schema';
import { manifestConnector } from '../../bff/modules/dataSources/connectors/declarative/engine';
import { parseLinkHeader } from '../../bff/modules/dataSources/connectors/declarative/requests';
import { createConnectorFetch } from '../../bff/modules/dataSources/connectors/http';
import type { ConnectorContext } from '../../bff/modules/dataSources/connectors/types';
import { failureOf, pullAll, recordsOf } from './support/connectors';
import { sendJson, startHttpServer, type LocalHttpServer, type ReceivedRequest } from './support/localServers';

const silent = pino({ level: 'silent' });
let waits: number[] = [];
afterEach(() => {
  waits = [];
});

/** The local API: 5 people, served by whatever `answer` the test sets. */
const PEOPLE = Array.from({ length: 5 }, (_, index) => ({
  id: index + 1,
  profile: { email: `p${index + 1}@example.com`, score: String(index * 10) },
  updated: `2026-01-0${index + 1}T10:00:00Z`,
}));
let answer: (request: ReceivedRequest) => { status?: number; body: unknown; headers?: Record<string, string> };
let api: LocalHttpServer;

beforeAll(async () => {
  api = await startHttpServer((_request, response, received) => {
    const { status = 200, body, headers = {} } = answer(received);
    sendJson(response, status, body, headers);
  });
});
afterAll(() => api.close());

function contextFor(settings: Record<string, string> = {}, secrets: Record<string, string> = { token: 't0ken' }, cursor: string | null = null): ConnectorContext {
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return {
    settings: { baseUrl: api.base, ...settings },
    secrets,
    cursor,
    fetch: createConnectorFetch({ allowPrivate: true, timeoutMs: 5_000, maxRetries: 1, retryBaseMs: 10, sleep }),
    signal: new AbortController().signal,
    logger: silent,
    allowPrivate: true,
    sleep,
  };
}

function stream(retriever: Partial<DeclarativeStream['retriever']>, extra: Partial<DeclarativeStream> = {}): DeclarativeStream {
  return {
    type: 'DeclarativeStream',
    name: 'people',
    primary_key: 'person_id',
    retriever: {
      type: 'SimpleRetriever',
      requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/people' },
      record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] } },
      ...retriever,
    },
    fields: { person_id: 'id', email: { path: ['profile.email', 'email'] }, score: { path: 'profile.score', type: 'number' } },
    ...extra,
  };
}

function manifest(streamDefinition: DeclarativeStream, extra: Partial<ConnectorManifest> = {}): ConnectorManifest {
  return {
    version: 1,
    name: 'Example CRM',
    catalogue_id: 'example',
    authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.token }}', missing_message: 'The Example CRM token is required.' },
    error_handler: { type: 'DefaultErrorHandler', message_paths: ['category', 'message'], combine: 'join' },
    check: { type: 'CheckStream', stream_names: ['people'], page_size: 1 },
    streams: [streamDefinition],
    ...extra,
  };
}

const pages = (size: number, start: number) => PEOPLE.slice(start, start + size);

describe('pagination', () => {
  it('PageIncrement: page numbers until a short page, mapping each record to the field names', async () => {
    answer = ({ url }) => ({ body: { results: pages(2, (Number(url.searchParams.get('page')) - 1) * 2) } });
    const connector = manifestConnector(
      manifest(
        stream({
          paginator: {
            type: 'DefaultPaginator',
            page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'per_page' },
            page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
            pagination_strategy: { type: 'PageIncrement', page_size: 2, inject_on_first_request: true },
          },
        }),
      ),
    );
    api.received.length = 0;
    const records = recordsOf(await pullAll(connector, contextFor()));
    expect(api.received.map((request) => request.url.search)).toEqual(['?per_page=2&page=1', '?per_page=2&page=2', '?per_page=2&page=3']);
    expect(api.received[0]!.headers.authorization).toBe('Bearer t0ken');
    expect(records[0]).toEqual({ person_id: '1', email: 'p1@example.com', score: 0 });
    expect(records.map((record) => record.person_id)).toEqual(['1', '2', '3', '4', '5']);
    expect(connector.keyField).toBe('person_id');
  });

  it('OffsetIncrement: offsets up to the total the answer gives, whatever size the server serves', async () => {
    answer = ({ url }) => ({ body: { results: pages(2, Number(url.searchParams.get('offset'))), total: PEOPLE.length } });
    const connector = manifestConnector(
      manifest(
        stream({
          paginator: {
            type: 'DefaultPaginator',
            page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
            page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'offset' },
            pagination_strategy: { type: 'OffsetIncrement', page_size: 100, inject_on_first_request: true, total_path: 'total' },
          },
        }),
      ),
    );
    api.received.length = 0;
    expect(recordsOf(await pullAll(connector, contextFor()))).toHaveLength(5);
    expect(api.received.map((request) => request.url.searchParams.get('offset'))).toEqual(['0', '2', '4']);
  });

  it('CursorPagination in a POST body: the token from the answer goes into the next JSON body with the templated filters', async () => {
    answer = ({ body }) => {
      const sent = JSON.parse(body) as { after?: string; limit: number; owner: string };
      const start = sent.after ? Number(sent.after) : 0;
      return { body: { results: pages(2, start), paging: start + 2 < PEOPLE.length ? { next: { after: String(start + 2) } } : undefined } };
    };
    const connector = manifestConnector(
      manifest(
        stream({
          requester: {
            type: 'HttpRequester',
            url_base: '{{ settings.baseUrl }}',
            path: '/people/search',
            http_method: 'POST',
            request_body_json: { owner: '{{ settings.owner }}', limit: '{{ settings.limit }}' },
          },
          paginator: {
            type: 'DefaultPaginator',
            page_token_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'after' },
            pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.paging.next.after }}' },
          },
        }),
      ),
    );
    api.received.length = 0;
    expect(recordsOf(await pullAll(connector, contextFor({ owner: 'ada', limit: '2' })))).toHaveLength(5);
    expect(api.received.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect(JSON.parse(api.received[1]!.body)).toEqual({ owner: 'ada', limit: '2', after: '2' });
    expect(api.received[0]!.headers['content-type']).toBe('application/json');
  });

  it('CursorPagination through headers: the token from a response header is sent in a request header', async () => {
    answer = ({ headers }) => {
      const start = Number(headers['x-page-token'] ?? 0);
      return { body: { results: pages(2, start) }, headers: start + 2 < PEOPLE.length ? { 'x-next-token': String(start + 2) } : ({} as Record<string, string>) };
    };
    const connector = manifestConnector(
      manifest(
        stream({
          paginator: {
            type: 'DefaultPaginator',
            page_token_option: { type: 'RequestOption', inject_into: 'header', field_name: 'x-page-token' },
            pagination_strategy: { type: 'CursorPagination', cursor_value: "{{ headers['x-next-token'] }}" },
          },
        }),
      ),
    );
    expect(recordsOf(await pullAll(connector, contextFor()))).toHaveLength(5);
  });

  it('Link header and next URL (RequestPath): follows rel="next" on the same origin, and refuses another host', async () => {
    answer = ({ url }) => {
      const start = Number(url.searchParams.get('from') ?? 0);
      const next = start + 2 < PEOPLE.length ? `<${api.base}/people?from=${start + 2}>; rel="next", <${api.base}/people?from=0>; rel="first"` : '';
      return { body: { results: pages(2, start) }, headers: next ? { link: next } : ({} as Record<string, string>) };
    };
    const linkPaged = stream({
      paginator: {
        type: 'DefaultPaginator',
        page_token_option: { type: 'RequestPath' },
        pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ headers.link.next.url }}' },
      },
    });
    api.received.length = 0;
    expect(recordsOf(await pullAll(manifestConnector(manifest(linkPaged)), contextFor()))).toHaveLength(5);
    expect(api.received.map((request) => request.url.search)).toEqual(['', '?from=2', '?from=4']);

    answer = () => ({ body: { results: pages(1, 0), next: 'https://elsewhere.example/people?from=1' } });
    const elsewhere = stream({
      paginator: { type: 'DefaultPaginator', page_token_option: { type: 'RequestPath' }, pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}' } },
    });
    const refused = await failureOf(pullAll(manifestConnector(manifest(elsewhere)), contextFor()));
    expect(refused.message).toBe('Example CRM pointed the next page at another host: refused.');
  });

  it('keeps an API key sent in the query on the pages that follow a next URL', async () => {
    answer = ({ url }) => {
      const start = Number(url.searchParams.get('from') ?? 0);
      return { body: { results: pages(2, start), next: start + 2 < PEOPLE.length ? `/people?from=${start + 2}` : null } };
    };
    const keyed = manifestConnector(
      manifest(
        stream({
          paginator: { type: 'DefaultPaginator', page_token_option: { type: 'RequestPath' }, pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}' } },
        }),
        { authenticator: { type: 'ApiKeyAuthenticator', api_token: '{{ secrets.token }}', inject_into: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'api_key' } } },
      ),
    );
    api.received.length = 0;
    expect(recordsOf(await pullAll(keyed, contextFor()))).toHaveLength(5);
    expect(api.received.map((request) => request.url.searchParams.get('api_key'))).toEqual(['t0ken', 't0ken', 't0ken']);
    expect(api.received[1]!.url.searchParams.get('from')).toBe('2');
  });

  it('reads Link headers with several relations', () => {
    expect(parseLinkHeader('<https://a.example/x?page_info=abc&limit=5>; rel="next", <https://a.example/x>; rel=prev')).toEqual({
      next: { url: 'https://a.example/x?page_info=abc&limit=5', page_info: 'abc', limit: '5' },
      prev: { url: 'https://a.example/x' },
    });
  });
});

describe('hostile or broken paging is stopped', () => {
  const cursorPaged = (maxPages?: number) =>
    stream({
      paginator: {
        type: 'DefaultPaginator',
        page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'after' },
        pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}' },
        ...(maxPages ? { max_pages: maxPages } : {}),
      },
    });

  it('a pagination that never ends stops at max_pages with a clear error', async () => {
    let served = 0;
    answer = () => ({ body: { results: pages(1, 0), next: `token-${(served += 1)}` } });
    const endless = await failureOf(pullAll(manifestConnector(manifest(cursorPaged(3))), contextFor()));
    expect(endless.message).toBe('Example CRM answered more than 3 pages: stopping so the sync does not loop.');
    expect(served).toBe(3);
  });

  it('the same page token twice stops the read', async () => {
    answer = () => ({ body: { results: pages(1, 0), next: 'same' } });
    const loop = await failureOf(pullAll(manifestConnector(manifest(cursorPaged())), contextFor()));
    expect(loop.message).toBe('Example CRM kept answering the same page: stopping so the sync does not loop.');
  });

  it('an answer without the records list says so', async () => {
    answer = () => ({ body: { items: [] } });
    const missing = await failureOf(manifestConnector(manifest(cursorPaged())).test(contextFor()));
    expect(missing.message).toBe('Example CRM answered without a list of records at results: the base URL may point at something else.');
  });
});

describe('incremental cursor', () => {
  const incremental = (checkpoint: 'each_page' | 'end') =>
    stream(
      {
        paginator: {
          type: 'DefaultPaginator',
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
          pagination_strategy: { type: 'PageIncrement', page_size: 2 },
        },
      },
      {
        incremental_sync: {
          type: 'DatetimeBasedCursor',
          cursor_field: 'updated',
          datetime_format: 'iso8601',
          request_datetime_format: 'iso8601_offset',
          lookback_window: 'PT1S',
          start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'updated_since' },
          checkpoint,
        },
      },
    );

  beforeAll(() => {
    answer = ({ url }) => {
      const since = url.searchParams.get('updated_since');
      const matching = PEOPLE.filter((person) => !since || Date.parse(person.updated) >= Date.parse(since));
      return { body: { results: matching.slice((Number(url.searchParams.get('page') ?? 1) - 1) * 2).slice(0, 2) } };
    };
  });

  it('stores the newest progress value and asks from it (less the lookback) in the next run', async () => {
    const connector = manifestConnector(manifest(incremental('each_page')));
    const first = await pullAll(connector, contextFor());
    expect(first.map((batch) => batch.cursor)).toEqual(['2026-01-02T10:00:00.000Z', '2026-01-04T10:00:00.000Z', '2026-01-05T10:00:00.000Z']);
    api.received.length = 0;
    const second = await pullAll(connector, contextFor({}, undefined, '2026-01-04T10:00:00.000Z'));
    expect(api.received[0]!.url.searchParams.get('updated_since')).toBe('2026-01-04T09:59:59+00:00');
    expect(recordsOf(second).map((record) => record.person_id)).toEqual(['4', '5']);
  });

  it("with checkpoint 'end' the cursor moves only with the last page; a stored cursor of another format reads everything", async () => {
    const connector = manifestConnector(manifest(incremental('end')));
    const batches = await pullAll(connector, contextFor({}, undefined, 'not a date'));
    expect(batches.map((batch) => batch.cursor)).toEqual(['not a date', 'not a date', '2026-01-05T10:00:00.000Z']);
    expect(recordsOf(batches)).toHaveLength(5);
  });
});

describe('credentials and refusals', () => {
  const plain = () => stream({});
  beforeAll(() => {
    answer = ({ url, headers }) => {
      if (url.pathname === '/oauth/token') return { body: { access_token: 'fresh', token_type: 'bearer', expires_in: 1800 } };
      if (url.searchParams.get('busy')) return { status: 429, body: { category: 'RATE_LIMITS', message: 'You have reached your secondly limit.' }, headers: { 'retry-after': '1' } };
      const auth = headers.authorization ?? '';
      const good = ['Bearer t0ken', 'Bearer fresh', `Basic ${Buffer.from('ada:pw').toString('base64')}`].includes(auth) || url.searchParams.get('api_key') === 't0ken' || headers['x-api-key'] === 't0ken';
      if (!good) return { status: 401, body: { category: 'EXPIRED_AUTHENTICATION', message: 'The OAuth token used to make this call expired 2 hour(s) ago.' } };
      return { body: { results: pages(1, 0) } };
    };
  });

  it("answers an expired credential in the vendor's words, and a missing one by its setting", async () => {
    const connector = manifestConnector(manifest(plain()));
    await expect(connector.test(contextFor())).resolves.toBeUndefined();
    const expired = await failureOf(connector.test(contextFor({}, { token: 'old' })));
    expect(expired.message).toBe('Example CRM refused the credentials (401): EXPIRED_AUTHENTICATION: The OAuth token used to make this call expired 2 hour(s) ago.');
    expect(expired.retryable).toBe(false);
    expect(expired.message).not.toContain('old');
    expect((await failureOf(connector.test(contextFor({}, {})))).message).toBe('The Example CRM token is required.');
  });

  it("waits a 429's Retry-After, then reports the vendor's words, retryable, when the limit persists", async () => {
    const busy = stream({ requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/people', request_parameters: { busy: '1' } } });
    const limited = await failureOf(pullAll(manifestConnector(manifest(busy)), contextFor()));
    expect(limited.message).toBe('Example CRM is rate limiting the requests (429): RATE_LIMITS: You have reached your secondly limit.');
    expect(limited.retryable).toBe(true);
    expect(waits).toEqual([1_000]);
  });

  it('sends an API key in a header or the query, basic credentials, and an OAuth token from a refresh token', async () => {
    const withAuth = (authenticator: ConnectorManifest['authenticator']) => manifestConnector(manifest(plain(), { authenticator }));
    api.received.length = 0;
    await withAuth({ type: 'ApiKeyAuthenticator', api_token: '{{ secrets.token }}', inject_into: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'api_key' } }).test(contextFor());
    await withAuth({ type: 'ApiKeyAuthenticator', api_token: '{{ secrets.token }}', inject_into: { type: 'RequestOption', inject_into: 'header', field_name: 'x-api-key' } }).test(contextFor());
    await withAuth({ type: 'BasicHttpAuthenticator', username: '{{ settings.user }}', password: '{{ secrets.password }}' }).test(contextFor({ user: 'ada' }, { password: 'pw' }));
    const oauth = withAuth({
      type: 'OAuthAuthenticator',
      token_refresh_endpoint: '{{ settings.baseUrl }}/oauth/token',
      client_id: '{{ settings.clientId }}',
      client_secret: '{{ secrets.clientSecret }}',
      refresh_token: '{{ secrets.refreshToken }}',
    });
    await oauth.test(contextFor({ clientId: 'app' }, { clientSecret: 's', refreshToken: 'r' }));
    const tokenCall = api.received.find((request) => request.url.pathname === '/oauth/token')!;
    expect(Object.fromEntries(new URLSearchParams(tokenCall.body))).toEqual({ grant_type: 'refresh_token', client_id: 'app', client_secret: 's', refresh_token: 'r' });
    expect(api.received.at(-1)!.headers.authorization).toBe('Bearer fresh');
    expect((await failureOf(oauth.test(contextFor({ clientId: 'app' }, { clientSecret: 's' })))).message).toBe('Example CRM needs an OAuth client id and secret (and a refresh token for that grant).');
    const optional = withAuth({ type: 'BasicHttpAuthenticator', username: '{{ settings.user }}', password: '{{ secrets.password }}', optional: true, incomplete_message: 'Give both or neither.' });
    expect((await failureOf(optional.test(contextFor({ user: 'ada' }, {})))).message).toBe('Give both or neither.');
  });

  it("keeps to a documented quota: requests are spaced by the manifest's rate", async () => {
    answer = ({ url }) => ({ body: { results: pages(1, Number(url.searchParams.get('page') ?? 1) - 1) } });
    const paced = manifestConnector(
      manifest(
        stream({
          paginator: {
            type: 'DefaultPaginator',
            page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
            pagination_strategy: { type: 'PageIncrement', page_size: 1 },
          },
        }),
        { rate_limit: { requests_per_second: 2 } },
      ),
    );
    // The injected sleep moves the clock on by what it was asked, as a real wait would.
    const realNow = Date.now.bind(Date);
    let skew = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
    const context = contextFor();
    context.sleep = async (ms: number) => {
      skew += ms;
      waits.push(ms);
    };
    try {
      expect(recordsOf(await pullAll(paced, context))).toHaveLength(5);
    } finally {
      clock.mockRestore();
    }
    // Six requests (the sixth finds the end) at two a second: five waits, each at most half a second.
    expect(waits).toHaveLength(5);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(500);
    }
  });
});

describe('a brought manifest reaches only its own source', () => {
  it("renders only this source's settings and secrets: a setting that holds a template stays text, the server's environment is out of reach", async () => {
    process.env.NAVOUT_TEST_SECRET = 'server-secret';
    answer = () => ({ body: { results: [] } });
    const echo = stream({
      requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/people/{{ settings.folder }}', request_parameters: { q: '{{ settings.query }}' } },
    });
    api.received.length = 0;
    await pullAll(manifestConnector(manifest(echo)), contextFor({ folder: '../admin', query: '{{ secrets.token }}' }));
    expect(api.received[0]!.url.pathname).toBe('/people/..%2Fadmin');
    expect(api.received[0]!.url.searchParams.get('q')).toBe('{{ secrets.token }}');
    expect(() => manifestConnector(manifest(stream({ requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/{{ env.NAVOUT_TEST_SECRET }}' } })))).toThrow(ManifestError);
    delete process.env.NAVOUT_TEST_SECRET;
  });

  it('cannot name code that does not exist', () => {
    expect(() => manifestConnector(manifest(stream({}, { transformations: [{ type: 'NamedTransformation', name: 'run_shell' }] })))).toThrow(
      'The Example CRM manifest names the transformation hook "run_shell", which does not exist.',
    );
  });
});
