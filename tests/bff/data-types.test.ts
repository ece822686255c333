import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATA_TYPE_FILTER_MESSAGE, DATA_TYPE_MESSAGES, type DataType as DataTypeView } from '@domain/dataTypes/dataTypes';
import { PARAM_MESSAGES } from '@domain/params';
import { DataType, User } from '@bff/entities';
import { unique, useWorld, type Person, type World } from './support/world';

describe('data types', () => {
  const world = useWorld();
  const as = (who: Person) => world().bearer(who);
  const body = (extra: object = {}) => ({
    name: unique('Favourite colour'),
    dataFieldName: unique('favourite_colour'),
    type: 'static',
    description: 'What the customer likes best.',
    ...extra,
  });

  /** A type created through the API by `who`; `extra` may name a company or override fields. */
  async function create(w: World, who: Person, extra: object = {}): Promise<DataTypeView> {
    const response = await w.http.post('/api/data-types').set(as(who)).send(body(extra));
    expect(response.status).toBe(201);
    return response.body as DataTypeView;
  }

  /** One global type, one of Acme and one of Globex. */
  async function arrange(w: World) {
    return {
      global: await create(w, 'admin'),
      acme: await create(w, 'alice'),
      globex: await create(w, 'carol'),
    };
  }

  const list = async (w: World, who: Person, companyFilter?: string) => {
    const request = w.http.get('/api/data-types').set(as(who));
    const response = await (companyFilter === undefined ? request : request.query({ companyFilter }));
    expect(response.status).toBe(200);
    return response.body as DataTypeView[];
  };
  const ids = (types: DataTypeView[]) => new Set(types.map((type) => type.id));

  describe('POST /api/data-types', () => {
    it("files a global admin's type as global when no company is named, with its creator", async () => {
      const w = world();
      for (const companyId of [undefined, null, '']) {
        const created = await create(w, 'admin', companyId === undefined ? {} : { companyId });
        expect(created).toMatchObject({
          companyId: null,
          companyName: null,
          type: 'static',
          description: 'What the customer likes best.',
          createdByName: 'Nora Admin',
          createdByProfileName: 'Nora',
          createdByEmail: 'admin@navout.example',
        });
        expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
        expect((await w.em().findOneOrFail(DataType, { id: created.id })).companyId).toBeNull();
      }
    });

    it('files a global admin\'s type under the company they name, and refuses an unknown company', async () => {
      const w = world();
      const created = await create(w, 'admin', { companyId: w.companies.globex.id, type: 'dynamic' });
      expect(created).toMatchObject({ companyId: w.companies.globex.id, companyName: 'Globex Health', type: 'dynamic' });
      const unknown = await w.http.post('/api/data-types').set(as('admin')).send(body({ companyId: randomUUID() }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Company not found');
    });

    it('files everyone else\'s type under their own company, and refuses another company with 404', async () => {
      const w = world();
      const own = await create(w, 'alice');
      expect(own).toMatchObject({ companyId: w.companies.acme.id, companyName: 'Acme Retail', createdByName: 'Alice Martin' });
      const named = await create(w, 'alice', { companyId: w.companies.acme.id });
      expect(named.companyId).toBe(w.companies.acme.id);

      const before = await w.em().count(DataType);
      const other = await w.http.post('/api/data-types').set(as('alice')).send(body({ companyId: w.companies.globex.id }));
      expect(other.status).toBe(404);
      expect(await w.em().count(DataType)).toBe(before);
    });

    it('stores names trimmed and a blank description as none', async () => {
      const w = world();
      const created = await create(w, 'alice', { name: '  Loyalty tier ', dataFieldName: ' loyalty_tier ', description: '   ' });
      expect(created).toMatchObject({ name: 'Loyalty tier', dataFieldName: 'loyalty_tier', description: null });
      const withoutDescription = await w.http
        .post('/api/data-types')
        .set(as('alice'))
        .send({ name: 'Tier', dataFieldName: 'tier', type: 'dynamic' });
      expect(withoutDescription.status).toBe(201);
      expect(withoutDescription.body.description).toBeNull();
    });

    it('answers the form messages for missing or wrong fields, writing nothing', async () => {
      const w = world();
      const before = await w.em().count(DataType);
      const cases: Array<[object, string, string]> = [
        [{ dataFieldName: 'x', type: 'static' }, 'name', DATA_TYPE_MESSAGES.nameRequired],
        [{ name: '   ', dataFieldName: 'x', type: 'static' }, 'name', DATA_TYPE_MESSAGES.nameRequired],
        [{ name: 'X', type: 'static' }, 'dataFieldName', DATA_TYPE_MESSAGES.dataFieldNameRequired],
        [{ name: 'X', dataFieldName: ' ', type: 'static' }, 'dataFieldName', DATA_TYPE_MESSAGES.dataFieldNameRequired],
        [{ name: 'X', dataFieldName: 'x' }, 'type', DATA_TYPE_MESSAGES.typeRequired],
        [{ name: 'X', dataFieldName: 'x', type: 'calculated' }, 'type', DATA_TYPE_MESSAGES.typeRequired],
        [{ name: 'X', dataFieldName: 'x', type: 'static', companyId: 'acme' }, 'companyId', PARAM_MESSAGES.id],
        [{ name: 'X', dataFieldName: 'x', type: 'static', description: 'x'.repeat(2001) }, 'description', 'Must be at most 2000 characters'],
        [{ name: 'x'.repeat(201), dataFieldName: 'x', type: 'static' }, 'name', 'Must be at most 200 characters'],
      ];
      for (const [sent, field, message] of cases) {
        const response = await w.http.post('/api/data-types').set(as('admin')).send(sent);
        expect(response.status, JSON.stringify(sent)).toBe(400);
        expect(response.body.code).toBe('validation_failed');
        expect(response.body.fields[field]).toBe(message);
      }
      const empty = await w.http.post('/api/data-types').set(as('alice')).send({});
      expect(empty.body.fields).toEqual({
        name: DATA_TYPE_MESSAGES.nameRequired,
        dataFieldName: DATA_TYPE_MESSAGES.dataFieldNameRequired,
        type: DATA_TYPE_MESSAGES.typeRequired,
      });
      expect(empty.body.error).toBe(DATA_TYPE_MESSAGES.nameRequired);
      expect(await w.em().count(DataType)).toBe(before);
    });
  });

  describe('GET /api/data-types', () => {
    it("shows everyone the global types and their own company's, never another's", async () => {
      const w = world();
      const { global, acme, globex } = await arrange(w);
      for (const [who, own, other] of [
        ['alice', acme, globex],
        ['carol', globex, acme],
      ] as const) {
        const seen = await list(w, who);
        expect(ids(seen)).toContain(global.id);
        expect(ids(seen)).toContain(own.id);
        expect(ids(seen)).not.toContain(other.id);
        for (const type of seen) expect([null, own.companyId]).toContain(type.companyId);
        // A company's filter is theirs alone: their own company, 'all' and 'global' change nothing; another company is a 404.
        expect(ids(await list(w, who, own.companyId!))).toEqual(ids(seen));
        expect(ids(await list(w, who, 'all'))).toEqual(ids(seen));
        expect(ids(await list(w, who, 'global'))).toEqual(ids(seen));
        const named = await w.http.get('/api/data-types').query({ companyFilter: other.companyId! }).set(as(who));
        expect([named.status, named.body.code]).toEqual([404, 'not_found']);
      }
    });

    it("answers what the survey editor binds to: id, name, type and dataFieldName", async () => {
      const w = world();
      const created = await create(w, 'alice', { type: 'dynamic' });
      const listed = (await list(w, 'alice')).find((type) => type.id === created.id);
      expect(listed).toEqual({
        id: created.id,
        name: created.name,
        dataFieldName: created.dataFieldName,
        type: 'dynamic',
        description: 'What the customer likes best.',
        companyId: w.companies.acme.id,
        companyName: 'Acme Retail',
        createdByName: 'Alice Martin',
        createdByProfileName: 'Alice',
        createdByEmail: 'alice@acme.example',
        createdAt: created.createdAt,
      });
    });

    it("filters a global admin's list: all, global only, or one company and the global types", async () => {
      const w = world();
      const { global, acme, globex } = await arrange(w);
      for (const filter of [undefined, '', 'all']) {
        const all = ids(await list(w, 'admin', filter));
        for (const type of [global, acme, globex]) expect(all).toContain(type.id);
      }

      const globalOnly = await list(w, 'admin', 'global');
      expect(ids(globalOnly)).toContain(global.id);
      expect(globalOnly.every((type) => type.companyId === null)).toBe(true);

      const acmeView = await list(w, 'admin', w.companies.acme.id);
      expect(ids(acmeView)).toContain(global.id);
      expect(ids(acmeView)).toContain(acme.id);
      expect(ids(acmeView)).not.toContain(globex.id);
      expect(acmeView.every((type) => type.companyId === null || type.companyId === w.companies.acme.id)).toBe(true);
    });

    it('lists by name', async () => {
      const w = world();
      // Names every collation orders alike (SQLite compares bytes, PostgreSQL its locale).
      const made = [
        await create(w, 'alice', { name: 'Zulu Order' }),
        await create(w, 'alice', { name: 'Alpha Order' }),
        await create(w, 'admin', { name: 'Mike Order' }),
      ];
      const order = (await list(w, 'alice')).map((type) => type.id).filter((id) => made.some((type) => type.id === id));
      expect(order).toEqual([made[1].id, made[2].id, made[0].id]);
    });

    it('refuses a filter that is neither a company id, all nor global', async () => {
      const w = world();
      const response = await w.http.get('/api/data-types').query({ companyFilter: 'acme' }).set(as('admin'));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_parameter');
      expect(response.body.fields.companyFilter).toBe(DATA_TYPE_FILTER_MESSAGE);
    });
  });

  describe('PUT /api/data-types/:id', () => {
    it("lets a company admin edit their company's types, keeping the company", async () => {
      const w = world();
      const created = await create(w, 'alice');
      const response = await w.http
        .put(`/api/data-types/${created.id}`)
        .set(as('alice'))
        .send({ name: 'Preferred store', dataFieldName: 'preferred_store', type: 'dynamic', description: '', companyId: w.companies.globex.id });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: created.id,
        name: 'Preferred store',
        dataFieldName: 'preferred_store',
        type: 'dynamic',
        description: null,
        companyId: w.companies.acme.id,
        createdByName: 'Alice Martin',
      });
      const stored = await w.em().findOneOrFail(DataType, { id: created.id });
      expect(stored).toMatchObject({ name: 'Preferred store', companyId: w.companies.acme.id });
    });

    it("answers 404 for another company's type and for an unknown id, changing nothing", async () => {
      const w = world();
      const globex = await create(w, 'carol');
      const response = await w.http.put(`/api/data-types/${globex.id}`).set(as('alice')).send(body({ name: 'Taken over' }));
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('Data type not found');
      expect((await w.em().findOneOrFail(DataType, { id: globex.id })).name).toBe(globex.name);
      expect((await w.http.put(`/api/data-types/${randomUUID()}`).set(as('admin')).send(body())).status).toBe(404);
      // Reach is checked before the body: a bad body on another company's type is still a 404.
      expect((await w.http.put(`/api/data-types/${globex.id}`).set(as('alice')).send({})).status).toBe(404);
    });

    it('keeps a global type for the global admin: 403 for a company admin', async () => {
      const w = world();
      const global = await create(w, 'admin');
      const refused = await w.http.put(`/api/data-types/${global.id}`).set(as('alice')).send(body({ name: 'Mine now' }));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'global_data_type_protected', error: DATA_TYPE_MESSAGES.onlyGlobalAdminEditsGlobal });
      expect((await w.em().findOneOrFail(DataType, { id: global.id })).name).toBe(global.name);

      const edited = await w.http.put(`/api/data-types/${global.id}`).set(as('admin')).send(body({ name: 'Lifetime value band' }));
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'Lifetime value band', companyId: null });
    });

    it("lets the global admin edit any company's type", async () => {
      const w = world();
      const globex = await create(w, 'carol');
      const edited = await w.http.put(`/api/data-types/${globex.id}`).set(as('admin')).send(body({ name: 'Clinic' }));
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'Clinic', companyId: w.companies.globex.id, companyName: 'Globex Health' });
    });

    it('validates the body with the form messages', async () => {
      const w = world();
      const created = await create(w, 'alice');
      const response = await w.http.put(`/api/data-types/${created.id}`).set(as('alice')).send({ name: '', dataFieldName: 'x', type: 'static' });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ name: DATA_TYPE_MESSAGES.nameRequired });
      expect((await w.em().findOneOrFail(DataType, { id: created.id })).name).toBe(created.name);
    });
  });

  describe('DELETE /api/data-types/:id', () => {
    it("deletes a company's own type, and answers 404 for another company's", async () => {
      const w = world();
      const { acme, globex } = await arrange(w);
      const other = await w.http.delete(`/api/data-types/${globex.id}`).set(as('alice'));
      expect(other.status).toBe(404);
      expect(await w.em().findOne(DataType, { id: globex.id })).not.toBeNull();

      expect((await w.http.delete(`/api/data-types/${acme.id}`).set(as('alice'))).status).toBe(204);
      expect(await w.em().findOne(DataType, { id: acme.id })).toBeNull();
      expect((await w.http.delete(`/api/data-types/${acme.id}`).set(as('alice'))).status).toBe(404);
    });

    it('keeps a global type for the global admin', async () => {
      const w = world();
      const global = await create(w, 'admin');
      const refused = await w.http.delete(`/api/data-types/${global.id}`).set(as('carol'));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('global_data_type_protected');
      expect(await w.em().findOne(DataType, { id: global.id })).not.toBeNull();
      expect((await w.http.delete(`/api/data-types/${global.id}`).set(as('admin'))).status).toBe(204);
      expect(await w.em().findOne(DataType, { id: global.id })).toBeNull();
    });
  });

  describe('permissions', () => {
    it('needs data_sources:read to list and data_sources:write to change: a plain user gets 403', async () => {
      const w = world();
      const acme = await create(w, 'alice');
      for (const who of ['bob', 'dan'] as const) {
        expect((await w.http.get('/api/data-types').set(as(who))).status).toBe(403);
        expect((await w.http.post('/api/data-types').set(as(who)).send(body())).status).toBe(403);
        expect((await w.http.put(`/api/data-types/${acme.id}`).set(as(who)).send(body())).status).toBe(403);
        expect((await w.http.delete(`/api/data-types/${acme.id}`).set(as(who))).status).toBe(403);
      }
      expect((await w.http.get('/api/data-types')).status).toBe(401);
      expect(await w.em().findOne(DataType, { id: acme.id })).not.toBeNull();
    });

    it('lets a user given data_sources:read list, but not write', async () => {
      const w = world();
      const reader = await w.addUser(w.companies.acme.id);
      const em = w.em();
      const stored = await em.findOneOrFail(User, { id: reader.id });
      stored.permissions = ['dashboard:read', 'data_sources:read'];
      await em.flush();
      const acme = await create(w, 'alice');
      const seen = await w.http.get('/api/data-types').set(w.bearer(stored));
      expect(seen.status).toBe(200);
      expect(ids(seen.body)).toContain(acme.id);
      expect((await w.http.post('/api/data-types').set(w.bearer(stored)).send(body())).status).toBe(403);
    });
  });

  describe('lifecycle', () => {
    it("names no creator once the creator's account is gone", async () => {
      const w = world();
      const creator = await w.addUser(w.companies.acme.id, { role: 'company_admin', name: 'Temp Admin' });
      const created = await w.http.post('/api/data-types').set(w.bearer(creator)).send(body());
      expect(created.body.createdByName).toBe('Temp Admin');
      expect((await w.http.delete(`/api/users/${creator.id}`).set(as('alice'))).status).toBe(204);
      const listed = (await list(w, 'alice')).find((type) => type.id === created.body.id);
      expect(listed).toMatchObject({ createdByName: null, createdByProfileName: null, createdByEmail: null, companyName: 'Acme Retail' });
    });

    it("goes with its company: deleting a company deletes its types, not the global ones or another's", async () => {
      const w = world();
      const doomed = await w.addCompany({ name: 'Short-lived Ltd' });
      const mine = await create(w, 'admin', { companyId: doomed.id });
      const { global, acme } = await arrange(w);
      expect((await w.http.delete(`/api/companies/${doomed.id}`).set(as('admin'))).status).toBe(204);
      expect(await w.em().findOne(DataType, { id: mine.id })).toBeNull();
      expect(await w.em().findOne(DataType, { id: global.id })).not.toBeNull();
      expect(await w.em().findOne(DataType, { id: acme.id })).not.toBeNull();
    });
  });
});
