/** The manifest fields for vendors read in date windows, paged to a page count in the body, or needing basic client auth at the token endpoint. */
import { describe, expect, it } from 'vitest';
import { ManifestError, parseManifest } from './schema';
import { datetimeCursorOf, type ConnectorManifest, type DatetimeBasedCursor } from './types';

function manifest(incremental?: DatetimeBasedCursor): ConnectorManifest {
  return {
    version: 1,
    name: 'Example',
    catalogue_id: 'example',
    authenticator: {
      type: 'OAuthAuthenticator',
      token_refresh_endpoint: '{{ settings.baseUrl }}/token',
      client_id: '{{ settings.clientId }}',
      client_secret: '{{ secrets.clientSecret }}',
      client_auth_method: 'client_secret_basic',
    },
    check: { type: 'CheckStream', stream_names: ['items'] },
    streams: [
      {
        type: 'DeclarativeStream',
        name: 'items',
        retriever: {
          type: 'SimpleRetriever',
          requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/items' },
          record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['items'] } },
          paginator: {
            type: 'DefaultPaginator',
            page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
            pagination_strategy: { type: 'PageIncrement', page_size: 100, total_pages_path: 'meta.total_pages' },
          },
        },
        ...(incremental ? { incremental_sync: incremental } : {}),
        fields: { id: 'id' },
      },
    ],
  };
}

const stepped = (extra: Partial<DatetimeBasedCursor> = {}): DatetimeBasedCursor => ({
  type: 'DatetimeBasedCursor',
  cursor_field: 'updated',
  datetime_format: 'iso8601_seconds',
  step: 'P31D',
  start_datetime: "{{ settings.startDate or 'P1095D' }}",
  start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'start_date' },
  end_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'end_date' },
  ...extra,
});

function failure(input: unknown): string {
  try {
    parseManifest(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestError);
    return (error as ManifestError).message;
  }
  throw new Error('Expected a ManifestError');
}

describe('stepped reads, page counts in the body and basic client auth', () => {
  it('accepts a windowed cursor, a total_pages_path and client_secret_basic', () => {
    const parsed = parseManifest(manifest(stepped()));
    expect(datetimeCursorOf(parsed)?.step).toBe('P31D');
    expect(parsed.authenticator).toMatchObject({ client_auth_method: 'client_secret_basic' });
  });

  it('names the field that is wrong', () => {
    expect(failure(manifest(stepped({ step: '31 days' })))).toBe('streams[0].incremental_sync.step: must be an ISO 8601 duration such as P31D');
    expect(failure(manifest(stepped({ start_datetime: undefined })))).toBe('streams[0].incremental_sync.start_datetime: is required with step');
    expect(failure(manifest(stepped({ is_client_side_incremental: true })))).toBe('streams[0].incremental_sync.step: cannot be used with is_client_side_incremental');
    expect(failure(manifest(stepped({ start_datetime: '{{ process.env.HOME }}' })))).toMatch(/^streams\[0\]\.incremental_sync\.start_datetime/);
    const basicTypo = manifest() as unknown as { authenticator: Record<string, unknown> };
    basicTypo.authenticator.client_auth_method = 'basic';
    expect(failure(basicTypo)).toBe('authenticator.client_auth_method: must be client_secret_post or client_secret_basic');
  });
});
