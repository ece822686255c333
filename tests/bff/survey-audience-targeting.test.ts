/**
 * A survey limited to an audience: the editor's list of targets, the check of a saved view when the
 * targeting is saved, and the widget's yes/no membership question, over profiles built by the real
 * builder from known people records (Ann: high value, premium; Bob: freemium; Cat and Dan share a
 * placeholder e-mail).
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, CATEGORY_NAMES, type AudienceJob, type AudienceView } from '@domain/audience/contract';
import { COLLECTION_INPUT_MESSAGES } from '@domain/survey/collectionSchemas';
import { defaultDisplayTriggers } from '@domain/survey/defaults';
import { AUDIENCE_TARGETING_MESSAGES } from '@domain/survey/messages';
import type { AudienceTargeting, AudienceTargetOptions, DisplayTriggers } from '@domain/survey/types';
import { DataRecord, DataSource, PublishedSurvey } from '@bff/entities';
import { NO_AUDIENCE_TARGETING } from '@bff/modules/collection/service';
import { addPublished } from './support/surveys';
import { type World, useWorld } from './support/world';

const DAY = 86_400_000;
const AUDIENCE = '/api/audience-intelligence';
const NO_FILTERS = { dataSource: [], lifecycle: [], risk: [], recency: [] };

let addressCounter = 0;
/** Every public call from its own address, so no test meets the per-address limit. */
const address = () => ({ 'X-Forwarded-For': `198.51.100.${(addressCounter++ % 250) + 1}` });

async function addPeople(w: World, companyId: string): Promise<void> {
  const em = w.em();
  const now = Date.now();
  const people = em.create(DataSource, {
    companyId, name: 'customers.csv', type: 'File Upload', catalogueId: 'csv-upload', recordKind: 'people', status: 'active', config: {}, mapping: {}, fields: [],
  });
  let index = 0;
  const person = (userId: string, email: string, unified: Record<string, string | number>) =>
    em.create(DataRecord, {
      companyId, sourceId: people.id, kind: 'people', recordKey: userId, data: { user_id: userId, email }, unified: { user_id: userId, email, ...unified },
      sourceType: 'csv', importedAt: new Date(), recordIndex: index++, userId, email,
    });
  person('u1', 'Ann@Example.com', { name: 'Ann Archer', ltv: 1000, subscription_status: 'premium', created_at: new Date(now - 200 * DAY).toISOString() });
  person('u2', 'bob@example.com', { name: 'Bob Baker', ltv: 50, subscription_status: 'free', created_at: new Date(now - 10 * DAY).toISOString() });
  // A placeholder e-mail is never an identifier: Cat and Dan stay two people, reachable by user id only.
  person('u3', 'test@test.com', { name: 'Cat Cole' });
  person('u4', 'test@test.com', { name: 'Dan Dunn' });
  await em.flush();
}

async function rebuild(w: World, companyId: string): Promise<void> {
  const started = await w.http.post(`${AUDIENCE}/rebuild`).send({ companyId }).set(w.bearer('admin'));
  expect(started.status).toBe(202);
  // The server's build loop would start it at once; the test's runtime leaves that to the test.
  await w.audience.buildQueued();
  const read = async () =>
    (await w.http.get(`${AUDIENCE}/jobs/${(started.body as AudienceJob).id}`).query({ companyFilter: companyId }).set(w.bearer('admin'))).body as AudienceJob;
  await expect.poll(async () => (await read()).status, { timeout: 60_000, interval: 20 }).toMatch(/^(done|failed)$/);
  const job = await read();
  if (job.status === 'failed') throw new Error(`The audience build failed: ${job.error}`);
}

async function saveView(w: World, companyId: string, name: string, details: { search?: string; categoryId?: string | null } = {}): Promise<AudienceView> {
  const saved = await w.http
    .post(`${AUDIENCE}/views`)
    .send({ companyId, name, description: '', filters: NO_FILTERS, search: details.search ?? '', categoryId: details.categoryId ?? null })
    .set(w.bearer('admin'));
  expect(saved.status).toBe(201);
  return saved.body as AudienceView;
}

