import { describe, expect, it } from 'vitest';
import { CONNECTOR_DEFINITIONS } from '../connectorSettings';
import type { ConnectorSettingValues } from '../connectors';
import { RestSettingsError, REST_MAX_PAGES, REST_WORDING, restSourceManifest } from './restSource';
import { parseManifest } from './schema';
import type { CursorPagination, DefaultPaginator, IncrementingValueCursor } from './types';

const URL_SETTING = { url: 'https://api.example.com/v1/customers?status=active' };

function refusal(settings: ConnectorSettingValues): string {
  try {
    restSourceManifest(settings);
  } catch (failure) {
    expect(failure).toBeInstanceOf(RestSettingsError);
    return (failure as Error).message;
  }
  throw new Error('Expected a RestSettingsError');
}

const paginatorOf = (settings: ConnectorSettingValues) => restSourceManifest(settings).streams[0].retriever.paginator as DefaultPaginator | undefined;

describe('the REST source as a connector definition', () => {
  it('runs the address as typed, through templates reading the settings, with the secret header optional', () => {
    const manifest = restSourceManifest(URL_SETTING);
    // The engine's own schema accepts what the form makes.
    expect(parseManifest(manifest)).toEqual(manifest);
    expect(manifest).toMatchObject({
      name: 'https://api.example.com/v1/customers',
      catalogue_id: 'rest-api',
      authenticator: {
        type: 'ApiKeyAuthenticator',
        api_token: '{{ secrets.authHeaderValue }}',
        inject_into: { inject_into: 'header', field_name: 'Authorization' },
        optional: true,
      },
      error_handler: { wording: REST_WORDING },
      check: { type: 'CheckStream', stream_names: ['records'] },
    });
    const stream = manifest.streams[0];
    expect(stream.retriever.requester).toEqual({ type: 'HttpRequester', url_base: '{{ settings.url }}', path: '', http_method: 'GET' });
    expect(stream.retriever.record_selector).toEqual({ type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] }, list_only: true });
    expect(stream.retriever.paginator).toBeUndefined();
    // Records are kept as the API answers them, and no key is assumed.
    expect(stream.fields).toBeUndefined();
    expect(stream.primary_key).toBeNull();
    expect(stream.incremental_sync).toEqual({ type: 'IncrementingValueCursor' });
  });

  it('sends the typed headers and, with POST, the typed body, each through one template', () => {
    const requester = restSourceManifest({ ...URL_SETTING, method: 'POST', headers: '{"X-Team": "a}}b"}', body: '{"filter": {"kind": "b2b"}}', authHeaderName: 'X-Api-Key' });
    expect(requester.streams[0].retriever.requester).toMatchObject({ http_method: 'POST', request_headers: '{{ settings.headers }}', request_body_json: '{{ settings.body }}' });
    expect(requester.authenticator).toMatchObject({ inject_into: { field_name: 'X-Api-Key' } });
    expect(parseManifest(requester).streams[0].retriever.requester.request_body_json).toBe('{{ settings.body }}');
    // A body setting without POST is not sent.
    expect(restSourceManifest({ ...URL_SETTING, body: '{"a": 1}' }).streams[0].retriever.requester).not.toHaveProperty('request_body_json');
  });

  it('makes each pagination of the form a paginator of the engine', () => {
    expect(paginatorOf({ ...URL_SETTING, pagination: 'page', pageSize: '50', pageParam: 'p' })).toEqual({
      type: 'DefaultPaginator',
      max_pages: REST_MAX_PAGES,
      page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'per_page' },
      page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'p' },
      pagination_strategy: { type: 'PageIncrement', page_size: 50, start_from_page: 1, inject_on_first_request: true },
    });
    expect(paginatorOf({ ...URL_SETTING, pagination: 'offset', limitParam: 'take' })).toMatchObject({
      page_size_option: { field_name: 'take' },
      page_token_option: { field_name: 'offset' },
      pagination_strategy: { type: 'OffsetIncrement', page_size: 100, inject_on_first_request: true },
    });
    expect(paginatorOf({ ...URL_SETTING, pagination: 'cursor', recordsPath: 'data.items', nextCursorPath: 'meta.next_cursor' })).toMatchObject({
      page_token_option: { field_name: 'cursor' },
      pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.meta.next_cursor }}', stop_condition: '{{ not response.data.items }}' },
    });
    expect(paginatorOf({ ...URL_SETTING, pagination: 'link' })).toMatchObject({
      page_token_option: { type: 'RequestPath' },
      pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ headers.link.next.url }}' },
    });
    for (const pagination of ['none', 'page', 'offset', 'cursor', 'link']) {
      const manifest = restSourceManifest({ ...URL_SETTING, pagination, recordsPath: 'data.items', cursorField: 'updated_at', sinceParam: 'updated_since' });
      expect(parseManifest(manifest), pagination).toEqual(manifest);
    }
  });

  it('reads a cursor path of any field name, and a list index as one', () => {
    const strategy = (nextCursorPath: string, recordsPath = '') =>
      paginatorOf({ ...URL_SETTING, pagination: 'cursor', nextCursorPath, recordsPath })!.pagination_strategy as CursorPagination;
    expect(strategy('next-page.0.token', 'results').cursor_value).toBe("{{ response['next-page'][0].token }}");
    expect(strategy("it's.007").cursor_value).toBe('{{ response["it\'s"][\'007\'] }}');
    expect(strategy('next_cursor').stop_condition).toBe('{{ not response }}');
    expect(refusal({ ...URL_SETTING, pagination: 'cursor', nextCursorPath: 'a.{{b}}' })).toBe('The next cursor path cannot hold braces, backslashes or both kinds of quotes');
    expect(refusal({ ...URL_SETTING, pagination: 'cursor', nextCursorPath: 'meta..next' })).toBe('The next cursor path "meta..next" has an empty part: write it as data.items');
    expect(refusal({ ...URL_SETTING, recordsPath: 'a.b.c.d.e.f.g.h.i.j.k' })).toBe('The records path may have at most 10 parts');
  });

  it('starts from the incremental field, sending it as the incremental parameter when one is named', () => {
    const cursor = (settings: ConnectorSettingValues) => restSourceManifest({ ...URL_SETTING, ...settings }).streams[0].incremental_sync as IncrementingValueCursor;
    expect(cursor({ cursorField: 'updated_at', sinceParam: 'updated_since' })).toEqual({
      type: 'IncrementingValueCursor',
      cursor_field: 'updated_at',
      start_value_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'updated_since' },
    });
    expect(cursor({ cursorField: 'id' })).toEqual({ type: 'IncrementingValueCursor', cursor_field: 'id' });
  });

  it("refuses settings it cannot run with in the REST source's words, the address first", () => {
    expect(refusal({ url: 'ftp://example.com', pageSize: '0' })).toBe('The API URL must be a full http(s) address such as https://api.example.com/v1/customers');
    expect(refusal({})).toContain('full http(s) address');
    expect(refusal({ ...URL_SETTING, pagination: 'scroll' })).toBe('Pagination must be one of none, page, offset, cursor, link');
    for (const pageSize of ['0', '1.5', '10001', 'many']) expect(refusal({ ...URL_SETTING, pageSize })).toBe('Page size must be a whole number between 1 and 10000');
    expect(refusal({ ...URL_SETTING, method: 'DELETE' })).toBe('Method must be GET or POST');
    expect(refusal({ ...URL_SETTING, headers: '{"Accept": ' })).toBe('Headers must be a JSON object such as {"Accept": "application/json"}');
    expect(refusal({ ...URL_SETTING, headers: '{"a": 1}' })).toBe('Headers must be a JSON object of header names and text values');
    expect(refusal({ ...URL_SETTING, headers: '{"bad name": "x"}' })).toBe('Headers must be a JSON object of header names and text values');
    expect(refusal({ ...URL_SETTING, pagination: 'page', pageParam: 'p'.repeat(101) })).toBe('The page parameter may be at most 100 characters');
  });

  it('names the address without its query or user info, within the length a definition allows', () => {
    expect(restSourceManifest({ url: 'https://user:secret@api.example.com/v1/x?key=abc' }).name).toBe('https://api.example.com/v1/x');
    const long = restSourceManifest({ url: `https://api.example.com/${'a'.repeat(200)}` });
    expect(long.name).toHaveLength(100);
    expect(parseManifest(long).name.endsWith('…')).toBe(true);
  });

  it('reads only settings the REST form has', () => {
    const form = new Set(CONNECTOR_DEFINITIONS.find((definition) => definition.catalogueId === 'rest-api')!.settings.map((setting) => setting.name));
    const read = JSON.stringify(restSourceManifest({ ...URL_SETTING, method: 'POST', headers: '{}', pagination: 'cursor', cursorField: 'id', sinceParam: 'since' }))
      .match(/(settings|secrets)\.\w+/g)!
      .map((each) => each.split('.')[1]!);
    expect(read.length).toBeGreaterThan(0);
    for (const name of read) expect(form.has(name), name).toBe(true);
  });
});
