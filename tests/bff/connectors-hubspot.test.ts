/**
 * HubSpot, the first connector that is a definition and nothing else, against a local server that
 * answers as HubSpot's CRM v3 reference documents: GET /crm/v3/objects/contacts with a private
 * app token as Bearer, `limit`, `after` and `properties`; pages linked by `paging.next.after`;
 * errors as {status, message, correlationId, category}, a 429 as {status, message, errorType,
 * correlationId, policyName}. Then connected, tested and synced through the product's own routes.
 * https://developers.hubspot.com/docs/api/crm/contacts
 * https://developers.hubspot.com/docs/api/error-handling
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataRecord, DataSource } from '@bff/entities';
import { connectorFor } from '@bff/modules/connectors/registry';
import type { ConnectorContext } from '@bff/modules/connectors/types';
import { HUBSPOT_PROPERTIES, hubspotConnector } from '@bff/modules/connectors/vendors/hubspot';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { BUILT_IN_FIELD_SETS } from '@domain/data/catalogue';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { failureOf, localContext, pullAll, recordsOf } from './support/connectors';
import { sendJson, startHttpServer, type LocalHttpServer } from './support/localServers';
import { useWorld, type World } from './support/world';

const TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';
const EXPIRED = 'expired-oauth-token';
let waits: number[] = [];
afterEach(() => {
  waits = [];
});

interface Contact {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

/** A contact as HubSpot answers it: the requested properties (null when empty), hs_object_id, and the timestamps. */
function contact(id: number, updatedAt: string, extra: Record<string, string | null> = {}): Contact {
  const properties: Record<string, string | null> = {
    createdate: '2025-11-01T09:00:00.000Z',
    email: `c${id}@example.com`,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    hs_object_id: String(id),
    lastmodifieddate: updatedAt,
    phone: null,
    company: 'Acme',
    lifecyclestage: 'lead',
    hs_lead_status: null,
    city: 'Lyon',
    country: 'France',
    ...extra,
  };
  return { id: String(id), properties, createdAt: properties.createdate!, updatedAt, archived: false };
}

let contacts: Contact[];
/** Answers to give before the real one (429s). */
let trouble: Array<{ status: number; body: unknown; headers?: Record<string, string> }> = [];
let hubspot: LocalHttpServer;

const error = (status: number, category: string, message: string) => ({ status, body: { status: 'error', message, correlationId: 'a43683b0-5717-4ceb-80b4-104d02915d8c', category } });

