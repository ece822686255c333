/**
 * Contentful: the entries of one space's environment through the Content Delivery API (published
 * content) with a delivery token as Bearer: GET /spaces/{space}/environments/{env}/entries, up to
 * 1000 a page by `skip` and `limit` until `total`, in order of `sys.updatedAt`.
 *
 * Incremental on Contentful's side: `sys.updatedAt[gte]` from the newest change seen; the same
 * instant is read again and replaced by the entry's id. Entries deleted or unpublished since are
 * not reported by this endpoint (the Sync API would, at the cost of a full initial sync of every
 * content type and asset).
 * https://www.contentful.com/developers/docs/references/content-delivery-api/#/reference/entries/entries-collection
 * https://www.contentful.com/developers/docs/references/content-delivery-api/#/reference/search-parameters/ranges
 * https://www.contentful.com/developers/docs/references/authentication/ (Authorization: Bearer)
 * https://www.contentful.com/developers/docs/references/errors/ ({"sys":{"type":"Error","id"},"message"})
 * https://www.contentful.com/developers/docs/references/content-delivery-api/#/introduction/api-rate-limits (55 requests a second)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';

export const CONTENTFUL_BASE_URL = 'https://cdn.contentful.com';

const SPACE = '{{ settings.spaceId }}';
const ENVIRONMENT = "{{ settings.environment or 'master' }}";

export const CONTENTFUL_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Contentful',
  catalogue_id: 'contentful',
  requires: [{ value: SPACE, message: 'The Contentful space id is required.', format: 'identifier', format_message: 'The Contentful space id may hold only letters, digits, - and _.' }],
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.accessToken }}', missing_message: 'The Contentful Content Delivery API access token is required.' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['sys.id', 'message'], combine: 'join' },
  rate_limit: { requests_per_second: 50 },
  check: { type: 'CheckStream', stream_names: ['entries'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'entries',
      primary_key: 'entry_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${CONTENTFUL_BASE_URL}' }}`,
          path: `/spaces/${SPACE}/environments/${ENVIRONMENT}/entries`,
          request_parameters: { order: 'sys.updatedAt,sys.id' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['items'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'skip' },
          pagination_strategy: { type: 'OffsetIncrement', page_size: 1000, total_path: 'total' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'sys.updatedAt',
        datetime_format: 'iso8601',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'sys.updatedAt[gte]' },
        checkpoint: 'each_page',
      },
      fields: {
        entry_id: 'sys.id',
        content_type: 'sys.contentType.sys.id',
        title: { path: ['fields.title', 'fields.name', 'fields.slug'] },
        locale: 'sys.locale',
        revision: { path: 'sys.revision', type: 'number' },
        created_at: 'sys.createdAt',
        updated_at: 'sys.updatedAt',
        fields: { path: 'fields', type: 'raw' },
      },
    },
  ],
};

export const contentfulConnector = manifestConnector(CONTENTFUL_MANIFEST);
