/**
 * Audience Intelligence over a small company with known records: a CRM export of people, web
 * analytics events, a survey response, placeholder e-mails and one address shared by six people.
 */
import { Worker } from 'node:worker_threads';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_STAGES, type AudienceJob, type AudienceMetrics, type AudienceUser, type AudienceUserDetail, type AudienceUsersPage } from '@domain/audience/contract';
import { AudienceJob as AudienceJobRow, DataRecord, DataSource, DataType, SurveyResponse } from '@bff/entities';
import { buildAudience, currentGeneration } from '@bff/modules/audience/build';
import { startBuildWorker, WorkerAudienceBuilder } from '@bff/modules/audience/builder';
import { REFRESH_BACKOFF_MAX_MS, refreshBackoffMs } from '@bff/modules/audience/jobs';
import { createAudienceService } from '@bff/modules/audience/service';
import { hashSecret } from '@bff/platform/secrets';
import { addPublished, question, readySurvey } from './support/surveys';
import { unique, useWorld, type World } from './support/world';

const DAY = 86_400_000;
const BASE = '/api/audience-intelligence';

interface Fixture {
  companyId: string;
  surveyName: string;
}

async function addFixture(world: World): Promise<Fixture> {
  const company = await world.addCompany();
  const companyId = company.id;
  const em = world.em();
  const now = Date.now();
  const fileBase = { companyId, status: 'active' as const, config: {}, mapping: {}, fields: [] as string[] };
  const people = em.create(DataSource, { ...fileBase, name: 'customers.csv', type: 'File Upload', catalogueId: 'csv-upload', recordKind: 'people' });
  const events = em.create(DataSource, { ...fileBase, name: 'Segment', type: 'Analytics & Growth', catalogueId: 'segment', recordKind: 'events' });
  const importedAt = new Date();
  let index = 0;
  const person = (userId: string, email: string | null, unified: Record<string, string | number>) =>
    em.create(DataRecord, {
      companyId, sourceId: people.id, kind: 'people', recordKey: userId, data: { user_id: userId, email, ...unified },
      unified: { user_id: userId, ...(email ? { email } : {}), ...unified }, sourceType: 'csv', importedAt, recordIndex: index++, userId, email,
    });
  const event = (who: { userId?: string; anonymousId?: string }, type: string, at: number, extra: Record<string, string | number> = {}) =>
    em.create(DataRecord, {
      companyId, sourceId: events.id, kind: 'events', data: { ...who, type }, unified: { event_type: type, event_time: new Date(at).toISOString(), device_type: 'desktop', ...extra },
      sourceType: 'json', importedAt, recordIndex: index++, userId: who.userId ?? null, anonymousId: who.anonymousId ?? null, eventType: type, eventTime: new Date(at),
    });

  person('u1', 'Ann@Example.com', { name: 'Ann Archer', account: 'Acme Corp', ltv: 1000, subscription_status: 'premium', created_at: new Date(now - 200 * DAY).toISOString() });
  person('u2', 'bob@example.com', { name: 'Bob Baker', ltv: 50, subscription_status: 'free', created_at: new Date(now - 10 * DAY).toISOString() });
  // A placeholder e-mail joins nobody.
  person('u3', 'test@test.com', { name: 'Cat Cole' });
  person('u4', 'TEST@test.com', { name: 'Dan Dunn' });
  // One address shared by six customers: the sixth join would make a profile of six people.
  for (let n = 1; n <= 6; n++) person(`s${n}`, 'family@example.com', { name: `Shared ${n}` });

  for (let n = 0; n < 4; n++) event({ userId: 'u1' }, 'view', now - (n + 1) * DAY);
  event({ userId: 'u1' }, 'purchase', now - 5 * DAY, { revenue: 200 });
  event({ userId: 'u2' }, 'view', now - 2 * DAY);
  event({ anonymousId: 'anon-9' }, 'view', now - 3 * DAY);
  event({ anonymousId: 'anon-9' }, 'view', now - 4 * DAY);

  const colour = em.create(DataType, { companyId, name: 'Favourite colour', dataFieldName: 'favourite_colour', type: 'static' });
  await em.flush();

  const survey = readySurvey({ questions: [question('text', 'q_colour', 'Your favourite colour?', { dataType: colour.id })] });
  const published = await addPublished(world, companyId, { survey, name: unique('Colours') });
  const responseEm = world.em();
  responseEm.create(SurveyResponse, {
    companyId, surveyId: published.id, deviceType: 'mobile', identifiers: { user_email: ' ANN@example.com ' }, answers: { q_colour: 'green' },
    startedAt: new Date(now - DAY), completedAt: new Date(now - DAY + 40_000), completionTimeSeconds: 40, isComplete: true, ipAddress: '203.0.113.0',
    writeTokenHash: hashSecret(unique('token')),
  });
  await responseEm.flush();
  return { companyId, surveyName: published.name };
}

