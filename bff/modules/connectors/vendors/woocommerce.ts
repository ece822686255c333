/**
 * WooCommerce: the store's orders through the REST API (GET /wp-json/wc/v3/orders) with the
 * consumer key and secret as HTTP basic auth, which WooCommerce accepts over https only (plain
 * http would need OAuth 1.0a signatures; the keys are never sent in clear). 100 a page, numbered,
 * to the page count of the X-WP-TotalPages header. Incremental on WooCommerce's side:
 * `modified_after` the newest `date_modified_gmt` seen, compared in GMT (`dates_are_gmt`), sorted
 * by modification ascending so a run that dies resumes where it was.
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-orders
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#authentication-over-https
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#pagination
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#errors ({"code", "message", "data": {"status"}})
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { ConnectorError, type ConnectorContext } from '../types';
import { baseUrlOf, settingText } from '../shared';

/** Hosts where plain http stays on the machine (a local test store): nothing crosses a network. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The store's REST root: https://store.example.com/wp-json/wc/v3, refusing http for a remote store. */
export function woocommerceBase(context: ConnectorContext): string {
  if (!settingText(context, 'storeUrl')) throw new ConnectorError('The store URL is required (https://your-store.example.com).');
  const base = baseUrlOf(context, 'storeUrl', '');
  const url = new URL(base);
  if (url.protocol !== 'https:' && !LOOPBACK.has(url.hostname)) {
    throw new ConnectorError('The store URL must start with https://: WooCommerce accepts the consumer key and secret only over https.');
  }
  return `${base.replace(/\/wp-json(\/wc\/v3)?$/, '')}/wp-json/wc/v3`;
}

export const WOOCOMMERCE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'WooCommerce',
  catalogue_id: 'woocommerce',
  requires: [
    { value: '{{ settings.consumerKey }}', message: 'The WooCommerce consumer key is required (ck_…).' },
    { value: '{{ secrets.consumerSecret }}', message: 'The WooCommerce consumer secret is required (cs_…).' },
  ],
  authenticator: { type: 'BasicHttpAuthenticator', username: '{{ settings.consumerKey }}', password: '{{ secrets.consumerSecret }}' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['code', 'message'], combine: 'join' },
  check: { type: 'CheckStream', stream_names: ['orders'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'orders',
      primary_key: 'order_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: 'hook:woocommerce_store',
          path: '/orders',
          request_parameters: { orderby: 'modified', order: 'asc', dates_are_gmt: 'true' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'per_page' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
          pagination_strategy: { type: 'PageIncrement', page_size: 100, inject_on_first_request: true, total_pages_header: 'x-wp-totalpages' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        // GMT without a zone (2024-05-01T10:00:00): kept as text, and sent with dates_are_gmt so it is read as GMT.
        cursor_field: 'date_modified_gmt',
        datetime_format: 'naive',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'modified_after' },
      },
      fields: {
        order_id: 'id',
        order_number: 'number',
        customer_id: 'customer_id',
        email: 'billing.email',
        name: { path: ['billing.first_name', 'billing.last_name'], join: ' ' },
        city: 'billing.city',
        country: 'billing.country',
        status: 'status',
        currency: 'currency',
        // WooCommerce answers amounts as text ("59.90").
        total: { path: 'total', type: 'number' },
        payment_method: 'payment_method',
        created_at: 'date_created_gmt',
        updated_at: 'date_modified_gmt',
      },
    },
  ],
};

export const woocommerceConnector = manifestConnector(WOOCOMMERCE_MANIFEST, { baseUrls: { woocommerce_store: woocommerceBase } });
