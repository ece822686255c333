/**
 * The declarative connector engine on its own: each pagination kind, record selection and field
 * mapping, the incremental cursor, the credentials, the vendor's words on refusals, the pace of a
 * documented quota, and hostile manifests (endless paging, another host, reaching past the source).
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConnectorManifest, DeclarativeStream } from '@domain/data/connectorManifest/types';
import { ManifestError } from '@domain/data/connectorManifest/schema';
import { manifestConnector } from '../../bff/modules/connectors/declarative/engine';
import { parseLinkHeader } from '../../bff/modules/connectors/declarative/requests';
import { createConnectorFetch } from '../../bff/modules/connectors/http';
import { ConnectorError, type Connector, type ConnectorContext } from '../../bff/modules/connectors/types';
import { readCustomDefinition } from '@domain/data/customConnectors';
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

describe('what a definition made from a form needs (the REST source)', () => {
  /** Ids that grow as numbers (2 < 10, while "10" < "2" as text), with update times kept as the vendor wrote them. */
  const NUMBERED = [2, 5, 10, 11, 30].map((id, index) => ({ id, name: `n${id}`, updated: `2026-02-0${index + 1} 08:00` }));
  const valuePaged = (cursor: Record<string, unknown>, paginator: Partial<DeclarativeStream['retriever']> = {}) =>
    stream(
      {
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'offset' },
          pagination_strategy: { type: 'OffsetIncrement', page_size: 2, inject_on_first_request: true },
        },
        ...paginator,
      },
      { incremental_sync: { type: 'IncrementingValueCursor', ...cursor } as never, fields: undefined, primary_key: null },
    );

  beforeAll(() => {
    answer = ({ url }) => {
      const since = url.searchParams.get('min_id');
      // The vendor ignores a filter it is not given: the engine drops what is below the start itself.
      const matching = NUMBERED.filter((record) => !since || record.id >= Number(since));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { body: { results: matching.slice(offset, offset + Number(url.searchParams.get('limit') ?? 2)) } };
    };
  });

  it('IncrementingValueCursor: numbers compare as numbers; the state names the next page while a run reads, the largest value once it ends', async () => {
    const connector = manifestConnector(manifest(valuePaged({ cursor_field: 'id', start_value_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'min_id' } })));
    const first = await pullAll(connector, contextFor());
    // Kept as the vendor answered them: no field mapping.
    expect(recordsOf(first)[0]).toEqual(NUMBERED[0]);
    expect(first.map((batch) => batch.cursor && JSON.parse(batch.cursor))).toEqual([
      { since: null, max: 5, next: 2 },
      { since: null, max: 11, next: 4 },
      { since: 30 },
    ]);
    api.received.length = 0;
    const second = await pullAll(connector, contextFor({}, undefined, JSON.stringify({ since: 10 })));
    expect(api.received[0]!.url.searchParams.get('min_id')).toBe('10');
    // The record equal to the start is read again (several may share one value).
    expect(recordsOf(second).map((record) => record.id)).toEqual([10, 11, 30]);
    expect(JSON.parse(second.at(-1)!.cursor!)).toEqual({ since: 30 });

    // A run taken up again continues at the page its state names, with the start and largest value it had.
    api.received.length = 0;
    const resumed = await pullAll(connector, contextFor({}, undefined, JSON.stringify({ since: 5, max: 10, next: 2 })));
    expect(api.received[0]!.url.searchParams.get('offset')).toBe('2');
    expect(recordsOf(resumed).map((record) => record.id)).toEqual([11, 30]);
    expect(JSON.parse(resumed.at(-1)!.cursor!)).toEqual({ since: 30 });
  });

  it('IncrementingValueCursor without a start option drops the records below the start itself; without a field it keeps the page position only', async () => {
    const clientSide = manifestConnector(manifest(valuePaged({ cursor_field: 'updated' })));
    const read = await pullAll(clientSide, contextFor({}, undefined, JSON.stringify({ since: '2026-02-04 08:00' })));
    expect(recordsOf(read).map((record) => record.id)).toEqual([11, 30]);
    expect(JSON.parse(read.at(-1)!.cursor!)).toEqual({ since: '2026-02-05 08:00' });

    const positionOnly = manifestConnector(manifest(valuePaged({})));
    const all = await pullAll(positionOnly, contextFor({}, undefined, JSON.stringify({ since: 11 })));
    expect(recordsOf(all)).toHaveLength(5);
    expect(all.map((batch) => batch.cursor && JSON.parse(batch.cursor))).toEqual([{ since: null, max: null, next: 2 }, { since: null, max: null, next: 4 }, null]);
  });

  it('records kept as answered reach the store even when they are no objects, so it can refuse and count them', async () => {
    answer = () => ({ body: { results: [{ id: 1 }, 'not a record', 7] } });
    const batches = await pullAll(manifestConnector(manifest(stream({}, { fields: undefined }))), contextFor());
    expect(recordsOf(batches)).toEqual([{ id: 1 }, 'not a record', 7]);
    // Mapped records are objects only.
    expect(recordsOf(await pullAll(manifestConnector(manifest(stream({}))), contextFor()))).toEqual([{ person_id: '1', email: null, score: null }]);
  });

  it("url_base as the whole address: its query and trailing slash kept, the engine's parameters replacing its own", async () => {
    answer = () => ({ body: { results: [] } });
    const whole = (paginator?: DeclarativeStream['retriever']['paginator']) =>
      manifestConnector(manifest(stream({ requester: { type: 'HttpRequester', url_base: '{{ settings.address }}', path: '' }, ...(paginator ? { paginator } : {}) })));
    api.received.length = 0;
    await pullAll(whole(), contextFor({ address: `${api.base}/people/?status=active&kind=b2b` }));
    expect(api.received[0]!.url.pathname).toBe('/people/');
    expect(api.received[0]!.url.search).toBe('?status=active&kind=b2b');
    await pullAll(
      whole({
        type: 'DefaultPaginator',
        page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'per_page' },
        page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
        pagination_strategy: { type: 'PageIncrement', page_size: 10, inject_on_first_request: true },
      }),
      contextFor({ address: `${api.base}/people?per_page=5&status=active` }),
    );
    expect(api.received[1]!.url.search).toBe('?per_page=10&status=active&page=1');
    // With a path, the base's query goes with it too.
    await pullAll(manifestConnector(manifest(stream({ requester: { type: 'HttpRequester', url_base: '{{ settings.address }}', path: '/people' } }))), contextFor({ address: `${api.base}/v2?region=eu` }));
    expect(`${api.received[2]!.url.pathname}${api.received[2]!.url.search}`).toBe('/v2/people?region=eu');
  });

  it('headers typed as JSON through one template, a typed body sent as it is, and the content type the headers give', async () => {
    answer = () => ({ body: { results: [] } });
    const typed = (requester: Partial<DeclarativeStream['retriever']['requester']>) =>
      manifestConnector(manifest(stream({ requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/people', ...requester } })));
    api.received.length = 0;
    const headers = '{"X-Team": "{{ secrets.token }}", "Content-Type": "application/vnd.api+json"}';
    const body = ' {"filter": {"team": "{{ secrets.token }}"}}';
    await pullAll(typed({ http_method: 'POST', request_headers: '{{ settings.headers }}', request_body_json: '{{ settings.body }}' }), contextFor({ headers, body }));
    const sent = api.received[0]!;
    // What the customer typed is sent as text: a template in it is not read.
    expect(sent.headers['x-team']).toBe('{{ secrets.token }}');
    expect(sent.headers['content-type']).toBe('application/vnd.api+json');
    expect(sent.body).toBe('{"filter": {"team": "{{ secrets.token }}"}}');
    const bad = await failureOf(pullAll(typed({ request_headers: '{{ settings.headers }}' }), contextFor({ headers: '["Accept"]' })));
    expect(bad.message).toBe('Headers must be a JSON object of header names and text values');
    expect(api.received).toHaveLength(1);
    expect(() => manifestConnector(manifest(stream({ requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/people', http_method: 'POST', request_body_json: '{{ settings.body }}' }, paginator: { type: 'DefaultPaginator', page_token_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'after' }, pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}' } } })))).toThrow(
      'streams[0].retriever.requester.request_body_json: is one template: nothing can be injected into it (body_json)',
    );
  });

  it('an optional API key sends nothing when empty, and a header name HTTP does not allow is refused by name', async () => {
    answer = () => ({ body: { results: [] } });
    const keyed = (header: string) =>
      manifestConnector(manifest(stream({}), { authenticator: { type: 'ApiKeyAuthenticator', api_token: '{{ secrets.key }}', optional: true, inject_into: { type: 'RequestOption', inject_into: 'header', field_name: header } } }));
    api.received.length = 0;
    await keyed('X-Key').test(contextFor({}, {}));
    expect(api.received[0]!.headers['x-key']).toBeUndefined();
    await keyed('X-Key').test(contextFor({}, { key: 'k1' }));
    expect(api.received[1]!.headers['x-key']).toBe('k1');
    await keyed('Bad Header').test(contextFor({}, {}));
    expect((await failureOf(keyed('Bad Header').test(contextFor({}, { key: 'k1' })))).message).toBe('"Bad Header" is not a valid header name');
    expect(api.received).toHaveLength(3);
  });

  it('list_only refuses an object where the list should be; a list index is a path part; a relative next address follows the page that named it', async () => {
    answer = () => ({ body: { results: { id: 1 } } });
    const strict = stream({ record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] }, list_only: true } });
    expect((await failureOf(manifestConnector(manifest(strict)).test(contextFor()))).message).toBe('Example CRM answered without a list of records at results.');
    // Without list_only, an object is one record (Airbyte's reading).
    expect(recordsOf(await pullAll(manifestConnector(manifest(stream({}))), contextFor()))).toHaveLength(1);

    answer = () => ({ body: { pages: [{ results: pages(2, 0) }] } });
    const indexed = stream({ record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['pages', '0', 'results'] } } });
    expect(recordsOf(await pullAll(manifestConnector(manifest(indexed)), contextFor()))).toHaveLength(2);

    answer = ({ url }) => ({ body: { results: url.pathname.endsWith('/2') ? pages(1, 1) : pages(1, 0) }, headers: url.pathname.endsWith('/2') ? ({} as Record<string, string>) : { link: '<2>; rel="next"' } });
    const relative = stream({
      requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/people/list/1' },
      paginator: { type: 'DefaultPaginator', page_token_option: { type: 'RequestPath' }, pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ headers.link.next.url }}' } },
    });
    api.received.length = 0;
    expect(recordsOf(await pullAll(manifestConnector(manifest(relative)), contextFor()))).toHaveLength(2);
    expect(api.received.map((request) => request.url.pathname)).toEqual(['/people/list/1', '/people/list/2']);
  });

  it('a named wording words refusals and answers without a list; a wording that does not exist is refused', async () => {
    const wording = {
      refused: (url: string, response: { status: number }) => new ConnectorError(`${new URL(url).pathname} said ${response.status}`),
      withoutRecords: (url: string, path: readonly string[]) => new ConnectorError(`${new URL(url).pathname} has nothing at ${path.join('.')}`),
    };
    const worded = manifest(stream({}), { error_handler: { type: 'DefaultErrorHandler', wording: 'by_address' } });
    answer = () => ({ status: 404, body: { message: 'Not here' } });
    expect((await failureOf(manifestConnector(worded, { wordings: { by_address: wording } }).test(contextFor()))).message).toBe('/people said 404');
    answer = () => ({ body: { items: [] } });
    expect((await failureOf(manifestConnector(worded, { wordings: { by_address: wording } }).test(contextFor()))).message).toBe('/people has nothing at results');
    expect(() => manifestConnector(worded)).toThrow('The Example CRM manifest names the wording hook "by_address", which does not exist.');
  });
});