async function waitForJob(world: World, companyId: string, jobId: string): Promise<AudienceJob> {
  const read = async () => {
    const response = await world.http.get(`${BASE}/jobs/${jobId}`).query({ companyFilter: companyId }).set(world.bearer('admin'));
    expect(response.status).toBe(200);
    return response.body as AudienceJob;
  };
  await expect.poll(async () => (await read()).status, { timeout: 60_000, interval: 20 }).toMatch(/^(done|failed)$/);
  return read();
}

async function rebuild(world: World, companyId: string, kind: 'rebuild' | 'reclassify' = 'rebuild'): Promise<AudienceJob> {
  const started = await world.http.post(`${BASE}/${kind}`).send({ companyId }).set(world.bearer('admin'));
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ kind, status: 'queued', progress: 0 });
  // The server's build loop would start it at once; the test's runtime leaves that to the test.
  await world.audience.buildQueued();
  return waitForJob(world, companyId, (started.body as AudienceJob).id);
}

describe('audience intelligence', () => {
  const world = useWorld();
  const get = (path: string, companyId: string, query: Record<string, string | number> = {}) =>
    world().http.get(`${BASE}${path}`).query({ companyFilter: companyId, ...query }).set(world().bearer('admin'));
  const allUsers = async (companyId: string, query: Record<string, string | number> = {}) =>
    ((await get('/users', companyId, { limit: 100, ...query })).body as AudienceUsersPage).users;
  const byName = (users: AudienceUser[], name: string) => users.find((user) => user.name === name)!;

  it('joins records into profiles and counts the metrics', async () => {
    const { companyId } = await addFixture(world());
    const before = await get('/metrics', companyId);
    expect(before.body).toMatchObject({ totalUsers: 0, computedAt: null });

    const job = await rebuild(world(), companyId);
    expect(job).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(job.summary).toMatchObject({ profiles: 7, profilesChanged: 7 });
    expect(job.summary!.categories.find((change) => change.id === 'high-value')).toEqual({ id: 'high-value', name: 'High Value', before: 0, after: 1 });

    const metrics = (await get('/metrics', companyId)).body;
    // Ann (CSV, events, survey), Bob, Cat, Dan, Shared 1-5, Shared 6, and the anonymous visitor.
    expect(metrics.totalUsers).toBe(7);
    expect(metrics.unknowns).toBe(14.3);
    // Ann and Bob span sources; Shared 1-5 were joined by their address.
    expect(metrics.unifiedIdentities).toBe(42.9);
    // (50 + 33.3 + 5 × 16.7) / 7
    expect(metrics.dataSourceCoverage).toBe(23.8);
    expect(typeof metrics.computedAt).toBe('string');
    expect(metrics.topSegments[0]).toEqual({ id: 'freemium', name: 'Freemium', userCount: 6 });
  });

  it('shows why two records are one person, and keeps placeholder and oversized joins apart', async () => {
    const { companyId, surveyName } = await addFixture(world());
    await rebuild(world(), companyId);
    const users = await allUsers(companyId);
    expect(users.map((user) => user.name)).toContain('Cat Cole');
    const cat = byName(users, 'Cat Cole');
    const dan = byName(users, 'Dan Dunn');
    expect(cat.id).not.toBe(dan.id);
    expect(cat.email).toBeNull();

    const ann = byName(users, 'Ann Archer');
    expect(ann).toMatchObject({ email: 'ann@example.com', account: 'Acme Corp', ltv: 1000, surveyCount: 1, totalCompletionTime: 40, device_type: 'mobile', ip_address: '203.0.113.0' });
    expect(ann.sources).toEqual(['mobile', 'crm', 'analytics']);
    expect(ann.dataSourceCoverage).toBe(50);
    expect(ann.categories).toEqual(expect.arrayContaining(['high-value', 'premium', 'returning']));

    const detail = (await get(`/users/${ann.id}`, companyId)).body as AudienceUserDetail;
    expect(detail.identities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'email', value: 'ann@example.com', source: 'customers.csv' }),
        expect.objectContaining({ kind: 'user_id', value: 'u1', source: 'customers.csv' }),
      ]),
    );
    expect(detail.merges).toContainEqual(expect.objectContaining({ identifierKind: 'email', identifierValue: 'ann@example.com', source: `Survey: ${surveyName}`, refused: false, profilesJoined: 1 }));
    expect(detail.events).toHaveLength(5);
    expect(detail.events[0]).toMatchObject({ type: 'view', source: 'Segment' });
    expect(detail.events.map((event) => event.type)).toContain('purchase');
    expect(detail.attributes).toEqual({ favourite_colour: 'green' });
    expect(detail.segments.map((segment) => segment.id)).toContain('likely-to-purchase');

    const shared = users.filter((user) => user.name?.startsWith('Shared'));
    expect(shared).toHaveLength(2);
    // Which of the six is refused depends on the order records are read in; exactly one is.
    const details = await Promise.all(shared.map(async (user) => (await get(`/users/${user.id}`, companyId)).body as AudienceUserDetail));
    const apart = details.find((detail) => detail.merges.some((merge) => merge.refused))!;
    const joined = details.find((detail) => detail !== apart)!;
    expect(apart.merges).toContainEqual(expect.objectContaining({ identifierKind: 'email', identifierValue: 'family@example.com', refused: true, profilesJoined: 6 }));
    expect(apart.merges.find((merge) => merge.refused)!.reason).toMatch(/more than 5/);
    expect(apart.identities.filter((identity) => identity.kind === 'user_id')).toHaveLength(1);
    expect(world().logLines.some((line) => line.msg === 'Audience join refused: it would make one profile of too many people' && line.companyId === companyId)).toBe(true);
    expect(joined.identities.filter((identity) => identity.kind === 'user_id')).toHaveLength(5);
    expect(joined.identities).toContainEqual(expect.objectContaining({ kind: 'email', value: 'family@example.com' }));
    expect(joined.merges.filter((merge) => !merge.refused).map((merge) => merge.profilesJoined).sort()).toEqual([2, 3, 4, 5]);
  });

  it('filters, searches and pages in SQL', async () => {
    const { companyId } = await addFixture(world());
    await rebuild(world(), companyId);
    expect((await get('/users', companyId, { dataSource: 'mobile' })).body.total).toBe(1);
    expect((await get('/users', companyId, { dataSource: 'mobile,analytics' })).body.total).toBe(3);
    expect((await get('/users', companyId, { lifecycle: 'churned' })).body.total).toBe(4);
    expect((await get('/users', companyId, { search: 'ACME' })).body.users.map((user: AudienceUser) => user.name)).toEqual(['Ann Archer']);
    expect((await get('/users', companyId, { search: '%' })).body.total).toBe(0);
    expect((await get('/users', companyId, { recency: '1,7' })).body.total).toBe(3);

    const first = (await get('/users', companyId, { limit: 3, page: 1 })).body as AudienceUsersPage;
    expect(first).toMatchObject({ total: 7, page: 1, limit: 3 });
    expect(first.users.map((user) => user.name).slice(0, 2)).toEqual(['Ann Archer', 'Bob Baker']);
    const rest = [...(await get('/users', companyId, { limit: 3, page: 2 })).body.users, ...(await get('/users', companyId, { limit: 3, page: 3 })).body.users] as AudienceUser[];
    expect(rest).toHaveLength(4);
    expect(new Set([...first.users, ...rest].map((user) => user.id)).size).toBe(7);

    const highValue = (await get('/categories/high-value/users', companyId)).body as AudienceUsersPage;
    expect(highValue).toMatchObject({ total: 1, page: 1, limit: 20 });
    const categories = (await get('/categories', companyId)).body as Array<{ id: string; userCount: number; rule: string; coverage: number }>;
    expect(categories.map((category) => category.id)).toHaveLength(14);
    expect(categories.find((category) => category.id === 'high-value')).toMatchObject({ userCount: 1, coverage: 50 });
    expect(categories.find((category) => category.id === 'churned')).toMatchObject({ userCount: 4 });
    expect(categories.every((category) => category.rule.length > 0)).toBe(true);
    const filtered = (await get('/categories', companyId, { dataSource: 'mobile' })).body as Array<{ id: string; userCount: number }>;
    expect(filtered.find((category) => category.id === 'freemium')!.userCount).toBe(0);

    for (const query of <Array<Record<string, string | number>>>[{ dataSource: 'fax' }, { risk: 'extreme' }, { recency: '2' }, { limit: 0 }, { limit: 101 }, { page: 'x' }, { search: 'x'.repeat(201) }]) {
      expect((await get('/users', companyId, query)).status, JSON.stringify(query)).toBe(400);
    }
    expect((await get('/categories/nope/users', companyId)).status).toBe(400);
    expect((await get('/users/not-an-id', companyId)).status).toBe(400);
  });

  it('saves, lists and deletes views with the count computed on the server', async () => {
    const { companyId } = await addFixture(world());
    await rebuild(world(), companyId);
    const admin = world().bearer('admin');
    const filters = { dataSource: ['mobile'], lifecycle: [], risk: [], recency: [] };
    const saved = await world().http.post(`${BASE}/views`).send({ companyId, name: ' Mobile people ', description: 'On phones', filters, search: '', categoryId: null }).set(admin);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'Mobile people', description: 'On phones', filters, userCount: 1, coverage: 50, categoryId: null });
    const listed = await get('/views', companyId);
    expect(listed.body.map((view: { id: string }) => view.id)).toEqual([saved.body.id]);

    for (const body of [
      { companyId, name: '   ', filters },
      { companyId, name: 'x'.repeat(101), filters },
      { companyId, name: 'Bad', filters: { ...filters, risk: ['extreme'] } },
      { companyId, name: 'Bad', filters, categoryId: 'nope' },
    ]) {
      expect((await world().http.post(`${BASE}/views`).send(body).set(admin)).status, JSON.stringify(body)).toBe(400);
    }

    const other = await world().addCompany();
    expect((await world().http.delete(`${BASE}/views/${saved.body.id}`).query({ companyFilter: other.id }).set(admin)).status).toBe(404);
    expect((await world().http.delete(`${BASE}/views/${saved.body.id}`).query({ companyFilter: companyId }).set(admin)).status).toBe(204);
    expect((await get('/views', companyId)).body).toEqual([]);
  });

  it('reclassifies with a summary of what changed, and reports the latest job', async () => {
    const { companyId } = await addFixture(world());
    const built = await rebuild(world(), companyId);
    const job = await rebuild(world(), companyId, 'reclassify');
    expect(job.summary).toMatchObject({ profiles: 7, profilesChanged: 0 });
    for (const change of [...job.summary!.categories, ...job.summary!.risk, ...job.summary!.lifecycle]) expect(change.after).toBe(change.before);
    expect(job.summary!.lifecycle.find((change) => change.id === 'churned')).toMatchObject({ name: 'Churned', before: 4, after: 4 });
    const latest = await get('/jobs/latest', companyId);
    expect(latest.body).toMatchObject({ id: job.id, kind: 'reclassify', status: 'done' });
    // Profile ids stay across rebuilds.
    const users = await allUsers(companyId);
    const again = await rebuild(world(), companyId);
    expect(again.summary!.profilesChanged).toBe(0);
    expect((await allUsers(companyId)).map((user) => user.id).sort()).toEqual(users.map((user) => user.id).sort());
    expect(built.id).not.toBe(job.id);
  });

  it("refuses another company's profiles and jobs, and non-admins", async () => {
    const { companyId } = await addFixture(world());
    const job = await rebuild(world(), companyId);
    const [ann] = await allUsers(companyId);
    const other = await world().addCompany();
    expect((await get(`/users/${ann!.id}`, other.id)).status).toBe(404);
    expect((await get(`/jobs/${job.id}`, other.id)).status).toBe(404);
    // Another company's jobs are not its jobs: it has none yet.
    expect((await get('/jobs/latest', other.id)).status).toBe(204);
    expect((await get('/users', other.id)).body).toMatchObject({ total: 0, users: [] });
    for (const person of ['alice', 'bob'] as const) {
      const response = await world().http.get(`${BASE}/metrics`).set(world().bearer(person));
      expect(response.status).toBe(403);
    }
    expect((await world().http.post(`${BASE}/rebuild`).send({}).set(world().bearer('alice'))).status).toBe(403);
  });
});

