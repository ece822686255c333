/**
 * Shopify: the store's customers through the Admin REST API, 250 a page, following the Link
 * header's rel="next" address (https://shopify.dev/docs/api/usage/pagination-rest). Incremental by
 * updated_at: a run asks for customers updated at or after the newest one the previous run saw
 * (those are read again and updated in place by id). The guarded fetch waits out 429 Retry-After.
 * A declarative definition; code for the store's address, the error format and two fields.
 * https://shopify.dev/docs/api/admin-rest/2024-10/resources/customer
 */
import { fieldSetOf } from '@domain/data/catalogue';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { ConnectorError, type ConnectorContext } from '../types';
import { baseUrlOf, isRecordObject, pick, settingText, textOr, type ErrorReader } from '../shared';

export const SHOPIFY_API_VERSION = '2024-10';
const VENDOR = 'Shopify';
const PAGE_SIZE = 250;
/** A store that never stops paging is stopped here (2.5 million customers). */
const MAX_PAGES = 10_000;

/** The fields a Shopify customer record carries (BUILT_IN_FIELD_SETS['shopify']). */
export const SHOPIFY_FIELDS = fieldSetOf('shopify');

/** {"errors": "text"} or {"errors": {"field": ["problem"]}} (https://shopify.dev/docs/api/usage/response-codes). */
const readError: ErrorReader = (body) => {
  const errors = pick(body, 'errors');
  if (typeof errors === 'string') return errors;
  if (isRecordObject(errors)) {
    return (
      Object.entries(errors)
        .map(([field, problems]) => `${field} ${Array.isArray(problems) ? problems.map((each) => textOr(each) ?? '').join(', ') : (textOr(problems) ?? '')}`.trim())
        .join('; ') || null
    );
  }
  if (Array.isArray(errors)) return errors.map((each) => textOr(each) ?? '').join('; ') || null;
  return textOr(pick(body, 'error'));
};

/** The store's API origin: the base URL setting, or https://{shopDomain}. */
function baseOf(context: ConnectorContext): string {
  const domain = settingText(context, 'shopDomain')
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
  if (!settingText(context, 'baseUrl')) {
    if (!domain) throw new ConnectorError('The shop domain is required (your-store.myshopify.com).');
    if (!/^[a-z0-9][a-z0-9.-]{0,252}$/i.test(domain)) throw new ConnectorError('The shop domain must look like your-store.myshopify.com.');
  }
  return baseUrlOf(context, 'baseUrl', `https://${domain}`);
}

/** The page_info of the Link header's rel="next", or null on the last page. */
export function nextPageInfo(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (!match) continue;
    try {
      return new URL(match[1]!).searchParams.get('page_info');
    } catch {
      return null;
    }
  }
  return null;
}

/** The fields Shopify spreads over several: the name from its parts, and the e-mail marketing consent (newer) or flag (older). */
export function shopifyCustomer(customer: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const first = textOr(customer.first_name);
  const last = textOr(customer.last_name);
  const consent = textOr(pick(customer, 'email_marketing_consent.state'));
  return {
    ...mapped,
    name: [first, last].filter((part) => part && part.trim()).join(' ') || null,
    accepts_marketing: consent ? consent === 'subscribed' : typeof customer.accepts_marketing === 'boolean' ? customer.accepts_marketing : null,
  };
}

export const SHOPIFY_MANIFEST: ConnectorManifest = {
  version: 1,
  name: VENDOR,
  catalogue_id: 'shopify',
  authenticator: {
    type: 'ApiKeyAuthenticator',
    api_token: '{{ secrets.accessToken or secrets.apiKey }}',
    inject_into: { type: 'RequestOption', inject_into: 'header', field_name: 'x-shopify-access-token' },
    missing_message: 'The Shopify Admin API access token is required.',
  },
  error_handler: { type: 'DefaultErrorHandler', hook: 'shopify_errors' },
  check: { type: 'CheckStream', stream_names: ['customers'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'customers',
      primary_key: 'id',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: 'hook:shopify_store', path: `/admin/api/${SHOPIFY_API_VERSION}/customers.json` },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['customers'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          // The next address carries page_info and limit only, as Shopify requires (no other filter may be sent again).
          page_token_option: { type: 'RequestPath' },
          pagination_strategy: { type: 'CursorPagination', page_size: PAGE_SIZE, cursor_value: '{{ headers.link.next.url }}' },
          max_pages: MAX_PAGES,
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'updated_at',
        datetime_format: 'iso8601',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'updated_at_min' },
        // Customers come in id order, not by update time: the newest update is known only at the end.
        checkpoint: 'end',
      },
      fields: {
        id: 'id',
        email: 'email',
        phone: 'phone',
        city: 'default_address.city',
        country: 'default_address.country',
        created_at: 'created_at',
        updated_at: 'updated_at',
        state: 'state',
        tags: 'tags',
        currency: 'currency',
        orders_count: { path: 'orders_count', type: 'number' },
        ltv: { path: 'total_spent', type: 'number' },
      },
      transformations: [{ type: 'NamedTransformation', name: 'shopify_customer' }],
    },
  ],
};

export const shopifyConnector = manifestConnector(SHOPIFY_MANIFEST, {
  baseUrls: { shopify_store: baseOf },
  errorReaders: { shopify_errors: readError },
  transformations: { shopify_customer: shopifyCustomer },
});