/** A small Airbyte manifest (YAML as published) of one stream over the local API, read by the custom connectors' reader. */
function airbyte(stream: string, top = ''): Connector {
  const text = `version: 5.10.0
type: DeclarativeSource
${top}check: { type: CheckStream, stream_names: [people] }
streams:
  - type: DeclarativeStream
    name: people
    primary_key: [id]
${stream
  .split('\n')
  .map((line) => `    ${line}`)
  .join('\n')}
    schema_loader:
      type: InlineSchemaLoader
      schema: { type: object, properties: { id: { type: integer }, profile: { type: object }, updated: { type: string }, extra: { type: [string, 'null'] } } }
spec:
  type: Spec
  connection_specification:
    title: People Spec
    type: object
    properties:
      baseUrl: { type: string }
      token: { type: string, airbyte_secret: true }
      auth_type: { type: string, enum: [key, bearer] }
`;
  return manifestConnector(readCustomDefinition(text), {}, { keepTypes: true });
}
const requester = (extra = '') => `retriever:
  type: SimpleRetriever
  requester:
    type: HttpRequester
    url_base: "{{ config.baseUrl }}"
    path: /people
${extra}`;
const selector = (path = '[results]', filter = '') => `  record_selector:
    type: RecordSelector
    extractor: { type: DpathExtractor, field_path: ${path} }${filter}`;

