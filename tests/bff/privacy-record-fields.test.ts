/**
 * A person named in records' fields that no column indexes: a Segment identify call's traits (its
 * anonymous id is then theirs too), a contact of a source whose mapping promotes no identifier, an
 * item and another user's event that mention them. The export finds each and is written as it is
 * read (well-formed JSON with every store's rows, many pages of them); the erasure deletes what is
 * theirs, replaces their values in what is someone else's, and touches nothing that only looks
 * like them.
 */
import { describe, expect, it } from 'vitest';
import type { RecordKind } from '@domain/data/unifiedModel';
import { ERASED_VALUE } from '@domain/privacy/contract';
import { DataRecord, DataSource, PredictionCall } from '@bff/entities';
import { storeSourceRecords } from '@bff/modules/dataSources';
import { EXPORT_PAGE_ROWS } from '@bff/modules/privacy/export';
import { unique, useWorld, type World } from './support/world';

async function addSource(w: World, companyId: string, recordKind: RecordKind, mapping: Record<string, string>) {
  const em = w.em();
  const source = em.create(DataSource, {
    companyId,
    name: unique(recordKind),
    type: 'Webhook',
    catalogueId: 'webhook',
    status: 'active',
    config: {},
    credentials: null,
    recordKind,
    fields: Object.keys(mapping),
    mapping,
  });
  await em.flush();
  return source;
}

const store = (w: World, sourceId: string, records: unknown[]) => storeSourceRecords(w.orm.em, sourceId, records, { batchId: crypto.randomUUID(), sourceType: 'webhook', origin: 'test' });

/** The body of a streamed JSON answer, as the client received it. */
async function exportOf(w: World, query: Record<string, string>) {
  const response = await w.http
    .get('/api/privacy/people/export')
    .set(w.bearer('alice'))
    .query(query)
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done(null, body));
    });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['content-disposition']).toBe('attachment; filename="person-export.json"');
  // Well-formed JSON: the whole document parses.
  return JSON.parse(response.body as string) as Record<string, unknown[]> & { identifiers: string[] };
}

