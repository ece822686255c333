/**
 * Write Back: a company's destinations (secret shown once, kept encrypted), writebacks queued as
 * signed batches on the webhook queue and sent by its worker (verified with the Standard Webhooks
 * reference library), job status read from what the receivers acknowledged, and who may do it.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { CreatedWritebackDestination, WritebackDestination, WritebackJob } from '@domain/audience/contract';
import { categoryBit } from '@domain/audience/categories';
import { writebackDestinationSchemaFor, writebackJobStatus } from '@domain/audience/writeback';
import { DataRecord, DataSource, PublishedSurvey, SurveyResponse, WebhookDelivery, WritebackDestination as DestinationRow } from '@bff/entities';
import { buildAudience } from '@bff/modules/audience/build';
import { hashSecret } from '@bff/platform/secrets';
import { rowsOf } from '@bff/platform/sql';
import { decryptSecret } from '@bff/platform/secrets';
import { createWebhookWorker } from '@bff/modules/webhooks/worker';
import { webhookReceiver } from './support/responses';
import { readySurvey } from './support/surveys';
import { useWorld, type World } from './support/world';

const BASE = '/api/audience-intelligence';
const DAY = 86_400_000;
const silent = pino({ level: 'silent' });

interface ProfileFixture {
  userId?: string | null;
  email?: string | null;
  name?: string | null;
  risk?: 'low' | 'medium' | 'high';
  riskScore?: number;
  categoryMask?: number;
  segments?: Array<{ id: string; name: string; confidence: number; because: string }>;
  attributes?: Record<string, string | number | boolean>;
  ltv?: number;
  lastSeen?: Date | null;
}

/** Profiles stored directly (the builder would take far longer for a thousand), with their user-id identities. */
async function addProfiles(world: World, companyId: string, profiles: readonly ProfileFixture[]): Promise<string[]> {
  const knex = (world.orm.em as SqlEntityManager).getKnex();
  const stamp = (at: Date | null | undefined) => (at ? (world.config.database.kind === 'sqlite' ? at.getTime() : at) : null);
  const now = stamp(new Date());
  const rows = profiles.map((profile) => ({
    id: randomUUID(), company_id: companyId, user_id: profile.userId ?? null, email: profile.email ?? null, name: profile.name ?? null, account: 'Acme Corp',
    age: null, location: null, first_seen: null, last_seen: stamp(profile.lastSeen ?? new Date()), last_login: null, subscription_status: null,
    ltv: profile.ltv ?? 10, device_type: null, ip_address: null, source_mask: 1, source_names: '[]', category_mask: profile.categoryMask ?? 0,
    lifecycle: 'active', risk: profile.risk ?? 'low', risk_score: profile.riskScore ?? 12.5, coverage: 16.7, survey_count: 0, completion_seconds: 0,
    event_count: 0, recent_events: 0, previous_events: 0, identifier_count: 1, is_unknown: false, is_unified: false,
    attributes: JSON.stringify(profile.attributes ?? {}), segments: JSON.stringify(profile.segments ?? []), search_text: (profile.name ?? '').toLowerCase(),
    created_at: now, updated_at: now,
  }));
  const identity = (profileId: string, kind: string, value: string) => ({ id: randomUUID(), company_id: companyId, profile_id: profileId, kind, value, source: 'customers.csv', first_seen: now, created_at: now, updated_at: now });
  const identities = rows.flatMap((row) => [
    ...(row.user_id ? [identity(row.id, 'user_id', row.user_id)] : []),
    // Identities are stored lower-cased, as the builder keeps them.
    ...(row.email ? [identity(row.id, 'email', row.email.toLowerCase())] : []),
  ]);
  await knex.transaction(async (trx) => {
    await knex.batchInsert('audience_profiles', rows, 200).transacting(trx);
    if (identities.length) await knex.batchInsert('audience_identities', identities, 200).transacting(trx);
  });
  return rows.map((row) => row.id);
}

