import { describe, expect, it } from 'vitest';
import { ManifestError, parseManifest } from './schema';
import { datetimeCursorOf, type ConnectorManifest } from './types';

/** A small valid manifest each test bends one way. */
function manifest(): ConnectorManifest {
  return {
    version: 1,
    name: 'Example',
    catalogue_id: 'example',
    authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.token }}' },
    check: { type: 'CheckStream', stream_names: ['items'] },
    streams: [
      {
        type: 'DeclarativeStream',
        name: 'items',
        primary_key: 'id',
        retriever: {
          type: 'SimpleRetriever',
          requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/items' },
          record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
          paginator: {
            type: 'DefaultPaginator',
            page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'after' },
            pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}' },
          },
        },
        fields: { id: 'id', email: { path: ['email', 'contact.email'] } },
      },
    ],
  };
}

function failure(input: unknown): ManifestError {
  try {
    parseManifest(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestError);
    return error as ManifestError;
  }
  throw new Error('Expected a ManifestError');
}

describe('connector manifest schema', () => {
  it('accepts a manifest with Airbyte component names', () => {
    expect(parseManifest(manifest()).streams[0].name).toBe('items');
  });

  it('names the path of a missing, mistyped or unknown field', () => {
    const noPath = manifest() as unknown as { streams: Array<{ retriever: { requester: Record<string, unknown> } }> };
    delete noPath.streams[0]!.retriever.requester.path;
    expect(failure(noPath).message).toBe('streams[0].retriever.requester.path: is required');

    const badSize = manifest();
    badSize.streams[0].retriever.paginator = {
      type: 'DefaultPaginator',
      page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
      pagination_strategy: { type: 'PageIncrement', page_size: 0 },
    };
    const error = failure(badSize);
    expect(error.path).toBe('streams[0].retriever.paginator.pagination_strategy.page_size');
    expect(error.message).toContain('must be at least 1');

    expect(failure({ ...manifest(), authenticator: { type: 'LegacySessionTokenAuthenticator' } }).message).toBe(
      'authenticator: Authenticator type LegacySessionTokenAuthenticator is not supported (ApiKeyAuthenticator, BearerAuthenticator, BasicHttpAuthenticator, OAuthAuthenticator, SessionTokenAuthenticator, JwtServiceAccountAuthenticator, NoAuth, SelectiveAuthenticator)',
    );
    expect(failure({ ...manifest(), surprise: true }).message).toContain('a field this version does not know: surprise');
    expect(failure({ ...manifest(), version: 2 }).path).toBe('version');
    expect(failure({ ...manifest(), check: { type: 'CheckStream', stream_names: ['other'] } }).message).toBe('check.stream_names[0]: names no stream of this manifest (items)');
  });

  it('accepts a value format around an injected value only when it says where the value goes', () => {
    const filtered = manifest();
    filtered.streams[0].incremental_sync = {
      type: 'DatetimeBasedCursor',
      cursor_field: 'updated',
      datetime_format: 'iso8601',
      start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'filter', value_format: 'greater-than(updated,%s)' },
    };
    expect(datetimeCursorOf(parseManifest(filtered))?.start_time_option?.value_format).toBe('greater-than(updated,%s)');
    filtered.streams[0].incremental_sync!.start_time_option!.value_format = 'greater-than(updated)';
    expect(failure(filtered).message).toBe('streams[0].incremental_sync.start_time_option.value_format: must hold %s where the value goes');
  });

  it('accepts a service account authenticator with scopes and an optional API key fallback, and checks its templates', () => {
    const google = { ...manifest(), authenticator: { type: 'JwtServiceAccountAuthenticator', service_account_key: '{{ secrets.key }}', scopes: ['https://www.googleapis.com/auth/drive.readonly'] } };
    expect(parseManifest(google).authenticator.type).toBe('JwtServiceAccountAuthenticator');
    expect(failure({ ...google, authenticator: { ...google.authenticator, scopes: [] } }).message).toBe('authenticator.scopes: must name at least one scope');
    const fallback = { type: 'ApiKeyAuthenticator', api_token: '{{ response.key }}', inject_into: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'key' } };
    expect(failure({ ...google, authenticator: { ...google.authenticator, fallback } }).path).toBe('authenticator.fallback.api_token');
    expect(failure({ ...google, authenticator: { ...google.authenticator, fallback: { type: 'NoAuth' } } }).message).toContain('Authenticator type NoAuth is not supported (ApiKeyAuthenticator, BearerAuthenticator)');
  });

  it('accepts a next page path for continuations, read from the settings only', () => {
    const continued = manifest();
    continued.streams[0].retriever.requester.next_page_path = '/items/continue';
    expect(parseManifest(continued).streams[0].retriever.requester.next_page_path).toBe('/items/continue');
    continued.streams[0].retriever.requester.next_page_path = '{{ response.next }}';
    expect(failure(continued).path).toBe('streams[0].retriever.requester.next_page_path');
  });

  it('checks every template and what its place may read', () => {
    const secretInPaging = manifest();
    secretInPaging.streams[0].retriever.paginator = {
      type: 'DefaultPaginator',
      page_token_option: { type: 'RequestPath' },
      pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ secrets.token }}' },
    };
    expect(failure(secretInPaging).message).toBe('streams[0].retriever.paginator.pagination_strategy.cursor_value: "secrets" cannot be read here (only response, headers, last_record, last_page_size)');
    const configInPaging = manifest();
    configInPaging.streams[0].retriever.paginator = {
      type: 'DefaultPaginator',
      page_token_option: { type: 'RequestPath' },
      pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}', stop_condition: "{{ config['token'] }}" },
    };
    expect(failure(configInPaging).path).toBe('streams[0].retriever.paginator.pagination_strategy.stop_condition');
    const env = manifest();
    env.streams[0].retriever.requester.request_parameters = { key: '{{ env.HOME }}' };
    expect(failure(env).path).toBe('streams[0].retriever.requester.request_parameters.key');
    const body = manifest();
    body.streams[0].retriever.requester.request_body_json = { filters: [{ value: '{{ settings.__proto__ }}' }] };
    expect(failure(body).path).toBe('streams[0].retriever.requester.request_body_json.filters[0].value');
  });

  it('refuses a huge or deeply nested manifest before walking it, and object-machinery keys', () => {
    const huge = manifest();
    huge.name = 'x'.repeat(270_000);
    expect(failure(huge).message).toBe('a manifest may be at most 256 KB');
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let level = 0; level < 5_000; level += 1) deep = (deep.next = {}) as Record<string, unknown>;
    expect(failure({ ...manifest(), requires: root }).message).toMatch(/nested deeper than 32 levels/);
    const polluted = JSON.parse('{"__proto__": {"admin": true}}');
    expect(failure({ ...manifest(), streams: [{ ...manifest().streams[0], fields: polluted }] }).message).toMatch(/"__proto__" is not a field name/);
    expect(failure({ ...manifest(), streams: [{ ...manifest().streams[0], fields: { id: 'constructor.prototype' } }] }).path).toBe('streams[0].fields.id');
  });

  it('asks where the cursor is sent unless the cursor is applied on our side', () => {
    const cursor = manifest();
    cursor.streams[0].incremental_sync = { type: 'DatetimeBasedCursor', cursor_field: 'updatedAt', datetime_format: 'iso8601' };
    expect(failure(cursor).message).toBe('streams[0].incremental_sync.start_time_option: is required unless is_client_side_incremental is true');
    cursor.streams[0].incremental_sync.is_client_side_incremental = true;
    expect(datetimeCursorOf(parseManifest(cursor))?.is_client_side_incremental).toBe(true);
  });

  it('bounds pages: max_pages past the limit is refused', () => {
    const endless = manifest();
    endless.streams[0].retriever.paginator = {
      type: 'DefaultPaginator',
      page_token_option: { type: 'RequestPath' },
      pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.next }}' },
      max_pages: 10_000_000,
    };
    expect(failure(endless).message).toBe('streams[0].retriever.paginator.max_pages: may be at most 100000');
  });

  it('takes a form-encoded body of templates, checked like the others, and not with a JSON body as well', () => {
    const form = manifest();
    form.streams[0].retriever.requester.http_method = 'POST';
    form.streams[0].retriever.requester.request_body_data = { token_auth: '{{ secrets.token }}' };
    expect(parseManifest(form).streams[0].retriever.requester.request_body_data).toEqual({ token_auth: '{{ secrets.token }}' });
    const env = manifest();
    env.streams[0].retriever.requester.request_body_data = { key: '{{ env.HOME }}' };
    expect(failure(env).path).toBe('streams[0].retriever.requester.request_body_data.key');
    const notText = manifest();
    (notText.streams[0].retriever.requester as unknown as Record<string, unknown>).request_body_data = { key: 3 };
    expect(failure(notText).path).toContain('request_body_data');
    const both = manifest();
    both.streams[0].retriever.requester.request_body_data = { a: 'b' };
    both.streams[0].retriever.requester.request_body_json = { c: 'd' };
    expect(failure(both).message).toBe('streams[0].retriever.requester.request_body_data: cannot be given with request_body_json');
  });

  it('takes a strftime request format of known letters only, and a granularity only with a step', () => {
    const dated = manifest();
    const cursor = { type: 'DatetimeBasedCursor', cursor_field: 'time', datetime_format: 'iso8601', step: 'P1D', start_datetime: 'P30D', start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'from' } } as const;
    dated.streams[0].incremental_sync = { ...cursor, request_datetime_format: '%Y-%m-%d', cursor_granularity: 'P1D' };
    expect(datetimeCursorOf(parseManifest(dated))?.request_datetime_format).toBe('%Y-%m-%d');
    dated.streams[0].incremental_sync = { ...cursor, request_datetime_format: '%Y-%Q' as '%Y' };
    expect(failure(dated).path).toBe('streams[0].incremental_sync.request_datetime_format');
    dated.streams[0].incremental_sync = { ...cursor, step: undefined, cursor_granularity: 'P1D' };
    expect(failure(dated).message).toBe('streams[0].incremental_sync.cursor_granularity: is only used with step');
  });

  it('names a nested body path without machinery keys, and ignores only refusals', () => {
    const nested = manifest();
    nested.streams[0].retriever.paginator = {
      type: 'DefaultPaginator',
      page_token_option: { type: 'RequestOption', inject_into: 'body_json', field_name: 'settings.page', field_path: ['settings', 'page'] },
      pagination_strategy: { type: 'PageIncrement', page_size: 50, start_from_page: 0 },
    };
    expect(parseManifest(nested).streams[0].retriever.paginator).toMatchObject({ page_token_option: { field_path: ['settings', 'page'] } });
    (nested.streams[0].retriever.paginator as { page_token_option: { field_path: string[] } }).page_token_option.field_path = ['settings', 'prototype'];
    expect(failure(nested).path).toContain('field_path');
    const filtered = manifest();
    filtered.error_handler = { type: 'DefaultErrorHandler', response_filters: [{ type: 'HttpResponseFilter', action: 'IGNORE', http_codes: [404] }] };
    expect(parseManifest(filtered).error_handler?.response_filters?.[0]?.http_codes).toEqual([404]);
    filtered.error_handler.response_filters![0]!.http_codes = [500];
    expect(failure(filtered).message).toContain('http_codes: IGNORE may name refusals only');
  });

  it('refuses a stepped read that sends its window nowhere', () => {
    const silent = manifest();
    silent.streams[0].incremental_sync = { type: 'DatetimeBasedCursor', datetime_format: 'iso8601', cursor_field: 'day', step: 'P30D', start_datetime: 'P90D' };
    expect(failure(silent).message).toBe('streams[0].incremental_sync.start_time_option: is required unless a request template reads stream_interval');
    silent.streams[0].retriever.requester.request_parameters = { range: '{{ stream_interval.start_time }}/{{ stream_interval.end_time }}' };
    expect(datetimeCursorOf(parseManifest(silent))?.step).toBe('P30D');
  });
});

