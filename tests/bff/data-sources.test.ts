import { randomUUID } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { Migrator } from '@mikro-orm/migrations';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { CATALOGUE, REQUEST_CUSTOM_API_ID } from '@domain/data/catalogue';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { initOrm, migrate } from '@bff/db';
import { Company, DataRecord, DataSource, FieldSetting, ImportTemplate, ServiceRequest } from '@bff/entities';
import { decryptSecret } from '@bff/platform/secrets';
import { createTestDatabase, usingPostgres } from './support/database';
import { useWorld, type World } from './support/world';

const KEY = 'sk_live_51Hx9QmDemoSecretValue0123456789';

describe('data sources', () => {
  const world = useWorld();
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  /** Imports a small customer file into the company of `who`, through the real import route. */
  async function importCustomers(who: 'alice' | 'carol', fileName = `customers-${Date.now()}.csv`) {
    const csv = ['customer_id,email,full_name,score', 'C-1,ann@example.com,Ann Lee,10', 'C-2,ben@example.com,Ben Ode,20'].join('\n');
    const options = { recordKind: 'people', mapping: { customer_id: 'user_id', email: 'email', full_name: 'name' }, keyColumn: 'customer_id' };
    const response = await world()
      .http.post('/api/data-sources/import')
      .set(as(who))
      .field('options', JSON.stringify(options))
      .attach('file', Buffer.from(csv), { filename: fileName, contentType: 'text/csv' });
    expect(response.status).toBe(200);
    return response.body.source as { id: string; name: string };
  }

  describe('connecting', () => {
    it('connects a catalogue source with its built-in fields, keeping the key only encrypted', async () => {
      const w = world();
      const response = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'stripe', apiKey: KEY, accountId: 'acct_1' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        name: 'Stripe',
        type: 'Payment Processing',
        status: 'active',
        records: 0,
        lastSync: null,
        companyId: w.companies.acme.id,
        availableDataSource: { id: 'stripe', name: 'Stripe' },
        recordKind: 'events',
        hasCredentials: true,
      });
      expect(response.body.mapping).toMatchObject({ customer_email: 'email', amount: 'revenue', created: 'event_time' });
      expect(JSON.stringify(response.body)).not.toContain(KEY);

      const stored = await w.em().findOneOrFail(DataSource, { id: response.body.id });
      expect(stored.credentials).not.toContain(KEY);
      expect(JSON.parse(decryptSecret(stored.credentials!, w.config.credentialsKey))).toEqual({ apiKey: KEY });

      const again = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'stripe', apiKey: 'other' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'already_exists', error: 'Stripe is already connected' });

      // Another Stripe account is another source, under a name of its own; that name is then taken too.
      const second = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'stripe', name: '  Stripe   EU ', apiKey: 'other' });
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      expect(second.body).toMatchObject({ name: 'Stripe   EU', availableDataSource: { id: 'stripe', name: 'Stripe' }, companyId: w.companies.acme.id, hasCredentials: true });
      const stored2 = await w.em().findOneOrFail(DataSource, { id: second.body.id });
      expect(JSON.parse(decryptSecret(stored2.credentials!, w.config.credentialsKey))).toEqual({ apiKey: 'other' });
      const sameName = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'stripe', name: 'stripe eu', apiKey: 'third' });
      expect(sameName.status).toBe(409);
      expect(sameName.body).toMatchObject({ code: 'already_exists', fields: { name: 'Another source of this company has this name' } });
      // Other tests list the company's sources: the second one leaves none behind.
      expect((await w.http.delete(`/api/data-sources/${second.body.id}`).set(as('alice'))).status).toBe(204);
    });

    it('stores one source when 20 connects of the same catalogue source race, answering the others 409', async () => {
      const w = world();
      const company = await w.addCompany({ name: 'Racing connects' });
      const connect = () => w.http.post('/api/data-sources').set(as('admin')).send({ catalogueId: 'calendly', settings: { accessToken: KEY }, companyId: company.id });
      const answers = await Promise.all(Array.from({ length: 20 }, connect));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, JSON.stringify(answers.map((answer) => answer.body.code ?? answer.body.id))).toEqual([201, ...Array<number>(19).fill(409)]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body).toMatchObject({ code: 'already_exists', error: 'Calendly is already connected' });
      }
      const stored = await w.em().find(DataSource, { companyId: company.id, catalogueId: 'calendly' });
      expect(stored.map((source) => [source.id, source.connectionKey])).toEqual([[answers.find((answer) => answer.status === 201)!.body.id, 'calendly']]);
      // Deleting the connection frees the catalogue source for the next connect.
      expect((await w.http.delete(`/api/data-sources/${stored[0]!.id}`).set(as('admin'))).status).toBe(204);
      const again = await connect();
      expect(again.status).toBe(201);
      // A second source under one new name, submitted five times at once, is stored once too.
      const named = await Promise.all(
        Array.from({ length: 5 }, () => w.http.post('/api/data-sources').set(as('admin')).send({ catalogueId: 'calendly', name: 'Calendly EU', settings: { accessToken: KEY }, companyId: company.id })),
      );
      expect(named.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const both = await w.em().find(DataSource, { companyId: company.id, catalogueId: 'calendly' }, { orderBy: { name: 'asc' } });
      expect(both.map((source) => source.name)).toEqual(['Calendly', 'Calendly EU']);
      // Other tests list every company's sources: this company leaves none behind.
      for (const source of both) expect((await w.http.delete(`/api/data-sources/${source.id}`).set(as('admin'))).status).toBe(204);
    });

    it('refuses unknown sources, files, sources without a connector, a blank key, and a global admin without a company', async () => {
      const w = world();
      const unknown = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'nope', apiKey: KEY });
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({ catalogueId: 'Unknown source' });
      const file = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'csv-upload', apiKey: KEY });
      expect(file.body.fields).toEqual({ catalogueId: 'Files are connected by importing them' });
      // Request Custom API asks for a connector; it is never one of its own.
      const request = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: REQUEST_CUSTOM_API_ID, apiKey: KEY });
      expect(request.status).toBe(400);
      expect(request.body.message).toBe('Choose a source from the catalogue.');
      // The catalogue lists no source without a connector (files and the request for one aside)...
      const withoutConnector = CATALOGUE.filter((source) => !source.isImport && source.id !== REQUEST_CUSTOM_API_ID && !connectorDefinition(source.id));
      expect(withoutConnector.map((source) => source.id)).toEqual([]);
      // ...but a source stored under one that is gone (a retired connector) is still refused when pulled.
      const retired = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'sendgrid', apiKey: KEY });
      expect(retired.status, JSON.stringify(retired.body)).toBe(201);
      await w.em().nativeUpdate(DataSource, { id: retired.body.id }, { catalogueId: 'retired-vendor', connectionKey: 'retired-vendor' });
      const noConnector = await w.http.post(`/api/data-sources/${retired.body.id}/sync`).set(as('alice'));
      expect(noConnector.status).toBe(400);
      expect(noConnector.body.message).toBe(CONNECTOR_MESSAGES.noConnector);
      // Other tests list every company's sources: this one leaves none behind.
      expect((await w.http.delete(`/api/data-sources/${retired.body.id}`).set(as('alice'))).status).toBe(204);
      const blank = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'stripe', apiKey: '   ' });
      expect(blank.status).toBe(400);
      const admin = await w.http.post('/api/data-sources').set(as('admin')).send({ catalogueId: 'stripe', apiKey: KEY });
      expect(admin.status).toBe(400);
      expect(admin.body.code).toBe('company_required');
      const forGlobex = await w.http.post('/api/data-sources').set(as('admin')).send({ catalogueId: 'stripe', apiKey: KEY, companyId: w.companies.globex.id });
      expect(forGlobex.status).toBe(201);
      expect(forGlobex.body.companyId).toBe(w.companies.globex.id);
    });

    it('rotates the key and renames without ever answering the key', async () => {
      const w = world();
      const created = await w.http.post('/api/data-sources').set(as('carol')).send({ catalogueId: 'calendly', settings: { accessToken: KEY } });
      expect(created.status).toBe(201);
      const rotated = await w.http
        .put(`/api/data-sources/${created.body.id}`)
        .set(as('carol'))
        .send({ settings: { accessToken: 'new-key-0987654321' }, name: 'Calendly EU' });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      expect(rotated.body).toMatchObject({ name: 'Calendly EU', hasCredentials: true });
      expect(JSON.stringify(rotated.body)).not.toMatch(/new-key|sk_live/);
      const stored = await w.em().findOneOrFail(DataSource, { id: created.body.id });
      expect(JSON.parse(decryptSecret(stored.credentials!, w.config.credentialsKey))).toMatchObject({ accessToken: 'new-key-0987654321' });
      const unknownField = await w.http.put(`/api/data-sources/${created.body.id}`).set(as('carol')).send({ token: 'x' });
      expect(unknownField.status).toBe(400);
    });

    it('says that a pushed source has nothing to pull, and keeps the source as it was', async () => {
      const w = world();
      const created = await w.http.post('/api/data-sources').set(as('carol')).send({ catalogueId: 'segment' });
      expect(created.status).toBe(201);
      const sync = await w.http.post(`/api/data-sources/${created.body.id}/sync`).set(as('carol'));
      expect(sync.status).toBe(400);
      expect(sync.body.message).toBe(CONNECTOR_MESSAGES.pushedSource('Segment'));
      const viaStatus = await w.http.put(`/api/data-sources/${created.body.id}`).set(as('carol')).send({ status: 'syncing' });
      expect(viaStatus.status).toBe(400);
      const list = await w.http.get('/api/data-sources').set(as('carol'));
      expect(list.body.find((source: { id: string }) => source.id === created.body.id)).toMatchObject({ status: 'active', lastSync: null });
    });
  });

  describe('listing and deleting', () => {
    it("lists only the caller's company, or the global admin's choice", async () => {
      const w = world();
      await importCustomers('alice');
      await importCustomers('carol');
      const alice = await w.http.get('/api/data-sources').set(as('alice'));
      expect(alice.body.length).toBeGreaterThan(0);
      expect(alice.body.every((source: { companyId: string }) => source.companyId === w.companies.acme.id)).toBe(true);
      const forged = await w.http.get('/api/data-sources').query({ companyFilter: w.companies.globex.id }).set(as('alice'));
      expect([forged.status, forged.body.code]).toEqual([404, 'not_found']);
      const adminGlobex = await w.http.get('/api/data-sources').query({ companyFilter: w.companies.globex.id }).set(as('admin'));
      expect(adminGlobex.body.length).toBeGreaterThan(0);
      expect(adminGlobex.body.every((source: { companyId: string }) => source.companyId === w.companies.globex.id)).toBe(true);
      const adminAll = await w.http.get('/api/data-sources').set(as('admin'));
      expect(new Set(adminAll.body.map((source: { companyId: string }) => source.companyId))).toEqual(new Set([w.companies.acme.id, w.companies.globex.id]));
      const bob = await w.http.get('/api/data-sources').set(as('bob'));
      expect(bob.status).toBe(403);
    });

    it('pages through a source’s records with their import metadata', async () => {
      const w = world();
      const source = await importCustomers('alice', 'people-page.csv');
      const page = await w.http.get(`/api/data-sources/${source.id}/records`).query({ page: 1, limit: 1 }).set(as('alice'));
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 2, page: 1, limit: 1 });
      expect(page.body.records[0]).toMatchObject({
        data: { customer_id: 'C-1', email: 'ann@example.com', full_name: 'Ann Lee', score: '10' },
        unified: { user_id: 'C-1', email: 'ann@example.com', name: 'Ann Lee' },
        _import_metadata: { sourceFile: 'people-page.csv', sourceType: 'file_upload', recordIndex: 0 },
      });
      const bad = await w.http.get(`/api/data-sources/${source.id}/records`).query({ limit: 1000 }).set(as('alice'));
      expect(bad.status).toBe(400);
      const foreign = await w.http.get(`/api/data-sources/${source.id}/records`).set(as('carol'));
      expect(foreign.status).toBe(404);
    });

    it('deletes a source with its records, in reach only', async () => {
      const w = world();
      const source = await importCustomers('alice');
      expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(2);
      const foreign = await w.http.delete(`/api/data-sources/${source.id}`).set(as('carol'));
      expect(foreign.status).toBe(404);
      const deleted = await w.http.delete(`/api/data-sources/${source.id}`).set(as('alice'));
      expect(deleted.status).toBe(204);
      expect(await w.em().count(DataRecord, { sourceId: source.id })).toBe(0);
      expect(await w.em().count(DataSource, { id: source.id })).toBe(0);
    });
  });

  describe('field mapping', () => {
    it('lists the unique fields of connected sources with internal names and sources', async () => {
      const w = world();
      const company = await w.addCompany({ name: 'Fieldco' });
      const admin = await w.addUser(company.id, { role: 'company_admin' });
      const analytics = await w.http.post('/api/data-sources').set(w.bearer(admin)).send({ catalogueId: 'google-analytics', settings: { propertyId: '123456789', accessToken: KEY } });
      expect(analytics.status, JSON.stringify(analytics.body)).toBe(201);
      expect((await w.http.post('/api/data-sources').set(w.bearer(admin)).send({ catalogueId: 'segment' })).status).toBe(201);
      const fields = await w.http.get('/api/data-sources/fields').set(w.bearer(admin));
      expect(fields.status).toBe(200);
      const pageViews = fields.body.find((field: { name: string }) => field.name === 'page_views');
      expect(pageViews).toMatchObject({ internalName: 'google_analytics_page_views', type: 'metric', sources: ['Google Analytics'], isCustom: false, removed: false });
      const userId = fields.body.find((field: { name: string }) => field.name === 'user_id');
      expect(userId).toMatchObject({ unifiedField: 'user_id', sources: ['Google Analytics'] });
      expect(fields.body.filter((field: { name: string }) => field.name === 'timestamp')).toHaveLength(1);
    });

    it('maps a field to a unified field and re-unifies the stored records', async () => {
      const w = world();
      const source = await importCustomers('alice', 'scores.csv');
      const mapped = await w.http.put('/api/data-sources/fields').set(as('alice')).send({ name: 'score', unifiedField: 'ltv', type: 'metric' });
      expect(mapped.status).toBe(200);
      expect(mapped.body).toMatchObject({ name: 'score', unifiedField: 'ltv', type: 'metric' });
      const records = await w.em().find(DataRecord, { sourceId: source.id }, { orderBy: { recordIndex: 'asc' } });
      expect(records.map((record) => record.unified.ltv)).toEqual([10, 20]);

      const clash = await w.http.put('/api/data-sources/fields').set(as('alice')).send({ name: 'full_name', unifiedField: 'email' });
      expect(clash.status).toBe(400);
      expect(clash.body.fields.unifiedField).toMatch(/email is already mapped from email/);
      const wrongKind = await w.http.put('/api/data-sources/fields').set(as('alice')).send({ name: 'score', unifiedField: 'price' });
      expect(wrongKind.body.fields.unifiedField).toMatch(/have no price field/);
      const unknown = await w.http.put('/api/data-sources/fields').set(as('alice')).send({ name: 'no_such_field', removed: true });
      expect(unknown.status).toBe(404);
    });

    it('removes and restores a field, and adds custom fields with name and description', async () => {
      const w = world();
      await importCustomers('carol', 'removals.csv');
      const removed = await w.http.put('/api/data-sources/fields').set(as('carol')).send({ name: 'score', removed: true });
      expect(removed.body.removed).toBe(true);
      let fields = await w.http.get('/api/data-sources/fields').set(as('carol'));
      expect(fields.body.find((field: { name: string }) => field.name === 'score').removed).toBe(true);
      await w.http.put('/api/data-sources/fields').set(as('carol')).send({ name: 'score', removed: false });
      fields = await w.http.get('/api/data-sources/fields').set(as('carol'));
      expect(fields.body.find((field: { name: string }) => field.name === 'score').removed).toBe(false);
      expect(await w.em().count(FieldSetting, { companyId: w.companies.globex.id, name: 'score' })).toBe(1);

      const blank = await w.http.post('/api/data-sources/custom-fields').set(as('carol')).send({ name: ' ', description: 'x' });
      expect(blank.status).toBe(400);
      expect(blank.body.fields).toEqual({ name: 'Name is required' });
      const custom = await w.http.post('/api/data-sources/custom-fields').set(as('carol')).send({ name: 'Churn score', description: 'Model output', type: 'metric' });
      expect(custom.status).toBe(201);
      expect(custom.body).toMatchObject({ name: 'Churn score', description: 'Model output', type: 'metric', isCustom: true, sources: [] });
      expect(custom.body.id).toMatch(/^custom_\d+$/);
      const duplicate = await w.http.post('/api/data-sources/custom-fields').set(as('carol')).send({ name: 'Churn score', description: 'again' });
      expect(duplicate.status).toBe(409);
      const other = await w.http.get('/api/data-sources/fields').set(as('alice'));
      expect(other.body.some((field: { name: string }) => field.name === 'Churn score')).toBe(false);
    });
  });

  describe('templates', () => {
    it('lists and deletes the saved mapping templates of the company only', async () => {
      const w = world();
      await importCustomers('alice', 'template.csv');
      const list = await w.http.get('/api/data-sources/templates').set(as('alice'));
      expect(list.status).toBe(200);
      const template = list.body.find((candidate: { columns: string[] }) => candidate.columns.join() === 'customer_id,email,full_name,score');
      expect(template).toMatchObject({ recordKind: 'people', keyColumn: 'customer_id', mapping: { email: 'email' } });
      expect((await w.http.delete(`/api/data-sources/templates/${template.id}`).set(as('carol'))).status).toBe(404);
      expect((await w.http.delete(`/api/data-sources/templates/${template.id}`).set(as('alice'))).status).toBe(204);
      expect(await w.em().count(ImportTemplate, { id: template.id })).toBe(0);
    });
  });
});