/** Events from an analytics source, by user id and/or e-mail, `daysAgo` before now. */
async function addEvents(world: World, companyId: string, events: Array<{ type: string; daysAgo: number; userId?: string; email?: string }>): Promise<void> {
  const em = world.em();
  const source = em.create(DataSource, { companyId, name: 'Segment', type: 'Analytics & Growth', catalogueId: 'segment', recordKind: 'events', status: 'active', config: {}, mapping: {}, fields: [] });
  const importedAt = new Date();
  for (const [index, event] of events.entries()) {
    const at = new Date(Date.now() - event.daysAgo * DAY);
    em.create(DataRecord, {
      companyId, sourceId: source.id, kind: 'events', data: { user_id: event.userId, email: event.email, type: event.type }, unified: { event_type: event.type, event_time: at.toISOString() },
      sourceType: 'json', importedAt, recordIndex: index, userId: event.userId ?? null, email: event.email ?? null, eventType: event.type, eventTime: at,
    });
  }
  await em.flush();
}

describe('write back', () => {
  const world = useWorld({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  const admin = () => world().bearer('admin');
  const worker = (w: World, overrides: Partial<World['config']> = {}) => createWebhookWorker({ fork: w.runtime.fork, config: { ...w.config, ...overrides }, logger: silent });

  async function addDestination(companyId: string, kind: string, url: string, name = `${kind} endpoint`): Promise<CreatedWritebackDestination> {
    const response = await world().http.post(`${BASE}/destinations`).set(admin()).send({ companyId, kind, name, url });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as CreatedWritebackDestination;
  }
  const writeback = (body: object) => world().http.post(`${BASE}/writeback`).set(admin()).send(body);
  const job = async (companyId: string, id: string) => {
    const response = await world().http.get(`${BASE}/writeback/jobs/${id}`).query({ companyFilter: companyId }).set(admin());
    expect(response.status).toBe(200);
    return response.body as WritebackJob;
  };
  const verified = (secret: string, message: { headers: Record<string, unknown>; body: string }) =>
    new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }) as { type: string; data: { jobId: string; batch: { index: number; count: number; profiles: number }; totalProfiles: number; profiles: Array<Record<string, unknown>> } };

  it('creates, lists, edits and deletes destinations, showing the secret only once', async () => {
    const w = world();
    const company = await w.addCompany();
    const created = await addDestination(company.id, 'crm', 'https://hooks.crm.example/navout', '  Salesforce  ');
    expect(created).toMatchObject({ kind: 'crm', name: 'Salesforce', url: 'https://hooks.crm.example/navout', enabled: true, lastDeliveryAt: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);

    // Stored encrypted, readable by the server that signs with it.
    const row = await w.em().findOneOrFail(DestinationRow, { id: created.id });
    expect(row.secret).not.toContain(created.secret.slice(6));
    expect(decryptSecret(row.secret, w.config.credentialsKey)).toBe(created.secret);

    const list = await w.http.get(`${BASE}/destinations`).query({ companyFilter: company.id }).set(admin());
    expect(list.status).toBe(200);
    expect(list.body as WritebackDestination[]).toEqual([{ id: created.id, kind: 'crm', name: 'Salesforce', url: 'https://hooks.crm.example/navout', enabled: true, createdAt: created.createdAt, lastDeliveryAt: null }]);
    expect(list.text).not.toContain(created.secret.slice(6));

    const edited = await w.http.put(`${BASE}/destinations/${created.id}`).set(admin()).send({ companyId: company.id, name: 'HubSpot', url: 'https://api.hubspot.example/in', enabled: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.id, name: 'HubSpot', url: 'https://api.hubspot.example/in', enabled: false });
    expect(edited.text).not.toContain(created.secret.slice(6));
    expect(edited.body).not.toHaveProperty('secret');

    const deleted = await w.http.delete(`${BASE}/destinations/${created.id}`).query({ companyFilter: company.id }).set(admin());
    expect(deleted.status).toBe(204);
    expect((await w.http.get(`${BASE}/destinations`).query({ companyFilter: company.id }).set(admin())).body).toEqual([]);
  });

  it('refuses a blank or long name, an unknown kind, a non-web address and a private one', async () => {
    const w = world();
    const company = await w.addCompany();
    const post = (body: object) => w.http.post(`${BASE}/destinations`).set(admin()).send({ companyId: company.id, kind: 'crm', name: 'CRM', url: 'https://hooks.example.com/in', ...body });
    expect((await post({ name: '   ' })).body).toMatchObject({ code: 'validation_failed', fields: { name: 'Name is required' } });
    expect((await post({ name: 'x'.repeat(101) })).body.fields).toEqual({ name: 'Name must be at most 100 characters' });
    expect((await post({ kind: 'erp' })).body.fields).toEqual({ kind: 'Choose one of: CRM, Analytics, Email Platform, Support System' });
    expect((await post({ url: 'ftp://hooks.example.com/in' })).body.fields).toEqual({ url: 'The URL must start with https:// or http://' });
    expect((await post({ name: 'x'.repeat(100) })).status).toBe(201);
    // A production server (WEBHOOK_ALLOW_PRIVATE off) accepts https only.
    const production = writebackDestinationSchemaFor();
    await expect(production.validateAt('url', { url: 'http://hooks.example.com/in' })).rejects.toThrow('The URL must start with https://');
    expect(await production.validateAt('url', { url: 'https://hooks.example.com/in' })).toBe('https://hooks.example.com/in');
    expect(await w.em().count(DestinationRow, { companyId: company.id })).toBe(1);
  });

  it('answers 409 when no enabled destination of a chosen kind is configured', async () => {
    const w = world();
    const company = await w.addCompany();
    const [id] = await addProfiles(w, company.id, [{ userId: 'u1' }]);
    const none = await writeback({ companyId: company.id, destinations: ['crm'], data: ['profile'], profileIds: [id] });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'destination_not_configured', error: 'No CRM destination is configured' });

    const disabled = await addDestination(company.id, 'crm', 'https://hooks.crm.example/in');
    await w.http.put(`${BASE}/destinations/${disabled.id}`).set(admin()).send({ companyId: company.id, enabled: false });
    await addDestination(company.id, 'email', 'https://hooks.mail.example/in');
    const stillNone = await writeback({ companyId: company.id, destinations: ['crm', 'email', 'support'], data: ['profile'], profileIds: [id] });
    expect(stillNone.status).toBe(409);
    expect(stillNone.body.error).toBe('No CRM or Support System destination is configured');
    expect(await w.em().count(WebhookDelivery, { companyId: company.id })).toBe(0);
  });

  it('validates the request: destinations, data and exactly one way of choosing profiles', async () => {
    const w = world();
    const company = await w.addCompany();
    await addDestination(company.id, 'crm', 'https://hooks.crm.example/in');
    const [id] = await addProfiles(w, company.id, [{ userId: 'u1' }]);
    const other = await w.addCompany();
    const [foreign] = await addProfiles(w, other.id, [{ userId: 'u1' }]);
    const base = { companyId: company.id, destinations: ['crm'], data: ['profile'] };
    const cases: Array<[object, string]> = [
      [{ ...base, destinations: [], profileIds: [id] }, 'Choose at least one destination'],
      [{ ...base, data: [], profileIds: [id] }, 'Choose at least one kind of data to sync'],
      [base, 'Choose the profiles either by profileIds or by query, not both'],
      [{ ...base, profileIds: [id], query: { search: '' } }, 'Choose the profiles either by profileIds or by query, not both'],
      [{ ...base, profileIds: Array.from({ length: 10_001 }, () => randomUUID()) }, 'Send 1 to 10,000 profile ids'],
      [{ ...base, profileIds: ['not-an-id'] }, 'Each profile id must be a valid id'],
      [{ ...base, profileIds: [id, foreign] }, '1 of the profile ids name no profile of this company'],
      [{ ...base, query: { risk: ['extreme'] } }, 'Must be one of: low, medium, high'],
      [{ ...base, query: { risk: ['high'] } }, 'No profile matches the query'],
    ];
    for (const [body, error] of cases) {
      const response = await writeback(body);
      expect(response.status, error).toBe(400);
      expect(response.body.error, error).toBe(error);
    }
    expect(await w.em().count(WebhookDelivery, { companyId: company.id })).toBe(0);
  });

  it('delivers the profiles signed, in batches of at most 500, with the fields of the chosen data', async () => {
    const w = world();
    const company = await w.addCompany();
    const receiver = await webhookReceiver([204]);
    try {
      const destination = await addDestination(company.id, 'crm', receiver.url('/crm'), 'Salesforce');
      const segment = { id: 'churn-risk', name: 'Churn risk', confidence: 0.72, because: 'Last seen 40 days ago.' };
      const [annId] = await addProfiles(w, company.id, [
        { userId: 'ann', email: 'ann@example.com', name: 'Ann Archer', risk: 'high', riskScore: 72, categoryMask: categoryBit('at-risk') | categoryBit('premium'), segments: [segment], attributes: { favourite_colour: 'green' }, ltv: 1000 },
      ]);
      // Matched by user id, by e-mail in another case, and by both (sent once).
      await addEvents(w, company.id, [
        { type: 'signup', daysAgo: 30, email: 'Ann@Example.com' },
        { type: 'purchase', daysAgo: 1, userId: 'ann' },
        { type: 'view', daysAgo: 2, userId: 'ann', email: 'ann@example.com' },
        { type: 'view', daysAgo: 1, userId: 'someone-else' },
      ]);
      const rest = await addProfiles(w, company.id, Array.from({ length: 1_100 }, (_, index) => ({ userId: `p${index}` })));

      const started = await writeback({ companyId: company.id, destinations: ['crm'], data: ['profile', 'segments', 'events', 'predictions'], profileIds: [annId, ...rest] });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const queued = started.body as WritebackJob;
      expect(queued).toMatchObject({ status: 'queued', profileCount: 1_101, data: ['profile', 'segments', 'events', 'predictions'], createdBy: w.users.admin.id });
      expect(queued.deliveries).toEqual([
        { destinationId: destination.id, destinationName: 'Salesforce', kind: 'crm', status: 'pending', attempts: 0, lastError: null, deliveredAt: null, batches: 3, batchesDelivered: 0 },
      ]);
      // Nothing is reported as sent before a receiver acknowledged it.
      expect(receiver.received).toHaveLength(0);

      await worker(w).deliverDue();
      expect(receiver.received).toHaveLength(3);
      const bodies = receiver.received.map((message) => verified(destination.secret, message)).sort((a, b) => a.data.batch.index - b.data.batch.index);
      expect(bodies.map((body) => body.data.batch)).toEqual([
        { index: 1, count: 3, profiles: 500 },
        { index: 2, count: 3, profiles: 500 },
        { index: 3, count: 3, profiles: 101 },
      ]);
      expect(bodies.every((body) => body.type === 'audience.profiles.writeback' && body.data.jobId === queued.id && body.data.totalProfiles === 1_101)).toBe(true);
      expect(new Set(bodies.flatMap((body) => body.data.profiles.map((profile) => profile.id))).size).toBe(1_101);
      // Each message id is its delivery's, the same on every attempt.
      expect(new Set(receiver.received.map((message) => message.headers['webhook-id'])).size).toBe(3);

      const ann = bodies[0]!.data.profiles[0]!;
      expect(ann).toEqual({
        id: annId,
        user_id: 'ann',
        email: 'ann@example.com',
        name: 'Ann Archer',
        account: 'Acme Corp',
        ltv: 1000,
        risk: 'high',
        lifecycle: 'active',
        categories: ['at-risk', 'premium'],
        coverage: 16.7,
        last_seen: expect.any(String),
        attributes: { favourite_colour: 'green' },
        identifiers: {
          userIds: ['ann'],
          emails: ['ann@example.com'],
          anonymousIds: [],
          visitorIds: [],
          custom: {},
          bySource: [
            { type: 'email', value: 'ann@example.com', sourceName: 'customers.csv', sourceType: 'unknown', sourceId: null },
            { type: 'user_id', value: 'ann', sourceName: 'customers.csv', sourceType: 'unknown', sourceId: null },
          ],
        },
        segments: { categories: [{ id: 'at-risk', name: 'At Risk' }, { id: 'premium', name: 'Premium' }], predicted: [{ id: 'churn-risk', name: 'Churn risk' }] },
        events: [
          { type: 'purchase', source: 'Segment', timestamp: expect.any(String) },
          { type: 'view', source: 'Segment', timestamp: expect.any(String) },
          { type: 'signup', source: 'Segment', timestamp: expect.any(String) },
        ],
        predictions: { risk_score: 72, segments: [segment] },
      });
      expect(bodies[1]!.data.profiles[0]).toMatchObject({ events: [] });

      const done = await job(company.id, queued.id);
      expect(done.status).toBe('delivered');
      expect(done.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3, lastError: null, deliveredAt: expect.any(String), batches: 3, batchesDelivered: 3 });
      const destinations = (await w.http.get(`${BASE}/destinations`).query({ companyFilter: company.id }).set(admin())).body as WritebackDestination[];
      expect(destinations[0]!.lastDeliveryAt).toBe(done.deliveries[0]!.deliveredAt);
      // The survey webhook log does not list writeback batches.
      expect((await w.http.get(`/api/companies/${company.id}/webhook-deliveries`).set(admin())).body).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('sends only the fields of the chosen data, with the identifiers always', async () => {
    const w = world();
    const company = await w.addCompany();
    const receiver = await webhookReceiver([204]);
    try {
      const destination = await addDestination(company.id, 'analytics', receiver.url('/analytics'));
      await addProfiles(w, company.id, [
        { userId: 'hi', email: 'hi@example.com', name: 'High Risk', risk: 'high', riskScore: 80 },
        { userId: 'lo', email: 'lo@example.com', name: 'Low Risk', risk: 'low' },
      ]);
      const started = await writeback({ companyId: company.id, destinations: ['analytics'], data: ['segments'], query: { risk: ['high'] } });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body.profileCount).toBe(1);
      await worker(w).deliverDue();
      expect(receiver.received).toHaveLength(1);
      const [profile] = verified(destination.secret, receiver.received[0]!).data.profiles;
      expect(profile).toEqual({
        id: expect.any(String),
        user_id: 'hi',
        email: 'hi@example.com',
        identifiers: expect.objectContaining({ userIds: ['hi'], emails: ['hi@example.com'] }),
        segments: { categories: [], predicted: [] },
      });
    } finally {
      await receiver.close();
    }
  });

  it('gives every delivered profile every identifier the identity graph holds for it, with its source', async () => {
    const w = world();
    const companyId = (await w.addCompany()).id;
    const em = w.em();
    const now = Date.now();
    // As the demo: a shop's customers, web analytics' anonymous visitors (every tenth signs in),
    // a webhook's purchases by e-mail, survey responses with the widget's visitor ids and a custom
    // identifier, and prediction-API events by user id.
    const source = (name: string, catalogueId: string, type: string, recordKind: 'people' | 'events') =>
      em.create(DataSource, { companyId, name, type, catalogueId, recordKind, status: 'active', config: {}, mapping: {}, fields: [] });
    const shop = source('Shopify', 'shopify', 'E-commerce', 'people');
    const web = source('Google Analytics', 'google-analytics', 'Web Analytics', 'events');
    const hook = source('Store webhook', 'webhook', 'Custom API', 'events');
    const api = source('Prediction API events', 'prediction-api', 'Prediction API', 'events');
    let index = 0;
    const record = (sourceId: string, kind: 'people' | 'events', ids: { userId?: string; email?: string; anonymousId?: string }, sourceType = 'connector') => {
      const at = new Date(now - (index % 40) * DAY);
      em.create(DataRecord, {
        companyId, sourceId, kind, data: {}, unified: { ...(kind === 'events' ? { event_type: 'page_view', event_time: at.toISOString() } : {}) }, sourceType, importedAt: at, recordIndex: index++,
        userId: ids.userId ?? null, email: ids.email ?? null, anonymousId: ids.anonymousId ?? null, eventType: kind === 'events' ? 'page_view' : null, eventTime: kind === 'events' ? at : null,
      });
    };
    for (let person = 0; person < 30; person++) record(shop.id, 'people', { userId: `c-${person}`, email: `Customer${person}@Example.com` });
    for (let visitor = 0; visitor < 120; visitor++) {
      record(web.id, 'events', { anonymousId: `ga-${visitor}` });
      if (visitor % 10 === 0) record(web.id, 'events', { anonymousId: `ga-${visitor}`, userId: `c-${visitor / 10}` });
    }
    for (let purchase = 0; purchase < 20; purchase++) record(hook.id, 'events', { email: `buyer${purchase}@example.com` }, 'webhook');
    for (let call = 0; call < 10; call++) record(api.id, 'events', { userId: `c-${call + 20}` }, 'api');
    const survey = em.create(PublishedSurvey, { companyId, name: 'Checkout', survey: readySurvey(), embedSettings: {} as never, displayTriggers: {} as never, status: 'inactive', publishedAt: new Date(now - DAY) });
    for (let response = 0; response < 12; response++) {
      em.create(SurveyResponse, {
        companyId, surveyId: survey.id, visitorId: `widget-${response}`, deviceType: 'desktop', identifiers: response % 3 === 0 ? { loyalty_card: `card-${response}`, user_id: `c-${response}` } : {},
        answers: {}, startedAt: new Date(now - response * DAY), completedAt: null, completionTimeSeconds: null, isComplete: false, writeTokenHash: hashSecret(`w-${companyId}-${response}`),
      });
    }
    await em.flush();
    const knex = (w.orm.em as SqlEntityManager).getKnex();
    const built = await buildAudience({ knex, kind: w.config.database.kind, companyId, now: new Date(now), maxProfilesPerMerge: 5 });

    const receiver = await webhookReceiver([204]);
    try {
      const destination = await addDestination(companyId, 'crm', receiver.url('/crm'));
      const started = await writeback({ companyId, destinations: ['crm'], data: ['profile'], query: {} });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body.profileCount).toBe(built.profiles);
      await worker(w).deliverDue();
      const profiles = receiver.received.flatMap((message) => verified(destination.secret, message).data.profiles) as Array<{ id: string; identifiers: Record<string, unknown> & { bySource: Array<Record<string, unknown>> } }>;
      expect(profiles).toHaveLength(built.profiles);

      // Each profile carries exactly the graph's identities, each with its source.
      const graph = rowsOf(await knex.raw('select i.profile_id, i.kind, i.value, i.source from audience_identities i join audience_builds b on b.company_id = i.company_id and b.generation = i.generation where i.company_id = ?', [companyId]));
      const sourceIds: Record<string, string | null> = { Shopify: shop.id, 'Google Analytics': web.id, 'Store webhook': hook.id, 'Prediction API events': api.id, 'Survey: Checkout': null };
      const sorted = (values: string[]) => [...values].sort();
      for (const profile of profiles) {
        const own = graph.filter((row) => row.profile_id === profile.id);
        expect(own.length, profile.id).toBeGreaterThan(0);
        const type = (row: Record<string, unknown>) => (row.kind === 'anonymous_id' && String(row.source).startsWith('Survey: ') ? 'visitor_id' : String(row.kind));
        expect(sorted(profile.identifiers.bySource.map((entry) => `${String(entry.type)}|${String(entry.value)}|${String(entry.sourceName)}|${String(entry.sourceId)}`))).toEqual(
          sorted(own.map((row) => `${type(row)}|${String(row.value)}|${String(row.source)}|${String(sourceIds[String(row.source)])}`)),
        );
        const of = (kind: string) => sorted(own.filter((row) => row.kind === kind).map((row) => String(row.value)));
        expect(profile.identifiers).toMatchObject({ userIds: of('user_id'), emails: of('email'), anonymousIds: of('anonymous_id') });
      }
      // A receiver finds each kind: a customer by user id and e-mail, with the visitor who signed in.
      const customer = profiles.find((profile) => (profile.identifiers.userIds as string[]).includes('c-1'))!;
      expect(customer.identifiers).toMatchObject({ userIds: ['c-1'], emails: ['customer1@example.com'], anonymousIds: ['ga-10'] });
      expect(customer.identifiers.bySource).toContainEqual({ type: 'email', value: 'customer1@example.com', sourceName: 'Shopify', sourceType: 'data_source', sourceId: shop.id });
      const visitor = profiles.find((profile) => (profile.identifiers.anonymousIds as string[]).includes('widget-4'))!;
      expect(visitor.identifiers).toMatchObject({ userIds: [], emails: [], anonymousIds: ['widget-4'], visitorIds: ['widget-4'] });
      expect(visitor.identifiers.bySource).toEqual([{ type: 'visitor_id', value: 'widget-4', sourceName: 'Survey: Checkout', sourceType: 'survey', sourceId: null }]);
      const carded = profiles.find((profile) => (profile.identifiers.visitorIds as string[]).includes('widget-3'))!;
      expect(carded.identifiers).toMatchObject({ userIds: ['c-3'], custom: { loyalty_card: ['card-3'] } });
      const buyer = profiles.find((profile) => (profile.identifiers.emails as string[]).includes('buyer7@example.com'))!;
      expect(buyer.identifiers.bySource).toEqual([{ type: 'email', value: 'buyer7@example.com', sourceName: 'Store webhook', sourceType: 'data_source', sourceId: hook.id }]);
    } finally {
      await receiver.close();
    }
  });

  it('retries after a failure, and a job is delivered only when the receiver answers 2xx', async () => {
    const w = world();
    const company = await w.addCompany();
    const receiver = await webhookReceiver([500, 200]);
    try {
      await addDestination(company.id, 'support', receiver.url('/support'));
      const ids = await addProfiles(w, company.id, [{ userId: 'a' }, { userId: 'b' }]);
      const queued = (await writeback({ companyId: company.id, destinations: ['support'], data: ['profile'], profileIds: ids })).body as WritebackJob;
      const sender = worker(w);
      const t0 = new Date(Date.now() + 1_000);
      await sender.deliverDue(t0);
      let current = await job(company.id, queued.id);
      expect(current.status).toBe('sending');
      expect(current.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'The receiver answered status 500', deliveredAt: null });

      await sender.deliverDue(new Date(t0.getTime() + 30_000));
      current = await job(company.id, queued.id);
      expect(current.status).toBe('delivered');
      expect(current.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[0]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
    } finally {
      await receiver.close();
    }
  });

  it('is partial when one destination delivers and another is deleted before it could', async () => {
    const w = world();
    const company = await w.addCompany();
    const receiver = await webhookReceiver([204]);
    try {
      await addDestination(company.id, 'crm', receiver.url('/crm'));
      const email = await addDestination(company.id, 'email', receiver.url('/email'));
      const ids = await addProfiles(w, company.id, [{ userId: 'a' }]);
      const queued = (await writeback({ companyId: company.id, destinations: ['crm', 'email'], data: ['profile'], profileIds: ids })).body as WritebackJob;
      expect(queued.deliveries.map((delivery) => delivery.kind)).toEqual(['crm', 'email']);
      expect((await w.http.delete(`${BASE}/destinations/${email.id}`).query({ companyFilter: company.id }).set(admin())).status).toBe(204);
      await worker(w).deliverDue();
      const current = await job(company.id, queued.id);
      expect(current.status).toBe('partial');
      expect(current.deliveries).toEqual([
        expect.objectContaining({ kind: 'crm', status: 'delivered' }),
        expect.objectContaining({ kind: 'email', destinationName: 'email endpoint', status: 'failed', lastError: 'The destination was deleted' }),
      ]);
      expect(receiver.received.map((message) => (JSON.parse(message.body) as { data: { destination: { kind: string } } }).data.destination.kind)).toEqual(['crm']);
    } finally {
      await receiver.close();
    }
  });

  it('gives up the waiting batches of a destination disabled before they were sent', async () => {
    const w = world();
    const company = await w.addCompany();
    const receiver = await webhookReceiver([204]);
    try {
      const destination = await addDestination(company.id, 'analytics', receiver.url('/analytics'));
      const ids = await addProfiles(w, company.id, [{ userId: 'a' }]);
      const queued = (await writeback({ companyId: company.id, destinations: ['analytics'], data: ['events'], profileIds: ids })).body as WritebackJob;
      expect((await w.http.put(`${BASE}/destinations/${destination.id}`).set(admin()).send({ companyId: company.id, enabled: false })).status).toBe(200);
      await worker(w).deliverDue();
      const current = await job(company.id, queued.id);
      expect(current.status).toBe('failed');
      expect(current.deliveries[0]).toMatchObject({ status: 'failed', attempts: 1, lastError: 'The destination is disabled', deliveredAt: null });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('never sends to a private address when the server does not allow them', async () => {
    const w = world();
    const company = await w.addCompany();
    const receiver = await webhookReceiver([204]);
    try {
      await addDestination(company.id, 'crm', `https://localhost:${receiver.port}/hook`);
      const ids = await addProfiles(w, company.id, [{ userId: 'a' }]);
      const queued = (await writeback({ companyId: company.id, destinations: ['crm'], data: ['profile'], profileIds: ids })).body as WritebackJob;
      await worker(w, { webhookAllowPrivate: false }).deliverDue();
      const current = await job(company.id, queued.id);
      expect(current.status).toBe('sending');
      expect(current.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/^Refused: localhost resolves to/) });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
    // And the form of a production server refuses the address outright.
    const { createWritebackService } = await import('@bff/modules/writeback/service');
    const production = createWritebackService({ orm: w.orm, config: { ...w.config, webhookAllowPrivate: false }, audience: { users: async () => ({ users: [], total: 0, page: 1, limit: 1 }) }, now: () => new Date() });
    for (const url of ['https://127.0.0.1/in', 'https://10.0.0.8/in', 'https://[::1]/in', 'https://metadata.internal/in']) {
      await expect(production.createDestination(w.runtime.fork(), company.id, { kind: 'crm', name: 'Local', url })).rejects.toMatchObject({ status: 400, error: 'The URL must not point to this server, a private network or a local address.' });
    }
  });

  it("keeps each company's destinations and jobs to itself", async () => {
    const w = world();
    const own = await w.addCompany();
    const other = await w.addCompany();
    const destination = await addDestination(other.id, 'crm', 'https://hooks.crm.example/in');
    const ids = await addProfiles(w, other.id, [{ userId: 'a' }]);
    const queued = (await writeback({ companyId: other.id, destinations: ['crm'], data: ['profile'], profileIds: ids })).body as WritebackJob;

    expect((await w.http.put(`${BASE}/destinations/${destination.id}`).set(admin()).send({ companyId: own.id, name: 'Mine' })).status).toBe(404);
    expect((await w.http.delete(`${BASE}/destinations/${destination.id}`).query({ companyFilter: own.id }).set(admin())).status).toBe(404);
    expect((await w.http.get(`${BASE}/writeback/jobs/${queued.id}`).query({ companyFilter: own.id }).set(admin())).status).toBe(404);
    expect((await w.http.get(`${BASE}/writeback/jobs`).query({ companyFilter: own.id }).set(admin())).body).toEqual([]);
    expect((await w.http.get(`${BASE}/destinations`).query({ companyFilter: own.id }).set(admin())).body).toEqual([]);
    const jobs = (await w.http.get(`${BASE}/writeback/jobs`).query({ companyFilter: other.id }).set(admin())).body as WritebackJob[];
    expect(jobs.map((item) => item.id)).toEqual([queued.id]);
    expect((await w.em().findOneOrFail(DestinationRow, { id: destination.id })).name).toBe('crm endpoint');
  });

  it('lists the newest 50 jobs first', async () => {
    const w = world();
    const company = await w.addCompany();
    await addDestination(company.id, 'crm', 'https://hooks.crm.example/in');
    const ids = await addProfiles(w, company.id, [{ userId: 'a' }]);
    const started: string[] = [];
    for (let index = 0; index < 52; index++) {
      const response = await writeback({ companyId: company.id, destinations: ['crm'], data: ['profile'], profileIds: ids });
      started.push(response.body.id as string);
    }
    const jobs = (await w.http.get(`${BASE}/writeback/jobs`).query({ companyFilter: company.id }).set(admin())).body as WritebackJob[];
    expect(jobs).toHaveLength(50);
    expect(jobs.every((item, index) => index === 0 || item.createdAt <= jobs[index - 1]!.createdAt)).toBe(true);
    expect(jobs.map((item) => item.id)).not.toContain(started[0]);
  });

  it('is for global admins only', async () => {
    const w = world();
    const acme = w.companies.acme.id;
    for (const person of ['alice', 'bob'] as const) {
      expect((await w.http.get(`${BASE}/destinations`).query({ companyFilter: acme }).set(w.bearer(person))).status).toBe(403);
      expect((await w.http.post(`${BASE}/destinations`).set(w.bearer(person)).send({ kind: 'crm', name: 'Mine', url: 'https://hooks.example.com/in' })).status).toBe(403);
      expect((await w.http.post(`${BASE}/writeback`).set(w.bearer(person)).send({ destinations: ['crm'], data: ['profile'], query: {} })).status).toBe(403);
      expect((await w.http.get(`${BASE}/writeback/jobs`).query({ companyFilter: acme }).set(w.bearer(person))).status).toBe(403);
    }
    expect(await w.em().count(DestinationRow, { companyId: acme })).toBe(0);
  });

  it('derives the job status from its deliveries', () => {
    const pending = { status: 'pending' as const, attempts: 0 };
    const retrying = { status: 'pending' as const, attempts: 1 };
    const delivered = { status: 'delivered' as const, attempts: 1 };
    const failed = { status: 'failed' as const, attempts: 9 };
    expect(writebackJobStatus([pending, pending])).toBe('queued');
    expect(writebackJobStatus([pending, delivered])).toBe('sending');
    expect(writebackJobStatus([retrying])).toBe('sending');
    expect(writebackJobStatus([delivered, delivered])).toBe('delivered');
    expect(writebackJobStatus([delivered, failed])).toBe('partial');
    expect(writebackJobStatus([failed])).toBe('failed');
  });
});
