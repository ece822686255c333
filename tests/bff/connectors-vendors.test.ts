/**
 * The vendor connectors (Google Analytics, Salesforce, Stripe, Calendly, Mailchimp) against local
 * servers that play the vendor: same paths, auth, paging and error formats as the vendors document.
 * Each fake serves small pages so that paging to the end takes several requests.
 */
import { createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataRecord, DataSource } from '../../bff/entities';
import { createConnectorFetch } from '../../bff/modules/connectors/http';
import { storeSourceRecords } from '../../bff/modules/dataSources/records/storeRecords';
import type { ConnectorBatch, ConnectorContext } from '../../bff/modules/connectors/types';
import { calendlyConnector } from '../../bff/modules/connectors/vendors/calendly';
import { gaTimestamp, googleAnalyticsConnector, lastFullDay } from '../../bff/modules/connectors/vendors/googleAnalytics';
import { MAILCHIMP_FIELDS, mailchimpBaseUrl, mailchimpConnector } from '../../bff/modules/connectors/vendors/mailchimp';
import { contactsQuery, salesforceConnector } from '../../bff/modules/connectors/vendors/salesforce';
import { majorUnits, stripeConnector } from '../../bff/modules/connectors/vendors/stripe';
import { BUILT_IN_FIELD_SETS, builtInMapping } from '@domain/data/catalogue';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { startHttpServer, type ReceivedRequest } from './support/localServers';
import { useWorld } from './support/world';
import { failureOf, pullAll, recordsOf } from './support/connectors';

const silent = pino({ level: 'silent' });

interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A local server answering with `handler`; keeps every request it received. */
function vendorServer(handler: (request: ReceivedRequest) => Answer) {
  return startHttpServer((_request, response, received) => {
    const answer = handler(received);
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    response.end(text);
  });
}

type Fake = Awaited<ReturnType<typeof vendorServer>>;

/** Waits the guarded fetch asked for (instead of sleeping them). */
let waits: number[] = [];

function contextFor(settings: Record<string, string | boolean>, secrets: Record<string, string>, cursor: string | null = null): ConnectorContext {
  return {
    settings,
    secrets,
    cursor,
    fetch: createConnectorFetch({
      allowPrivate: true,
      timeoutMs: 5_000,
      maxRetries: 2,
      retryBaseMs: 10,
      sleep: async (ms) => {
        waits.push(ms);
      },
    }),
    signal: new AbortController().signal,
    logger: silent,
    allowPrivate: true,
  };
}

const lastCursor = (batches: ConnectorBatch[]) => batches[batches.length - 1]?.cursor ?? null;

/** The field names a connector yields are the catalogue's built-in ones (plus the key when the set has none). */
function expectFieldSet(catalogueId: string, record: Record<string, unknown>, extra: string[] = []) {
  const known = new Set([...(BUILT_IN_FIELD_SETS[catalogueId] ?? []).map((field) => field.name), ...extra]);
  for (const field of Object.keys(record)) expect(known, `${catalogueId} field ${field}`).toContain(field);
}

afterEach(() => {
  waits = [];
});

describe('connector settings', () => {
  it('defines each vendor connector with a secret and a base URL', () => {
    for (const id of ['google-analytics', 'salesforce', 'stripe', 'calendly', 'mailchimp']) {
      const definition = connectorDefinition(id);
      expect(definition?.kind, id).toBe('vendor');
      expect(definition?.settings.some((setting) => setting.secret && setting.input === 'password'), id).toBe(true);
      expect(definition?.settings.some((setting) => setting.name === 'baseUrl' || setting.name === 'instanceUrl'), id).toBe(true);
    }
  });
});

// --- Stripe ---------------------------------------------------------------------------------