describe('audience refresh', () => {
  const world = useWorld();

  it('rebuilds a company whose records changed since its last build, and only then', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    const audience = createAudienceService({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: pino({ level: 'silent' }), now: () => new Date() });
    const metrics = async () => (await w.http.get(`${BASE}/metrics`).query({ companyFilter: companyId }).set(w.bearer('admin'))).body as AudienceMetrics;

    await audience.refresh();
    const first = await metrics();
    expect(first.totalUsers).toBe(7);

    await audience.refresh();
    expect((await metrics()).computedAt).toBe(first.computedAt);

    const em = w.em();
    const source = await em.findOneOrFail(DataSource, { companyId, name: 'Segment' });
    em.create(DataRecord, {
      companyId, sourceId: source.id, kind: 'events', data: {}, unified: { event_type: 'view' }, sourceType: 'json', importedAt: new Date(), recordIndex: 99,
      anonymousId: 'anon-new', eventType: 'view', eventTime: new Date(), updatedAt: new Date(Date.now() + 1000),
    });
    await em.flush();
    await audience.refresh();
    expect((await metrics()).totalUsers).toBe(8);
    await audience.builds.stop();
  });

  it('backs off a company whose refreshes keep failing, shows the reason to its admin, and clears the failures once a build succeeds', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    const logger = pino({ level: 'silent' });
    let time = Date.now();
    const now = () => new Date(time);
    let attempts = 0;
    const failing = { build: async () => { attempts++; throw new Error('invalid byte sequence for encoding "UTF8": 0x00'); }, stop: async () => {} };
    const audience = createAudienceService({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger, now, builder: failing });
    const latest = async () => (await w.http.get(`${BASE}/jobs/latest`).query({ companyFilter: companyId }).set(w.bearer('admin'))).body as AudienceJob;
    const failedRows = () => w.em().count(AudienceJobRow, { companyId, kind: 'refresh', status: 'failed' });
    const refreshMs = w.config.audience.refreshMs;

    await audience.refresh();
    expect(attempts).toBe(1);
    // The company's newest job is the failed refresh, shown as a build with its reason.
    expect(await latest()).toMatchObject({ kind: 'rebuild', status: 'failed', error: 'invalid byte sequence for encoding "UTF8": 0x00' });

    // Still stale, but not built again at once: twice the period after one failure, four times after two.
    await audience.refresh();
    expect(attempts).toBe(1);
    time += 2 * refreshMs - 1;
    await audience.refresh();
    expect(attempts).toBe(1);
    time += 1;
    await audience.refresh();
    expect(attempts).toBe(2);
    time += 4 * refreshMs - 1;
    await audience.refresh();
    expect(attempts).toBe(2);
    time += 1;
    await audience.refresh();
    expect(attempts).toBe(3);
    expect(await failedRows()).toBe(3);
    await audience.builds.stop();

    // Fixed: the next refresh after the back-off builds, and the failures are gone with it.
    const fixed = createAudienceService({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger, now });
    time += 8 * refreshMs;
    await fixed.refresh();
    expect(await failedRows()).toBe(0);
    expect(await w.em().count(AudienceJobRow, { companyId })).toBe(0);
    expect(((await w.http.get(`${BASE}/metrics`).query({ companyFilter: companyId }).set(w.bearer('admin'))).body as AudienceMetrics).totalUsers).toBe(7);
    await fixed.builds.stop();
  });

  it('waits twice the refresh period after a first failure, doubling up to six hours', async () => {
    expect(refreshBackoffMs(60_000, 0)).toBe(0);
    expect(refreshBackoffMs(60_000, 1)).toBe(120_000);
    expect(refreshBackoffMs(60_000, 3)).toBe(480_000);
    expect(refreshBackoffMs(60_000, 10)).toBe(REFRESH_BACKOFF_MAX_MS);
    expect(refreshBackoffMs(60_000, 1_000)).toBe(REFRESH_BACKOFF_MAX_MS);
  });

  it('queues one build per company, however often and by whomever it is asked', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    const logger = pino({ level: 'silent' });
    // Two replicas of the service over one database.
    const [first, second] = [0, 1].map(() => createAudienceService({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger, now: () => new Date() }));
    const asked = await Promise.all([first!.startJob(w.em(), companyId, 'rebuild', null), second!.startJob(w.em(), companyId, 'reclassify', null), first!.startJob(w.em(), companyId, 'rebuild', null)]);
    expect(new Set(asked.map((job) => job.id)).size).toBe(1);
    expect(await w.em().count(AudienceJobRow, { companyId })).toBe(1);

    // Both replicas drain the queue at once: the company is built once.
    await Promise.all([first!.buildQueued(), second!.buildQueued()]);
    const jobs = await w.em().find(AudienceJobRow, { companyId });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: asked[0]!.id, status: 'done', lockedBy: null, lockedUntil: null });
    await Promise.all([first!.builds.stop(), second!.builds.stop()]);
  });

  it('builds again a job whose process died, once its lease has expired; a refresh leaves no row behind', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    const audience = createAudienceService({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger: pino({ level: 'silent' }), now: () => new Date() });
    const em = w.em();
    const orphan = em.create(AudienceJobRow, {
      companyId, kind: 'refresh', status: 'running', progress: 0.4, processed: 4, total: 10, summary: null, error: null, finishedAt: null, createdById: null,
      lockedBy: 'gone:1', lockedUntil: new Date(Date.now() + 60_000),
    });
    await em.flush();
    // Still leased: nobody takes it.
    await audience.buildQueued();
    expect(await w.em().findOne(AudienceJobRow, { id: orphan.id })).toMatchObject({ status: 'running', lockedBy: 'gone:1' });

    await w.em().nativeUpdate(AudienceJobRow, { id: orphan.id }, { lockedUntil: new Date(Date.now() - 1) });
    await audience.buildQueued();
    expect(await w.em().count(AudienceJobRow, { companyId })).toBe(0);
    expect(((await w.http.get(`${BASE}/metrics`).query({ companyFilter: companyId }).set(w.bearer('admin'))).body as AudienceMetrics).totalUsers).toBe(7);
    await audience.builds.stop();
  });
});

