/**
 * The model screen's settings: numbered versions per company (the defaults as version 0), reset,
 * history, validation with the shared schema's messages, models:read against models:write, the
 * readiness note of every Discovery lever, the offline evaluation, and Request Access.
 */
import { describe, expect, it } from 'vitest';
import type { Permission } from '@domain/auth/roles';
import { DEFAULT_MODEL_SETTINGS, DISCOVERY_LEVERS, type ModelSettings } from '@domain/models/settings';
import { ModelSettingsVersion, User } from '@bff/entities';
import { addInteractionRecords } from './support/modelRecords';
import { useWorld, type World } from './support/world';

const edited = (change: Partial<ModelSettings['discovery']> = {}): ModelSettings => ({
  ...DEFAULT_MODEL_SETTINGS,
  discovery: { ...DEFAULT_MODEL_SETTINGS.discovery, ...change },
  explanation: { ...DEFAULT_MODEL_SETTINGS.explanation },
  bannedPhrases: ['cheap'],
  requiredPhrases: [],
});

async function userWith(world: World, permissions: Permission[]): Promise<User> {
  const user = await world.addUser(world.companies.acme.id, { role: 'user' });
  await world.em().nativeUpdate(User, { id: user.id }, { permissions });
  return (await world.reload(user))!;
}