beforeAll(async () => {
  hubspot = await startHttpServer((_request, response, { url, headers }) => {
    const auth = headers.authorization ?? '';
    if (auth === `Bearer ${EXPIRED}`) {
      const { status, body } = error(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired 2 hour(s) ago.');
      return sendJson(response, status, body);
    }
    if (auth !== `Bearer ${TOKEN}`) {
      const { status, body } = error(
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
      );
      return sendJson(response, status, body);
    }
    if (trouble.length) {
      const next = trouble.shift()!;
      return sendJson(response, next.status, next.body, next.headers);
    }
    if (url.pathname !== '/crm/v3/objects/contacts') {
      return sendJson(response, 404, { status: 'error', message: 'Unable to infer object type from: nope', correlationId: 'c0', category: 'OBJECT_NOT_FOUND' });
    }
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (limit > 100) return sendJson(response, 400, error(400, 'VALIDATION_ERROR', 'limit may not exceed 100').body);
    // In id order; at most two a page whatever the limit, so paging to the end takes several requests.
    const after = url.searchParams.get('after');
    const list = [...contacts].sort((a, b) => Number(a.id) - Number(b.id)).filter((each) => !after || Number(each.id) >= Number(after));
    const page = list.slice(0, Math.min(limit, 2));
    const asked = (url.searchParams.get('properties') ?? '').split(',').filter(Boolean);
    const results = page.map((each) => ({ ...each, properties: Object.fromEntries(Object.entries(each.properties).filter(([name]) => name === 'hs_object_id' || asked.includes(name))) }));
    const following = list[page.length];
    const paging = following ? { next: { after: following.id, link: `${hubspot.base}/crm/v3/objects/contacts?after=${following.id}` } } : undefined;
    sendJson(response, 200, { results, ...(paging ? { paging } : {}) });
  });
});
afterAll(() => hubspot.close());

function contextFor(token: string | null = TOKEN, cursor: string | null = null): ConnectorContext {
  return localContext({ baseUrl: hubspot.base }, token ? { accessToken: token } : {}, cursor, waits);
}

describe('HubSpot contacts', () => {
  beforeAll(() => {
    contacts = [1, 2, 3, 4, 5].map((id) => contact(100 + id, `2026-01-0${id}T08:00:00.000Z`));
  });

  it('pages by paging.next.after to the end with the token as Bearer, and maps contacts to the HubSpot field set', async () => {
    hubspot.received.length = 0;
    const batches = await pullAll(hubspotConnector, contextFor());
    const records = recordsOf(batches);
    expect(records.map((record) => record.contact_id)).toEqual(['101', '102', '103', '104', '105']);
    expect(hubspot.received).toHaveLength(3);
    expect(hubspot.received.map((request) => request.url.searchParams.get('after'))).toEqual([null, '103', '105']);
    for (const request of hubspot.received) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.url.searchParams.get('limit')).toBe('100');
      expect(request.url.searchParams.get('properties')).toBe(HUBSPOT_PROPERTIES.join(','));
    }
    expect(records[0]).toEqual({
      contact_id: '101',
      email: 'c101@example.com',
      name: 'First101 Last101',
      phone: null,
      company: 'Acme',
      lifecycle_stage: 'lead',
      lead_status: null,
      city: 'Lyon',
      country: 'France',
      created_at: '2025-11-01T09:00:00.000Z',
      updated_at: '2026-01-01T08:00:00.000Z',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(BUILT_IN_FIELD_SETS.hubspot!.map((field) => field.name).sort());
    // The list is in id order: the cursor moves only with the last page.
    expect(batches.map((batch) => batch.cursor)).toEqual([null, null, '2026-01-05T08:00:00.000Z']);
    // Ten requests a second at most (HubSpot's private app limit): the pages were spaced.
    expect(waits.length).toBe(2);
  });

  it('stores only contacts changed from the cursor on in the next run', async () => {
    contacts[1] = contact(102, '2026-01-09T10:00:00.000Z', { firstname: 'Renamed', lastname: null });
    const batches = await pullAll(hubspotConnector, contextFor(TOKEN, '2026-01-05T08:00:00.000Z'));
    expect(recordsOf(batches).map((record) => [record.contact_id, record.name])).toEqual([
      ['102', 'Renamed'],
      ['105', 'First105 Last105'],
    ]);
    expect(batches.at(-1)!.cursor).toBe('2026-01-09T10:00:00.000Z');
  });

  it("waits out a 429 as long as Retry-After says, and reports HubSpot's words when the limit persists", async () => {
    const limited = {
      status: 429,
      headers: { 'retry-after': '3' },
      body: { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', errorType: 'RATE_LIMIT', correlationId: 'b1', policyName: 'TEN_SECONDLY_ROLLING' },
    };
    trouble = [limited];
    expect(recordsOf(await pullAll(hubspotConnector, contextFor()))).toHaveLength(5);
    expect(waits[0]).toBe(3_000);
    trouble = [limited, limited, limited];
    const refused = await failureOf(pullAll(hubspotConnector, contextFor()));
    expect(refused.message).toBe('HubSpot is rate limiting the requests (429): RATE_LIMIT: You have reached your ten_secondly_rolling limit.');
    expect(refused.retryable).toBe(true);
    trouble = [];
  });

  it("answers an invalid or expired token in HubSpot's words, not retryable, and a missing one by its setting", async () => {
    await expect(hubspotConnector.test(contextFor())).resolves.toBeUndefined();
    const invalid = await failureOf(hubspotConnector.test(contextFor('pat-na1-revoked')));
    expect(invalid.message).toMatch(/^HubSpot refused the credentials \(401\): INVALID_AUTHENTICATION: Authentication credentials not found\./);
    expect(invalid.retryable).toBe(false);
    expect(invalid.message).not.toContain('pat-na1-revoked');
    const expired = await failureOf(pullAll(hubspotConnector, contextFor(EXPIRED)));
    expect(expired.message).toBe('HubSpot refused the credentials (401): EXPIRED_AUTHENTICATION: The OAuth token used to make this call expired 2 hour(s) ago.');
    expect((await failureOf(hubspotConnector.test(contextFor(null)))).message).toBe('The HubSpot private app access token is required.');
  });
});

describe('HubSpot in the product', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  it('is connectable: its settings ask for the private app token as a secret bound to the base URL', () => {
    const definition = connectorDefinition('hubspot');
    expect(definition?.kind).toBe('vendor');
    expect(definition?.settings.find((setting) => setting.name === 'accessToken')).toMatchObject({ secret: true, required: true, input: 'password' });
    expect(connectorFor('hubspot')).toBe(hubspotConnector);
  });

  it('connects, tests the token and syncs contacts into the unified model', async () => {
    const w = world();
    contacts = [contact(201, '2026-02-01T08:00:00.000Z'), contact(202, '2026-02-02T08:00:00.000Z', { email: 'Grace@Example.com' }), contact(203, '2026-02-03T08:00:00.000Z')];
    const refused = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'hubspot', settings: { baseUrl: hubspot.base, accessToken: EXPIRED } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('EXPIRED_AUTHENTICATION');
    const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'hubspot', settings: { baseUrl: hubspot.base, accessToken: TOKEN } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);

    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'hubspot', settings: { baseUrl: hubspot.base, accessToken: TOKEN } });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(JSON.stringify(connected.body)).not.toContain(TOKEN);
    const id = connected.body.id as string;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: pino({ level: 'silent' }), workerId: 'hubspot-test', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined } });
    expect(await worker.runDue()).toBe(1);

    const stored = await w.em().find(DataRecord, { sourceId: id }, { orderBy: { recordKey: 'asc' } });
    expect(stored.map((record) => record.recordKey)).toEqual(['201', '202', '203']);
    expect(stored[1]!.unified).toMatchObject({ email: 'grace@example.com', name: 'First202 Last202', account: 'Acme', location: 'Lyon' });
    expect((await w.em().findOneOrFail(DataSource, id)).records).toBe(3);
  });
});
