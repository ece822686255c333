import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Analytics } from '@segment/analytics-node';
import RudderAnalytics from '@rudderstack/rudder-sdk-node';
import { describe, expect, it } from 'vitest';
import { builtInMapping, catalogueSource, fieldSetOf } from '@domain/data/catalogue';
import { INGEST_SECRET_HEADER, type IngestEndpoint } from '@domain/data/connectors';
import { DataSource } from '@bff/entities';
import { useWorld, type World } from './support/world';

/**
 * Segment's HTTP Tracking API as Segment's and RudderStack's own Node libraries speak it, each
 * configured only as its documentation says (write key, host and path / data plane URL), against
 * the server listening on a port.
 */
describe("Segment's and RudderStack's libraries", () => {
  /** The app's clock runs this far ahead of the senders' (a test moves it to show the clock-skew correction). */
  let clockShiftMs = 0;
  const world = useWorld({ dependencies: { clock: () => new Date(Date.now() + clockShiftMs) } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  async function pushedSource(catalogueId: 'segment' | 'webhook') {
    const em = world().em();
    const catalogue = catalogueSource(catalogueId)!;
    const source = em.create(DataSource, {
      companyId: world().companies.acme.id,
      name: `${catalogue.name} ${randomUUID().slice(0, 8)}`,
      description: null,
      type: catalogue.category,
      catalogueId,
      status: 'active',
      config: {},
      credentials: null,
      recordKind: catalogue.recordKind,
      fields: fieldSetOf(catalogueId).map((field) => field.name),
      mapping: builtInMapping(catalogueId),
      createdById: null,
    });
    await em.flush();
    const response = await world().http.post(`/api/data-sources/${source.id}/ingest-secret`).set(as('alice'));
    expect(response.status).toBe(200);
    const endpoint = response.body as IngestEndpoint & { secret: string };
    // The base URL the dashboard shows, on this test server's address.
    const base = `${world().baseUrl}${new URL(endpoint.url).pathname}`;
    return { source, writeKey: endpoint.secret, base, path: new URL(endpoint.url).pathname };
  }

  type Stored = { data: Record<string, unknown>; unified: Record<string, unknown> };
  const storedOf = async (sourceId: string) => {
    const response = await world().http.get(`/api/data-sources/${sourceId}/records`).query({ limit: '100' }).set(as('alice'));
    expect(response.status).toBe(200);
    const records = (response.body as { records: Stored[] }).records;
    return new Map(records.map((record) => [String(record.data.messageId), record]));
  };
  const countOf = async (sourceId: string) => (await world().em().findOneOrFail(DataSource, { id: sourceId })).records;

  /** Properties of every JSON type, as a customer's code sends them. */
  const properties = { revenue: 42.5, quantity: 3, gift: false, coupon: null, tags: ['new', 'sale'], product: { id: 'P-9', sizes: [38, 39], stock: { warehouse: 'Lyon', count: 0 } } };
  const traits = { email: 'ann@example.com', plan: 'pro', seats: 12, verified: true, address: { city: 'Lyon', lines: ['1 rue A'] } };
  const context = { page: { url: 'https://shop.example/pricing' }, campaign: { source: 'newsletter', medium: 'email', name: 'spring' } };
  /** One call of each kind, with the message ids the library would otherwise make up (so the test can find them). */
  const calls = (run: string, eventTime: Date) => ({
    track: { messageId: `${run}-track`, userId: 'U-7', event: 'Order Completed', properties, context, timestamp: eventTime },
    identify: { messageId: `${run}-identify`, userId: 'U-7', traits },
    page: { messageId: `${run}-page`, anonymousId: 'A-1', category: 'Docs', name: 'Pricing', properties: { title: 'Pricing', scroll: 0.5 } },
    group: { messageId: `${run}-group`, userId: 'U-7', groupId: 'G-1', traits: { name: 'Acme', employees: 250 } },
    alias: { messageId: `${run}-alias`, userId: 'U-7', previousId: 'A-1' },
  });

  /** What every library's stored calls hold: fields, ids, JSON types, the mapped unified fields. */
  function expectStoredCalls(stored: Map<string, Stored>, run: string) {
    const track = stored.get(`${run}-track`)!;
    expect(track.data).toMatchObject({ type: 'track', userId: 'U-7', event: 'Order Completed', properties, context_page_url: 'https://shop.example/pricing' });
    expect((track.data.context as Record<string, unknown>).page).toEqual(context.page);
    expect(track.data).not.toHaveProperty('writeKey');
    expect(track.unified).toMatchObject({ user_id: 'U-7', event_type: 'Order Completed', page_url: 'https://shop.example/pricing' });
    expect(stored.get(`${run}-identify`)!.data).toMatchObject({ type: 'identify', userId: 'U-7', event: 'identify', traits });
    expect(stored.get(`${run}-page`)!.data).toMatchObject({ type: 'page', anonymousId: 'A-1', name: 'Pricing', category: 'Docs', event: 'Viewed Pricing', properties: { title: 'Pricing', scroll: 0.5 } });
    expect(stored.get(`${run}-group`)!.data).toMatchObject({ type: 'group', groupId: 'G-1', traits: { name: 'Acme', employees: 250 } });
    expect(stored.get(`${run}-alias`)!.data).toMatchObject({ type: 'alias', event: 'alias', userId: 'U-7', previousId: 'A-1' });
    for (const record of stored.values()) {
      for (const field of ['timestamp', 'receivedAt']) expect(Number.isNaN(Date.parse(String(record.data[field]))), field).toBe(false);
    }
  }

  it('analytics-node delivers track, identify, page, group and alias to /v1/batch with its write key, and a retried batch is stored once', async () => {
    const { source, writeKey, path } = await pushedSource('segment');
    // Our clock an hour ahead of the sender's: Segment's correction moves the call's time with it.
    clockShiftMs = 3_600_000;
    const eventTime = new Date(Date.now() - 60_000);
    const analytics = new Analytics({ writeKey, host: world().baseUrl, path: `${path}/v1/batch`, maxRetries: 0 });
    const requests: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
    const statuses: number[] = [];
    analytics.on('http_request', (request) => requests.push(request as (typeof requests)[number]));
    analytics.on('http_response', (response) => statuses.push(response.status));
    const run = calls('node', eventTime);
    analytics.track(run.track);
    analytics.identify(run.identify);
    analytics.page(run.page);
    analytics.group(run.group);
    analytics.alias(run.alias);
    await analytics.closeAndFlush();
    clockShiftMs = 0;

    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(requests[0]!.url).toBe(`${world().baseUrl}${path}/v1/batch`);
    expect(requests[0]!.headers.Authorization).toBe(`Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`);
    const stored = await storedOf(source.id);
    expect(stored.size).toBe(5);
    expectStoredCalls(stored, 'node');
    // Clock skew: timestamp = receivedAt - (sentAt - originalTimestamp), with receivedAt on our clock.
    const track = stored.get('node-track')!.data;
    expect(track.originalTimestamp).toBe(eventTime.toISOString());
    const corrected = Date.parse(String(track.timestamp)) - eventTime.getTime();
    expect(corrected).toBeGreaterThanOrEqual(3_600_000);
    expect(corrected).toBeLessThan(3_600_000 + 10_000);
    expect(Date.parse(String(track.receivedAt)) - Date.parse(String(track.sentAt))).toBeGreaterThanOrEqual(3_600_000 - 10_000);
    expect(stored.get('node-track')!.unified.event_time).toBe(track.timestamp);

    // The library's own request sent again (as its retry would): every message is a duplicate.
    const replayed = requests[0]!;
    const again = await fetch(replayed.url, { method: 'POST', headers: replayed.headers, body: replayed.body });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ accepted: 0, duplicates: (JSON.parse(replayed.body) as { batch: unknown[] }).batch.length, rejected: [] });
    expect(await countOf(source.id)).toBe(5);
  });

  it('analytics-node with a wrong write key is refused with 401 and stores nothing', async () => {
    const { source, path } = await pushedSource('segment');
    const analytics = new Analytics({ writeKey: 'nvi_not-the-key', host: world().baseUrl, path: `${path}/v1/batch`, maxRetries: 0 });
    const statuses: number[] = [];
    const failures: unknown[] = [];
    analytics.on('http_response', (response) => statuses.push(response.status));
    analytics.on('error', (failure) => failures.push(failure));
    analytics.track({ userId: 'U-1', event: 'Signed Up' });
    await analytics.closeAndFlush();
    expect(statuses).toEqual([401]);
    expect(failures).toHaveLength(1);
    expect(await countOf(source.id)).toBe(0);
  });

  it('rudder-sdk-node delivers every call gzipped to its data plane URL + /v1/batch, dedupes a resend and refuses a wrong key', async () => {
    const { source, writeKey, base } = await pushedSource('webhook');
    const failures: Array<number | undefined> = [];
    const errorHandler = (failure: { response?: { status: number } }) => failures.push(failure.response?.status);
    const rudder = new RudderAnalytics(writeKey, { dataPlaneUrl: base, errorHandler, logLevel: 'error' });
    const run = calls('rudder', new Date(Date.now() - 60_000));
    rudder.track(run.track);
    rudder.identify(run.identify);
    rudder.page(run.page);
    rudder.group(run.group);
    rudder.alias(run.alias);
    await rudder.flush();
    expect(failures).toEqual([]);

    const stored = await storedOf(source.id);
    expect(stored.size).toBe(5);
    expectStoredCalls(stored, 'rudder');
    // RudderStack sends originalTimestamp and sentAt on each message: both kept, the time corrected from them.
    const track = stored.get('rudder-track')!.data;
    expect(track.originalTimestamp).toBe(run.track.timestamp.toISOString());
    expect(Math.abs(Date.parse(String(track.timestamp)) - run.track.timestamp.getTime())).toBeLessThan(10_000);
    expect(track.context).toMatchObject({ library: { name: 'analytics-node' } });

    // The same messages again (a retry after a lost answer): stored once.
    const resend = new RudderAnalytics(writeKey, { dataPlaneUrl: base, errorHandler, logLevel: 'error' });
    resend.track(run.track);
    resend.alias(run.alias);
    await resend.flush();
    expect(failures).toEqual([]);
    expect(await countOf(source.id)).toBe(5);

    const wrong = new RudderAnalytics('nvi_not-the-key', { dataPlaneUrl: base, errorHandler, logLevel: 'error' });
    wrong.track({ userId: 'U-1', event: 'Signed Up' });
    await wrong.flush();
    expect(failures).toEqual([401]);
    expect(await countOf(source.id)).toBe(5);
  });

  describe("Segment's answers", () => {
    const basic = (writeKey: string) => `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`;
    const send = (url: string, headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer>) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

    it('refuses oversize messages and batches and bad JSON with 400 and its error shape, storing nothing', async () => {
      const { source, writeKey, base } = await pushedSource('segment');
      const auth = { Authorization: basic(writeKey) };
      const message = (padding: number) => ({ type: 'track', userId: 'U-1', event: 'Big', properties: { padding: 'x'.repeat(padding) } });

      const bigMessage = await send(`${base}/v1/batch`, auth, JSON.stringify({ batch: [message(10), message(33 * 1024)] }));
      expect(bigMessage.status).toBe(400);
      expect(await bigMessage.json()).toEqual({ error: 'Request body too large', message: 'Message 1 is larger than 32 KB: a Segment message must be at most 32 KB.', code: 'body_too_large' });
      const bigTrack = await send(`${base}/v1/track`, auth, JSON.stringify(message(33 * 1024)));
      expect(bigTrack.status).toBe(400);
      expect(((await bigTrack.json()) as { code: string }).code).toBe('body_too_large');
      const bigBatch = await send(`${base}/v1/batch`, auth, JSON.stringify({ batch: Array.from({ length: 20 }, () => message(26 * 1024)) }));
      expect(bigBatch.status).toBe(400);
      expect(await bigBatch.json()).toMatchObject({ code: 'body_too_large', message: 'A batch must be at most 500 KB (send fewer messages per request).' });
      // Unpacked, a gzipped batch is held to the same limit.
      const packed = await send(`${base}/v1/batch`, { ...auth, 'Content-Encoding': 'gzip' }, new Uint8Array(gzipSync(JSON.stringify({ batch: Array.from({ length: 20 }, () => message(26 * 1024)) }))));
      expect(packed.status).toBe(400);
      const malformed = await send(`${base}/v1/batch`, auth, '{"batch": [');
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ code: 'malformed_body', message: 'The request body is not valid JSON.' });
      // A call Segment does not have is named as such.
      const unknown = await send(`${base}/v1/purchase`, auth, JSON.stringify(message(10)));
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(await unknown.json())).toContain("Must be one of Segment's calls: batch, b, track");
      expect(await countOf(source.id)).toBe(0);
    });

    it("takes the write key from the body as analytics.js sends it (text/plain, one-letter path) and answers the browser's preflight", async () => {
      const { source, writeKey, base } = await pushedSource('segment');
      const preflight = await fetch(`${base}/v1/t`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

      const message = { type: 'track', event: 'Clicked', anonymousId: 'A-9', messageId: 'ajs-1', writeKey, properties: { button: 'buy', price: 9.99 }, sentAt: new Date().toISOString() };
      const sent = await fetch(`${base}/v1/t`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Origin: 'https://shop.example' }, body: JSON.stringify(message) });
      expect(sent.status).toBe(200);
      expect(sent.headers.get('access-control-allow-origin')).toBe('*');
      expect(await sent.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      const stored = (await storedOf(source.id)).get('ajs-1')!;
      expect(stored.data).toMatchObject({ event: 'Clicked', properties: { button: 'buy', price: 9.99 } });
      expect(JSON.stringify(stored.data)).not.toContain(writeKey);

      // A single-call path gives the message its type; a wrong key in the body is refused like any other.
      const identify = await send(`${base}/v1/identify`, { Authorization: basic(writeKey) }, JSON.stringify({ userId: 'U-3', messageId: 'id-3', traits: { plan: 'team' } }));
      expect(identify.status).toBe(200);
      expect((await storedOf(source.id)).get('id-3')!.data).toMatchObject({ type: 'identify', traits: { plan: 'team' } });
      const wrong = await fetch(`${base}/v1/t`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...message, messageId: 'ajs-2', writeKey: 'nvi_wrong' }) });
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as { code: string }).code).toBe('authentication_required');
      // The ingestion URL's own header keeps working on Segment's paths.
      const byHeader = await send(`${base}/v1/page`, { [INGEST_SECRET_HEADER]: writeKey }, JSON.stringify({ anonymousId: 'A-9', messageId: 'pg-1', name: 'Home' }));
      expect(byHeader.status).toBe(200);
      expect(await countOf(source.id)).toBe(3);
    });
  });
});
