/**
 * BigCommerce: the store's customers through the v3 Customers API
 * (GET /stores/{store_hash}/v3/customers) with the API account's access token in `X-Auth-Token`,
 * 250 a page, numbered, to `meta.pagination.total_pages`. Incremental on BigCommerce's side:
 * `date_modified:min` the newest `date_modified` seen, sorted by date_modified ascending so a run
 * that dies resumes where it was; customers read again are updated in place by id.
 * A definition and nothing else.
 * https://developer.bigcommerce.com/docs/rest-management/customers#get-all-customers
 * https://developer.bigcommerce.com/docs/start/authentication/api-accounts (X-Auth-Token)
 * https://developer.bigcommerce.com/docs/start/about/status-codes ({"status", "title", "type"})
 * https://developer.bigcommerce.com/docs/start/best-practices/api-rate-limits (429)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';

export const BIGCOMMERCE_BASE_URL = 'https://api.bigcommerce.com';

export const BIGCOMMERCE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'BigCommerce',
  catalogue_id: 'bigcommerce',
  requires: [
    {
      value: '{{ settings.storeHash }}',
      message: 'The BigCommerce store hash is required (the part after /stores/ in the API path).',
      format: 'identifier',
      format_message: 'The store hash may hold only letters, digits, - and _ (such as abc123xyz).',
    },
  ],
  authenticator: {
    type: 'ApiKeyAuthenticator',
    api_token: '{{ secrets.accessToken }}',
    inject_into: { type: 'RequestOption', inject_into: 'header', field_name: 'x-auth-token' },
    missing_message: 'The BigCommerce API account access token is required.',
  },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['title', 'detail'], combine: 'join' },
  check: { type: 'CheckStream', stream_names: ['customers'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'customers',
      primary_key: 'customer_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${BIGCOMMERCE_BASE_URL}' }}`,
          path: '/stores/{{ settings.storeHash }}/v3/customers',
          request_headers: { accept: 'application/json' },
          request_parameters: { sort: 'date_modified:asc' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
          pagination_strategy: { type: 'PageIncrement', page_size: 250, inject_on_first_request: true, total_pages_path: 'meta.pagination.total_pages' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'date_modified',
        datetime_format: 'iso8601_seconds',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'date_modified:min' },
      },
      fields: {
        customer_id: 'id',
        email: 'email',
        name: { path: ['first_name', 'last_name'], join: ' ' },
        phone: 'phone',
        company: 'company',
        customer_group_id: 'customer_group_id',
        created_at: 'date_created',
        updated_at: 'date_modified',
      },
    },
  ],
};

export const bigcommerceConnector = manifestConnector(BIGCOMMERCE_MANIFEST);
