/**
 * Shopify: the store's customers through the Admin REST API, 250 a page, paged by the Link
 * header's page_info (https://shopify.dev/docs/api/usage/pagination-rest). Incremental by
 * updated_at: a run asks for customers updated at or after the newest one the previous run saw
 * (those are read again and updated in place by id). The guarded fetch waits out 429 Retry-After.
 * https://shopify.dev/docs/api/admin-rest/2024-10/resources/customer
 */
import { fieldSetOf } from '@domain/data/catalogue';
import { ConnectorError, type Connector, type ConnectorContext } from '../types';
import { baseUrlOf, expectArray, isRecordObject, numberOf, pick, query, secretOf, settingText, textOr, timeOf, vendorJson, type ErrorReader } from './paging';

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

const headers = (context: ConnectorContext) => ({ 'x-shopify-access-token': secretOf(context, 'accessToken', 'The Shopify Admin API access token') });

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

/** A Shopify customer as the Shopify field set names it. */
export function shopifyRecord(customer: Record<string, unknown>): Record<string, unknown> {
  const first = textOr(customer.first_name);
  const last = textOr(customer.last_name);
  const name = [first, last].filter((part) => part && part.trim()).join(' ') || null;
  const consent = textOr(pick(customer, 'email_marketing_consent.state'));
  return {
    id: textOr(customer.id),
    email: textOr(customer.email),
    name,
    phone: textOr(customer.phone),
    city: textOr(pick(customer, 'default_address.city')),
    country: textOr(pick(customer, 'default_address.country')),
    created_at: textOr(customer.created_at),
    updated_at: textOr(customer.updated_at),
    state: textOr(customer.state),
    tags: textOr(customer.tags),
    currency: textOr(customer.currency),
    accepts_marketing: consent ? consent === 'subscribed' : typeof customer.accepts_marketing === 'boolean' ? customer.accepts_marketing : null,
    orders_count: numberOf(customer.orders_count),
    ltv: numberOf(customer.total_spent),
  };
}

async function customersPage(context: ConnectorContext, url: string): Promise<{ customers: Array<Record<string, unknown>>; next: string | null }> {
  if (context.signal.aborted) throw new ConnectorError('The sync was stopped', true);
  const response = await context.fetch(url, { headers: headers(context) });
  // vendorJson reads the body and maps errors; the Link header is read from the same answer.
  const body = await vendorJson<Record<string, unknown>>(
    { ...context, fetch: async () => response },
    VENDOR,
    url,
    {},
    readError,
  );
  const customers = expectArray(body.customers, VENDOR, 'a customers list').filter(isRecordObject);
  return { customers, next: nextPageInfo(response.headers.get('link')) };
}

export const shopifyConnector: Connector = {
  catalogueId: 'shopify',
  keyField: 'id',

  async test(context) {
    const base = baseOf(context);
    await customersPage(context, `${base}/admin/api/${SHOPIFY_API_VERSION}/customers.json${query({ limit: 1, fields: 'id' })}`);
  },

  async *pull(context) {
    const base = baseOf(context);
    const endpoint = `${base}/admin/api/${SHOPIFY_API_VERSION}/customers.json`;
    const since = timeOf(context.cursor);
    let newest = since;
    // Customers come in id order, not by update time: the newest update is known only at the end.
    const startCursor = context.cursor;
    let url = `${endpoint}${query({ limit: PAGE_SIZE, updated_at_min: since === null ? undefined : new Date(since).toISOString() })}`;
    for (let page = 0; ; page += 1) {
      if (page >= MAX_PAGES) throw new ConnectorError(`${VENDOR} answered more than ${MAX_PAGES} pages: stopping so the sync does not loop.`);
      const { customers, next } = await customersPage(context, url);
      for (const customer of customers) {
        const updated = timeOf(customer.updated_at);
        if (updated !== null && (newest === null || updated > newest)) newest = updated;
      }
      const records = customers.map(shopifyRecord);
      if (!next) {
        yield { records, cursor: newest === null ? startCursor : new Date(newest).toISOString() };
        return;
      }
      yield { records, cursor: startCursor };
      // With page_info only limit may be sent again (Shopify refuses the other filters).
      const nextUrl = `${endpoint}${query({ limit: PAGE_SIZE, page_info: next })}`;
      if (nextUrl === url) throw new ConnectorError('Shopify kept answering the same page: stopping so the sync does not loop.');
      url = nextUrl;
    }
  },
};