describe('Stripe charges', () => {
  const KEY = 'sk_test_good';
  let charges: Array<Record<string, unknown>>;
  /** Statuses to answer before the real answer (429, 500…). */
  let trouble: Answer[] = [];
  let fake: Fake;

  const charge = (id: string, created: number, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'charge',
    amount: 1999,
    amount_refunded: 0,
    currency: 'usd',
    created,
    customer: `cus_${id}`,
    status: 'succeeded',
    refunded: false,
    receipt_email: null,
    billing_details: { email: `${id}@example.com` },
    ...extra,
  });

  beforeAll(async () => {
    fake = await vendorServer(({ url, headers }) => {
      if (trouble.length) return trouble.shift()!;
      if (headers.authorization !== `Bearer ${KEY}`) {
        return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****oops' } } };
      }
      if (url.pathname !== '/v1/charges') return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
      // Newest first, as Stripe lists them; pages of at most 2 whatever the limit.
      const gte = url.searchParams.get('created[gte]');
      let list = [...charges].sort((a, b) => (b.created as number) - (a.created as number));
      if (gte) list = list.filter((each) => (each.created as number) >= Number(gte));
      const after = url.searchParams.get('starting_after');
      if (after) list = list.slice(list.findIndex((each) => each.id === after) + 1);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 2);
      return { body: { object: 'list', url: '/v1/charges', has_more: list.length > limit, data: list.slice(0, limit) } };
    });
  });
  afterAll(() => fake.close());

  const context = (cursor: string | null = null, key = KEY) => contextFor({ baseUrl: fake.base }, { apiKey: key }, cursor);

  it('pages to the end and maps charges to the Stripe field set', async () => {
    charges = [
      charge('ch_1', 1_700_000_000),
      charge('ch_2', 1_700_000_100, { billing_details: { email: null }, receipt_email: 'receipt@example.com' }),
      charge('ch_3', 1_700_000_200, { status: 'failed' }),
      charge('ch_4', 1_700_000_300, { currency: 'jpy', amount: 500 }),
      charge('ch_5', 1_700_000_400, { refunded: true, amount_refunded: 1999 }),
    ];
    fake.received.length = 0;
    const batches = await pullAll(stripeConnector, context());
    const records = recordsOf(batches);
    expect(records.map((record) => record.charge_id).sort()).toEqual(['ch_1', 'ch_2', 'ch_3', 'ch_4', 'ch_5']);
    expect(fake.received).toHaveLength(3);
    expect(fake.received[1].url.searchParams.get('starting_after')).toBe('ch_4');
    const byId = new Map(records.map((record) => [record.charge_id, record]));
    expect(byId.get('ch_1')).toEqual({
      customer: 'cus_ch_1',
      customer_email: 'ch_1@example.com',
      charge_id: 'ch_1',
      type: 'charge.succeeded',
      created: new Date(1_700_000_000_000).toISOString(),
      amount: 19.99,
      currency: 'USD',
      amount_refunded: 0,
    });
    expect(byId.get('ch_2')?.customer_email).toBe('receipt@example.com');
    expect(byId.get('ch_3')?.type).toBe('charge.failed');
    expect(byId.get('ch_4')?.amount).toBe(500);
    expect(byId.get('ch_5')).toMatchObject({ type: 'charge.refunded', amount_refunded: 19.99 });
    expectFieldSet('stripe', records[0]);
    expect(lastCursor(batches)).toBe('1700000400');
    expect(stripeConnector.keyField).toBe('charge_id');
  });

  it('reads only charges from the newest creation second on in the next run (same-second charges kept)', async () => {
    charges.push(charge('ch_6', 1_700_000_400), charge('ch_7', 1_700_000_500));
    fake.received.length = 0;
    const batches = await pullAll(stripeConnector, context('1700000400'));
    expect(fake.received[0].url.searchParams.get('created[gte]')).toBe('1700000400');
    // ch_5 comes again (same second as the cursor) and is updated by its key; ch_1…ch_4 do not.
    expect(recordsOf(batches).map((record) => record.charge_id).sort()).toEqual(['ch_5', 'ch_6', 'ch_7']);
    expect(lastCursor(batches)).toBe('1700000500');
  });

  it("maps Stripe's error to its message and checks the key in test()", async () => {
    const refused = await failureOf(pullAll(stripeConnector, context(null, 'sk_test_bad')));
    expect(refused.message).toBe('Stripe refused the credentials (401): Invalid API Key provided: sk_test_****oops');
    expect(refused.retryable).toBe(false);
    expect(refused.message).not.toContain('sk_test_bad');
    await expect(stripeConnector.test(context())).resolves.toBeUndefined();
    expect((await failureOf(stripeConnector.test(context(null, 'sk_test_bad')))).message).toContain('Invalid API Key provided');
    expect((await failureOf(stripeConnector.test(contextFor({ baseUrl: fake.base }, {})))).message).toBe('The Stripe secret key is required.');
  });

  it('accepts the older apiKey field and refuses a base URL that is not http(s)', async () => {
    await expect(stripeConnector.test(contextFor({ baseUrl: `${fake.base}/` }, { apiKey: KEY }))).resolves.toBeUndefined();
    expect((await failureOf(stripeConnector.test(contextFor({ baseUrl: 'ftp://example.com' }, { apiKey: KEY })))).message).toContain('https://');
  });

  it('waits as long as a 429 Retry-After asks, then goes on', async () => {
    charges = [charge('ch_1', 1_700_000_000)];
    trouble = [{ status: 429, headers: { 'retry-after': '2' }, body: { error: { type: 'rate_limit_error', message: 'Too many requests' } } }];
    const records = recordsOf(await pullAll(stripeConnector, context()));
    expect(records.map((record) => record.charge_id)).toEqual(['ch_1']);
    expect(waits).toEqual([2_000]);
  });

  it('tries a 500 again with backoff, and fails retryably when it persists', async () => {
    trouble = [{ status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } }];
    expect(recordsOf(await pullAll(stripeConnector, context()))).toHaveLength(1);
    expect(waits).toEqual([10]);
    trouble = [500, 502, 503].map((status) => ({ status, body: { error: { type: 'api_error', message: 'down' } } }));
    const down = await failureOf(pullAll(stripeConnector, context()));
    expect(down.retryable).toBe(true);
    trouble = [];
  });

  it('converts minor units by the currency', () => {
    expect(majorUnits(1999, 'usd')).toBe(19.99);
    expect(majorUnits(1999, 'JPY')).toBe(1999);
    expect(majorUnits(12_340, 'kwd')).toBe(12.34);
  });
});

// --- Salesforce -----------------------------------------------------------------------------