describe('privacy: a person in records’ other fields', () => {
  const world = useWorld();

  it('finds, exports and erases a person named only in fields no column indexes', async () => {
    const w = world();
    const companyId = w.companies.acme.id;
    const tag = unique('erin');
    const email = `${tag}@people.example`;
    const anonymousId = `anon-${tag}`;
    const segment = await addSource(w, companyId, 'events', { userId: 'user_id', anonymousId: 'anonymous_id', event: 'event_type', timestamp: 'event_time' });
    const contacts = await addSource(w, companyId, 'people', { name: 'name' });
    const catalogue = await addSource(w, companyId, 'items', { sku: 'item_id', title: 'title' });
    const at = new Date().toISOString();

    await store(w, segment.id, [
      // Segment's identify call: the traits are the anonymous visitor's, so the visitor is Erin.
      { type: 'identify', anonymousId, event: 'identify', timestamp: at, traits: { email: email.toUpperCase(), name: 'Erin' }, context: { ip: '192.0.2.1' } },
      { type: 'track', anonymousId, event: 'Viewed shoe', timestamp: at, properties: { sku: 'shoe' } },
      // Another user's event that names her: kept, her values replaced.
      { type: 'track', userId: `bob-${tag}`, event: 'Sent gift', timestamp: at, properties: { recipient: email, note: `Gift for Erin <${email}>`, [email]: true } },
      // Look-alikes: another address ending the same, one inside a longer address.
      { type: 'track', userId: `olga-${tag}`, event: 'Signed up', timestamp: at, context: { traits: { email: `x${email}`, backup: `${email}.org` } } },
    ]);
    await store(w, contacts.id, [
      { name: 'Erin', contact_mail: email, phone: '+1 555 0100' },
      { name: 'Olga', contact_mail: `olga@${tag}.example` },
    ]);
    await store(w, catalogue.id, [{ sku: 'p1', title: 'Shoe', created_by: email }]);
    // Enough of her events that every store of the export spans several pages.
    const many = EXPORT_PAGE_ROWS + 20;
    await store(
      w,
      segment.id,
      Array.from({ length: many }, (_, index) => ({ type: 'track', anonymousId, event: 'Scrolled', timestamp: at, properties: { index } })),
    );
    const em = w.em();
    for (let index = 0; index < EXPORT_PAGE_ROWS + 5; index++) {
      em.create(PredictionCall, { companyId, apiKeyId: null, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 3, itemsServed: 1, zeroResults: false, holdout: false, settingsVersion: null, snapshotVersion: null, userId: anonymousId, request: { user_id: anonymousId, index } as never, items: [] });
    }
    await em.flush();

    const before = await exportOf(w, { type: 'email', value: email });
    expect(before.identifiers).toEqual(expect.arrayContaining([email, anonymousId]));
    const records = before.records as Array<{ sourceId: string; source: string; records: Array<{ id: string; data: Record<string, unknown> }> }>;
    expect(records).toEqual([expect.objectContaining({ sourceId: segment.id, source: segment.name })]);
    expect(records[0]!.records).toHaveLength(2 + many);
    expect(new Set(records[0]!.records.map((record) => record.id)).size).toBe(2 + many);
    expect(records[0]!.records.find((record) => record.data.type === 'identify')!.data.traits).toEqual({ email: email.toUpperCase(), name: 'Erin' });
    expect(before.predictionEvents).toHaveLength(2 + many);
    expect(before.predictionCalls).toHaveLength(EXPORT_PAGE_ROWS + 5);
    const others = before.recordsByOtherFields as Array<Record<string, unknown>>;
    expect(others).toHaveLength(3);
    expect(others.find((record) => record.sourceId === contacts.id)).toMatchObject({ whose: 'theirs', source: contacts.name, data: { name: 'Erin', contact_mail: email }, namedIn: ['contact_mail'] });
    const gift = others.find((record) => record.sourceId === segment.id)!;
    expect(gift).toMatchObject({ whose: 'another person', kind: 'events' });
    expect(gift).not.toHaveProperty('data');
    expect(gift.mentions).toEqual(
      expect.arrayContaining([
        { field: 'properties.recipient', value: email },
        { field: 'properties.note', value: `Gift for Erin <${email}>` },
        { field: `properties.${email}`, value: email },
      ]),
    );
    expect(others.find((record) => record.sourceId === catalogue.id)).toMatchObject({ whose: 'another person', mentions: [{ field: 'created_by', value: email }] });
    for (const store of ['responses', 'identities', 'profiles']) expect(before[store]).toEqual([]);

    const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value: email } });
    expect(queued.status).toBe(202);
    await w.runtime.services.privacy.runQueued();
    const done = await w.http.get(`/api/privacy/erasures/${queued.body.id}`).set(w.bearer('alice'));
    expect(done.body.status).toBe('done');
    const counts = Object.fromEntries(done.body.steps.map((step: { step: string; count: number }) => [step.step, step.count]));
    expect(counts).toMatchObject({ records: 2 + many, recordFields: 3, predictionCalls: EXPORT_PAGE_ROWS + 5 });

    const read = w.em();
    expect(await read.count(DataRecord, { sourceId: segment.id, anonymousId })).toBe(0);
    expect(await read.count(DataRecord, { sourceId: contacts.id })).toBe(1);
    expect((await read.findOneOrFail(DataSource, contacts.id)).records).toBe(1);
    expect((await read.findOneOrFail(DataSource, segment.id)).records).toBe(2);
    const bob = await read.findOneOrFail(DataRecord, { sourceId: segment.id, userId: `bob-${tag}` });
    expect(bob.data.properties).toEqual({ recipient: ERASED_VALUE, note: `Gift for Erin <${ERASED_VALUE}>`, [ERASED_VALUE]: true });
    expect(bob.eventType).toBe('Sent gift');
    const item = await read.findOneOrFail(DataRecord, { sourceId: catalogue.id });
    expect(item.data).toEqual({ sku: 'p1', title: 'Shoe', created_by: ERASED_VALUE });
    expect(item.itemId).toBe('p1');
    const olga = await read.findOneOrFail(DataRecord, { sourceId: segment.id, userId: `olga-${tag}` });
    expect(olga.data.context).toEqual({ traits: { email: `x${email}`, backup: `${email}.org` } });
    // Nothing that is hers is left in any record's text.
    const left = (await read.find(DataRecord, { companyId })).filter((record) => JSON.stringify([record.data, record.unified]).toLowerCase().replace(`x${email}`, '').replace(`${email}.org`, '').includes(email));
    expect(left).toEqual([]);

    const after = await exportOf(w, { type: 'email', value: email });
    expect(after).toMatchObject({ records: [], recordsByOtherFields: [], predictionEvents: [], responses: [], predictionCalls: [] });

    // Erasing her again finds nothing more.
    const again = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'anonymousId', value: anonymousId } });
    await w.runtime.services.privacy.runQueued();
    const second = await w.http.get(`/api/privacy/erasures/${again.body.id}`).set(w.bearer('alice'));
    expect(second.body.steps.find((step: { step: string }) => step.step === 'recordFields')).toEqual({ step: 'recordFields', done: true, count: 0 });
    expect(second.body.steps.find((step: { step: string }) => step.step === 'records')).toEqual({ step: 'records', done: true, count: 0 });
  });

  it('drops a later message that names an erased person only in its traits, under a new anonymous id', async () => {
    const w = world();
    const companyId = w.companies.acme.id;
    const tag = unique('erin');
    const email = `${tag}@people.example`;
    const segment = await addSource(w, companyId, 'events', { userId: 'user_id', anonymousId: 'anonymous_id', event: 'event_type', timestamp: 'event_time' });
    const at = new Date().toISOString();
    await store(w, segment.id, [{ type: 'identify', anonymousId: `anon-${tag}`, event: 'identify', timestamp: at, traits: { email } }]);
    const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value: email } });
    expect(queued.status).toBe(202);
    await w.runtime.services.privacy.runQueued();

    const later = await store(w, segment.id, [
      { type: 'identify', anonymousId: `anon-${tag}-new`, event: 'identify', timestamp: at, traits: { email } },
      { type: 'track', anonymousId: `anon-${tag}-other`, event: 'Viewed', timestamp: at, context: { traits: { email } } },
      { type: 'track', anonymousId: `anon-${tag}-someone`, event: 'Viewed', timestamp: at, context: { traits: { email: `someone-${email}` } } },
    ]);
    expect(later.added).toBe(1);
    const kept = await w.em().find(DataRecord, { sourceId: segment.id });
    expect(kept.map((record) => record.anonymousId)).toEqual([`anon-${tag}-someone`]);
  });

  it('answers a person no one has stored with an empty, well-formed document', async () => {
    const w = world();
    const document = await exportOf(w, { type: 'userId', value: unique('nobody') });
    expect(document).toEqual({
      identifiers: [expect.any(String)],
      records: [],
      recordsByOtherFields: [],
      predictionEvents: [],
      responses: [],
      identities: [],
      profiles: [],
      predictionCalls: [],
    });
  });
});