describe('Airbyte components', () => {
  it('CursorPagination with a Jinja stop condition, a record filter and the answer types kept', async () => {
    answer = ({ url }) => {
      const after = Number(url.searchParams.get('after') ?? '0');
      return { body: { results: pages(2, after), next: after + 2 < PEOPLE.length ? after + 2 : null } };
    };
    const connector = airbyte(`${requester()}${selector('[results]', "\n    record_filter: { type: RecordFilter, condition: \"{{ record.id % 2 == 1 and record.profile.email is defined }}\" }")}
  paginator:
    type: DefaultPaginator
    page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: after }
    pagination_strategy: { type: CursorPagination, cursor_value: "{{ response.next }}", stop_condition: "{{ response.next is none }}" }`);
    api.received.length = 0;
    const records = recordsOf(await pullAll(connector, contextFor()));
    expect(api.received.map((request) => request.url.searchParams.get('after'))).toEqual([null, '2', '4']);
    expect(records).toEqual([1, 3, 5].map((id) => ({ id, profile: PEOPLE[id - 1]!.profile, updated: PEOPLE[id - 1]!.updated, extra: null })));
  });

  it('PageIncrement from page 1, RemoveFields, AddFields reading the record, and a wildcard path', async () => {
    answer = ({ url }) => ({ body: { groups: { a: { results: pages(1, Number(url.searchParams.get('page')) - 1) } } } });
    const connector = airbyte(`${requester()}${selector('[groups, "*", results]')}
  paginator:
    type: DefaultPaginator
    page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: page }
    pagination_strategy: { type: PageIncrement, page_size: 1, start_from_page: 1, inject_on_first_request: true }
transformations:
  - type: RemoveFields
    field_pointers: [[profile, score]]
  - type: AddFields
    fields:
      - { type: AddedFieldDefinition, path: [extra], value: "{{ record.profile.email.split('@')[0] }}" }`);
    const records = recordsOf(await pullAll(connector, contextFor()));
    expect(records).toHaveLength(5);
    expect(records[0]).toEqual({ id: 1, profile: { email: 'p1@example.com' }, updated: PEOPLE[0]!.updated, extra: 'p1' });
  });

  it('SelectiveAuthenticator chooses by a setting; BasicHttpAuthenticator and ApiKeyAuthenticator are sent as they say', async () => {
    answer = () => ({ body: { results: pages(1, 0) } });
    const top = `definitions:
  auth:
    type: SelectiveAuthenticator
    authenticator_selection_path: [auth_type]
    authenticators:
      key: { type: ApiKeyAuthenticator, api_token: "{{ config.token }}", inject_into: { type: RequestOption, inject_into: header, field_name: X-Key } }
      bearer: { type: BearerAuthenticator, api_token: "{{ config.token }}" }
`;
    const connector = airbyte(`${requester('    authenticator: "#/definitions/auth"\n')}${selector()}`, top);
    api.received.length = 0;
    await pullAll(connector, contextFor({ auth_type: 'key' }));
    await pullAll(connector, contextFor({ auth_type: 'bearer' }));
    expect(api.received.map((request) => [request.headers['x-key'], request.headers.authorization])).toEqual([
      ['t0ken', undefined],
      [undefined, 'Bearer t0ken'],
    ]);
    expect((await failureOf(pullAll(connector, contextFor({ auth_type: 'other' })))).message).toBe('People needs auth_type to be one of key, bearer.');
  });

  it('DefaultErrorHandler: a constant backoff between tries of a 5xx, FAIL with its message, IGNORE a refusal', async () => {
    let calls = 0;
    answer = () => {
      calls += 1;
      return calls <= 2 ? { status: 503, body: { message: 'busy' } } : { body: { results: pages(1, 0) } };
    };
    const handler = (filters: string) => `    error_handler:
      type: DefaultErrorHandler
      max_retries: 3
      backoff_strategies: [{ type: ConstantBackoffStrategy, backoff_time_in_seconds: 7 }]
${filters}`;
    const retried = airbyte(`${requester(handler(''))}${selector()}`);
    expect(recordsOf(await pullAll(retried, contextFor()))).toHaveLength(1);
    // The first 503 is retried by the guarded fetch itself (its own short wait), the second after the manifest's backoff.
    expect(calls).toBe(3);
    expect(waits.filter((ms) => ms >= 1_000)).toEqual([7_000]);

    answer = () => ({ status: 403, body: { message: 'plan' } });
    const failing = airbyte(`${requester(handler("      response_filters: [{ type: HttpResponseFilter, action: FAIL, http_codes: [403], error_message: \"Upgrade: {{ response.message }}\" }]\n"))}${selector()}`);
    expect((await failureOf(pullAll(failing, contextFor()))).message).toBe('Upgrade: plan');
    const ignoring = airbyte(`${requester(handler("      response_filters: [{ type: HttpResponseFilter, action: IGNORE, error_message_contains: plan }]\n"))}${selector()}`);
    expect(recordsOf(await pullAll(ignoring, contextFor()))).toEqual([]);
  });

  it('SubstreamPartitionRouter: the stream read once for each parent record, its key in the path', async () => {
    answer = ({ url }) => (url.pathname === '/teams' ? { body: { teams: [{ key: 'red' }, { key: 'blue' }] } } : { body: { results: pages(1, url.pathname.endsWith('red/people') ? 0 : 1) } });
    const connector = airbyte(`retriever:
  type: SimpleRetriever
  requester: { type: HttpRequester, url_base: "{{ config.baseUrl }}", path: "/teams/{{ stream_partition.team }}/people" }
${selector()}
  partition_router:
    type: SubstreamPartitionRouter
    parent_stream_configs:
      - type: ParentStreamConfig
        parent_key: key
        partition_field: team
        stream:
          type: DeclarativeStream
          name: teams
          retriever:
            type: SimpleRetriever
            requester: { type: HttpRequester, url_base: "{{ config.baseUrl }}", path: /teams }
            record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [teams] } }`);
    api.received.length = 0;
    const records = recordsOf(await pullAll(connector, contextFor()));
    expect(api.received.map((request) => request.url.pathname)).toEqual(['/teams', '/teams/red/people', '/teams/blue/people']);
    expect(records.map((record) => record.id)).toEqual([1, 2]);
  });

  it('DatetimeBasedCursor in monthly steps with a granularity, sending each window through stream_interval', async () => {
    answer = () => ({ body: { results: [] } });
    const connector = airbyte(`${requester(`    request_parameters:
      from: "{{ stream_interval.start_time }}"
      to: "{{ stream_interval.end_time }}"
`)}${selector()}
incremental_sync:
  type: DatetimeBasedCursor
  cursor_field: updated
  datetime_format: "%Y-%m-%d"
  start_datetime: "2026-01-01"
  end_datetime: "2026-03-15"
  step: P1M
  cursor_granularity: P1D`);
    api.received.length = 0;
    const batches = await pullAll(connector, contextFor());
    expect(api.received.map((request) => `${request.url.searchParams.get('from')}..${request.url.searchParams.get('to')}`)).toEqual(['2026-01-01..2026-01-31', '2026-02-01..2026-02-28', '2026-03-01..2026-03-15']);
    expect(batches.at(-1)!.cursor).toBe('2026-03-15');
  });
});
