import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_PREFERENCES } from '@domain/dashboard/schemas';
import { Company, DashboardPreference, Invitation, PredictionCall, StoredFile, User } from '@bff/entities';
import { companyOwnedEntities } from '@bff/modules/companies/removeCompany';
import { catalogueCompany } from './support/prediction';
import { addResponses } from './support/responses';
import { addPublished } from './support/surveys';
import { countTurns, writeHeldOpen } from './support/writeLock';
import { PNG_BYTES, SVG_BYTES, useWorld } from './support/world';

const GIF_BYTES = Buffer.from('474946383961010001008000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');

describe('companies', () => {
  const world = useWorld();
  const as = (who: Parameters<ReturnType<typeof world>['bearer']>[0]) => world().bearer(who);
  const details = {
    industry: 'Finance',
    companySize: '11-50',
    website: 'https://initech.example',
    phone: '+1 555 0199',
    address: '1 Infinite Loop',
    description: 'Banking software.',
    targetAudience: 'B2B',
  };

  describe('reading', () => {
    it('lists all companies for a global admin and only their own for everyone else', async () => {
      const w = world();
      const all = await w.http.get('/api/companies').set(as('admin'));
      expect(all.status).toBe(200);
      expect(all.body.map((company: { name: string }) => company.name)).toEqual(
        expect.arrayContaining(['Navout', 'Acme Retail', 'Globex Health']),
      );
      for (const person of ['alice', 'bob'] as const) {
        const own = await w.http.get('/api/companies').set(as(person));
        expect(own.body).toHaveLength(1);
        expect(own.body[0]).toMatchObject({
          id: w.companies.acme.id,
          name: 'Acme Retail',
          domain: 'acme.example',
          industry: 'Retail',
          companySize: '51-200',
          status: 'active',
          isInternal: false,
          logoUrl: null,
        });
      }
    });

    it("reads your own company and answers 404 for another's", async () => {
      const w = world();
      expect((await w.http.get(`/api/companies/${w.companies.acme.id}`).set(as('bob'))).body.name).toBe('Acme Retail');
      const other = await w.http.get(`/api/companies/${w.companies.globex.id}`).set(as('bob'));
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('Company not found');
      expect((await w.http.get(`/api/companies/${randomUUID()}`).set(as('admin'))).status).toBe(404);
      const malformed = await w.http.get('/api/companies/does-not-exist').set(as('admin'));
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('invalid_parameter');
    });
  });

  describe('POST /api/companies', () => {
    it('creates a company for a global admin, never an internal one', async () => {
      const w = world();
      const response = await w.http
        .post('/api/companies')
        .set(as('admin'))
        .send({ name: 'Initech', domain: 'initech.example', isInternal: true, ...details });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ name: 'Initech', domain: 'initech.example', status: 'active', isInternal: false, ...details });
      const stored = await w.em().findOneOrFail(Company, { id: response.body.id });
      expect(stored.isInternal).toBe(false);
    });

    it('stores the name and domain trimmed, and refuses blank ones with the form messages', async () => {
      const w = world();
      const created = await w.http.post('/api/companies').set(as('admin')).send({ name: '  Hooli ', domain: 'hooli.example ' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Hooli', domain: 'hooli.example' });
      const blank = await w.http.post('/api/companies').set(as('admin')).send({ name: '   ', domain: ' ' });
      expect(blank.status).toBe(400);
      expect(blank.body.fields).toEqual({ name: 'Company name is required', domain: 'Domain is required' });
    });

    it('validates name, domain, website and status, writing nothing', async () => {
      const w = world();
      const before = await w.em().count(Company);
      const cases: Array<[object, string, string]> = [
        [{ domain: 'x.example' }, 'name', 'Company name is required'],
        [{ name: 'X' }, 'domain', 'Domain is required'],
        [{ name: 'X', domain: 'x.example', website: 'not a url' }, 'website', 'Please enter a valid URL'],
        [{ name: 'X', domain: 'x.example', status: 'archived' }, 'status', 'status must be one of the following values: active, inactive, suspended'],
        [{ name: 'X', domain: 'x.example', description: 'x'.repeat(2001) }, 'description', 'Must be at most 2000 characters'],
      ];
      for (const [body, field, message] of cases) {
        const response = await w.http.post('/api/companies').set(as('admin')).send(body);
        expect(response.status).toBe(400);
        expect(response.body.fields[field]).toBe(message);
      }
      expect(await w.em().count(Company)).toBe(before);
    });

    it('is for global admins only', async () => {
      expect((await world().http.post('/api/companies').set(as('alice')).send({ name: 'X', domain: 'x.example' })).status).toBe(403);
    });
  });

  describe('PUT /api/companies/:id', () => {
    it("lets a company admin edit their own company but not its status", async () => {
      const w = world();
      const edited = await w.http
        .put(`/api/companies/${w.companies.globex.id}`)
        .set(as('carol'))
        .send({ name: 'Globex Health', domain: 'globex.example', phone: '+1 617 555 0000' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ phone: '+1 617 555 0000', industry: 'Healthcare' });

      const status = await w.http
        .put(`/api/companies/${w.companies.globex.id}`)
        .set(as('carol'))
        .send({ name: 'Globex Health', domain: 'globex.example', status: 'suspended' });
      expect(status.status).toBe(403);
      expect((await w.em().findOneOrFail(Company, { id: w.companies.globex.id })).status).toBe('active');
    });

    it('lets a global admin change any status, except the internal company', async () => {
      const w = world();
      const company = await w.addCompany();
      const suspended = await w.http.put(`/api/companies/${company.id}`).set(as('admin')).send({ name: company.name, domain: 'c.example', status: 'suspended' });
      expect(suspended.status).toBe(200);
      expect(suspended.body.status).toBe('suspended');
      const internal = await w.http.put(`/api/companies/${w.companies.navout.id}`).set(as('admin')).send({ name: 'Navout', domain: 'navout.example', status: 'inactive' });
      expect(internal.status).toBe(400);
      expect(internal.body.error).toBe('The internal company must stay active');
    });

    it('refuses users and companies out of reach', async () => {
      const w = world();
      const body = { name: 'Hijacked', domain: 'x.example' };
      expect((await w.http.put(`/api/companies/${w.companies.acme.id}`).set(as('bob')).send(body)).status).toBe(403);
      expect((await w.http.put(`/api/companies/${w.companies.acme.id}`).set(as('carol')).send(body)).status).toBe(404);
      expect((await w.em().findOneOrFail(Company, { id: w.companies.acme.id })).name).toBe('Acme Retail');
    });
  });

  describe('DELETE /api/companies/:id', () => {
    it('removes the company with its users, invitations and files', async () => {
      const w = world();
      const company = await w.addCompany();
      const member = await w.addUser(company.id, { role: 'company_admin' });
      const { user: invited } = await w.addInvitation(company.id);
      const logo = await w.http.put(`/api/companies/${company.id}/logo`).set(as(member)).set('Content-Type', 'image/png').send(PNG_BYTES);
      expect(logo.status).toBe(200);

      const response = await w.http.delete(`/api/companies/${company.id}`).set(as('admin'));
      expect(response.status).toBe(204);
      const em = w.em();
      expect(await em.count(Company, { id: company.id })).toBe(0);
      expect(await em.count(User, { companyId: company.id })).toBe(0);
      expect(await em.count(Invitation, { userId: invited.id })).toBe(0);
      expect(await em.count(StoredFile, { companyId: company.id })).toBe(0);
      expect((await w.http.get(logo.body.logoUrl)).status).toBe(404);
      expect((await w.http.get('/api/auth/me').set(as(member))).status).toBe(401);
    });

    it('removes everything the company owns: data, prediction calls, surveys and responses, profiles, write back', async () => {
      const w = world();
      const { company, key, admin } = await catalogueCompany(w);
      const predict = () => w.http.post('/api/v1/predict').set(key.header).send({ metadata: { user_id: 'u-1' } });
      expect((await predict()).status).toBe(200);
      const survey = await addPublished(w, company.id);
      await addResponses(w, survey, 2);
      const rebuilt = await w.http.post('/api/audience-intelligence/rebuild').send({ companyId: company.id }).set(as('admin'));
      expect(rebuilt.status).toBe(202);
      await w.audience.buildQueued();
      const jobStatus = async () =>
        (await w.http.get(`/api/audience-intelligence/jobs/${rebuilt.body.id}`).query({ companyFilter: company.id }).set(as('admin'))).body.status;
      await expect.poll(jobStatus, { timeout: 60_000, interval: 20 }).toMatch(/^(done|failed)$/);
      expect(await jobStatus()).toBe('done');
      const destination = { companyId: company.id, kind: 'crm', name: 'CRM', url: 'https://hooks.example.com/in' };
      expect((await w.http.post('/api/audience-intelligence/destinations').set(as('admin')).send(destination)).status).toBe(201);
      const users = await w.http.get('/api/audience-intelligence/users').query({ companyFilter: company.id }).set(as('admin'));
      const profileIds = users.body.users.map((user: { id: string }) => user.id).slice(0, 2);
      const sent = await w.http.post('/api/audience-intelligence/writeback').set(as('admin')).send({ companyId: company.id, destinations: ['crm'], data: ['profile'], profileIds });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);

      const preferences = { ...DEFAULT_DASHBOARD_PREFERENCES, chartTypes: { calls: 'bar' } };
      expect((await w.http.put('/api/dashboard/preferences').set(w.bearer(admin)).send(preferences)).status).toBe(200);
      expect((await w.http.put('/api/dashboard/preferences').query({ companyFilter: company.id }).set(as('admin')).send(preferences)).status).toBe(200);
      await w.prediction.callLog.flush();
      const em = w.em();
      const owned = companyOwnedEntities(em);
      const countsOf = async () =>
        Object.fromEntries(await Promise.all(owned.map(async (meta) => [meta.className, await em.count(meta.className, { companyId: company.id })] as const)));
      const before = await countsOf();
      for (const table of ['DataRecord', 'PredictionCall', 'PredictionCallMinute', 'SurveyResponse', 'PublishedSurvey', 'AudienceProfile', 'AudienceJob', 'WritebackDestination', 'WritebackJob', 'WebhookDelivery', 'ApiKey', 'User']) {
        expect(before[table], table).toBeGreaterThan(0);
      }

      // A call answered just before the deletion, still in the call log's buffer, goes with the company.
      expect((await predict()).status).toBe(200);
      const response = await w.http.delete(`/api/companies/${company.id}`).set(as('admin'));
      expect(response.status).toBe(204);
      await w.prediction.callLog.flush();
      const after = await countsOf();
      expect(Object.values(after).every((count) => count === 0), JSON.stringify(after)).toBe(true);
      expect(await em.count(Company, { id: company.id })).toBe(0);
      expect(await em.count(DashboardPreference, { $or: [{ userId: admin.id }, { scope: company.id }] })).toBe(0);
    });

    it("removes a row another writer adds for the company meanwhile, once that writer commits", async () => {
      const w = world();
      const company = await w.addCompany();
      const sqlite = w.config.database.kind === 'sqlite';
      const now = new Date();
      // A prediction call log's flush in another process, its transaction still open.
      const commit = await writeHeldOpen(
        w,
        'insert into prediction_calls (id, created_at, updated_at, company_id, endpoint, status, latency_ms, items_served, zero_results, holdout, settings_version, snapshot_version, items) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), sqlite ? now.getTime() : now, sqlite ? now.getTime() : now, company.id, 'predict', 200, 1, 1, sqlite ? 0 : false, sqlite ? 0 : false, 1, 1, '[]'],
      );
      let deleted: { status: number } | null = null;
      const deleting = w.http.delete(`/api/companies/${company.id}`).set(as('admin')).then((response) => (deleted = response));
      try {
        if (sqlite) {
          // The deletion waits for the write lock, off the event loop.
          await countTurns().turned(50);
        } else {
          // The deletion waits for the writer's lock on the company's row.
          const waiting = async () => Number((await w.em().getConnection().execute("select count(*) as n from pg_stat_activity where wait_event_type = 'Lock'"))[0].n);
          await expect.poll(waiting, { timeout: 10_000, interval: 10 }).toBeGreaterThan(0);
        }
        expect(deleted).toBeNull();
      } finally {
        await commit();
      }
      expect((await deleting).status).toBe(204);
      expect(await w.em().fork().count(PredictionCall, { companyId: company.id })).toBe(0);
      expect(await w.em().fork().count(Company, { id: company.id })).toBe(0);
    });

    it('orders the company-owned tables so a row goes before the rows it points at', () => {
      const names = companyOwnedEntities(world().em()).map((meta) => meta.className);
      expect(names.indexOf('SurveyResponse')).toBeLessThan(names.indexOf('PublishedSurvey'));
      expect(names.indexOf('WebhookDelivery')).toBeLessThan(names.indexOf('SurveyResponse'));
      expect(names.indexOf('DataRecord')).toBeLessThan(names.indexOf('DataSource'));
      expect(names).toEqual(expect.arrayContaining(['User', 'StoredFile', 'AudienceIdentity', 'WritebackJob', 'PredictionCallMinute']));
      expect(names).not.toContain('Company');
    });

    it('keeps the internal company and refuses everyone but global admins', async () => {
      const w = world();
      const internal = await w.http.delete(`/api/companies/${w.companies.navout.id}`).set(as('admin'));
      expect(internal.status).toBe(400);
      expect(internal.body.error).toBe('The internal company cannot be deleted');
      expect((await w.http.delete(`/api/companies/${w.companies.acme.id}`).set(as('alice'))).status).toBe(403);
      expect(await w.em().count(Company, { id: w.companies.acme.id })).toBe(1);
    });
  });

  describe('PUT /api/companies/profile', () => {
    it("updates the company admin's own company", async () => {
      const w = world();
      const response = await w.http
        .put('/api/companies/profile')
        .set(as('alice'))
        .send({ companyId: w.companies.acme.id, industry: 'Retail', companySize: '51-200 employees', targetAudience: 'B2C', website: null });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: w.companies.acme.id, companySize: '51-200 employees', website: null, phone: '+1 312 555 0142' });
    });

    it("refuses another company for a company admin, and accepts it for a global admin", async () => {
      const w = world();
      const denied = await w.http.put('/api/companies/profile').set(as('alice')).send({ companyId: w.companies.globex.id, industry: 'Other' });
      expect([denied.status, denied.body.code]).toEqual([404, 'not_found']);
      expect((await w.em().findOneOrFail(Company, { id: w.companies.globex.id })).industry).toBe('Healthcare');

      const allowed = await w.http.put('/api/companies/profile').set(as('admin')).send({ companyId: w.companies.globex.id, targetAudience: 'B2C' });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toMatchObject({ id: w.companies.globex.id, targetAudience: 'B2C' });
      const own = await w.http.put('/api/companies/profile').set(as('admin')).send({ description: 'Platform operator.' });
      expect(own.body).toMatchObject({ id: w.companies.navout.id, description: 'Platform operator.' });
    });

    it('renames the company from the profile modal, but never to a blank name or domain', async () => {
      const w = world();
      const renamed = await w.http.put('/api/companies/profile').set(as('alice')).send({ name: 'Acme Stores', domain: 'acmestores.example' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Acme Stores', domain: 'acmestores.example' });

      const blank = await w.http.put('/api/companies/profile').set(as('alice')).send({ name: '  ', domain: '' });
      expect(blank.status).toBe(400);
      expect(blank.body.fields).toEqual({ name: 'Company name is required', domain: 'Domain is required' });
      expect((await w.em().findOneOrFail(Company, { id: w.companies.acme.id })).name).toBe('Acme Stores');
    });

    it('refuses users and invalid fields', async () => {
      const w = world();
      expect((await w.http.put('/api/companies/profile').set(as('bob')).send({ industry: 'Other' })).status).toBe(403);
      const invalid = await w.http.put('/api/companies/profile').set(as('alice')).send({ website: 'ftp//nope', phone: 5 });
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body.fields).sort()).toEqual(['phone', 'website']);
    });
  });

  describe('logos', () => {
    it('stores a logo checked by its content and removes it', async () => {
      const w = world();
      const upload = await w.http.put(`/api/companies/${w.companies.acme.id}/logo`).set(as('alice')).set('Content-Type', 'application/octet-stream').send(GIF_BYTES);
      expect(upload.status).toBe(200);
      expect(upload.body.logoUrl).toMatch(/^\/api\/files\//);
      const file = await w.http.get(upload.body.logoUrl);
      expect(file.headers['content-type']).toBe('image/gif');
      expect((await w.http.get(`/api/companies/${w.companies.acme.id}`).set(as('bob'))).body.logoUrl).toBe(upload.body.logoUrl);

      const removed = await w.http.delete(`/api/companies/${w.companies.acme.id}/logo`).set(as('alice'));
      expect(removed.status).toBe(200);
      expect(removed.body.logoUrl).toBeNull();
      expect((await w.http.get(upload.body.logoUrl)).status).toBe(404);
    });

    it('refuses SVG, users and companies out of reach', async () => {
      const w = world();
      const svg = await w.http.put(`/api/companies/${w.companies.acme.id}/logo`).set(as('alice')).set('Content-Type', 'image/svg+xml').send(SVG_BYTES);
      expect(svg.status).toBe(400);
      expect(svg.body.error).toBe('Please select a valid image file');
      expect((await w.http.put(`/api/companies/${w.companies.acme.id}/logo`).set(as('bob')).set('Content-Type', 'image/png').send(PNG_BYTES)).status).toBe(403);
      expect((await w.http.put(`/api/companies/${w.companies.globex.id}/logo`).set(as('alice')).set('Content-Type', 'image/png').send(PNG_BYTES)).status).toBe(404);
      const byAdmin = await w.http.put(`/api/companies/${w.companies.globex.id}/logo`).set(as('admin')).set('Content-Type', 'image/png').send(PNG_BYTES);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.id).toBe(w.companies.globex.id);
    });
  });
});