describe('survey audience targeting', () => {
  const world = useWorld();
  let arranged: Promise<{ acme: string; globex: string; everyone: AudienceView; annSearch: AudienceView; globexView: AudienceView }> | null = null;

  /** Acme's people and views, and a view of Globex; built once for the file. */
  function fixture() {
    arranged ??= (async () => {
      const w = world();
      const acme = w.companies.acme.id;
      const globex = w.companies.globex.id;
      await addPeople(w, acme);
      await rebuild(w, acme);
      return {
        acme,
        globex,
        everyone: await saveView(w, acme, 'Everyone'),
        annSearch: await saveView(w, acme, 'People called Ann', { search: 'ann' }),
        globexView: await saveView(w, globex, 'Globex patients'),
      };
    })();
    return arranged;
  }

  const running = (w: World, companyId: string, audienceTargeting?: AudienceTargeting) =>
    addPublished(w, companyId, {
      status: 'active',
      startedAt: new Date(),
      displayTriggers: { ...defaultDisplayTriggers(), ...(audienceTargeting ? { audienceTargeting } : {}) },
    });
  const ask = (w: World, surveyId: string, body: unknown) =>
    w.http.post(`/api/public/surveys/${surveyId}/audience-membership`).set(address()).set('Origin', 'https://shop.example').send(body as object);
  const triggersPath = (id: string) => `/api/surveys/published/${id}/display-triggers`;
  const saveTargeting = (w: World, id: string, audienceTargeting: AudienceTargeting, who: 'alice' | 'carol' = 'alice') =>
    w.http.put(triggersPath(id)).send({ displayTriggers: { ...defaultDisplayTriggers(), audienceTargeting } }).set(w.bearer(who));

  describe('the membership question', () => {
    it("answers yes for a visitor in the category, by any of the profile's identifiers normalised as the build does, and nothing else", async () => {
      const w = world();
      const { acme } = await fixture();
      const survey = await running(w, acme, { enabled: true, kind: 'category', id: 'high-value' });
      const byEmail = await ask(w, survey.id, { companyId: acme, identifiers: { user_email: '  ANN@example.COM ' } });
      expect(byEmail.status).toBe(200);
      expect(byEmail.body).toEqual({ member: true });
      // The widget's CORS: any site may ask.
      expect(byEmail.headers['access-control-allow-origin']).toBe('*');
      expect((await ask(w, survey.id, { companyId: acme, identifiers: { user_id: 'u1' } })).body).toEqual({ member: true });
      // The company's e-mail field name, or a name that says e-mail, is an e-mail.
      expect((await ask(w, survey.id, { identifiers: { email: 'ann@example.com' } })).body).toEqual({ member: true });
    });

    it('answers no for a known visitor outside the category, an unknown one, and one without identifiers', async () => {
      const w = world();
      const { acme } = await fixture();
      const survey = await running(w, acme, { enabled: true, kind: 'category', id: 'high-value' });
      expect((await ask(w, survey.id, { companyId: acme, identifiers: { user_email: 'bob@example.com' } })).body).toEqual({ member: false });
      expect((await ask(w, survey.id, { companyId: acme, identifiers: { user_email: 'nobody@example.com', user_id: 'u404' } })).body).toEqual({ member: false });
      expect((await ask(w, survey.id, { companyId: acme, identifiers: {} })).body).toEqual({ member: false });

      const freemium = await running(w, acme, { enabled: true, kind: 'category', id: 'freemium' });
      expect((await ask(w, freemium.id, { companyId: acme, identifiers: { user_email: 'bob@example.com' } })).body).toEqual({ member: true });
    });

    it('never matches a placeholder value, even one that people records carry', async () => {
      const w = world();
      const { acme, everyone } = await fixture();
      const survey = await running(w, acme, { enabled: true, kind: 'view', id: everyone.id });
      // Cat is a profile (by her user id), but her record's placeholder e-mail names nobody.
      expect((await ask(w, survey.id, { companyId: acme, identifiers: { user_id: 'u3' } })).body).toEqual({ member: true });
      for (const placeholder of ['test@test.com', ' TEST@test.com', 'null', 'undefined', '0', '']) {
        const answer = await ask(w, survey.id, { companyId: acme, identifiers: { user_email: placeholder, user_id: placeholder } });
        expect(answer.body, placeholder).toEqual({ member: false });
      }
    });

    it("applies a saved view's filters to the one profile, and answers no once the view is deleted", async () => {
      const w = world();
      const { acme } = await fixture();
      const view = await saveView(w, acme, 'Anns, for deleting', { search: 'ann' });
      const survey = await running(w, acme, { enabled: true, kind: 'view', id: view.id });
      expect((await ask(w, survey.id, { companyId: acme, identifiers: { user_email: 'ann@example.com' } })).body).toEqual({ member: true });
      expect((await ask(w, survey.id, { companyId: acme, identifiers: { user_email: 'bob@example.com' } })).body).toEqual({ member: false });

      const categoryView = await saveView(w, acme, 'Freemium people', { categoryId: 'freemium' });
      const byCategory = await running(w, acme, { enabled: true, kind: 'view', id: categoryView.id });
      expect((await ask(w, byCategory.id, { identifiers: { user_id: 'u2' } })).body).toEqual({ member: true });
      expect((await ask(w, byCategory.id, { identifiers: { user_id: 'u1' } })).body).toEqual({ member: false });

      expect((await w.http.delete(`${AUDIENCE}/views/${view.id}`).query({ companyFilter: acme }).set(w.bearer('admin'))).status).toBe(204);
      const afterDelete = await ask(w, survey.id, { companyId: acme, identifiers: { user_email: 'ann@example.com' } });
      expect(afterDelete.status).toBe(200);
      expect(afterDelete.body).toEqual({ member: false });
    });

    it("answers 404 for a survey of another company than the embed code's, one that does not exist, and one without audience targeting", async () => {
      const w = world();
      const { acme, globex, annSearch } = await fixture();
      const survey = await running(w, acme, { enabled: true, kind: 'view', id: annSearch.id });
      const crossCompany = await ask(w, survey.id, { companyId: globex, identifiers: { user_email: 'ann@example.com' } });
      expect(crossCompany.status).toBe(404);
      expect(crossCompany.body).not.toHaveProperty('member');
      expect((await ask(w, '4f1c2b3a-0000-4000-8000-000000000000', { identifiers: { user_email: 'ann@example.com' } })).status).toBe(404);

      const untargeted = await running(w, acme);
      const answer = await ask(w, untargeted.id, { companyId: acme, identifiers: { user_email: 'ann@example.com' } });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found', message: NO_AUDIENCE_TARGETING.message });

      // Stored before the setting existed: read as off, not as a failure.
      const em = w.em();
      const old = await em.findOneOrFail(PublishedSurvey, { id: untargeted.id });
      const { audienceTargeting: _dropped, ...before } = old.displayTriggers;
      old.displayTriggers = before as DisplayTriggers;
      await em.flush();
      expect((await ask(w, untargeted.id, { identifiers: { user_email: 'ann@example.com' } })).status).toBe(404);
      const bundle = await w.http.get(`/api/public/companies/${acme}/surveys`).set(address());
      const inBundle = (bundle.body as { surveys: Array<{ id: string; displayTriggers: DisplayTriggers }> }).surveys.find((entry) => entry.id === untargeted.id);
      expect(inBundle?.displayTriggers.audienceTargeting).toEqual({ enabled: false, kind: 'category', id: '' });
      const read = await w.http.get(`/api/surveys/published/${untargeted.id}`).set(w.bearer('alice'));
      expect(read.body.display_triggers.audienceTargeting).toEqual({ enabled: false, kind: 'category', id: '' });
    });

    it('refuses a stopped survey like the other widget calls', async () => {
      const w = world();
      const { acme } = await fixture();
      const stopped = await addPublished(w, acme, { status: 'inactive', displayTriggers: { ...defaultDisplayTriggers(), audienceTargeting: { enabled: true, kind: 'category', id: 'high-value' } } });
      const answer = await ask(w, stopped.id, { identifiers: { user_email: 'ann@example.com' } });
      expect(answer.status).toBe(409);
      expect(answer.body).not.toHaveProperty('member');
    });

    it('refuses a malformed body with a 400 naming the problem', async () => {
      const w = world();
      const { acme } = await fixture();
      const survey = await running(w, acme, { enabled: true, kind: 'category', id: 'high-value' });
      const refusals: Array<[unknown, string]> = [
        [{}, COLLECTION_INPUT_MESSAGES.membershipIdentifiers],
        [{ identifiers: ['ann@example.com'] }, COLLECTION_INPUT_MESSAGES.identifiers],
        [{ identifiers: { user_email: 42 } }, COLLECTION_INPUT_MESSAGES.identifiers],
        [{ identifiers: { user_email: 'a'.repeat(201) } }, COLLECTION_INPUT_MESSAGES.identifiers],
        [{ identifiers: Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`field_${n}`, 'x'])) }, COLLECTION_INPUT_MESSAGES.identifiers],
        [{ identifiers: {}, companyId: 'acme' }, COLLECTION_INPUT_MESSAGES.membershipCompany],
        [{ identifiers: {}, profile: true }, COLLECTION_INPUT_MESSAGES.membershipUnknown],
      ];
      for (const [body, message] of refusals) {
        const answer = await ask(w, survey.id, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(message);
      }
      const broken = await w.http.post(`/api/public/surveys/${survey.id}/audience-membership`).set(address()).set('Content-Type', 'application/json').send('{"identifiers":');
      expect(broken.status).toBe(400);
      expect((await ask(w, 'not-a-survey-id', { identifiers: {} })).status).toBe(400);
    });
  });

  describe("the editor's targets and the saved targeting", () => {
    it("lists the survey company's saved views and every category to a survey manager", async () => {
      const w = world();
      const { acme, everyone, annSearch, globexView } = await fixture();
      const survey = await running(w, acme);
      const answer = await w.http.get(`/api/surveys/published/${survey.id}/audience-targets`).set(w.bearer('alice'));
      expect(answer.status).toBe(200);
      const targets = answer.body as AudienceTargetOptions;
      expect(targets.views).toEqual(expect.arrayContaining([{ id: everyone.id, name: 'Everyone' }, { id: annSearch.id, name: 'People called Ann' }]));
      expect(targets.views.map((view) => view.id)).not.toContain(globexView.id);
      expect(targets.categories).toEqual(CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id] })));
    });

    it('refuses a user without the capability (403) and another company (404)', async () => {
      const w = world();
      const { acme } = await fixture();
      const survey = await running(w, acme);
      expect((await w.http.get(`/api/surveys/published/${survey.id}/audience-targets`).set(w.bearer('bob'))).status).toBe(403);
      expect((await w.http.get(`/api/surveys/published/${survey.id}/audience-targets`).set(w.bearer('carol'))).status).toBe(404);
      expect((await w.http.get(`/api/surveys/published/${survey.id}/audience-targets`)).status).toBe(401);
    });

    it("saves a view of the survey's company and refuses one of another company with a 400 on the field", async () => {
      const w = world();
      const { acme, annSearch, globexView } = await fixture();
      const survey = await running(w, acme);
      const saved = await saveTargeting(w, survey.id, { enabled: true, kind: 'view', id: annSearch.id });
      expect(saved.status).toBe(200);
      expect(saved.body.display_triggers.audienceTargeting).toEqual({ enabled: true, kind: 'view', id: annSearch.id });

      const foreign = await saveTargeting(w, survey.id, { enabled: true, kind: 'view', id: globexView.id });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({ code: 'validation_failed', fields: { 'displayTriggers.audienceTargeting.id': AUDIENCE_TARGETING_MESSAGES.viewNotFound } });
      const stored = await w.em().findOneOrFail(PublishedSurvey, { id: survey.id });
      expect(stored.displayTriggers.audienceTargeting.id).toBe(annSearch.id);

      const unknownCategory = await saveTargeting(w, survey.id, { enabled: true, kind: 'category', id: 'whales' });
      expect(unknownCategory.status).toBe(400);
      expect(JSON.stringify(unknownCategory.body)).toContain(AUDIENCE_TARGETING_MESSAGES.category);
      const missing = await saveTargeting(w, survey.id, { enabled: true, kind: 'category', id: '' });
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body)).toContain(AUDIENCE_TARGETING_MESSAGES.required);

      // A client from before the setting sends none: the survey is not limited.
      const { audienceTargeting: _dropped, ...withoutAudience } = defaultDisplayTriggers();
      const legacy = await w.http.put(triggersPath(survey.id)).send({ displayTriggers: withoutAudience }).set(w.bearer('alice'));
      expect(legacy.status).toBe(200);
      expect(legacy.body.display_triggers.audienceTargeting).toEqual({ enabled: false, kind: 'category', id: '' });
    });
  });
});