describe('what a definition made from a form may say', () => {
  it('accepts headers and a body as one template, a value cursor, an empty path and no fields; refuses other shapes by path', () => {
    const typed = manifest();
    const requester = typed.streams[0].retriever.requester;
    Object.assign(requester, { path: '', request_headers: '{{ settings.headers }}', http_method: 'POST', request_body_json: '{{ settings.body }}' });
    typed.streams[0].incremental_sync = { type: 'IncrementingValueCursor', cursor_field: 'id', start_value_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'since' } };
    delete typed.streams[0].fields;
    expect(parseManifest(typed).streams[0].retriever.requester.request_headers).toBe('{{ settings.headers }}');

    const listed = manifest();
    (listed.streams[0].retriever.requester as unknown as Record<string, unknown>).request_headers = ['Accept'];
    expect(failure(listed).message).toBe('streams[0].retriever.requester.request_headers: must be an object of header names and templates, or one template');
    const unknownCursor = manifest();
    (unknownCursor.streams[0] as unknown as Record<string, unknown>).incremental_sync = { type: 'CountCursor' };
    expect(failure(unknownCursor).message).toContain('Incremental sync type CountCursor is not supported (DatetimeBasedCursor, IncrementingValueCursor)');
    const leaking = manifest();
    leaking.streams[0].retriever.requester.request_headers = '{{ response.token }}';
    expect(failure(leaking).path).toBe('streams[0].retriever.requester.request_headers');
  });
});
