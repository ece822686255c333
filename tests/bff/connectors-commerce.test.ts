/**
 * The commerce group's vendors (Pipedrive, Square, WooCommerce, BigCommerce), each against a local
 * server answering as the vendor's public API reference documents: its credentials where it
 * expects them, its paging, its incremental filter, a 429 with Retry-After and its own refusal
 * body. Pipedrive is also connected, tested and synced through the product's routes.
 * https://developers.pipedrive.com/docs/api/v1/Persons (v2 persons, cursor paging, x-api-token)
 * https://developer.squareup.com/reference/square/payments/ListPayments
 * https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-orders
 * https://developer.bigcommerce.com/docs/rest-management/customers#get-all-customers
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataRecord, DataSource } from '@bff/entities';
import { manifestConnector } from '@bff/modules/connectors/declarative/engine';
import { connectorFor } from '@bff/modules/connectors/registry';
import { BIGCOMMERCE_MANIFEST, bigcommerceConnector } from '@bff/modules/connectors/vendors/bigcommerce';
import { paypalConnector } from '@bff/modules/connectors/vendors/paypal';
import { pipedriveConnector, primaryValue } from '@bff/modules/connectors/vendors/pipedrive';
import { SQUARE_VERSION, squareConnector } from '@bff/modules/connectors/vendors/square';
import { woocommerceConnector } from '@bff/modules/connectors/vendors/woocommerce';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { BUILT_IN_FIELD_SETS } from '@domain/data/catalogue';
import type { DefaultPaginator } from '@domain/data/connectorManifest/types';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { failureOf, localContext, pullAll, recordsOf } from './support/connectors';
import { pageOf, startVendorServer, type Answer, type VendorServer } from './support/commerceServers';
import { useWorld, type World } from './support/world';

let waits: number[] = [];
beforeEach(() => {
  waits = [];
});

const fieldNames = (id: string) => BUILT_IN_FIELD_SETS[id]!.map((field) => field.name).sort();
const limited = (body: unknown): Answer => ({ status: 429, headers: { 'retry-after': '2' }, body });

// ---------------------------------------------------------------- Pipedrive
const PD_TOKEN = '9f3c0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b';
interface Person {
  id: number;
  name: string;
  emails: Array<{ value: string; primary: boolean; label: string }>;
  phones: Array<{ value: string; primary: boolean; label: string }>;
  org_id: number | null;
  owner_id: number;
  add_time: string;
  update_time: string;
}
const person = (id: number, update: string, extra: Partial<Person> = {}): Person => ({
  id,
  name: `Person ${id}`,
  emails: [
    { value: `work${id}@example.com`, primary: false, label: 'work' },
    { value: `p${id}@example.com`, primary: true, label: 'home' },
  ],
  phones: [{ value: `+3360000000${id}`, primary: true, label: 'mobile' }],
  org_id: 7,
  owner_id: 12,
  add_time: '2025-12-01T09:00:00Z',
  update_time: update,
  ...extra,
});
let persons: Person[] = [];
let pipedrive: VendorServer;

function pipedriveRoute({ url }: { url: URL }): Answer {
  if (url.pathname !== '/api/v2/persons') return { status: 404, body: { success: false, error: 'Unknown method .', error_info: 'Please check developers.pipedrive.com', data: null, additional_data: null } };
  const limit = Number(url.searchParams.get('limit') ?? 100);
  if (limit > 500) return { status: 400, body: { success: false, error: 'Validation failed: limit: Value must be at most 500', data: null, additional_data: null } };
  const since = url.searchParams.get('updated_since');
  const list = persons.filter((each) => !since || each.update_time >= since).sort((a, b) => a.update_time.localeCompare(b.update_time) || a.id - b.id);
  // At most two a page, so the read takes several; the cursor is opaque to the client.
  const offset = url.searchParams.get('cursor') ? Number(Buffer.from(url.searchParams.get('cursor')!, 'base64').toString()) : 0;
  const { page, next } = pageOf(list, offset, Math.min(limit, 2));
  return { status: 200, body: { success: true, data: page, additional_data: { next_cursor: next === null ? null : Buffer.from(String(next)).toString('base64') } } };
}

beforeAll(async () => {
  pipedrive = await startVendorServer(
    (headers) =>
      headers['x-api-token'] === PD_TOKEN
        ? null
        : { status: 401, body: { success: false, error: 'unauthorized access', errorCode: 401, error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.' } },
    pipedriveRoute,
  );
});
afterAll(() => pipedrive.http.close());

const pipedriveContext = (token: string | null = PD_TOKEN, cursor: string | null = null) => localContext({ baseUrl: pipedrive.http.base }, token ? { apiToken: token } : {}, cursor, waits);

describe('Pipedrive persons', () => {
  beforeEach(() => {
    persons = [1, 2, 3, 4, 5].map((id) => person(id, `2026-01-0${id}T08:00:00Z`));
    pipedrive.http.received.length = 0;
  });

  it('sends the token in x-api-token, pages by next_cursor sorted by update time, and maps persons', async () => {
    const batches = await pullAll(pipedriveConnector, pipedriveContext());
    const records = recordsOf(batches);
    expect(records.map((record) => record.person_id)).toEqual(['1', '2', '3', '4', '5']);
    expect(pipedrive.http.received).toHaveLength(3);
    for (const request of pipedrive.http.received) {
      expect(request.headers['x-api-token']).toBe(PD_TOKEN);
      expect(request.url.searchParams.get('api_token')).toBeNull();
      expect(request.url.searchParams.get('limit')).toBe('500');
      expect(request.url.searchParams.get('sort_by')).toBe('update_time');
      expect(request.url.searchParams.get('sort_direction')).toBe('asc');
    }
    expect(pipedrive.http.received[1]!.url.searchParams.get('cursor')).toBe(Buffer.from('2').toString('base64'));
    expect(records[0]).toEqual({
      person_id: '1',
      name: 'Person 1',
      email: 'p1@example.com',
      phone: '+33600000001',
      organization_id: '7',
      owner_id: '12',
      created_at: '2025-12-01T09:00:00Z',
      updated_at: '2026-01-01T08:00:00Z',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('pipedrive'));
    // Sorted by update time: each page moves the cursor.
    expect(batches.map((batch) => batch.cursor)).toEqual(['2026-01-02T08:00:00Z', '2026-01-04T08:00:00Z', '2026-01-05T08:00:00Z']);
  });

  it('asks only for persons updated since the cursor on the next run', async () => {
    persons[1] = person(2, '2026-01-09T10:00:00Z', { name: 'Renamed', emails: [] });
    const batches = await pullAll(pipedriveConnector, pipedriveContext(PD_TOKEN, '2026-01-05T08:00:00Z'));
    expect(pipedrive.http.received[0]!.url.searchParams.get('updated_since')).toBe('2026-01-05T08:00:00Z');
    expect(recordsOf(batches).map((record) => [record.person_id, record.name, record.email])).toEqual([
      ['5', 'Person 5', 'p5@example.com'],
      ['2', 'Renamed', null],
    ]);
    expect(batches.at(-1)!.cursor).toBe('2026-01-09T10:00:00Z');
  });

  it('waits out a 429 as Retry-After says, then reads on', async () => {
    pipedrive.trouble = [limited({ success: false, error: 'Request over limit', errorCode: 429 })];
    expect(recordsOf(await pullAll(pipedriveConnector, pipedriveContext()))).toHaveLength(5);
    expect(waits).toContain(2_000);
  });

  it("answers an invalid token in Pipedrive's words, and a missing one by its setting", async () => {
    await expect(pipedriveConnector.test(pipedriveContext())).resolves.toBeUndefined();
    const refused = await failureOf(pipedriveConnector.test(pipedriveContext('revoked-token')));
    expect(refused.message).toBe('Pipedrive refused the credentials (401): unauthorized access');
    expect(refused.retryable).toBe(false);
    expect((await failureOf(pipedriveConnector.test(pipedriveContext(null)))).message).toBe('The Pipedrive API token is required.');
  });

  it('takes the primary entry of a list of e-mails, else the first with a value', () => {
    expect(primaryValue([{ value: '', primary: true }, { value: 'a@x.io', primary: false }])).toBe('a@x.io');
    expect(primaryValue('not a list')).toBeNull();
  });
});

// ---------------------------------------------------------------- Square
const SQ_TOKEN = 'EAAAl0ng-sandbox-token';
const SQ_EXPIRED = 'EAAAexpired';
interface Payment {
  id: string;
  created_at: string;
  updated_at: string;
  amount_money: { amount: number; currency: string };
  total_money: { amount: number; currency: string };
  refunded_money?: { amount: number; currency: string };
  status: string;
  source_type: string;
  location_id: string;
  order_id: string;
  customer_id?: string;
  buyer_email_address?: string;
}
const payment = (n: number, updated: string, extra: Partial<Payment> = {}): Payment => ({
  id: `pay_${n}`,
  created_at: '2026-01-01T08:00:00.000Z',
  updated_at: updated,
  amount_money: { amount: 1000 * n, currency: 'USD' },
  total_money: { amount: 1000 * n + 99, currency: 'USD' },
  status: 'COMPLETED',
  source_type: 'CARD',
  location_id: 'L88917AVBK2S5',
  order_id: `ord_${n}`,
  customer_id: `cus_${n}`,
  buyer_email_address: `b${n}@example.com`,
  ...extra,
});
let payments: Payment[] = [];
let square: VendorServer;
const squareError = (category: string, code: string, detail: string) => ({ errors: [{ category, code, detail }] });

beforeAll(async () => {
  square = await startVendorServer(
    (headers) => {
      if (headers.authorization === `Bearer ${SQ_EXPIRED}`) return { status: 401, body: squareError('AUTHENTICATION_ERROR', 'ACCESS_TOKEN_EXPIRED', 'The access token has expired.') };
      if (headers.authorization !== `Bearer ${SQ_TOKEN}`) return { status: 401, body: squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.') };
      return null;
    },
    ({ url, headers }) => {
      if (url.pathname !== '/v2/payments') return { status: 404, body: squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Resource not found.') };
      if (!headers['square-version']) return { status: 400, body: squareError('INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'Square-Version missing.') };
      const since = url.searchParams.get('updated_at_begin_time');
      const list = payments.filter((each) => !since || Date.parse(each.updated_at) >= Date.parse(since)).sort((a, b) => a.updated_at.localeCompare(b.updated_at));
      const { page, next } = pageOf(list, Number(url.searchParams.get('cursor') ?? 0), Math.min(Number(url.searchParams.get('limit') ?? 100), 2));
      // Square leaves out `cursor` on the last page, and `payments` when there are none.
      return { status: 200, body: { ...(page.length ? { payments: page } : {}), ...(next === null ? {} : { cursor: String(next) }) } };
    },
  );
});
afterAll(() => square.http.close());

const squareContext = (token: string | null = SQ_TOKEN, cursor: string | null = null) => localContext({ baseUrl: square.http.base }, token ? { accessToken: token } : {}, cursor, waits);

describe('Square payments', () => {
  beforeEach(() => {
    payments = [1, 2, 3].map((n) => payment(n, `2026-02-0${n}T10:00:00.000Z`));
    square.http.received.length = 0;
  });

  it('sends the Bearer token and Square-Version, pages by cursor, and maps amounts to major units', async () => {
    const batches = await pullAll(squareConnector, squareContext());
    const records = recordsOf(batches);
    expect(records.map((record) => record.payment_id)).toEqual(['pay_1', 'pay_2', 'pay_3']);
    expect(square.http.received.map((request) => request.url.searchParams.get('cursor'))).toEqual([null, '2']);
    for (const request of square.http.received) {
      expect(request.headers.authorization).toBe(`Bearer ${SQ_TOKEN}`);
      expect(request.headers['square-version']).toBe(SQUARE_VERSION);
      expect(request.url.searchParams.get('sort_field')).toBe('UPDATED_AT');
      expect(request.url.searchParams.get('limit')).toBe('100');
    }
    expect(records[1]).toEqual({
      payment_id: 'pay_2',
      customer_id: 'cus_2',
      email: 'b2@example.com',
      order_id: 'ord_2',
      status: 'COMPLETED',
      source_type: 'CARD',
      location_id: 'L88917AVBK2S5',
      created_at: '2026-01-01T08:00:00.000Z',
      updated_at: '2026-02-02T10:00:00.000Z',
      amount: 20.99,
      currency: 'USD',
      amount_refunded: 0,
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('square'));
    expect(batches.at(-1)!.cursor).toBe('2026-02-03T10:00:00.000Z');
  });

  it('asks for payments updated from the cursor on: a refund of an old payment comes back', async () => {
    payments[0] = payment(1, '2026-02-05T12:00:00.000Z', { refunded_money: { amount: 500, currency: 'USD' }, status: 'COMPLETED' });
    const batches = await pullAll(squareConnector, squareContext(SQ_TOKEN, '2026-02-03T10:00:00.000Z'));
    expect(square.http.received[0]!.url.searchParams.get('updated_at_begin_time')).toBe('2026-02-03T10:00:00.000Z');
    expect(recordsOf(batches).map((record) => [record.payment_id, record.amount_refunded])).toEqual([
      ['pay_3', 0],
      ['pay_1', 5],
    ]);
    expect(batches.at(-1)!.cursor).toBe('2026-02-05T12:00:00.000Z');
  });

  it('waits out a 429 as Retry-After says', async () => {
    square.trouble = [limited(squareError('RATE_LIMIT_ERROR', 'RATE_LIMITED', 'Rate limit exceeded.'))];
    expect(recordsOf(await pullAll(squareConnector, squareContext()))).toHaveLength(3);
    expect(waits).toContain(2_000);
  });

  it("answers an expired or invalid token in Square's words", async () => {
    expect((await failureOf(pullAll(squareConnector, squareContext(SQ_EXPIRED)))).message).toBe('Square refused the credentials (401): ACCESS_TOKEN_EXPIRED: The access token has expired.');
    const invalid = await failureOf(squareConnector.test(squareContext('nope')));
    expect(invalid.message).toBe('Square refused the credentials (401): UNAUTHORIZED: This request could not be authorized.');
    expect(invalid.retryable).toBe(false);
    expect((await failureOf(squareConnector.test(squareContext(null)))).message).toBe('The Square access token is required.');
  });
});

// ---------------------------------------------------------------- WooCommerce
const CK = 'ck_0123456789abcdef0123456789abcdef01234567';
const CS = 'cs_76543210fedcba9876543210fedcba9876543210';
interface Order {
  id: number;
  number: string;
  status: string;
  currency: string;
  total: string;
  customer_id: number;
  payment_method: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  billing: Record<string, string>;
}
const pad = (n: number) => String(n).padStart(2, '0');
/** Order n modified at minute n of 2026-03-01 (GMT, without a zone, as WooCommerce answers it). */
const order = (n: number, modified = `2026-03-01T${pad(Math.floor(n / 60))}:${pad(n % 60)}:00`): Order => ({
  id: n,
  number: String(1000 + n),
  status: 'processing',
  currency: 'EUR',
  total: `${n}.50`,
  customer_id: n % 2 ? n : 0,
  payment_method: 'stripe',
  date_created_gmt: '2026-02-28T09:00:00',
  date_modified_gmt: modified,
  billing: { first_name: `Ada${n}`, last_name: 'Lovelace', email: `o${n}@example.com`, city: 'Paris', country: 'FR' },
});
let orders: Order[] = [];
let woo: VendorServer;
const wooBasic = `Basic ${Buffer.from(`${CK}:${CS}`).toString('base64')}`;