describe('the migration to one connection per catalogue source', () => {
  const BEFORE = 'Migration20261230000000_audience_queue';

  it('runs on a database holding copies an earlier race left: the oldest holds the connection, none is deleted', async () => {
    const database = await createTestDatabase();
    const orm = await initOrm({ database: database.database });
    try {
      await (orm.getMigrator() as Migrator).up({ to: BEFORE });
      const knex = (orm.em as SqlEntityManager).getKnex();
      // Written as the schema stood then: SQLite keeps times as epoch milliseconds, PostgreSQL as timestamps.
      const at = (ms: number) => (usingPostgres() ? new Date(ms) : ms);
      const base = Date.UTC(2026, 0, 1);
      const company = (name: string) => ({ id: randomUUID(), name, status: 'active', is_internal: false, created_at: at(base), updated_at: at(base) });
      const acme = company('Acme');
      const globex = company('Globex');
      await knex('companies').insert([acme, globex]);
      const source = (companyId: string, catalogueId: string, createdAt: number, id = randomUUID()) => ({
        id, company_id: companyId, name: catalogueId, type: 'Custom API', catalogue_id: catalogueId, status: 'active', records: 0, config: '{}',
        record_kind: 'events', fields: '[]', mapping: '{}', created_at: at(base + createdAt), updated_at: at(base + createdAt),
      });
      // Three Stripe copies of Acme; two made in the same millisecond, told apart by their ids.
      const stripe = [source(acme.id, 'stripe', 5), source(acme.id, 'stripe', 7, 'ffffffff-0000-4000-8000-000000000000'), source(acme.id, 'stripe', 7, '00000000-0000-4000-8000-000000000000')];
      const others = [
        source(globex.id, 'stripe', 9),
        source(acme.id, 'webhook', 1),
        // Several imported files and both prediction API sources are no connections: they get no key.
        source(acme.id, 'csv-upload', 1),
        source(acme.id, 'csv-upload', 2),
        source(acme.id, 'prediction-api', 1),
        source(acme.id, 'prediction-api', 2),
      ];
      await knex('data_sources').insert([...stripe, ...others]);

      await migrate(orm);

      const keys = Object.fromEntries((await knex('data_sources').select('id', 'connection_key')).map((row: { id: string; connection_key: string | null }) => [row.id, row.connection_key]));
      expect(Object.keys(keys)).toHaveLength(stripe.length + others.length);
      expect(stripe.map((row) => keys[row.id])).toEqual(['stripe', null, null]);
      expect(others.map((row) => keys[row.id])).toEqual(['stripe', 'webhook', null, null, null, null]);
      // From now on the database itself refuses a second connection of the same catalogue source.
      await expect(knex('data_sources').insert({ ...source(acme.id, 'webhook', 10), connection_key: 'webhook' })).rejects.toThrow(/unique/i);
      await knex('data_sources').insert({ ...source(acme.id, 'csv-upload', 10), connection_key: null });
    } finally {
      await orm.close(true);
      await database.drop();
    }
  });
});