describe('Salesforce contacts', () => {
  const TOKEN = '00Dxx!good';
  let contacts: Array<Record<string, unknown>>;
  const pages = new Map<string, Array<Record<string, unknown>>>();
  let foreignNext = false;
  let fake: Fake;

  const contact = (id: string, modstamp: string) => ({
    attributes: { type: 'Contact', url: `/services/data/v60.0/sobjects/Contact/${id}` },
    Id: id,
    Email: `${id.toLowerCase()}@example.com`,
    Name: `Contact ${id}`,
    Phone: '+1 555 0100',
    Account: { attributes: { type: 'Account', url: '/services/data/v60.0/sobjects/Account/001' }, Name: 'Acme' },
    LeadSource: 'Web',
    MailingCity: 'Paris',
    CreatedDate: '2024-01-01T10:00:00.000+0000',
    HasOptedOutOfEmail: false,
    SystemModstamp: modstamp,
  });

  /** The answer for `rest` records: two now, the rest behind a nextRecordsUrl. */
  function answer(rest: Array<Record<string, unknown>>, total: number) {
    const now = rest.slice(0, 2);
    const later = rest.slice(2);
    if (!later.length) return { body: { totalSize: total, done: true, records: now } };
    const locator = `01gD0000002HU6KIAW-${pages.size + 1}`;
    pages.set(locator, later);
    const nextRecordsUrl = foreignNext ? 'http://evil.example.com/steal' : `/services/data/v60.0/query/${locator}`;
    return { body: { totalSize: total, done: false, nextRecordsUrl, records: now } };
  }

  beforeAll(async () => {
    fake = await vendorServer(({ url, headers, body }) => {
      if (url.pathname === '/services/oauth2/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'client_credentials' && form.get('client_id') === 'cid' && form.get('client_secret') === 'csecret') {
          return { body: { access_token: TOKEN, instance_url: fake.base, token_type: 'Bearer', issued_at: '1700000000000' } };
        }
        return { status: 400, body: { error: 'invalid_client', error_description: 'invalid client credentials' } };
      }
      if (headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] };
      const locator = /^\/services\/data\/v60\.0\/query\/(.+)$/.exec(url.pathname)?.[1];
      if (locator) {
        const rest = pages.get(locator);
        return rest ? answer(rest, rest.length) : { status: 400, body: [{ message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' }] };
      }
      if (url.pathname !== '/services/data/v60.0/query') return { status: 404, body: [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }] };
      const soql = url.searchParams.get('q') ?? '';
      if (!/^SELECT .+ FROM Contact/.test(soql)) return { status: 400, body: [{ message: "unexpected token: 'FORM'", errorCode: 'MALFORMED_QUERY' }] };
      if (/LIMIT 1$/.test(soql)) return { body: { totalSize: 1, done: true, records: contacts.slice(0, 1) } };
      const since = /WHERE SystemModstamp >= (\S+)/.exec(soql)?.[1];
      const list = contacts.filter((each) => !since || Date.parse(each.SystemModstamp as string) >= Date.parse(since));
      return answer(list, list.length);
    });
  });
  afterAll(() => fake.close());

  const context = (cursor: string | null = null, token = TOKEN) => contextFor({ instanceUrl: fake.base }, { accessToken: token }, cursor);

  it('follows nextRecordsUrl to the end and maps contacts to the Salesforce field set', async () => {
    contacts = [
      contact('003A', '2024-02-01T10:00:00.000+0000'),
      contact('003B', '2024-02-02T10:00:00.000+0000'),
      contact('003C', '2024-02-03T10:00:00.000+0000'),
      contact('003D', '2024-02-04T10:00:00.000+0000'),
      contact('003E', '2024-02-05T10:00:00.000+0000'),
    ];
    fake.received.length = 0;
    const batches = await pullAll(salesforceConnector, context());
    const records = recordsOf(batches);
    expect(records.map((record) => record.contact_id)).toEqual(['003A', '003B', '003C', '003D', '003E']);
    expect(fake.received).toHaveLength(3);
    expect(fake.received[0].url.searchParams.get('q')).toBe(
      'SELECT Id, Email, Name, Phone, Account.Name, LeadSource, MailingCity, CreatedDate, HasOptedOutOfEmail, SystemModstamp FROM Contact ORDER BY SystemModstamp ASC',
    );
    expect(records[0]).toEqual({
      contact_id: '003A',
      email: '003a@example.com',
      full_name: 'Contact 003A',
      phone: '+1 555 0100',
      account_name: 'Acme',
      lead_source: 'Web',
      mailing_city: 'Paris',
      created_date: '2024-01-01T10:00:00.000+0000',
      has_opted_out_of_email: false,
    });
    expectFieldSet('salesforce', records[0]);
    expect(lastCursor(batches)).toBe('2024-02-05T10:00:00.000Z');
  });

  it('reads only contacts changed from the newest change on in the next run', async () => {
    contacts.push(contact('003F', '2024-03-01T10:00:00.000+0000'));
    fake.received.length = 0;
    const batches = await pullAll(salesforceConnector, context('2024-02-05T10:00:00.000Z'));
    expect(fake.received[0].url.searchParams.get('q')).toContain('WHERE SystemModstamp >= 2024-02-05T10:00:00Z ORDER BY SystemModstamp ASC');
    expect(recordsOf(batches).map((record) => record.contact_id)).toEqual(['003E', '003F']);
    expect(lastCursor(batches)).toBe('2024-03-01T10:00:00.000Z');
    // A cursor that is not a date starts over rather than sending it into the query.
    expect(contactsQuery("'; DROP")).not.toContain('WHERE');
  });

  it("maps Salesforce's error array to its message and checks the token in test()", async () => {
    const refused = await failureOf(pullAll(salesforceConnector, context(null, 'expired')));
    expect(refused.message).toBe('Salesforce refused the credentials (401): INVALID_SESSION_ID: Session expired or invalid');
    expect(refused.retryable).toBe(false);
    await expect(salesforceConnector.test(context())).resolves.toBeUndefined();
    expect((await failureOf(salesforceConnector.test(context(null, 'expired')))).message).toContain('INVALID_SESSION_ID');
    expect((await failureOf(salesforceConnector.test(contextFor({}, { accessToken: TOKEN })))).message).toContain('instance URL');
  });

  it("gets a token with the connected app's client credentials", async () => {
    const app = (secret: string) => contextFor({ instanceUrl: fake.base, clientId: 'cid' }, { clientSecret: secret });
    fake.received.length = 0;
    expect(recordsOf(await pullAll(salesforceConnector, app('csecret')))).toHaveLength(contacts.length);
    expect(fake.received[0].url.pathname).toBe('/services/oauth2/token');
    expect(fake.received.filter((each) => each.url.pathname === '/services/oauth2/token')).toHaveLength(1);
    const refused = await failureOf(salesforceConnector.test(app('wrong')));
    expect(refused.message).toBe('Salesforce refused the request (400): invalid_client: invalid client credentials');
    expect(refused.message).not.toContain('wrong');
    expect((await failureOf(salesforceConnector.test(contextFor({ instanceUrl: fake.base }, {})))).message).toContain('access token');
  });

  it('refuses a next page on another host (the token would go with it)', async () => {
    foreignNext = true;
    try {
      expect((await failureOf(pullAll(salesforceConnector, context()))).message).toContain('another host');
    } finally {
      foreignNext = false;
    }
  });
});

