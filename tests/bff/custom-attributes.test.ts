/**
 * Custom attributes: per company, a name that is a usable field name (letters, digits and
 * underscores, starting with a letter, at most 64) unique regardless of case, and a type from the
 * specification's list; api:read to list, api:write to change.
 */
import { describe, expect, it } from 'vitest';
import { CustomAttribute, User } from '@bff/entities';
import { useWorld } from './support/world';

describe('custom attributes', () => {
  const world = useWorld();
  const add = (body: object, who: 'alice' | 'admin' | User = 'alice') => world().http.post('/api/custom-attributes').set(world().bearer(who)).send(body);

  it('creates, lists, edits and deletes attributes of the company', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin' });
    const empty = await w.http.get('/api/custom-attributes').set(w.bearer(admin));
    expect(empty.body).toEqual([]);

    const created = await add({ name: '  loyalty_tier ', type: 'string' }, admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'loyalty_tier', type: 'string' });
    expect(Date.parse(created.body.createdAt)).not.toBeNaN();
    await add({ name: 'budget', type: 'number' }, admin);

    const list = await w.http.get('/api/custom-attributes').set(w.bearer(admin));
    expect(list.body.map((attribute: { name: string }) => attribute.name)).toEqual(['loyalty_tier', 'budget']);

    const edited = await w.http.put(`/api/custom-attributes/${created.body.id}`).set(w.bearer(admin)).send({ name: 'tier', type: 'array' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, name: 'tier', type: 'array' });
    // Keeping its own name is not a conflict.
    expect((await w.http.put(`/api/custom-attributes/${created.body.id}`).set(w.bearer(admin)).send({ name: 'Tier', type: 'object' })).status).toBe(200);

    expect((await w.http.delete(`/api/custom-attributes/${created.body.id}`).set(w.bearer(admin))).status).toBe(204);
    expect(await w.em().count(CustomAttribute, { companyId: company.id })).toBe(1);
    expect((await w.http.delete(`/api/custom-attributes/${created.body.id}`).set(w.bearer(admin))).status).toBe(404);
  });

  it('answers 409 for a name the company already has, in any case', async () => {
    const w = world();
    expect((await add({ name: 'membership', type: 'string' })).status).toBe(201);
    const again = await add({ name: 'Membership', type: 'number' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_exists', fields: { name: 'An attribute with this name already exists' } });
    const other = await add({ name: 'membership_2', type: 'string' });
    const renamed = await w.http.put(`/api/custom-attributes/${other.body.id}`).set(w.bearer('alice')).send({ name: 'MEMBERSHIP', type: 'string' });
    expect(renamed.status).toBe(409);
    // Another company may use the same name.
    expect((await add({ name: 'membership', type: 'string', companyId: w.companies.globex.id }, 'admin')).status).toBe(201);
  });

  it('validates the name rule and the type with the dialog messages', async () => {
    const blank = await add({ name: '   ', type: 'string' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'validation_failed', fields: { name: 'Attribute name is required' } });
    for (const name of ['1st', 'has space', 'dash-ed', '_lead', 'ünïcode']) {
      expect((await add({ name, type: 'string' })).body.fields?.name, name).toBe('Use letters, digits and underscores, starting with a letter');
    }
    expect((await add({ name: `a${'b'.repeat(64)}`, type: 'string' })).body.fields.name).toBe('Must be at most 64 characters');
    expect((await add({ name: 'fine', type: 'date' })).body.fields.type).toBe('Type must be one of string, number, boolean, array, object');
    expect((await add({ name: 'fine' })).status).toBe(400);
    for (const type of ['string', 'number', 'boolean', 'array', 'object']) expect((await add({ name: `t_${type}`, type })).status).toBe(201);
  });

  it('lets api:read list and only api:write change, and keeps other companies out', async () => {
    const w = world();
    const reader = await w.addUser(w.companies.acme.id, { role: 'user' });
    await w.em().nativeUpdate(User, { id: reader.id }, { permissions: ['api:read'] });
    expect((await w.http.get('/api/custom-attributes').set(w.bearer(reader))).status).toBe(200);
    expect((await add({ name: 'nope', type: 'string' }, reader)).status).toBe(403);
    expect((await w.http.get('/api/custom-attributes').set(w.bearer('bob'))).status).toBe(403);

    const theirs = await add({ name: 'globex_only', type: 'string', companyId: w.companies.globex.id }, 'admin');
    expect((await w.http.put(`/api/custom-attributes/${theirs.body.id}`).set(w.bearer('alice')).send({ name: 'taken', type: 'number' })).status).toBe(404);
    expect((await w.http.delete(`/api/custom-attributes/${theirs.body.id}`).set(w.bearer('alice'))).status).toBe(404);
    const acme = await w.http.get('/api/custom-attributes').set(w.bearer('alice'));
    expect(acme.body.map((attribute: { name: string }) => attribute.name)).not.toContain('globex_only');
    expect((await add({ name: 'sneaky', type: 'string', companyId: w.companies.globex.id })).status).toBe(404);
  });
});
