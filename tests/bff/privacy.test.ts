/**
 * Erasing a person (GDPR art. 17) by one identifier across every store, the suppression list that
 * intake consults afterwards, resuming an interrupted erasure, and the person export (art. 15).
 */
import { describe, expect, it } from 'vitest';
import { DataRecord, DataSource, PredictionCall, PrivacySuppression, SurveyResponse } from '@bff/entities';
import { storeSourceRecords } from '@bff/modules/dataSources';
import { tallySettledResponses } from '@bff/modules/responses/tallies';
import { knexOf, rowsOf } from '@bff/platform/sql';
import { addResponses } from './support/responses';
import { addPublished } from './support/surveys';
import { unique, useWorld, type World } from './support/world';

const FAR_FUTURE = () => new Date(Date.now() + 24 * 3600_000);

async function addCrm(w: World, companyId: string) {
  const em = w.em();
  const source = em.create(DataSource, {
    companyId,
    name: unique('CRM'),
    type: 'Webhook',
    catalogueId: 'webhook',
    status: 'active',
    config: {},
    credentials: null,
    recordKind: 'people',
    fields: ['email', 'user_id', 'name'],
    mapping: { email: 'email', user_id: 'user_id', name: 'name' },
  });
  await em.flush();
  return source;
}

/** A person present in a CRM (e-mail and user id), prediction events (user id), survey responses (e-mail), the call log. */
async function seedPerson(w: World, companyId: string, email: string, userId: string) {
  const crm = await addCrm(w, companyId);
  await storeSourceRecords(w.orm.em, crm.id, [{ email, user_id: userId, name: 'Erin' }, { email: `other-${email}`, user_id: `other-${userId}`, name: 'Olga' }], { batchId: crypto.randomUUID(), sourceType: 'webhook', origin: 'test' });
  const { header } = await w.addApiKey(companyId);
  const events = await w.http.post('/api/v1/events').set(header).send({ events: [
    { event_id: unique('e'), user_id: userId, item_id: 'shoe', type: 'view' },
    { event_id: unique('e'), user_id: `other-${userId}`, item_id: 'shoe', type: 'view' },
  ] });
  expect(events.body).toMatchObject({ stored: 2 });
  const survey = await addPublished(w, companyId, { status: 'active', startedAt: new Date() });
  const [mine] = await addResponses(w, survey, 1, { answers: { q_rating: 5 } });
  await addResponses(w, survey, 2, { answers: { q_rating: 3 } });
  await w.em().nativeUpdate(SurveyResponse, { id: mine!.id }, { identifiers: { email: email.toUpperCase() } });
  const em = w.em();
  em.create(PredictionCall, { companyId, apiKeyId: null, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 3, itemsServed: 1, zeroResults: false, holdout: false, settingsVersion: null, snapshotVersion: null, userId, request: { user_id: userId } as never, items: [] });
  await em.flush();
  return { crm, header, survey };
}

async function tallyCheck(w: World, surveyId: string) {
  const knex = knexOf(w.orm);
  const tallied = rowsOf<{ n: unknown }>(await knex.raw("select coalesce(sum(responses), 0) as n from survey_answer_tallies where survey_id = ? and question_id = 'q_rating' and kind = 'answered'", [surveyId]))[0]!;
  const recount = rowsOf<{ n: unknown }>(await knex.raw('select count(*) as n from survey_responses where survey_id = ? and id not in (select response_id from untallied_responses)', [surveyId]))[0]!;
  const days = rowsOf<{ n: unknown }>(await knex.raw('select coalesce(sum(responses), 0) as n from survey_response_tallies where survey_id = ?', [surveyId]))[0]!;
  const count = rowsOf<{ response_count: unknown }>(await knex.raw('select response_count from published_surveys where id = ?', [surveyId]))[0]!;
  const complete = rowsOf<{ n: unknown }>(await knex.raw('select count(*) as n from survey_responses where survey_id = ? and is_complete = ?', [surveyId, w.config.database.kind === 'postgresql' ? true : 1]))[0]!;
  expect(Number(tallied.n)).toBe(Number(recount.n));
  expect(Number(days.n)).toBe(Number(recount.n));
  expect(Number(count.response_count)).toBe(Number(complete.n));
}