describe('requests inbox', () => {
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  const world = useWorld({
    env: { SALES_EMAIL: 'sales@navout.example' },
    dependencies: { mailer: { send: async (mail) => void sent.push(mail) } },
  });

  it('stores a custom API request, mails sales, and lists it for global admins only', async () => {
    const w = world();
    const created = await w.http
      .post('/api/requests')
      .set(w.bearer('alice'))
      .send({ kind: 'custom_api', subject: 'Zendesk', link: 'https://developer.zendesk.com/api-reference' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'custom_api', subject: 'Zendesk', companyName: 'Acme Retail', requestedByEmail: 'alice@acme.example' });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ to: 'sales@navout.example', subject: '[Navout] Custom API: Zendesk' });
    expect(sent[0]!.text).toContain('https://developer.zendesk.com/api-reference');

    const badLink = await w.http.post('/api/requests').set(w.bearer('bob')).send({ kind: 'custom_api', subject: 'X', link: 'not a url' });
    expect(badLink.status).toBe(400);
    expect(badLink.body.fields.link).toBe('Please enter a valid URL');

    const sales = await w.http.post('/api/requests').set(w.bearer('dan')).send({ kind: 'contact_sales', subject: 'Enterprise', contactEmail: 'dan@globex.example', message: 'Five clinics' });
    expect(sales.status).toBe(201);

    expect((await w.http.get('/api/requests').set(w.bearer('alice'))).status).toBe(403);
    const inbox = await w.http.get('/api/requests').set(w.bearer('admin'));
    expect(inbox.status).toBe(200);
    expect(inbox.body.map((request: { subject: string }) => request.subject)).toEqual(['Enterprise', 'Zendesk']);
    expect(DATA_SOURCE_MESSAGES.requestSent).toContain('2-3 business days');
  });

  it('removes a company with its data, settings and requests', async () => {
    const w = world();
    const company = await w.addCompany({ name: 'Shortlived' });
    const admin = await w.addUser(company.id, { role: 'company_admin' });
    await w.http.post('/api/data-sources').set(w.bearer(admin)).send({ catalogueId: 'hubspot', apiKey: KEY });
    await w.http.post('/api/requests').set(w.bearer(admin)).send({ kind: 'custom_api', subject: 'Pipedrive', link: 'https://developers.pipedrive.com' });
    const csv = 'email\nz@example.com\n';
    await w.http
      .post('/api/data-sources/import')
      .set(w.bearer(admin))
      .field('options', JSON.stringify({ recordKind: 'people', mapping: { email: 'email' } }))
      .attach('file', Buffer.from(csv), { filename: 'z.csv', contentType: 'text/csv' });
    expect(await w.em().count(DataRecord, { companyId: company.id })).toBe(1);
    const removed = await w.http.delete(`/api/companies/${company.id}`).set(w.bearer('admin'));
    expect(removed.status).toBe(204);
    expect(await w.em().count(Company, { id: company.id })).toBe(0);
    expect(await w.em().count(DataRecord, { companyId: company.id })).toBe(0);
    expect(await w.em().count(DataSource, { companyId: company.id })).toBe(0);
    expect(await w.em().count(ImportTemplate, { companyId: company.id })).toBe(0);
    expect(await w.em().count(ServiceRequest, { companyId: company.id })).toBe(0);
  });
});
