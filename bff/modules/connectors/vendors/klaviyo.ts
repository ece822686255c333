/**
 * Klaviyo: the account's profiles (GET /api/profiles, JSON:API) with a private API key sent as
 * `Authorization: Klaviyo-API-Key pk_…` and the dated `revision` header every call must carry.
 * 100 a page (`page[size]`), the next page being the whole URL in `links.next`.
 *
 * Incremental on Klaviyo's side: `filter=greater-than(updated,…)` with `sort=updated`, so profiles
 * come oldest change first and the cursor moves with each page. The filter is strict, so the start
 * sent is one second before the newest change seen: a profile changed in that same second is read
 * again (and replaced by its id), not lost.
 * https://developers.klaviyo.com/en/reference/get_profiles
 * https://developers.klaviyo.com/en/docs/authenticate_#private-key-authentication
 * https://developers.klaviyo.com/en/docs/api_versioning_and_deprecation_policy (revision header)
 * https://developers.klaviyo.com/en/docs/filtering_ and /en/docs/pagination_
 * https://developers.klaviyo.com/en/docs/rate_limits_and_error_handling (errors array, 429 Retry-After; profiles: 75/s burst, 700/min steady)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { isRecordObject, textOr } from '../shared';

export const KLAVIYO_BASE_URL = 'https://a.klaviyo.com';
/** The API revision the fields below were read from; Klaviyo answers each call in the revision asked for. */
export const KLAVIYO_REVISION = '2024-10-15';

/**
 * Klaviyo's errors (and those of several other vendors) come as {"errors": [{code, title, detail}, …]}:
 * the first one's code and detail (or title), which a dotted path cannot reach inside the array.
 */
export function firstListedError(body: unknown): string | null {
  const first = isRecordObject(body) && Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (!isRecordObject(first)) return null;
  const words = [textOr(first.code), textOr(first.detail) ?? textOr(first.title) ?? textOr(first.message)].filter((part): part is string => Boolean(part));
  return words.length ? words.join(': ') : null;
}

export const KLAVIYO_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Klaviyo',
  catalogue_id: 'klaviyo',
  requires: [{ value: '{{ secrets.apiKey }}', message: 'The Klaviyo private API key is required.' }],
  authenticator: { type: 'ApiKeyAuthenticator', api_token: 'Klaviyo-API-Key {{ secrets.apiKey }}', inject_into: { type: 'RequestOption', inject_into: 'header', field_name: 'authorization' } },
  error_handler: { type: 'DefaultErrorHandler', hook: 'klaviyo_errors' },
  // The steady limit of the profiles endpoint is 700 a minute: ten a second stays well under the burst of 75.
  rate_limit: { requests_per_second: 10 },
  check: { type: 'CheckStream', stream_names: ['profiles'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'profiles',
      primary_key: 'profile_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${KLAVIYO_BASE_URL}' }}`,
          path: '/api/profiles',
          request_parameters: { sort: 'updated' },
          request_headers: { revision: KLAVIYO_REVISION, accept: 'application/vnd.api+json' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page[size]' },
          page_token_option: { type: 'RequestPath' },
          pagination_strategy: { type: 'CursorPagination', page_size: 100, cursor_value: '{{ response.links.next }}' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'attributes.updated',
        datetime_format: 'iso8601',
        request_datetime_format: 'iso8601_seconds',
        lookback_window: 'PT1S',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'filter', value_format: 'greater-than(updated,%s)' },
        checkpoint: 'each_page',
      },
      fields: {
        profile_id: 'id',
        email: 'attributes.email',
        phone: 'attributes.phone_number',
        name: { path: ['attributes.first_name', 'attributes.last_name'], join: ' ' },
        organization: 'attributes.organization',
        city: 'attributes.location.city',
        country: 'attributes.location.country',
        external_id: 'attributes.external_id',
        created_at: 'attributes.created',
        updated_at: 'attributes.updated',
      },
    },
  ],
};

export const klaviyoConnector = manifestConnector(KLAVIYO_MANIFEST, { errorReaders: { klaviyo_errors: firstListedError } });