describe('privacy: erasure, suppression and export', () => {
  const world = useWorld();

  it('erases a person from every store by one identifier, suppresses later intake, and is idempotent', async () => {
    const w = world();
    const companyId = w.companies.acme.id;
    const email = `${unique('erin')}@people.example`;
    const userId = unique('user');
    const { crm, header, survey } = await seedPerson(w, companyId, email, userId);
    await tallySettledResponses({ orm: w.orm, fork: w.runtime.fork, kind: w.config.database.kind, now: FAR_FUTURE });

    // Export before: everything about the person, found through the e-mail.
    const before = await w.http.get('/api/privacy/people/export').set(w.bearer('alice')).query({ type: 'email', value: email });
    expect(before.status).toBe(200);
    expect(before.body.identifiers).toEqual(expect.arrayContaining([email, userId]));
    expect(before.body.records.flatMap((source: { records: unknown[] }) => source.records)).toHaveLength(2);
    expect(before.body.predictionEvents).toHaveLength(1);
    expect(before.body.responses).toHaveLength(1);
    expect(before.body.predictionCalls).toHaveLength(1);

    const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value: email } });
    expect(queued.status).toBe(202);
    expect(queued.body.identifierHint).not.toContain(email.split('@')[0]);
    await w.runtime.services.privacy.runQueued();
    const done = await w.http.get(`/api/privacy/erasures/${queued.body.id}`).set(w.bearer('alice'));
    expect(done.body.status).toBe('done');
    const counts = Object.fromEntries(done.body.steps.map((step: { step: string; count: number }) => [step.step, step.count]));
    // The audit log's entry of the export above named her.
    expect(counts).toMatchObject({ records: 2, recordFields: 0, responses: 1, predictionCalls: 1, auditLog: 1 });
    expect(counts.suppress).toBeGreaterThanOrEqual(2);

    const em = w.em();
    expect(await em.count(DataRecord, { companyId, $or: [{ userId }, { email }] })).toBe(0);
    expect(await em.count(DataRecord, { companyId, userId: `other-${userId}` })).toBe(2);
    expect(await em.count(SurveyResponse, { surveyId: survey.id })).toBe(2);
    expect(await em.count(PredictionCall, { companyId, userId })).toBe(0);
    expect((await em.findOneOrFail(DataSource, crm.id)).records).toBe(1);
    await tallyCheck(w, survey.id);

    // Nothing about the person is left to export.
    const after = await w.http.get('/api/privacy/people/export').set(w.bearer('alice')).query({ type: 'userId', value: userId });
    expect(after.body).toMatchObject({ records: [], predictionEvents: [], responses: [], predictionCalls: [] });

    // Later intake of the same person is dropped and counted: pushed records, prediction events, a widget answer.
    const stored = await storeSourceRecords(w.orm.em, crm.id, [{ email: email.toUpperCase(), name: 'Erin again' }, { email: 'new@people.example' }], { batchId: crypto.randomUUID(), sourceType: 'webhook', origin: 'test' });
    expect(stored.added).toBe(1);
    const events = await w.http.post('/api/v1/events').set(header).send({ events: [{ event_id: unique('e'), user_id: userId, item_id: 'shoe', type: 'view' }] });
    expect(events.status).toBe(200);
    expect(events.body.stored).toBe(0);
    const answer = await w.http.post(`/api/public/surveys/${survey.id}/responses`).set('X-Forwarded-For', '192.0.2.77').send({ answers: { q_rating: 1 }, complete: true, identifiers: { email } });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    expect(await em.count(SurveyResponse, { surveyId: survey.id })).toBe(2);
    expect(await em.count(DataRecord, { companyId, $or: [{ userId }, { email }] })).toBe(0);
    const suppressions = await w.http.get('/api/privacy/suppressions').set(w.bearer('alice'));
    const total = suppressions.body.reduce((sum: number, row: { dropped: number }) => sum + row.dropped, 0);
    expect(total).toBe(3);
    expect(suppressions.body.flatMap((row: { droppedBySource: Array<{ source: string }> }) => row.droppedBySource.map((entry) => entry.source))).toEqual(expect.arrayContaining([crm.name, 'Survey widget']));
    expect(JSON.stringify(suppressions.body)).not.toContain(email);

    // A second run changes nothing more.
    const again = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'userId', value: userId } });
    await w.runtime.services.privacy.runQueued();
    const second = await w.http.get(`/api/privacy/erasures/${again.body.id}`).set(w.bearer('alice'));
    expect(second.body.status).toBe('done');
    const secondCounts = Object.fromEntries(second.body.steps.map((step: { step: string; count: number }) => [step.step, step.count]));
    // Only the audit log's entry of the export made since (it named the user id) is new.
    expect(secondCounts).toEqual({ suppress: expect.any(Number), records: 0, recordFields: 0, responses: 0, displays: 0, predictionCalls: 0, audience: 0, writeback: 0, auditLog: 1 });
    await tallyCheck(w, survey.id);

    // Lifting a suppression lets intake take the identifier again.
    const emailSuppression = suppressions.body.find((row: { droppedBySource: Array<{ source: string }> }) => row.droppedBySource.some((entry) => entry.source === crm.name));
    expect((await w.http.delete(`/api/privacy/suppressions/${emailSuppression.id}`).set(w.bearer('alice'))).status).toBe(204);
    const lifted = await storeSourceRecords(w.orm.em, crm.id, [{ email, name: 'Erin, back' }], { batchId: crypto.randomUUID(), sourceType: 'webhook', origin: 'test' });
    expect(lifted.added).toBe(1);
  });

  it('resumes an erasure interrupted after its first steps', async () => {
    const w = world();
    const companyId = w.companies.acme.id;
    const email = `${unique('ivy')}@people.example`;
    const userId = unique('user');
    const { survey } = await seedPerson(w, companyId, email, userId);
    const privacy = w.runtime.services.privacy;
    const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'userId', value: userId } });
    privacy.jobs.stopAfter = 'records';
    await privacy.runQueued();
    const halfway = await w.http.get(`/api/privacy/erasures/${queued.body.id}`).set(w.bearer('alice'));
    expect(halfway.body.status).toBe('queued');
    expect(halfway.body.steps.find((step: { step: string }) => step.step === 'records')).toMatchObject({ done: true, count: 2 });
    expect(halfway.body.steps.find((step: { step: string }) => step.step === 'responses')).toMatchObject({ done: false });
    expect(await w.em().count(SurveyResponse, { surveyId: survey.id })).toBe(3);
    privacy.jobs.stopAfter = null;
    await privacy.runQueued();
    const done = await w.http.get(`/api/privacy/erasures/${queued.body.id}`).set(w.bearer('alice'));
    expect(done.body.status).toBe('done');
    expect(done.body.steps.find((step: { step: string }) => step.step === 'records')).toMatchObject({ done: true, count: 2 });
    expect(done.body.steps.find((step: { step: string }) => step.step === 'responses')).toMatchObject({ done: true, count: 1 });
    expect(await w.em().count(SurveyResponse, { surveyId: survey.id })).toBe(2);
    await tallyCheck(w, survey.id);
  });

  it('keeps each company to its own people', async () => {
    const w = world();
    const email = `${unique('gus')}@people.example`;
    await seedPerson(w, w.companies.globex.id, email, unique('user'));
    const erase = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value: email }, companyId: w.companies.globex.id });
    expect(erase.status).toBe(404);
    const exported = await w.http.get('/api/privacy/people/export').set(w.bearer('alice')).query({ type: 'email', value: email });
    expect(exported.body.records).toEqual([]);
    const cross = await w.http.get('/api/privacy/people/export').set(w.bearer('alice')).query({ type: 'email', value: email, companyFilter: w.companies.globex.id });
    expect(cross.status).toBe(404);
    expect((await w.http.post('/api/privacy/erasures').set(w.bearer('bob')).send({ identifier: { type: 'email', value: email } })).status).toBe(403);
    const bad = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'phone', value: '1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(await w.em().count(PrivacySuppression, { companyId: w.companies.globex.id })).toBe(0);
  });
});