describe('model settings', () => {
  const world = useWorld();

  it('answers the defaults as version 0 before anything is saved, with a readiness note per Discovery lever', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin', name: 'Fresh Admin' });
    const response = await w.http.get('/api/model-settings').set(w.bearer(admin));
    expect(response.status).toBe(200);
    expect(response.body.current).toMatchObject({ version: 0, createdByName: null, settings: DEFAULT_MODEL_SETTINGS });
    expect(response.body.defaults).toEqual(DEFAULT_MODEL_SETTINGS);
    expect(response.body.readiness.map((entry: { lever: string }) => entry.lever).sort()).toEqual([...DISCOVERY_LEVERS].sort());
    // No items at all: no lever can have an effect yet.
    expect(response.body.readiness.every((entry: { noEffect: boolean }) => entry.noEffect)).toBe(true);
  });

  it('numbers every save and every reset, and lists the versions newest first with who saved them', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin', name: 'Version Keeper' });
    const first = await w.http.put('/api/model-settings').set(w.bearer(admin)).send(edited({ contentDiscovery: 10 }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, createdByName: 'Version Keeper' });
    expect(first.body.settings.discovery.contentDiscovery).toBe(10);
    const second = await w.http.put('/api/model-settings').set(w.bearer(admin)).send(edited({ trendingContent: 0 }));
    expect(second.body.version).toBe(2);

    const view = await w.http.get('/api/model-settings').set(w.bearer(admin));
    expect(view.body.current.version).toBe(2);
    expect(view.body.current.settings.discovery).toMatchObject({ trendingContent: 0, contentDiscovery: DEFAULT_MODEL_SETTINGS.discovery.contentDiscovery });
    expect(view.body.current.settings.consumedEventTypes).toEqual(['purchase']);
    // Which event types consume an item is a setting: saved, and checked by the shared schema.
    const views = await w.http.put('/api/model-settings').set(w.bearer(admin)).send({ ...edited(), consumedEventTypes: ['purchase', 'conversion'] });
    expect(views.status).toBe(200);
    expect(views.body.settings.consumedEventTypes).toEqual(['purchase', 'conversion']);
    const bad = await w.http.put('/api/model-settings').set(w.bearer(admin)).send({ ...edited(), consumedEventTypes: ['bought'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('consumedEventTypes');
    await w.http.put('/api/model-settings').set(w.bearer(admin)).send(edited({ trendingContent: 0 }));
    expect(view.body.current.settings.bannedPhrases).toEqual(['cheap']);

    const reset = await w.http.post('/api/model-settings/reset').set(w.bearer(admin)).send({});
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ version: 5, settings: DEFAULT_MODEL_SETTINGS });

    const versions = await w.http.get('/api/model-settings/versions').set(w.bearer(admin));
    expect(versions.body.map((version: { version: number }) => version.version)).toEqual([5, 4, 3, 2, 1]);
    expect(versions.body[4]).toMatchObject({ createdByName: 'Version Keeper' });
    expect(versions.body[4].settings.discovery.contentDiscovery).toBe(10);
  });

  it('gives concurrent saves distinct consecutive numbers', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin' });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((value) => w.http.put('/api/model-settings').set(w.bearer(admin)).send(edited({ genreBased: value }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.version as number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await w.em().count(ModelSettingsVersion, { companyId: company.id })).toBe(5);
  });

  it('refuses settings out of range, unknown or missing, with the schema messages', async () => {
    const w = world();
    const save = (body: unknown) => w.http.put('/api/model-settings').set(w.bearer('alice')).send(body as object);
    const outOfRange = await save(edited({ contentDiscovery: 101 }));
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.code).toBe('validation_failed');
    expect(outOfRange.body.fields['discovery.contentDiscovery']).toBe('Must be 0 to 100');

    const fraction = await save(edited({ contentDiscovery: 50.5 }));
    expect(fraction.body.fields['discovery.contentDiscovery']).toBe('Must be a whole number');

    const unknown = await save({ ...edited(), discovery: { ...DEFAULT_MODEL_SETTINGS.discovery, mystery: 5 } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.fields)).toContain('Unknown setting');

    const { trendingContent: _dropped, ...missing } = DEFAULT_MODEL_SETTINGS.discovery;
    expect((await save({ ...edited(), discovery: missing })).status).toBe(400);
    expect((await save({ ...edited(), holdoutPercent: 51 })).body.fields.holdoutPercent).toBe('At most 50 %');
    expect((await save({ ...edited(), surprise: 1 })).status).toBe(400);
    expect((await save('not an object')).status).toBe(400);
    expect((await w.http.post('/api/model-settings/reset').set(w.bearer('alice')).send({ extra: true })).status).toBe(400);
  });

  it('lets models:read view and evaluate, and only models:write save or reset', async () => {
    const w = world();
    const reader = await userWith(w, ['models:read']);
    expect((await w.http.get('/api/model-settings').set(w.bearer(reader))).status).toBe(200);
    expect((await w.http.get('/api/model-settings/versions').set(w.bearer(reader))).status).toBe(200);
    const save = await w.http.put('/api/model-settings').set(w.bearer(reader)).send(edited());
    expect(save.status).toBe(403);
    expect(save.body.code).toBe('access_denied');
    expect((await w.http.post('/api/model-settings/reset').set(w.bearer(reader)).send({})).status).toBe(403);

    const writer = await userWith(w, ['models:read', 'models:write']);
    expect((await w.http.put('/api/model-settings').set(w.bearer(writer)).send(edited())).status).toBe(200);
    // bob holds neither.
    expect((await w.http.get('/api/model-settings').set(w.bearer('bob'))).status).toBe(403);
  });

  it("keeps a global admin to the company they view, and a company's admin to their own", async () => {
    const w = world();
    const globex = w.companies.globex.id;
    expect((await w.http.get('/api/model-settings').set(w.bearer('admin'))).body.code).toBe('company_required');
    const saved = await w.http.put('/api/model-settings').set(w.bearer('admin')).send({ ...edited({ fairExposure: 1 }), companyId: globex });
    expect(saved.status).toBe(200);
    const read = await w.http.get('/api/model-settings').query({ companyFilter: globex }).set(w.bearer('admin'));
    expect(read.body.current.settings.discovery.fairExposure).toBe(1);
    // Alice (Acme) can neither write nor read for Globex: naming it is a 404 either way.
    expect((await w.http.put('/api/model-settings').set(w.bearer('alice')).send({ ...edited(), companyId: globex })).status).toBe(404);
    const named = await w.http.get('/api/model-settings').query({ companyFilter: globex }).set(w.bearer('alice'));
    expect([named.status, named.body.code]).toEqual([404, 'not_found']);
    const own = await w.http.get('/api/model-settings').set(w.bearer('alice'));
    expect(own.body.current.settings.discovery.fairExposure).not.toBe(1);
    const unknownCompany = await w.http.get('/api/model-settings').query({ companyFilter: '00000000-0000-4000-8000-000000000000' }).set(w.bearer('admin'));
    expect(unknownCompany.status).toBe(404);
  });

  it("notes how much of the company's data each lever can use", async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin' });
    await addInteractionRecords(w, company.id, { items: 10, users: 6, eventsPerUser: 4, newest: new Date() });
    const response = await w.http.get('/api/model-settings').set(w.bearer(admin));
    const delivery = response.body.readiness.find((entry: { lever: string }) => entry.lever === 'deliveryAware');
    // Half of the items carry delivery_days.
    expect(delivery).toMatchObject({ percent: 50, noEffect: false });
    expect(delivery.note).toContain('delivery_days');
  });

  it('evaluates the saved and the edited settings on recent events, and says when there are too few', async () => {
    const w = world();
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin' });
    const evaluate = (settings: unknown) => w.http.post('/api/model-settings/evaluate').set(w.bearer(admin)).send({ settings });

    const empty = await evaluate(edited());
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('not_enough_events');

    // The window ends at the newest event, not at the server's clock: last year's history evaluates too.
    const old = await w.addCompany();
    const oldAdmin = await w.addUser(old.id, { role: 'company_admin' });
    await addInteractionRecords(w, old.id, { items: 10, users: 8, eventsPerUser: 4, newest: new Date(Date.now() - 400 * 86_400_000) });
    const historic = await w.http.post('/api/model-settings/evaluate').set(w.bearer(oldAdmin)).send({ settings: edited() });
    expect(historic.status).toBe(200);
    expect(historic.body).toMatchObject({ users: 8, days: 30 });

    await addInteractionRecords(w, company.id, { items: 12, users: 20, eventsPerUser: 5, newest: new Date() });
    const same = await evaluate(DEFAULT_MODEL_SETTINGS);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ days: 30, users: 20 });
    // The same settings on both sides score the same: the evaluation is deterministic.
    expect(same.body.candidate).toEqual(same.body.current);
    // Most-popular and item-kNN on the same split, beside the model.
    expect(Object.keys(same.body.baselines).sort()).toEqual(['itemKnn', 'mostPopular']);
    for (const score of [same.body.current.hitRateAt10, same.body.current.ndcgAt10, same.body.current.coverage, same.body.baselines.mostPopular.coverage, same.body.baselines.itemKnn.hitRateAt10]) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect((await evaluate({ ...edited(), discovery: { nope: 1 } })).status).toBe(400);
  });

  it('files Request Access for either model into the requests inbox', async () => {
    const w = world();
    for (const subject of ['Discovery AI', 'RECsplanation AI']) {
      const response = await w.http.post('/api/requests').set(w.bearer('bob')).send({ kind: 'model_access', subject });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ kind: 'model_access', subject, companyId: w.companies.acme.id, requestedByEmail: w.users.bob.email });
    }
    const inbox = await w.http.get('/api/requests').set(w.bearer('admin'));
    const subjects = inbox.body.filter((request: { kind: string }) => request.kind === 'model_access').map((request: { subject: string }) => request.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Discovery AI', 'RECsplanation AI']));
  });
});
