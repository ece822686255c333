import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { builtInMapping, catalogueSource, fieldSetOf } from '@domain/data/catalogue';
import { INGEST_MAX_BYTES, INGEST_RATE_PER_MINUTE, INGEST_SECRET_HEADER, type IngestEndpoint } from '@domain/data/connectors';
import { AUTH_WORDING } from '@domain/errors';
import { Company, DataSource } from '@bff/entities';
import { RATE_WINDOW_MS } from '@bff/platform/rateLimit';
import { standardWebhooksSecret } from '@bff/modules/dataSources/ingestion/secret';
import { webhookHeaders } from '@bff/platform/webhookSignature';
import { useWorld, type World } from './support/world';

describe('webhook ingestion', () => {
  /** The app's clock runs this far ahead of the wall clock (a test moves it to the middle of a rate window). */
  let clockShiftMs = 0;
  const world = useWorld({ dependencies: { clock: () => new Date(Date.now() + clockShiftMs) } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  /** A connected source made directly (connecting through the API is another module's test). */
  async function addSource(catalogueId: string, companyId = world().companies.acme.id): Promise<DataSource> {
    const em = world().em();
    const catalogue = catalogueSource(catalogueId)!;
    const source = em.create(DataSource, {
      companyId,
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
    return source;
  }

  async function secretFor(source: DataSource): Promise<IngestEndpoint & { secret: string }> {
    const response = await world().http.post(`/api/data-sources/${source.id}/ingest-secret`).set(as('alice'));
    expect(response.status).toBe(200);
    return response.body as IngestEndpoint & { secret: string };
  }

  async function webhookSource(catalogueId = 'webhook') {
    const source = await addSource(catalogueId);
    return { source, secret: (await secretFor(source)).secret };
  }

  const post = (sourceId: string, headers: Record<string, string>, body: unknown) =>
    world()
      .http.post(`/api/ingest/${sourceId}`)
      .set({ 'Content-Type': 'application/json', ...headers })
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  const recordsOf = async (sourceId: string) => {
    const response = await world().http.get(`/api/data-sources/${sourceId}/records`).query({ limit: '100' }).set(as('alice'));
    expect(response.status).toBe(200);
    return response.body as { total: number; records: Array<{ data: Record<string, unknown>; unified: Record<string, unknown>; _import_metadata: { sourceType: string } }> };
  };

  const countOf = async (sourceId: string) => (await world().em().findOneOrFail(DataSource, { id: sourceId })).records;

  const event = (n: number, extra: Record<string, unknown> = {}) => ({ user_id: `U-${n}`, event_type: 'purchase', timestamp: '2026-11-20T10:00:00Z', amount: n * 10, ...extra });

  describe('the ingestion secret', () => {
    it('is made and rotated by a data manager, shown once, stored encrypted and never listed', async () => {
      const w = world();
      const source = await addSource('webhook');
      const first = await secretFor(source);
      expect(first.url).toBe(`https://navout.test/api/ingest/${source.id}`);
      expect(first.secret).toMatch(/^nvi_[A-Za-z0-9_-]{43}$/);
      expect(first.secretHint).toBe(`${first.secret.slice(0, 8)}…`);
      const stored = await w.em().findOneOrFail(DataSource, { id: source.id });
      expect(stored.ingestSecret).toBeTruthy();
      expect(stored.ingestSecret).not.toContain(first.secret.slice(4));

      const list = await w.http.get('/api/data-sources').set(as('alice'));
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(first.secret.slice(4));
      expect(list.body.some((listed: { id: string }) => listed.id === source.id)).toBe(true);

      // Rotating replaces it: the old secret no longer opens the URL, the new one does.
      const second = await secretFor(source);
      expect(second.secret).not.toBe(first.secret);
      const old = await post(source.id, { [INGEST_SECRET_HEADER]: first.secret }, event(1));
      expect(old.status).toBe(401);
      const fresh = await post(source.id, { [INGEST_SECRET_HEADER]: second.secret }, event(1));
      expect(fresh.status).toBe(200);
      expect(fresh.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      expect(JSON.stringify(w.logLines)).not.toContain(first.secret.slice(4));
      expect(JSON.stringify(w.logLines)).not.toContain(second.secret.slice(4));
    });

    it('answers 404 for another company, 403 without the permission, 400 for a pulled source', async () => {
      const w = world();
      const source = await addSource('webhook');
      const foreign = await w.http.post(`/api/data-sources/${source.id}/ingest-secret`).set(as('carol'));
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe('Data source not found');
      const user = await w.http.post(`/api/data-sources/${source.id}/ingest-secret`).set(as('bob'));
      expect(user.status).toBe(403);
      expect((await w.em().findOneOrFail(DataSource, { id: source.id })).ingestSecret).toBeNull();

      const pulled = await addSource('stripe');
      const refused = await w.http.post(`/api/data-sources/${pulled.id}/ingest-secret`).set(as('alice'));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('does not receive pushed records');
      // Global admins reach every company's source.
      const admin = await w.http.post(`/api/data-sources/${source.id}/ingest-secret`).set(as('admin'));
      expect(admin.status).toBe(200);
    });
  });

  describe('authentication', () => {
    it('accepts the secret in its header or as a bearer token and stores the records', async () => {
      const { source, secret } = await webhookSource();
      const byHeader = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, event(1));
      expect(byHeader.status).toBe(200);
      expect(byHeader.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      const byBearer = await post(source.id, { Authorization: `Bearer ${secret}` }, [event(2), event(3)]);
      expect(byBearer.status).toBe(200);
      expect(byBearer.body.accepted).toBe(2);

      const stored = await recordsOf(source.id);
      expect(stored.total).toBe(3);
      expect(await countOf(source.id)).toBe(3);
      // Fields named like unified fields are mapped on arrival.
      expect(stored.records[0]!.unified).toMatchObject({ user_id: 'U-1', event_type: 'purchase', event_time: '2026-11-20T10:00:00.000Z' });
      expect(stored.records[0]!._import_metadata.sourceType).toBe('webhook');
    });

    it('gives the same 401 for a wrong secret, an unknown source and a pulled source, and a 401 without credentials', async () => {
      const { source } = await webhookSource();
      const wrong = await post(source.id, { [INGEST_SECRET_HEADER]: 'nvi_wrong' }, event(1));
      const unknown = await post(randomUUID(), { [INGEST_SECRET_HEADER]: 'nvi_wrong' }, event(1));
      const pulled = await post((await addSource('stripe')).id, { [INGEST_SECRET_HEADER]: 'nvi_wrong' }, event(1));
      for (const refused of [wrong, unknown, pulled]) {
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual(wrong.body);
      }
      expect(wrong.body.error).toBe('Invalid ingestion credentials');
      const none = await post(source.id, {}, event(1));
      expect(none.status).toBe(401);
      expect(await countOf(source.id)).toBe(0);
    });

    it('refuses good credentials with 403 while the source\'s company is not active, as the prediction API does', async () => {
      const w = world();
      const { source, secret } = await webhookSource();
      const companyId = source.companyId;
      const inactive = { error: AUTH_WORDING.companyInactive, message: AUTH_WORDING.companyInactive, code: 'company_inactive' };
      try {
        for (const status of ['suspended', 'inactive'] as const) {
          await w.em().nativeUpdate(Company, { id: companyId }, { status });
          const refused = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, event(1));
          expect(refused.status, status).toBe(403);
          expect(refused.body).toEqual(inactive);
          const signed = JSON.stringify(event(2));
          const bySignature = await post(source.id, webhookHeaders(standardWebhooksSecret(secret), `msg_${status}`, new Date(), signed), signed);
          expect(bySignature.status, status).toBe(403);
        }
        // Bad credentials still get the 401 that tells nothing about the source.
        expect((await post(source.id, { [INGEST_SECRET_HEADER]: 'nvi_wrong' }, event(3))).status).toBe(401);
        expect(await countOf(source.id)).toBe(0);
      } finally {
        await w.em().nativeUpdate(Company, { id: companyId }, { status: 'active' });
      }
      const accepted = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, event(4));
      expect(accepted.status).toBe(200);
      expect(await countOf(source.id)).toBe(1);
    });

    it('accepts a good Standard Webhooks signature and refuses a bad or replayed one', async () => {
      const { source, secret } = await webhookSource();
      const body = JSON.stringify(event(1));
      // Signed as any Standard Webhooks library does, with whsec_ + the secret's key bytes.
      const signed = webhookHeaders(standardWebhooksSecret(secret), 'msg_good', new Date(), body);
      const good = await post(source.id, signed, body);
      expect(good.status).toBe(200);
      expect(good.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });

      const tampered = await post(source.id, signed, JSON.stringify(event(2)));
      expect(tampered.status).toBe(401);
      const otherKey = webhookHeaders(standardWebhooksSecret(`nvi_${'A'.repeat(43)}`), 'msg_bad', new Date(), body);
      expect((await post(source.id, otherKey, body)).status).toBe(401);

      const old = webhookHeaders(standardWebhooksSecret(secret), 'msg_old', new Date(Date.now() - 10 * 60_000), body);
      const replayed = await post(source.id, old, body);
      expect(replayed.status).toBe(401);
      expect(replayed.body.message).toContain('replay');
      expect(await countOf(source.id)).toBe(1);
    });
  });

  describe('deliveries', () => {
    it('stores the valid records of a batch and reports each bad one with its position', async () => {
      const { source, secret } = await webhookSource();
      const primed = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, event(0));
      expect(primed.status).toBe(200);
      const response = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, {
        records: [event(1), event(2, { timestamp: 'not a date' }), 'text', event(3), event(4, { user_id: undefined })],
      });
      expect(response.status).toBe(200);
      expect(response.body.accepted).toBe(2);
      expect(response.body.duplicates).toBe(0);
      expect(response.body.rejected.map((refusal: { index: number }) => refusal.index)).toEqual([1, 2, 4]);
      expect(response.body.rejected[0].error).toContain('"timestamp"');
      expect(response.body.rejected[1].error).toBe('A record must be a JSON object, not string.');
      expect(response.body.rejected[2].error).toContain('"user_id"');
      expect(await countOf(source.id)).toBe(3);

      const nothing = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, [1, 2]);
      expect(nothing.status).toBe(400);
      expect(nothing.body).toMatchObject({ error: 'No valid records', accepted: 0, rejected: [{ index: 0 }, { index: 1 }] });
    });

    it('stores a redelivered message once, also when the copies arrive together', async () => {
      const { source, secret } = await webhookSource();
      const batch = { batch: [event(1, { messageId: 'm-1' }), event(2, { message_id: 'm-2' }), event(3, { id: 'm-3' })] };
      const first = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, batch);
      expect(first.body).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
      const again = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, batch);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
      expect(await countOf(source.id)).toBe(3);

      // A single record takes webhook-id as its message id.
      const single = () => post(source.id, { [INGEST_SECRET_HEADER]: secret, 'webhook-id': 'msg_single' }, event(9));
      expect((await single()).body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      expect((await single()).body).toEqual({ accepted: 0, duplicates: 1, rejected: [] });

      const racing = { batch: [event(4, { messageId: 'r-1' }), event(5, { messageId: 'r-2' }), event(5, { messageId: 'r-2' })] };
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(source.id, { [INGEST_SECRET_HEADER]: secret }, racing)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(answers.reduce((sum, answer) => sum + answer.body.accepted, 0)).toBe(2);
      expect(answers.reduce((sum, answer) => sum + answer.body.duplicates, 0)).toBe(13);
      expect(await countOf(source.id)).toBe(6);
      expect((await recordsOf(source.id)).total).toBe(6);
    });

    it('maps Segment track, identify, page, group and alias calls to the unified fields, keeping their objects whole', async () => {
      const { source, secret } = await webhookSource('segment');
      const context = { page: { url: 'https://shop.example/pricing' }, device: { type: 'mobile' }, campaign: { source: 'newsletter', name: 'spring' } };
      const batch = {
        batch: [
          { type: 'track', messageId: 's-1', userId: 'U-7', event: 'Order Completed', timestamp: '2026-11-20T10:00:00Z', context, properties: { revenue: 42.5, product_id: 'P-9', coupon: 'WELCOME' } },
          { type: 'identify', messageId: 's-2', userId: 'U-7', timestamp: '2026-11-20T09:00:00Z', traits: { email: 'ann@example.com', plan: 'pro', address: { city: 'Lyon' } } },
          { type: 'page', messageId: 's-3', anonymousId: 'A-1', name: 'Pricing', timestamp: '2026-11-20T08:00:00Z', context, properties: { title: 'Pricing' } },
          { type: 'page', messageId: 's-4', anonymousId: 'A-1', timestamp: '2026-11-20T08:01:00Z' },
          { type: 'track', messageId: 's-5', userId: 'U-8', timestamp: '2026-11-20T08:01:00Z' },
          { type: 'alias', messageId: 's-6', userId: 'U-8', previousId: 'A-1' },
          { type: 'group', messageId: 's-7', userId: 'U-8', groupId: 'G-1', traits: { name: 'Acme' } },
        ],
      };
      const response = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, batch);
      expect(response.status).toBe(200);
      expect(response.body.accepted).toBe(6);
      expect(response.body.rejected).toEqual([{ index: 4, error: 'A Segment track call needs an "event" name.' }]);

      const stored = (await recordsOf(source.id)).records;
      const byMessage = new Map(stored.map((record) => [record.data.messageId, record]));
      expect(byMessage.get('s-1')!.data).toMatchObject({
        userId: 'U-7',
        event: 'Order Completed',
        context_page_url: 'https://shop.example/pricing',
        context_device_type: 'mobile',
        context_campaign_source: 'newsletter',
        context_campaign_name: 'spring',
        properties_revenue: 42.5,
        properties_product_id: 'P-9',
        properties: { revenue: 42.5, product_id: 'P-9', coupon: 'WELCOME' },
        context,
      });
      expect(byMessage.get('s-1')!.unified).toMatchObject({ user_id: 'U-7', event_type: 'Order Completed', revenue: 42.5, item_id: 'P-9', page_url: 'https://shop.example/pricing' });
      expect(byMessage.get('s-2')!.unified).toMatchObject({ user_id: 'U-7', event_type: 'identify' });
      expect(byMessage.get('s-2')!.data).toMatchObject({ traits: { email: 'ann@example.com', plan: 'pro', address: { city: 'Lyon' } } });
      expect(byMessage.get('s-3')!.unified).toMatchObject({ anonymous_id: 'A-1', event_type: 'Viewed Pricing' });
      expect(byMessage.get('s-4')!.unified).toMatchObject({ event_type: 'page_view', event_time: '2026-11-20T08:01:00.000Z' });
      expect(byMessage.get('s-6')!.data).toMatchObject({ event: 'alias', userId: 'U-8', previousId: 'A-1' });
      expect(byMessage.get('s-7')!.data).toMatchObject({ event: 'group', groupId: 'G-1', traits: { name: 'Acme' } });

      const again = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, batch);
      expect(again.body).toMatchObject({ accepted: 0, duplicates: 6 });
    });

    it("merges a Segment batch's top-level context into each message, the message's own fields winning", async () => {
      const { source, secret } = await webhookSource('segment');
      const response = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, {
        batch: [
          { type: 'track', messageId: 'bc-1', userId: 'U-1', event: 'Signed Up', timestamp: '2026-11-20T10:00:00Z' },
          { type: 'track', messageId: 'bc-2', userId: 'U-2', event: 'Signed Up', timestamp: '2026-11-20T10:00:00Z', context: { page: { url: 'https://own.example/' } } },
          { type: 'page', messageId: 'bc-3', anonymousId: 'A-3', name: 'Home', timestamp: '2026-11-20T10:00:00Z', context: { campaign: { name: 'own-campaign' } } },
        ],
        context: { page: { url: 'https://shared.example/landing' }, device: { type: 'tablet' }, campaign: { source: 'ads', name: 'shared-campaign' } },
        integrations: { All: true },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ accepted: 3, duplicates: 0, rejected: [] });

      const byMessage = new Map((await recordsOf(source.id)).records.map((record) => [record.data.messageId, record]));
      expect(byMessage.get('bc-1')!.data).toMatchObject({
        context_page_url: 'https://shared.example/landing',
        context_device_type: 'tablet',
        context_campaign_source: 'ads',
        context_campaign_name: 'shared-campaign',
      });
      expect(byMessage.get('bc-1')!.unified).toMatchObject({ page_url: 'https://shared.example/landing' });
      expect(byMessage.get('bc-2')!.data).toMatchObject({ context_page_url: 'https://own.example/', context_device_type: 'tablet' });
      // Merged field by field: the message's campaign name, the batch's campaign source.
      expect(byMessage.get('bc-3')!.data).toMatchObject({ context_campaign_name: 'own-campaign', context_campaign_source: 'ads', context_page_url: 'https://shared.example/landing' });
    });

    it('refuses a body over 1 MB with 413 and malformed JSON with 400, storing nothing', async () => {
      const { source, secret } = await webhookSource();
      const padding = 'x'.repeat(INGEST_MAX_BYTES);
      const large = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, [event(1, { padding })]);
      expect(large.status).toBe(413);
      expect(large.body.code).toBe('body_too_large');
      const malformed = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, '{"user_id": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('malformed_body');
      const scalar = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, '42');
      expect(scalar.status).toBe(400);
      const empty = await post(source.id, { [INGEST_SECRET_HEADER]: secret }, []);
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('No records');
      expect(await countOf(source.id)).toBe(0);

      // A compressed body is unpacked within the same limit.
      const gzipped = (records: unknown[]) =>
        fetch(`${world().baseUrl}/api/ingest/${source.id}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', [INGEST_SECRET_HEADER]: secret },
          body: gzipSync(JSON.stringify(records)),
        });
      const packed = await gzipped([event(1), event(2)]);
      expect(packed.status).toBe(200);
      expect(((await packed.json()) as { accepted: number }).accepted).toBe(2);
      const bomb = await gzipped([event(3, { padding })]);
      expect(bomb.status).toBe(413);
      expect(await countOf(source.id)).toBe(2);
    });

    it('answers 429 with Retry-After once the source used its requests of the minute', async () => {
      const { source, secret } = await webhookSource();
      // The app's clock at the middle of a window: the filled count stays current for half a minute.
      clockShiftMs = RATE_WINDOW_MS / 2 - (Date.now() % RATE_WINDOW_MS);
      // The source's minute used up, as INGEST_RATE_PER_MINUTE earlier requests would have.
      const filler = { key: `ingest:${source.id}`, limit: Number.MAX_SAFE_INTEGER, refusal: () => '' };
      for (let request = 0; request < INGEST_RATE_PER_MINUTE; request++) await world().runtime.services.ingestLimiter.check([filler]);
      const refused = await Promise.resolve(post(source.id, { [INGEST_SECRET_HEADER]: secret }, event(1))).finally(() => (clockShiftMs = 0));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toContain(`${INGEST_RATE_PER_MINUTE} requests a minute`);
      expect(await countOf(source.id)).toBe(0);
    });
  });
});