beforeAll(async () => {
  woo = await startVendorServer(
    (headers) =>
      headers.authorization === wooBasic ? null : { status: 401, body: { code: 'woocommerce_rest_authentication_error', message: 'Consumer secret is invalid.', data: { status: 401 } } },
    ({ url }) => {
      if (url.pathname !== '/wp-json/wc/v3/orders') return { status: 404, body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } };
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      if (perPage > 100) return { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', data: { status: 400 } } };
      const after = url.searchParams.get('modified_after');
      const list = orders.filter((each) => !after || each.date_modified_gmt > after).sort((a, b) => a.date_modified_gmt.localeCompare(b.date_modified_gmt));
      const pageNumber = Number(url.searchParams.get('page') ?? 1);
      const { page } = pageOf(list, (pageNumber - 1) * perPage, perPage);
      const headers = { 'x-wp-total': String(list.length), 'x-wp-totalpages': String(Math.ceil(list.length / perPage)) };
      return { status: 200, body: page, headers };
    },
  );
});
afterAll(() => woo.http.close());

const wooContext = (secret: string | null = CS, cursor: string | null = null, storeUrl = woo.http.base) => localContext({ storeUrl, consumerKey: CK }, secret ? { consumerSecret: secret } : {}, cursor, waits);

describe('WooCommerce orders', () => {
  beforeEach(() => {
    orders = Array.from({ length: 150 }, (_, index) => order(index + 1));
    woo.http.received.length = 0;
  });

  it('sends the keys as basic auth, pages to X-WP-TotalPages sorted by modification, and maps orders', async () => {
    const batches = await pullAll(woocommerceConnector, wooContext());
    const records = recordsOf(batches);
    expect(records).toHaveLength(150);
    expect(woo.http.received.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2']);
    for (const request of woo.http.received) {
      expect(request.headers.authorization).toBe(wooBasic);
      expect(request.url.searchParams.get('per_page')).toBe('100');
      expect(request.url.searchParams.get('orderby')).toBe('modified');
      expect(request.url.searchParams.get('dates_are_gmt')).toBe('true');
    }
    expect(records[0]).toEqual({
      order_id: '1',
      order_number: '1001',
      customer_id: '1',
      email: 'o1@example.com',
      name: 'Ada1 Lovelace',
      city: 'Paris',
      country: 'FR',
      status: 'processing',
      currency: 'EUR',
      total: 1.5,
      payment_method: 'stripe',
      created_at: '2026-02-28T09:00:00',
      updated_at: '2026-03-01T00:01:00',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('woocommerce'));
    expect(batches.map((batch) => batch.cursor)).toEqual(['2026-03-01T01:40:00', '2026-03-01T02:30:00']);
  });

  it('asks for orders modified after the cursor on the next run', async () => {
    orders[4] = order(5, '2026-03-02T08:00:00');
    const batches = await pullAll(woocommerceConnector, wooContext(CS, '2026-03-01T02:30:00'));
    expect(woo.http.received[0]!.url.searchParams.get('modified_after')).toBe('2026-03-01T02:30:00');
    expect(recordsOf(batches).map((record) => record.order_id)).toEqual(['5']);
    expect(batches.at(-1)!.cursor).toBe('2026-03-02T08:00:00');
  });

  it('waits out a 429 as Retry-After says', async () => {
    woo.trouble = [limited({ code: 'woocommerce_rest_too_many_requests', message: 'Too many requests.', data: { status: 429 } })];
    expect(recordsOf(await pullAll(woocommerceConnector, wooContext()))).toHaveLength(150);
    expect(waits).toContain(2_000);
  });

  it("answers invalid keys in WooCommerce's words, and never sends them over plain http to a remote store", async () => {
    await expect(woocommerceConnector.test(wooContext())).resolves.toBeUndefined();
    const refused = await failureOf(woocommerceConnector.test(wooContext('cs_wrong')));
    expect(refused.message).toBe('WooCommerce refused the credentials (401): woocommerce_rest_authentication_error: Consumer secret is invalid.');
    expect(refused.retryable).toBe(false);
    woo.http.received.length = 0;
    const plain = await failureOf(woocommerceConnector.test(wooContext(CS, null, 'http://shop.example.com')));
    expect(plain.message).toMatch(/must start with https:\/\//);
    expect(woo.http.received).toHaveLength(0);
    expect((await failureOf(woocommerceConnector.test(wooContext(null)))).message).toBe('The WooCommerce consumer secret is required (cs_…).');
  });
});

// ---------------------------------------------------------------- BigCommerce
const BC_TOKEN = 'bc0a1b2c3d4e5f6a7b8c9d0e1f2a3b4';
const BC_NO_SCOPE = 'bc-token-without-customers-scope';
const HASH = 'abc123xyz';
const customerOf = (n: number, modified = new Date(Date.UTC(2026, 3, 1, 0, n)).toISOString().replace('.000Z', 'Z')) => ({
  id: n,
  email: `c${n}@example.com`,
  first_name: `Grace${n}`,
  last_name: 'Hopper',
  company: 'Navy',
  phone: '',
  customer_group_id: 0,
  date_created: '2026-03-01T10:00:00Z',
  date_modified: modified,
});
let customers: Array<ReturnType<typeof customerOf>> = [];
let bigcommerce: VendorServer;
const bcType = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';

beforeAll(async () => {
  bigcommerce = await startVendorServer(
    (headers) => {
      if (headers['x-auth-token'] === BC_NO_SCOPE) return { status: 403, body: { status: 403, title: "You don't have a required scope to access the endpoint", type: bcType, errors: {} } };
      return headers['x-auth-token'] === BC_TOKEN ? null : { status: 401, body: { status: 401, title: 'No valid credential was found.', type: bcType, errors: {} } };
    },
    ({ url }) => {
      if (url.pathname !== `/stores/${HASH}/v3/customers`) return { status: 404, body: { status: 404, title: 'Store not found', type: bcType } };
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const min = url.searchParams.get('date_modified:min');
      const list = customers.filter((each) => !min || Date.parse(each.date_modified) >= Date.parse(min)).sort((a, b) => a.date_modified.localeCompare(b.date_modified));
      const current = Number(url.searchParams.get('page') ?? 1);
      const { page } = pageOf(list, (current - 1) * limit, limit);
      const totalPages = Math.max(1, Math.ceil(list.length / limit));
      const pagination = { total: list.length, count: page.length, per_page: limit, current_page: current, total_pages: totalPages, links: { current: `?page=${current}&limit=${limit}` } };
      return { status: 200, body: { data: page, meta: { pagination } } };
    },
  );
});
afterAll(() => bigcommerce.http.close());

const bcContext = (token: string | null = BC_TOKEN, cursor: string | null = null, storeHash = HASH) => localContext({ baseUrl: bigcommerce.http.base, storeHash }, token ? { accessToken: token } : {}, cursor, waits);

describe('BigCommerce customers', () => {
  beforeEach(() => {
    customers = Array.from({ length: 250 * 2 }, (_, index) => customerOf(index + 1));
    bigcommerce.http.received.length = 0;
  });

  it('sends X-Auth-Token, pages to meta.pagination.total_pages, and maps customers', async () => {
    const batches = await pullAll(bigcommerceConnector, bcContext());
    const records = recordsOf(batches);
    expect(records).toHaveLength(500);
    // Two full pages: the body's total_pages ends the read without asking for an empty third.
    expect(bigcommerce.http.received.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2']);
    for (const request of bigcommerce.http.received) {
      expect(request.headers['x-auth-token']).toBe(BC_TOKEN);
      expect(request.headers.accept).toBe('application/json');
      expect(request.url.searchParams.get('limit')).toBe('250');
      expect(request.url.searchParams.get('sort')).toBe('date_modified:asc');
    }
    expect(records[0]).toEqual({
      customer_id: '1',
      email: 'c1@example.com',
      name: 'Grace1 Hopper',
      phone: '',
      company: 'Navy',
      customer_group_id: '0',
      created_at: '2026-03-01T10:00:00Z',
      updated_at: '2026-04-01T00:01:00Z',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('bigcommerce'));
    expect(batches.at(-1)!.cursor).toBe('2026-04-01T08:20:00Z');
  });

  it('asks for customers modified from the cursor on in the next run', async () => {
    customers[9] = customerOf(10, '2026-04-03T00:00:00Z');
    const batches = await pullAll(bigcommerceConnector, bcContext(BC_TOKEN, '2026-04-01T08:20:00Z'));
    expect(bigcommerce.http.received[0]!.url.searchParams.get('date_modified:min')).toBe('2026-04-01T08:20:00Z');
    expect(recordsOf(batches).map((record) => record.customer_id)).toEqual(['500', '10']);
    expect(batches.at(-1)!.cursor).toBe('2026-04-03T00:00:00Z');
  });

  it('waits out a 429 as Retry-After says', async () => {
    bigcommerce.trouble = [limited({ status: 429, title: 'Too many requests', type: bcType })];
    expect(recordsOf(await pullAll(bigcommerceConnector, bcContext()))).toHaveLength(500);
    expect(waits).toContain(2_000);
  });

  it("answers an invalid token or a missing scope in BigCommerce's words, and a bad store hash by its setting", async () => {
    await expect(bigcommerceConnector.test(bcContext())).resolves.toBeUndefined();
    const invalid = await failureOf(bigcommerceConnector.test(bcContext('wrong')));
    expect(invalid.message).toBe('BigCommerce refused the credentials (401): No valid credential was found.');
    expect(invalid.retryable).toBe(false);
    expect((await failureOf(pullAll(bigcommerceConnector, bcContext(BC_NO_SCOPE)))).message).toBe("BigCommerce denied access (403): You don't have a required scope to access the endpoint");
    expect((await failureOf(bigcommerceConnector.test(bcContext(BC_TOKEN, null, '../other')))).message).toMatch(/^The store hash may hold only letters/);
  });

  it('stops a page-numbered read at the page count the body gives, even on a full page', async () => {
    customers = customers.slice(0, 250);
    await pullAll(bigcommerceConnector, bcContext());
    expect(bigcommerce.http.received).toHaveLength(1);
    // Without total_pages_path a full page says nothing of the end: the engine asks for one more.
    const retriever = BIGCOMMERCE_MANIFEST.streams[0].retriever;
    const paginator = retriever.paginator as DefaultPaginator;
    const withoutTotal = manifestConnector({
      ...BIGCOMMERCE_MANIFEST,
      streams: [{ ...BIGCOMMERCE_MANIFEST.streams[0], retriever: { ...retriever, paginator: { ...paginator, pagination_strategy: { type: 'PageIncrement', page_size: 250, inject_on_first_request: true } } } }],
    });
    bigcommerce.http.received.length = 0;
    expect(recordsOf(await pullAll(withoutTotal, bcContext()))).toHaveLength(250);
    expect(bigcommerce.http.received.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});

// ---------------------------------------------------------------- PayPal
const PP_ID = 'AYSq3RDGsmBLJE-otTkBtM-jBRd1TCQwFf9RGfwddNXWz0uFU9ztymylOhRS';
const PP_SECRET = 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL';
const PP_TOKEN = 'A21AAFEpH4PsADK7qSS7pSRsgzfENtu-Q1ysgEDVDESseMHBYXVJYE8ovjj68elIDy8nF26AwPhfXTIeWAZHSLIsQkSYz9ifg';
const DAY = 86_400_000;
interface Txn {
  transaction_info: Record<string, unknown>;
  payer_info: Record<string, unknown>;
}
/** A transaction as Transaction Search answers it with fields=all (dates with a +0000 offset, amounts as text). */
const txn = (n: number, at: string): Txn => ({
  transaction_info: {
    paypal_account_id: 'EEHJK8JGMTJTN',
    transaction_id: `5TY0${String(n).padStart(5, '0')}`,
    transaction_event_code: 'T0006',
    transaction_initiation_date: at.replace('Z', '+0000'),
    transaction_updated_date: at.replace('Z', '+0000'),
    transaction_amount: { currency_code: 'USD', value: `${n}.25` },
    fee_amount: { currency_code: 'USD', value: '-0.64' },
    transaction_status: 'S',
    invoice_id: `INV-${n}`,
  },
  payer_info: { account_id: `PAYER${n}`, email_address: `payer${n}@example.com`, payer_name: n % 2 ? { given_name: 'Ada', surname: `L${n}` } : { alternate_full_name: `Grace H${n}` }, country_code: 'US' },
});
let transactions: Txn[] = [];
let paypal: VendorServer;
const ppError = (name: string, message: string, details: unknown[] = []) => ({ name, message, debug_id: '90957fca61718', details, links: [] });

function paypalRoute({ url, method, headers, body }: { url: URL; method: string; headers: Record<string, unknown>; body: string }): Answer {
  if (url.pathname === '/v1/oauth2/token') {
    if (method !== 'POST' || new URLSearchParams(body).get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    if (headers.authorization !== `Basic ${Buffer.from(`${PP_ID}:${PP_SECRET}`).toString('base64')}`) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    return { status: 200, body: { scope: 'https://uri.paypal.com/services/reporting/search/read', access_token: PP_TOKEN, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: 'n' } };
  }
  if (headers.authorization !== `Bearer ${PP_TOKEN}`) return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
  if (url.pathname !== '/v1/reporting/transactions') return { status: 404, body: ppError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.') };
  const start = Date.parse(url.searchParams.get('start_date') ?? '');
  const end = Date.parse(url.searchParams.get('end_date') ?? '');
  if (Number.isNaN(start) || Number.isNaN(end)) return { status: 400, body: ppError('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field: 'start_date', issue: 'start_date is required' }]) };
  if (end - start > 31 * DAY) return { status: 400, body: ppError('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field: 'end_date', issue: 'Date range is greater than 31 days' }]) };
  const size = Number(url.searchParams.get('page_size') ?? 100);
  const current = Number(url.searchParams.get('page') ?? 1);
  const list = transactions.filter((each) => {
    const at = Date.parse(String(each.transaction_info.transaction_initiation_date).replace('+0000', 'Z'));
    return at >= start && at <= end;
  });
  const { page } = pageOf(list, (current - 1) * size, size);
  const fieldsAll = url.searchParams.get('fields') === 'all';
  const details = fieldsAll ? page : page.map((each) => ({ transaction_info: each.transaction_info }));
  return { status: 200, body: { transaction_details: details, account_number: 'EEHJK8JGMTJTN', start_date: url.searchParams.get('start_date'), end_date: url.searchParams.get('end_date'), last_refreshed_datetime: '2026-03-14T23:59:59+0000', page: current, total_items: list.length, total_pages: Math.max(1, Math.ceil(list.length / size)), links: [] } };
}

beforeAll(async () => {
  paypal = await startVendorServer(() => null, (received) => paypalRoute({ ...received, headers: received.headers as Record<string, unknown> }));
});
afterAll(() => paypal.http.close());

const paypalContext = (secret = PP_SECRET, cursor: string | null = null, startDate = '2026-01-01') =>
  localContext({ baseUrl: paypal.http.base, clientId: PP_ID, startDate }, { clientSecret: secret }, cursor, waits);
const transactionCalls = () => paypal.http.received.filter((request) => request.url.pathname === '/v1/reporting/transactions');

describe('PayPal transactions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T00:00:00Z'));
    // 501 in January (two pages of 500), and one in March.
    transactions = Array.from({ length: 501 }, (_, index) => txn(index + 1, new Date(Date.UTC(2026, 0, 10, 0, index)).toISOString().replace('.000Z', 'Z')));
    transactions.push(txn(900, '2026-03-10T12:00:00Z'));
    paypal.http.received.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('gets a token with the client id and secret as basic auth, reads 31-day windows to now, and pages each to total_pages', async () => {
    const batches = await pullAll(paypalConnector, paypalContext());
    const records = recordsOf(batches);
    expect(records).toHaveLength(502);
    const token = paypal.http.received[0]!;
    expect(token.url.pathname).toBe('/v1/oauth2/token');
    expect(new URLSearchParams(token.body).get('grant_type')).toBe('client_credentials');
    expect(token.body).not.toContain(PP_SECRET);
    const calls = transactionCalls();
    expect(calls.map((request) => [request.url.searchParams.get('start_date'), request.url.searchParams.get('end_date'), request.url.searchParams.get('page')])).toEqual([
      ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '1'],
      ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2'],
      ['2026-02-01T00:00:00Z', '2026-03-04T00:00:00Z', '1'],
      ['2026-03-04T00:00:00Z', '2026-03-15T00:00:00Z', '1'],
    ]);
    for (const request of calls) {
      expect(request.headers.authorization).toBe(`Bearer ${PP_TOKEN}`);
      expect(request.url.searchParams.get('fields')).toBe('all');
      expect(request.url.searchParams.get('page_size')).toBe('500');
    }
    expect(records[1]).toEqual({
      transaction_id: '5TY000002',
      payer_id: 'PAYER2',
      payer_email: 'payer2@example.com',
      payer_name: 'Grace H2',
      event_code: 'T0006',
      status: 'S',
      initiated_at: '2026-01-10T00:01:00+0000',
      updated_at: '2026-01-10T00:01:00+0000',
      amount: 2.25,
      currency: 'USD',
      fee: -0.64,
      invoice_id: 'INV-2',
    });
    expect(records[0]!.payer_name).toBe('Ada L1');
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('paypal'));
    // The cursor moves to a window's end once its last page is read.
    expect(batches.map((batch) => batch.cursor)).toEqual([null, '2026-02-01T00:00:00Z', '2026-03-04T00:00:00Z', '2026-03-15T00:00:00Z']);
  });

  it('reads from the cursor less three hours on the next run', async () => {
    vi.setSystemTime(new Date('2026-03-20T00:00:00Z'));
    transactions.push(txn(901, '2026-03-14T22:30:00Z'), txn(902, '2026-03-18T08:00:00Z'));
    const batches = await pullAll(paypalConnector, paypalContext(PP_SECRET, '2026-03-15T00:00:00Z'));
    expect(transactionCalls().map((request) => [request.url.searchParams.get('start_date'), request.url.searchParams.get('end_date')])).toEqual([['2026-03-14T21:00:00Z', '2026-03-20T00:00:00Z']]);
    expect(recordsOf(batches).map((record) => record.transaction_id)).toEqual(['5TY000901', '5TY000902']);
    expect(batches.at(-1)!.cursor).toBe('2026-03-20T00:00:00Z');
  });

  it('tests the credentials on the last window, and waits out a 429 as Retry-After says', async () => {
    await expect(paypalConnector.test(paypalContext())).resolves.toBeUndefined();
    expect(transactionCalls()[0]!.url.searchParams.get('start_date')).toBe('2026-02-12T00:00:00Z');
    paypal.trouble = [limited(ppError('RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'))];
    expect(recordsOf(await pullAll(paypalConnector, paypalContext()))).toHaveLength(502);
    expect(waits).toContain(2_000);
  });

  it("answers a wrong secret in PayPal's words, and a bad first sync date by its setting", async () => {
    const refused = await failureOf(paypalConnector.test(paypalContext('wrong-secret')));
    expect(refused.message).toBe('PayPal refused the credentials (401): invalid_client: Client Authentication failed');
    expect(refused.retryable).toBe(false);
    expect((await failureOf(pullAll(paypalConnector, paypalContext(PP_SECRET, null, 'last spring')))).message).toBe('The first sync start "last spring" is not a date (2024-01-31) or a duration (P365D).');
  });
});

// ---------------------------------------------------------------- through the product
describe('commerce sources in the product', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  it('registers each vendor with its secrets as password settings', () => {
    for (const [id, connector, secret] of [
      ['pipedrive', pipedriveConnector, 'apiToken'],
      ['square', squareConnector, 'accessToken'],
      ['woocommerce', woocommerceConnector, 'consumerSecret'],
      ['bigcommerce', bigcommerceConnector, 'accessToken'],
      ['paypal', paypalConnector, 'clientSecret'],
    ] as const) {
      expect(connectorFor(id)).toBe(connector);
      expect(connectorDefinition(id)?.settings.find((setting) => setting.name === secret)).toMatchObject({ secret: true, required: true, input: 'password' });
    }
  });

  it('connects Pipedrive, tests the token and syncs persons into the unified model', async () => {
    const w = world();
    persons = [person(301, '2026-02-01T08:00:00Z'), person(302, '2026-02-02T08:00:00Z', { emails: [{ value: 'Grace@Example.com', primary: true, label: 'work' }] })];
    const refused = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'pipedrive', settings: { baseUrl: pipedrive.http.base, apiToken: 'revoked' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('unauthorized access');
    const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'pipedrive', settings: { baseUrl: pipedrive.http.base, apiToken: PD_TOKEN } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);

    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'pipedrive', settings: { baseUrl: pipedrive.http.base, apiToken: PD_TOKEN } });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(JSON.stringify(connected.body)).not.toContain(PD_TOKEN);
    const id = connected.body.id as string;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: pino({ level: 'silent' }), workerId: 'pipedrive-test', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined } });
    expect(await worker.runDue()).toBe(1);

    const stored = await w.em().find(DataRecord, { sourceId: id }, { orderBy: { recordKey: 'asc' } });
    expect(stored.map((record) => record.recordKey)).toEqual(['301', '302']);
    expect(stored[1]!.unified).toMatchObject({ email: 'grace@example.com', name: 'Person 302', phone: '+3360000000302' });
    expect((await w.em().findOneOrFail(DataSource, id)).records).toBe(2);
  });
});
