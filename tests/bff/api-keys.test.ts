/**
 * The Outbound API screen's keys: created with a token shown once and stored only as its hash and
 * prefix, listed without it, paused, activated and deleted with effect on the very next request,
 * scoped, and the Live Test's short-lived read keys.
 */
import { createHash } from 'node:crypto';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@domain/auth/roles';
import { ApiKey, User } from '@bff/entities';
import { TEST_KEYS_PER_USER } from '@bff/modules/apiKeys/service';
import { useWorld, type World } from './support/world';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function userWith(world: World, permissions: Permission[]): Promise<User> {
  const user = await world.addUser(world.companies.acme.id, { role: 'user' });
  await world.em().nativeUpdate(User, { id: user.id }, { permissions });
  return (await world.reload(user))!;
}

describe('API keys', () => {
  const world = useWorld();
  const create = (body: object, who: 'alice' | 'admin' | User = 'alice') => world().http.post('/api/api-keys').set(world().bearer(who)).send(body);
  const predict = (token: string) => world().http.post('/api/v1/predict').set('X-API-Key', token).send({ query: 'shoes', top_k: 3 });
  const ingest = (token: string) =>
    world().http.post('/api/v1/events').set('X-API-Key', token).send({ event_id: `e-${token.slice(0, 6)}`, user_id: 'u1', item_id: 'i1', type: 'view' });

  it('creates a 64-character token shown once, stored only as its SHA-256 and first 8 characters', async () => {
    const w = world();
    const response = await create({ name: '  Storefront  ', description: 'Product pages' });
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, key } = response.body;
    expect(token).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(key).toMatchObject({ name: 'Storefront', description: 'Product pages', prefix: token.slice(0, 8), permissions: ['read', 'write'], isActive: true, lastUsedAt: null });

    const row = await w.em().findOneOrFail(ApiKey, { id: key.id });
    expect(row.tokenHash).toBe(sha256(token));
    expect(row).toMatchObject({ purpose: 'integration', createdById: w.users.alice.id, companyId: w.companies.acme.id });
    // The raw token is in no column of the table, and in no log line.
    const knex = (w.orm.em as SqlEntityManager).getKnex();
    const rows = await knex('api_keys').select('*');
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(w.logLines)).not.toContain(token);

    const list = await w.http.get('/api/api-keys').set(w.bearer('alice'));
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(token);
    const listed = list.body.find((entry: { id: string }) => entry.id === key.id);
    expect(listed).toEqual(key);
    expect(listed).not.toHaveProperty('token');
  });

  it('lists integration keys newest first, without deleted keys or Live Test keys', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin' });
    const first = await create({ name: 'First' }, admin);
    await create({ name: 'Second', permissions: ['admin'] }, admin);
    const third = await create({ name: 'Third' }, admin);
    await w.em().nativeUpdate(ApiKey, { id: first.body.key.id }, { createdAt: new Date(Date.now() - 60_000) });
    await w.http.delete(`/api/api-keys/${third.body.key.id}`).set(w.bearer(admin));
    await w.http.post('/api/api-keys/test-key').set(w.bearer(admin)).send({});
    const list = await w.http.get('/api/api-keys').set(w.bearer(admin));
    expect(list.body.map((entry: { name: string }) => entry.name)).toEqual(['Second', 'First']);
    expect(list.body[0].permissions).toEqual(['admin']);
  });

  it('validates the name, description and permissions with the dialog messages', async () => {
    const blank = await create({ name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'validation_failed', fields: { name: 'Name is required' } });
    expect((await create({})).body.fields.name).toBe('Name is required');
    expect((await create({ name: 'x'.repeat(101) })).body.fields.name).toBe('Must be at most 100 characters');
    expect((await create({ name: 'Ok', description: 'd'.repeat(501) })).body.fields.description).toBe('Must be at most 500 characters');
    expect((await create({ name: 'Ok', permissions: [] })).body.fields.permissions).toBe('Select at least one permission');
    expect((await create({ name: 'Ok', permissions: ['root'] })).status).toBe(400);
    expect((await create({ name: 'Ok', permissions: 'read' })).status).toBe(400);
    expect((await create({ name: 42 })).status).toBe(400);
    const duplicated = await create({ name: 'Ok', permissions: ['write', 'read', 'write'] });
    expect(duplicated.body.key.permissions).toEqual(['read', 'write']);
  });

  it('lets api:read list and mint a Live Test key, and only api:write create, pause or delete', async () => {
    const w = world();
    const reader = await userWith(w, ['api:read']);
    expect((await w.http.get('/api/api-keys').set(w.bearer(reader))).status).toBe(200);
    expect((await w.http.post('/api/api-keys/test-key').set(w.bearer(reader)).send({})).status).toBe(201);
    const denied = await create({ name: 'Nope' }, reader);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('access_denied');
    const { key } = (await create({ name: 'Target' })).body;
    expect((await w.http.patch(`/api/api-keys/${key.id}`).set(w.bearer(reader)).send({ isActive: false })).status).toBe(403);
    expect((await w.http.delete(`/api/api-keys/${key.id}`).set(w.bearer(reader))).status).toBe(403);
    expect((await w.http.get('/api/api-keys').set(w.bearer('bob'))).status).toBe(403);
    expect((await w.http.post('/api/api-keys/test-key').set(w.bearer('bob')).send({})).status).toBe(403);
  });

  it('refuses a paused key on the next request and serves it again once activated', async () => {
    const w = world();
    const { key, token } = (await create({ name: 'Pausable', permissions: ['read'] })).body;
    expect((await predict(token)).status).toBe(200);

    const paused = await w.http.patch(`/api/api-keys/${key.id}`).set(w.bearer('alice')).send({ isActive: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: key.id, isActive: false });
    const refused = await predict(token);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('api_key_paused');

    const active = await w.http.patch(`/api/api-keys/${key.id}`).set(w.bearer('alice')).send({ isActive: true });
    expect(active.body.isActive).toBe(true);
    expect((await predict(token)).status).toBe(200);
    expect((await w.http.patch(`/api/api-keys/${key.id}`).set(w.bearer('alice')).send({ isActive: 'no' })).status).toBe(400);
    expect((await w.http.patch(`/api/api-keys/${key.id}`).set(w.bearer('alice')).send({})).status).toBe(400);
  });

  it('refuses a deleted key at once as invalid, keeps its row revoked, and forgets it on the screen', async () => {
    const w = world();
    const { key, token } = (await create({ name: 'Deletable' })).body;
    expect((await predict(token)).status).toBe(200);
    const deleted = await w.http.delete(`/api/api-keys/${key.id}`).set(w.bearer('alice'));
    expect(deleted.status).toBe(204);
    const refused = await predict(token);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('invalid_api_key');
    expect((await w.em().findOneOrFail(ApiKey, { id: key.id })).revokedAt).toBeInstanceOf(Date);
    expect((await w.http.delete(`/api/api-keys/${key.id}`).set(w.bearer('alice'))).status).toBe(404);
    expect((await w.http.patch(`/api/api-keys/${key.id}`).set(w.bearer('alice')).send({ isActive: true })).status).toBe(404);
    const list = await w.http.get('/api/api-keys').set(w.bearer('alice'));
    expect(list.body.map((entry: { id: string }) => entry.id)).not.toContain(key.id);
  });

  it('enforces scopes: read for predict, write for events', async () => {
    const reader = (await create({ name: 'Reader', permissions: ['read'] })).body.token;
    const writer = (await create({ name: 'Writer', permissions: ['write'] })).body.token;
    const admin = (await create({ name: 'Admin', permissions: ['admin'] })).body.token;
    expect((await predict(reader)).status).toBe(200);
    expect((await ingest(reader)).status).toBe(403);
    expect((await predict(writer)).status).toBe(403);
    expect((await ingest(writer)).status).toBe(200);
    expect((await predict(admin)).status).toBe(200);
  });

  it("answers another company's keys as unknown", async () => {
    const w = world();
    const { apiKey } = await w.addApiKey(w.companies.globex.id);
    expect((await w.http.patch(`/api/api-keys/${apiKey.id}`).set(w.bearer('alice')).send({ isActive: false })).status).toBe(404);
    expect((await w.http.delete(`/api/api-keys/${apiKey.id}`).set(w.bearer('alice'))).status).toBe(404);
    expect((await w.em().findOneOrFail(ApiKey, { id: apiKey.id })).isActive).toBe(true);
    // A global admin works on the company they name.
    const made = await create({ name: 'For Globex', companyId: w.companies.globex.id }, 'admin');
    expect(made.status).toBe(201);
    expect((await w.em().findOneOrFail(ApiKey, { id: made.body.key.id })).companyId).toBe(w.companies.globex.id);
    const listed = await w.http.get('/api/api-keys').query({ companyFilter: w.companies.globex.id }).set(w.bearer('admin'));
    expect(listed.body.map((entry: { id: string }) => entry.id)).toContain(made.body.key.id);
    expect((await create({ name: 'Nowhere' }, 'admin')).body.code).toBe('company_required');
  });

  it('mints a read-only Live Test key that lapses after 15 minutes and is never listed', async () => {
    const w = world();
    const before = Date.now();
    const response = await w.http.post('/api/api-keys/test-key').set(w.bearer('alice')).send({});
    expect(response.status).toBe(201);
    const { token, expiresAt } = response.body;
    expect(token).toMatch(/^[A-Za-z0-9]{64}$/);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const row = await w.em().findOneOrFail(ApiKey, { tokenHash: sha256(token) });
    expect(row).toMatchObject({ purpose: 'test', scopes: ['read'], createdById: w.users.alice.id, companyId: w.companies.acme.id });
    const list = await w.http.get('/api/api-keys').set(w.bearer('alice'));
    expect(list.body.map((entry: { id: string }) => entry.id)).not.toContain(row.id);
    expect((await w.http.patch(`/api/api-keys/${row.id}`).set(w.bearer('alice')).send({ isActive: false })).status).toBe(404);

    expect((await predict(token)).status).toBe(200);
    expect((await ingest(token)).status).toBe(403);
    await w.em().nativeUpdate(ApiKey, { id: row.id }, { expiresAt: new Date(Date.now() - 1000) });
    const lapsed = await predict(token);
    expect(lapsed.status).toBe(401);
    expect(lapsed.body.code).toBe('invalid_api_key');
  });

  it(`keeps at most ${TEST_KEYS_PER_USER} live Live Test keys per user, revoking the oldest`, async () => {
    const w = world();
    const tester = await w.addUser(w.companies.acme.id, { role: 'company_admin' });
    const tokens: string[] = [];
    for (let mint = 0; mint < TEST_KEYS_PER_USER + 2; mint++) {
      tokens.push((await w.http.post('/api/api-keys/test-key').set(w.bearer(tester)).send({})).body.token);
      // Distinct creation times, so "oldest" is well defined.
      await w.em().nativeUpdate(ApiKey, { tokenHash: sha256(tokens[mint]) }, { createdAt: new Date(Date.now() - (10 - mint) * 1000) });
    }
    const live = await w.em().find(ApiKey, { createdById: tester.id, purpose: 'test', revokedAt: null });
    expect(live.map((key) => key.tokenHash).sort()).toEqual(tokens.slice(-TEST_KEYS_PER_USER).map(sha256).sort());
    expect((await predict(tokens[0])).body.code).toBe('invalid_api_key');
    expect((await predict(tokens[tokens.length - 1])).status).toBe(200);
  });
});