describe('audience generations', () => {
  const world = useWorld();
  const knexOf = (w: World): Knex => (w.orm.em as SqlEntityManager).getKnex();
  const get = (path: string, companyId: string, query: Record<string, string | number> = {}) =>
    world().http.get(`${BASE}${path}`).query({ companyFilter: companyId, ...query }).set(world().bearer('admin'));
  /** The company's profile rows per generation, whatever readers see. */
  const generationsOf = async (w: World, companyId: string) => {
    const rows = (await knexOf(w)('audience_profiles').where('company_id', companyId).groupBy('generation').select('generation').count({ rows: '*' })) as Array<{ generation: number | string; rows: number | string }>;
    return Object.fromEntries(rows.map((row) => [Number(row.generation), Number(row.rows)]));
  };
  const addPerson = async (w: World, companyId: string, userId: string, name: string) => {
    const em = w.em();
    const source = await em.findOneOrFail(DataSource, { companyId, name: 'customers.csv' });
    em.create(DataRecord, {
      companyId, sourceId: source.id, kind: 'people', recordKey: userId, data: { user_id: userId }, unified: { user_id: userId, name }, sourceType: 'csv',
      importedAt: new Date(), recordIndex: 100, userId,
    });
    await em.flush();
  };
  const build = (w: World, companyId: string, hooks: Pick<Parameters<typeof buildAudience>[0], 'onBatch'> = {}) =>
    buildAudience({ knex: knexOf(w), kind: w.config.database.kind, companyId, now: new Date(), maxProfilesPerMerge: 5, ...hooks });

  it('answers from the previous generation until the new one is switched to, then deletes the previous one', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    expect((await rebuild(w, companyId)).status).toBe('done');
    const before = await currentGeneration(knexOf(w), companyId);
    expect(await generationsOf(w, companyId)).toEqual({ [before]: 7 });
    await addPerson(w, companyId, 'u9', 'Eve Early');

    const seenDuringBuild: Array<{ table: string; generation: number; current: number; total: number; eve: number; metrics: number }> = [];
    const result = await build(w, companyId, {
      onBatch: async ({ table, generation }) => {
        seenDuringBuild.push({
          table,
          generation,
          current: await currentGeneration(knexOf(w), companyId),
          total: (await get('/users', companyId)).body.total,
          eve: (await get('/users', companyId, { search: 'eve early' })).body.total,
          metrics: ((await get('/metrics', companyId)).body as AudienceMetrics).totalUsers,
        });
      },
    });
    // A batch each of profiles, identities and joins, all written beside generation `before`, none of them seen.
    expect(seenDuringBuild.map((seen) => seen.table)).toEqual(['audience_profiles', 'audience_identities', 'audience_merges']);
    for (const seen of seenDuringBuild) expect(seen).toMatchObject({ generation: before + 1, current: before, total: 7, eve: 0, metrics: 7 });

    expect(result).toMatchObject({ generation: before + 1, profiles: 8 });
    expect(await currentGeneration(knexOf(w), companyId)).toBe(before + 1);
    expect((await get('/users', companyId, { search: 'eve early' })).body.total).toBe(1);
    expect(((await get('/metrics', companyId)).body as AudienceMetrics).totalUsers).toBe(8);
    expect(await generationsOf(w, companyId)).toEqual({ [before + 1]: 8 });
  });

  it('keeps the previous generation when a build fails, and the next build clears what it left', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    await rebuild(w, companyId);
    const before = await currentGeneration(knexOf(w), companyId);
    const users = ((await get('/users', companyId, { limit: 100 })).body as AudienceUsersPage).users.map((user) => user.id).sort();
    await addPerson(w, companyId, 'u9', 'Eve Early');

    await expect(
      build(w, companyId, {
        onBatch: ({ table }) => {
          if (table === 'audience_identities') throw new Error('Disk full');
        },
      }),
    ).rejects.toThrow('Disk full');
    // Half a generation was written; nobody sees it.
    expect((await generationsOf(w, companyId))[before + 1]).toBe(8);
    expect(await currentGeneration(knexOf(w), companyId)).toBe(before);
    expect(((await get('/users', companyId, { limit: 100 })).body as AudienceUsersPage).users.map((user) => user.id).sort()).toEqual(users);
    expect(((await get('/metrics', companyId)).body as AudienceMetrics).totalUsers).toBe(7);
    const [ann] = ((await get('/users', companyId, { search: 'ann' })).body as AudienceUsersPage).users;
    expect(((await get(`/users/${ann!.id}`, companyId)).body as AudienceUserDetail).identities.length).toBeGreaterThan(0);

    await build(w, companyId);
    expect(await generationsOf(w, companyId)).toEqual({ [before + 1]: 8 });
  });

  it('fails the job with the database error when the worker cannot write, leaving the previous generation', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    await rebuild(w, companyId);
    const before = await currentGeneration(knexOf(w), companyId);
    await knexOf(w).schema.renameTable('audience_merges', 'audience_merges_away');
    let job: AudienceJob;
    try {
      job = await rebuild(w, companyId);
    } finally {
      await knexOf(w).schema.renameTable('audience_merges_away', 'audience_merges');
    }
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/audience_merges/);
    expect(await currentGeneration(knexOf(w), companyId)).toBe(before);
    expect(((await get('/metrics', companyId)).body as AudienceMetrics).totalUsers).toBe(7);
    expect((await rebuild(w, companyId)).status).toBe('done');
  });

  it('fails the job with a clear message when the build worker dies', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    const logger = pino({ level: 'silent' });
    const builder = new WorkerAudienceBuilder(w.config.database, logger, () => new Worker('process.exit(3)', { eval: true }));
    const audience = createAudienceService({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger, now: () => new Date(), builder });
    const job = await audience.startJob(w.em(), companyId, 'rebuild', null);
    await audience.buildQueued();
    expect(await audience.job(w.em(), companyId, job.id)).toMatchObject({ status: 'failed', error: 'The build worker stopped unexpectedly (exit code 3)' });
    expect(((await get('/metrics', companyId)).body as AudienceMetrics).totalUsers).toBe(0);
    await audience.builds.stop();
  });

  it('fails the job with the reason when the build worker outgrows its memory limit, and the server goes on', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    const logger = pino({ level: 'silent' });
    // Far below what the worker needs to load the build (AUDIENCE_BUILD_MEMORY_MB is 1,536 by default).
    const builder = new WorkerAudienceBuilder(w.config.database, logger, (database) => startBuildWorker(database, 8));
    const audience = createAudienceService({ orm: w.orm, fork: w.runtime.fork, config: w.config, logger, now: () => new Date(), builder });
    const job = await audience.startJob(w.em(), companyId, 'rebuild', null);
    await audience.buildQueued();
    expect(await audience.job(w.em(), companyId, job.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^The build worker failed: .*memory limit/) });
    expect((await get('/metrics', companyId)).status).toBe(200);
    await audience.builds.stop();
  });

  it('answers the unfiltered metrics and categories from the stored summary, equal to counting the profiles', async () => {
    const w = world();
    const { companyId } = await addFixture(w);
    await rebuild(w, companyId);
    const build = (await knexOf(w)('audience_builds').where('company_id', companyId).first()) as { summary: unknown };
    expect(build.summary).not.toBeNull();
    // Every lifecycle stage is a filter that narrows nothing: those figures are counted in SQL.
    const everyStage = { lifecycle: LIFECYCLE_STAGES.join(',') };
    const stored = (await get('/metrics', companyId)).body as AudienceMetrics;
    expect(stored.totalUsers).toBe(7);
    expect((await get('/metrics', companyId, everyStage)).body).toEqual(stored);
    const storedCategories = (await get('/categories', companyId)).body as Array<{ id: string; userCount: number; coverage: number; topTraits: string[] }>;
    expect(storedCategories.some((category) => category.userCount > 0 && category.topTraits.length > 0)).toBe(true);
    expect((await get('/categories', companyId, everyStage)).body).toEqual(storedCategories);
    for (const path of ['/users', '/categories/freemium/users', '/categories/high-value/users']) {
      expect((await get(path, companyId)).body, path).toEqual((await get(path, companyId, everyStage)).body);
    }
    expect(((await get('/users', companyId)).body as AudienceUsersPage).total).toBe(7);
  });
});