// --- Google Analytics -----------------------------------------------------------------------

describe('Google Analytics runReport', () => {
  const TOKEN = 'ya29.good';
  const TIME_ZONE = 'America/New_York';
  const today = lastFullDay(Date.now() + 86_400_000, TIME_ZONE);
  const yesterday = lastFullDay(Date.now(), TIME_ZONE);
  const dayBefore = lastFullDay(Date.now() - 86_400_000, TIME_ZONE);
  const compact = (date: string) => date.replaceAll('-', '');
  let rows: Array<{ date: string; minute: string; event: string; page: string }>;
  let fake: Fake;

  const SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
  const serviceAccount = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const serviceAccountKey = (privateKey = serviceAccount.privateKey) =>
    JSON.stringify({ type: 'service_account', client_email: 'sync@project.iam.gserviceaccount.com', private_key: privateKey, token_uri: `${fake.base}/token` });
  const DIMENSIONS = ['dateHourMinute', 'eventName', 'pageLocation', 'deviceCategory', 'sessionSource', 'sessionMedium', 'sessionCampaignName'];
  const METRICS = ['sessions', 'screenPageViews', 'userEngagementDuration', 'purchaseRevenue'];

  beforeAll(async () => {
    fake = await vendorServer(({ url, headers, body, method }) => {
      if (url.pathname === '/token') {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        const [header, claims, signature] = assertion.split('.');
        const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(serviceAccount.publicKey, signature ?? '', 'base64url');
        const claimed = valid ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>) : {};
        if (!valid || claimed.iss !== 'sync@project.iam.gserviceaccount.com' || claimed.aud !== `${fake.base}/token` || claimed.scope !== SCOPE) {
          return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
        }
        return { body: { access_token: TOKEN, expires_in: 3599, token_type: 'Bearer' } };
      }
      if (headers.authorization !== `Bearer ${TOKEN}`) {
        return {
          status: 401,
          body: { error: { code: 401, message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.', status: 'UNAUTHENTICATED' } },
        };
      }
      if (method !== 'POST' || url.pathname !== '/v1beta/properties/123456:runReport') {
        return { status: 403, body: { error: { code: 403, message: 'User does not have sufficient permissions for this property.', status: 'PERMISSION_DENIED' } } };
      }
      const request = JSON.parse(body) as { dateRanges: Array<{ startDate: string }>; offset?: number; limit?: number; dimensions?: Array<{ name: string }> };
      const start = request.dateRanges[0].startDate;
      const matching = rows.filter((row) => !/^\d{4}-\d{2}-\d{2}$/.test(start) || row.date >= start);
      const offset = request.offset ?? 0;
      const page = matching.slice(offset, offset + Math.min(request.limit ?? 10_000, 2));
      const dimensions = (request.dimensions ?? []).map((each) => each.name);
      return {
        body: {
          dimensionHeaders: dimensions.map((name) => ({ name })),
          metricHeaders: METRICS.map((name) => ({ name, type: 'TYPE_INTEGER' })),
          // An empty report has no rows at all.
          ...(page.length
            ? {
                rows: page.map((row) => ({
                  dimensionValues: [compact(row.date) + row.minute, row.event, row.page, 'desktop', 'google', 'cpc', 'spring'].map((value) => ({ value })),
                  metricValues: ['1', '3', '42', row.event === 'purchase' ? '19.5' : '0'].map((value) => ({ value })),
                })),
              }
            : {}),
          rowCount: matching.length,
          metadata: { currencyCode: 'USD', timeZone: TIME_ZONE },
          kind: 'analyticsData#runReport',
        },
      };
    });
  });
  afterAll(() => fake.close());

  const context = (cursor: string | null = null, token = TOKEN) => contextFor({ baseUrl: fake.base, propertyId: '123456' }, { accessToken: token }, cursor);

  it('pages by offset up to rowCount and maps rows to the Google Analytics field set', async () => {
    rows = [
      { date: dayBefore, minute: '0930', event: 'page_view', page: 'https://shop.example.com/' },
      { date: dayBefore, minute: '0931', event: 'purchase', page: 'https://shop.example.com/checkout' },
      { date: yesterday, minute: '1200', event: 'page_view', page: 'https://shop.example.com/' },
      { date: yesterday, minute: '1201', event: 'page_view', page: 'https://shop.example.com/a' },
      { date: today, minute: '0000', event: 'page_view', page: 'https://shop.example.com/b' },
    ];
    fake.received.length = 0;
    const batches = await pullAll(googleAnalyticsConnector, context());
    const records = recordsOf(batches);
    expect(records).toHaveLength(5);
    expect(fake.received.map((each) => (JSON.parse(each.body) as { offset: number }).offset)).toEqual([0, 2, 4]);
    const first = JSON.parse(fake.received[0].body) as { dateRanges: unknown; dimensions: unknown; metrics: unknown };
    expect(first.dateRanges).toEqual([{ startDate: '30daysAgo', endDate: 'today' }]);
    expect(first.dimensions).toEqual(DIMENSIONS.map((name) => ({ name })));
    expect(first.metrics).toEqual(METRICS.map((name) => ({ name })));
    const purchase = records[1];
    expect(purchase).toMatchObject({
      event_name: 'purchase',
      event_timestamp: gaTimestamp(`${compact(dayBefore)}0931`, TIME_ZONE),
      page_location: 'https://shop.example.com/checkout',
      device_category: 'desktop',
      session_source: 'google',
      session_medium: 'cpc',
      session_campaign: 'spring',
      sessions: 1,
      page_views: 3,
      engagement_time: 42,
      purchase_revenue: 19.5,
    });
    expectFieldSet('google-analytics', purchase, ['row_key']);
    expect(new Set(records.map((record) => record.row_key)).size).toBe(5);
    expect(lastCursor(batches)).toBe(yesterday);
  });

  it('asks again from the last full day in the next run, with the same keys for the same rows', async () => {
    const before = recordsOf(await pullAll(googleAnalyticsConnector, context()));
    rows.push({ date: today, minute: '0100', event: 'page_view', page: 'https://shop.example.com/c' });
    fake.received.length = 0;
    const records = recordsOf(await pullAll(googleAnalyticsConnector, context(yesterday)));
    expect((JSON.parse(fake.received[0].body) as { dateRanges: unknown }).dateRanges).toEqual([{ startDate: yesterday, endDate: 'today' }]);
    expect(records).toHaveLength(4);
    const earlierKeys = new Set(before.map((record) => record.row_key));
    expect(records.filter((record) => !earlierKeys.has(record.row_key)).map((record) => record.page_location)).toEqual(['https://shop.example.com/c']);
  });

  it("maps Google's error to its message and checks the token in test()", async () => {
    const refused = await failureOf(pullAll(googleAnalyticsConnector, context(null, 'ya29.expired')));
    expect(refused.message).toBe(
      'Google Analytics refused the credentials (401): UNAUTHENTICATED: Request had invalid authentication credentials. Expected OAuth 2 access token.',
    );
    expect(refused.retryable).toBe(false);
    await expect(googleAnalyticsConnector.test(context())).resolves.toBeUndefined();
    const otherProperty = contextFor({ baseUrl: fake.base, propertyId: '999' }, { accessToken: TOKEN });
    expect((await failureOf(googleAnalyticsConnector.test(otherProperty))).message).toContain('PERMISSION_DENIED');
    const badProperty = contextFor({ baseUrl: fake.base, propertyId: '../x' }, { accessToken: TOKEN });
    expect((await failureOf(googleAnalyticsConnector.test(badProperty))).message).toContain('property id is a number');
  });

  it("signs in with a service account key (JWT bearer grant) and reports Google's token error", async () => {
    const withKey = (key: string) => contextFor({ baseUrl: fake.base, propertyId: '123456' }, { serviceAccountKey: key });
    fake.received.length = 0;
    expect(recordsOf(await pullAll(googleAnalyticsConnector, withKey(serviceAccountKey())))).toHaveLength(rows.length);
    expect(fake.received[0].url.pathname).toBe('/token');
    expect(new URLSearchParams(fake.received[0].body).get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const refused = await failureOf(googleAnalyticsConnector.test(withKey(serviceAccountKey(otherKey.privateKey))));
    expect(refused.message).toBe('Google Analytics refused the request (400): invalid_grant: Invalid JWT Signature.');
    expect((await failureOf(googleAnalyticsConnector.test(withKey('{"client_email": "x"}')))).message).toContain('private_key');
    expect((await failureOf(googleAnalyticsConnector.test(withKey(serviceAccountKey('not a key'))))).message).toContain('not a valid RSA key');
    expect((await failureOf(googleAnalyticsConnector.test(withKey('not json')))).message).toContain('JSON');
  });

  it("turns GA's minute in the property's zone into an instant", () => {
    expect(gaTimestamp('202401021530', 'America/New_York')).toBe('2024-01-02T20:30:00.000Z');
    expect(gaTimestamp('202407021530', 'America/New_York')).toBe('2024-07-02T19:30:00.000Z');
    expect(gaTimestamp('20240702', 'UTC')).toBe('2024-07-02T00:00:00.000Z');
    expect(gaTimestamp('(other)', 'UTC')).toBeNull();
  });
});

// --- Calendly -------------------------------------------------------------------------------

describe('Calendly scheduled events', () => {
  const TOKEN = 'eyJ.good';
  const USER = 'https://api.calendly.com/users/AAAA';
  const ORGANIZATION = 'https://api.calendly.com/organizations/BBBB';
  const HOUR = 3_600_000;
  let events: Array<Record<string, unknown>>;
  let broken = false;
  let fake: Fake;

  const event = (uuid: string, start: number, extra: Record<string, unknown> = {}) => ({
    uri: `https://api.calendly.com/scheduled_events/${uuid}`,
    name: '30 Minute Meeting',
    status: 'active',
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 30 * 60_000).toISOString(),
    event_type: 'https://api.calendly.com/event_types/CCCC',
    ...extra,
  });
  const invitee = (eventUuid: string, uuid: string) => ({
    uri: `https://api.calendly.com/scheduled_events/${eventUuid}/invitees/${uuid}`,
    email: `${uuid.toLowerCase()}@example.com`,
    name: `Invitee ${uuid}`,
    status: 'active',
    tracking: { utm_source: 'newsletter', utm_campaign: 'launch', utm_medium: null },
  });

  /** Pages of two with a next_page_token, as Calendly's pagination object. */
  function paged(list: unknown[], token: string | null) {
    const start = token ? Number(token.replace('tok', '')) : 0;
    const next = start + 2 < list.length ? `tok${start + 2}` : null;
    return { body: { collection: list.slice(start, start + 2), pagination: { count: Math.min(2, list.length - start), next_page_token: next } } };
  }

  beforeAll(async () => {
    fake = await vendorServer(({ url, headers }) => {
      if (broken) return { headers: { 'content-type': 'text/html' }, body: '<html><body>Maintenance</body></html>' };
      if (headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: { title: 'Unauthenticated', message: 'The access token is invalid' } };
      if (url.pathname === '/users/me') return { body: { resource: { uri: USER, current_organization: ORGANIZATION, name: 'Owner' } } };
      if (url.pathname === '/scheduled_events') {
        if (url.searchParams.get('user') !== USER && url.searchParams.get('organization') !== ORGANIZATION) {
          return { status: 400, body: { title: 'Invalid Argument', message: 'The supplied parameters are invalid.', details: [] } };
        }
        const min = url.searchParams.get('min_start_time');
        const list = events.filter((each) => !min || Date.parse(each.start_time as string) >= Date.parse(min));
        return paged(list, url.searchParams.get('page_token'));
      }
      const uuid = /^\/scheduled_events\/([^/]+)\/invitees$/.exec(url.pathname)?.[1];
      if (uuid) {
        const list = uuid === 'E1' ? ['I1', 'I2', 'I3'].map((each) => invitee(uuid, each)) : [invitee(uuid, `${uuid}-I`)];
        return paged(list, url.searchParams.get('page_token'));
      }
      return { status: 404, body: { title: 'Resource Not Found', message: 'The server could not find the requested resource.' } };
    });
  });
  afterAll(() => fake.close());

  const context = (cursor: string | null = null, token = TOKEN, scope = 'user') => contextFor({ baseUrl: fake.base, scope }, { accessToken: token }, cursor);

  it("pages events and each event's invitees to the end, one record per invitee", async () => {
    const now = Date.now();
    events = [
      event('E1', now - 48 * HOUR),
      event('E2', now - 24 * HOUR, { status: 'canceled' }),
      event('E3', now + 24 * HOUR, { name: 'Demo' }),
    ];
    fake.received.length = 0;
    const batches = await pullAll(calendlyConnector, context());
    const records = recordsOf(batches);
    expect(records.map((record) => record.invitee_id)).toEqual(['I1', 'I2', 'I3', 'E2-I', 'E3-I']);
    expect(fake.received.filter((each) => each.url.pathname === '/scheduled_events').map((each) => each.url.searchParams.get('page_token'))).toEqual([null, 'tok2']);
    expect(fake.received.filter((each) => each.url.pathname === '/scheduled_events/E1/invitees')).toHaveLength(2);
    expect(records[0]).toEqual({
      invitee_id: 'I1',
      invitee_email: 'i1@example.com',
      invitee_name: 'Invitee I1',
      event_type_name: '30 Minute Meeting',
      start_time: events[0].start_time,
      status: 'active',
      utm_source: 'newsletter',
      utm_campaign: 'launch',
      duration_minutes: 30,
    });
    expect(records[3].status).toBe('canceled');
    expectFieldSet('calendly', records[0], ['invitee_id']);
    const cursor = lastCursor(batches);
    expect(Date.parse(cursor ?? '')).toBeGreaterThanOrEqual(now);
  });

  it('asks only for meetings starting from the previous run in the next run', async () => {
    const cursor = new Date().toISOString();
    events.push(event('E4', Date.now() + 48 * HOUR));
    fake.received.length = 0;
    const records = recordsOf(await pullAll(calendlyConnector, context(cursor)));
    expect(fake.received.find((each) => each.url.pathname === '/scheduled_events')?.url.searchParams.get('min_start_time')).toBe(cursor);
    expect(records.map((record) => record.invitee_id)).toEqual(['E3-I', 'E4-I']);
  });

  it('uses the organization scope when asked', async () => {
    fake.received.length = 0;
    await pullAll(calendlyConnector, context(null, TOKEN, 'organization'));
    expect(fake.received.find((each) => each.url.pathname === '/scheduled_events')?.url.searchParams.get('organization')).toBe(ORGANIZATION);
  });

  it("maps Calendly's error to its message and checks the token in test()", async () => {
    const refused = await failureOf(pullAll(calendlyConnector, context(null, 'eyJ.bad')));
    expect(refused.message).toBe('Calendly refused the credentials (401): Unauthenticated: The access token is invalid');
    expect(refused.retryable).toBe(false);
    await expect(calendlyConnector.test(context())).resolves.toBeUndefined();
    expect((await failureOf(calendlyConnector.test(context(null, 'eyJ.bad')))).message).toContain('The access token is invalid');
  });

  it('reports an answer that is not JSON (a maintenance page) clearly', async () => {
    broken = true;
    try {
      const refused = await failureOf(pullAll(calendlyConnector, context()));
      expect(refused.message).toContain('did not answer JSON');
      expect(refused.message).toContain('/users/me');
    } finally {
      broken = false;
    }
  });
});

// --- Mailchimp ------------------------------------------------------------------------------

describe('Mailchimp audience members', () => {
  const KEY = '0123456789abcdef-us21';
  let members: Array<Record<string, unknown>>;
  let fake: Fake;

  const member = (email: string, lastChanged: string, extra: Record<string, unknown> = {}) => ({
    id: `md5-${email}`,
    email_address: email,
    unique_email_id: 'abc',
    full_name: '',
    status: 'subscribed',
    merge_fields: { FNAME: 'Ada', LNAME: 'Lovelace' },
    stats: { avg_open_rate: 0.5, avg_click_rate: 0.25 },
    timestamp_opt: '2024-01-01T09:00:00+00:00',
    last_changed: lastChanged,
    list_id: 'list1',
    ...extra,
  });
  const problem = (status: number, title: string, detail: string) => ({
    status,
    headers: { 'content-type': 'application/problem+json' },
    body: { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: 'f1e2d3' },
  });

  beforeAll(async () => {
    fake = await vendorServer(({ url, headers }) => {
      const [scheme, encoded] = (headers.authorization ?? '').split(' ');
      const password = scheme === 'Basic' ? Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':')[1] : '';
      if (password !== KEY) return problem(401, 'API Key Invalid', "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
      if (url.pathname === '/3.0/lists/list1') return { body: { id: 'list1', name: 'Newsletter' } };
      if (url.pathname !== '/3.0/lists/list1/members') return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      const since = url.searchParams.get('since_last_changed');
      const list = members
        .filter((each) => !since || Date.parse(each.last_changed as string) > Date.parse(since))
        .sort((a, b) => Date.parse(a.last_changed as string) - Date.parse(b.last_changed as string));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const count = Math.min(Number(url.searchParams.get('count') ?? 10), 2);
      return { body: { members: list.slice(offset, offset + count), list_id: 'list1', total_items: list.length } };
    });
  });
  afterAll(() => fake.close());

  const context = (cursor: string | null = null, key = KEY, listId = 'list1') => contextFor({ baseUrl: fake.base, listId }, { apiKey: key }, cursor);

  it('pages by offset to total_items and maps members to people', async () => {
    members = [
      member('a@example.com', '2024-02-01T10:00:00+00:00'),
      member('b@example.com', '2024-02-02T10:00:00+00:00', { full_name: 'Grace Hopper', status: 'unsubscribed' }),
      member('c@example.com', '2024-02-03T10:00:00+00:00'),
      member('d@example.com', '2024-02-04T10:00:00+00:00'),
      member('e@example.com', '2024-02-05T10:00:00+00:00'),
    ];
    fake.received.length = 0;
    const batches = await pullAll(mailchimpConnector, context());
    const records = recordsOf(batches);
    expect(records.map((record) => record.email)).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com']);
    expect(fake.received.map((each) => each.url.searchParams.get('offset'))).toEqual(['0', '2', '4']);
    expect(fake.received[0].url.searchParams.get('count')).toBe('1000');
    expect(records[0]).toEqual({
      id: 'md5-a@example.com',
      email: 'a@example.com',
      name: 'Ada Lovelace',
      status: 'subscribed',
      marketing_opt_in: true,
      created_at: '2024-01-01T09:00:00+00:00',
      updated_at: '2024-02-01T10:00:00+00:00',
      avg_open_rate: 0.5,
      avg_click_rate: 0.25,
    });
    expect(records[1]).toMatchObject({ name: 'Grace Hopper', marketing_opt_in: false });
    expect(Object.keys(records[0]).sort()).toEqual(MAILCHIMP_FIELDS.map((field) => field.name).sort());
    expect(lastCursor(batches)).toBe('2024-02-05T10:00:00.000Z');
  });

  it('asks only for members changed since the newest change in the next run', async () => {
    members.push(member('f@example.com', '2024-03-01T10:00:00+00:00'));
    fake.received.length = 0;
    const records = recordsOf(await pullAll(mailchimpConnector, context('2024-02-05T10:00:00.000Z')));
    expect(fake.received[0].url.searchParams.get('since_last_changed')).toBe('2024-02-05T09:59:59+00:00');
    expect(records.map((record) => record.email)).toEqual(['e@example.com', 'f@example.com']);
  });

  it("maps Mailchimp's problem details to the message and checks the key and audience in test()", async () => {
    const refused = await failureOf(pullAll(mailchimpConnector, context(null, 'wrong-us21')));
    expect(refused.message).toBe("Mailchimp refused the credentials (401): API Key Invalid: Your API key may be invalid, or you've attempted to access the wrong datacenter.");
    expect(refused.retryable).toBe(false);
    await expect(mailchimpConnector.test(context())).resolves.toBeUndefined();
    expect((await failureOf(mailchimpConnector.test(context(null, 'wrong-us21')))).message).toContain('API Key Invalid');
    expect((await failureOf(mailchimpConnector.test(context(null, KEY, 'other')))).message).toBe(
      'Mailchimp found nothing at this address (404): Resource Not Found: The requested resource could not be found.',
    );
    expect((await failureOf(mailchimpConnector.test(context(null, KEY, '../x')))).message).toContain('audience id');
  });

  it("finds the data center in the key's suffix", () => {
    expect(mailchimpBaseUrl(contextFor({}, {}), 'abc123-us21')).toBe('https://us21.api.mailchimp.com');
    expect(() => mailchimpBaseUrl(contextFor({}, {}), 'abc123')).toThrow('data center');
  });
});

// --- stored records -------------------------------------------------------------------------

describe('vendor records stored in the unified model', () => {
  const world = useWorld();
  let fake: Fake;
  let charges: Array<Record<string, unknown>>;

  beforeAll(async () => {
    fake = await vendorServer(({ url }) => {
      const gte = Number(url.searchParams.get('created[gte]') ?? 0);
      const data = charges.filter((each) => (each.created as number) >= gte).sort((a, b) => (b.created as number) - (a.created as number));
      return { body: { object: 'list', has_more: false, data } };
    });
  });
  afterAll(() => fake.close());

  /** Pulls and stores batch by batch, as a sync run does; answers the totals and the cursor. */
  async function sync(sourceId: string, cursor: string | null) {
    const totals = { added: 0, updated: 0, cursor: null as string | null };
    for await (const batch of stripeConnector.pull(contextFor({ baseUrl: fake.base }, { apiKey: 'sk_test_any' }, cursor))) {
      const stored = await storeSourceRecords(world().em(), sourceId, batch.records, { batchId: randomUUID(), sourceType: 'connector', origin: 'test run' });
      expect(stored.rejected).toEqual([]);
      totals.added += stored.added;
      totals.updated += stored.updated;
      totals.cursor = batch.cursor ?? totals.cursor;
    }
    return totals;
  }

  it('adds new Stripe charges, updates the ones read again, and fills the unified fields', async () => {
    const w = world();
    const company = await w.addCompany();
    const em = w.em();
    const source = em.create(DataSource, {
      companyId: company.id,
      name: 'Stripe',
      type: 'Payment Processing',
      catalogueId: 'stripe',
      status: 'active',
      config: {},
      recordKind: 'events',
      fields: [],
      mapping: builtInMapping('stripe'),
      keyField: stripeConnector.keyField,
    });
    await em.flush();
    const charge = (id: string, created: number) => ({ id, amount: 2500, amount_refunded: 0, currency: 'eur', created, customer: 'cus_1', status: 'succeeded', billing_details: { email: 'Ada@Example.com' } });
    charges = [charge('ch_a', 1_700_000_000), charge('ch_b', 1_700_000_100)];
    const first = await sync(source.id, null);
    expect(first).toEqual({ added: 2, updated: 0, cursor: '1700000100' });
    charges.push(charge('ch_c', 1_700_000_200));
    const second = await sync(source.id, first.cursor);
    expect(second).toEqual({ added: 1, updated: 1, cursor: '1700000200' });
    const stored = await w.em().find(DataRecord, { sourceId: source.id }, { orderBy: { recordKey: 'asc' } });
    expect(stored.map((record) => record.recordKey)).toEqual(['ch_a', 'ch_b', 'ch_c']);
    expect(stored[0]).toMatchObject({ eventType: 'charge.succeeded', eventTime: new Date(1_700_000_000_000), userId: 'cus_1' });
    expect(stored[0].unified).toMatchObject({ revenue: 25, currency: 'EUR', order_id: 'ch_a' });
    expect((await w.em().findOneOrFail(DataSource, source.id)).records).toBe(3);
  });
});
