/** Survey drafts and publishing: company scope, the shared schema, publishProblems and the one transaction. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECK_MESSAGES, DRAFT_MESSAGES } from '@domain/survey/messages';
import { defaultDisplayTriggers, defaultEmbedSettings } from '@domain/survey/defaults';
import type { PublishedSurvey as PublishedSurveyView, Survey, SurveyDraft as SurveyDraftView } from '@domain/survey/types';
import { PublishedSurvey, SurveyDraft } from '@bff/entities';
import { addDraft, question, readySurvey } from './support/surveys';
import { useWorld, type Person, type World } from './support/world';

const CLOCK = new Date('2026-06-15T12:00:00.000Z');

describe('survey drafts and publishing', () => {
  const world = useWorld({ dependencies: { clock: () => new Date(CLOCK) } });
  const as = (who: Person) => world().bearer(who);

  async function createDraft(w: World, who: Person, body: { name: string; survey: Survey }, companyFilter?: string) {
    const request = w.http.post('/api/surveys/drafts').set(as(who));
    const response = await (companyFilter ? request.query({ companyFilter }) : request).send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as SurveyDraftView & { title: string };
  }

  const draftExists = async (w: World, id: string) => (await w.em().count(SurveyDraft, { id })) === 1;

  describe('drafts', () => {
    it('creates, reads, updates, renames and deletes a draft in the caller\'s company', async () => {
      const w = world();
      const survey = readySurvey();
      const created = await createDraft(w, 'alice', { name: '  Store feedback  ', survey });
      expect(created).toMatchObject({
        name: 'Store feedback',
        companyId: w.companies.acme.id,
        title: 'Store visit feedback',
        questionCount: 2,
        survey,
      });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

      const read = await w.http.get(`/api/surveys/drafts/${created.id}`).set(as('alice'));
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: created.id, name: 'Store feedback', survey });

      const changed: Survey = { ...survey, title: 'After your visit', questions: [survey.questions[0]!] };
      const updated = await w.http.put(`/api/surveys/drafts/${created.id}`).set(as('alice')).send({ name: 'Visit feedback', survey: changed });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Visit feedback', title: 'After your visit', questionCount: 1, survey: changed });

      const renamed = await w.http.patch(`/api/surveys/drafts/${created.id}/name`).set(as('alice')).send({ name: ' Visit survey ' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ name: 'Visit survey' });
      expect((await w.em().findOneOrFail(SurveyDraft, { id: created.id })).name).toBe('Visit survey');

      const removed = await w.http.delete(`/api/surveys/drafts/${created.id}`).set(as('alice'));
      expect(removed.status).toBe(204);
      const gone = await w.http.get(`/api/surveys/drafts/${created.id}`).set(as('alice'));
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe(DRAFT_MESSAGES.notFound);
    });

    it('refuses a blank name with the specification\'s messages', async () => {
      const w = world();
      const draft = await createDraft(w, 'alice', { name: 'Named', survey: readySurvey() });
      const rename = await w.http.patch(`/api/surveys/drafts/${draft.id}/name`).set(as('alice')).send({ name: '   ' });
      expect(rename.status).toBe(400);
      expect(rename.body).toMatchObject({ code: 'validation_failed', error: DRAFT_MESSAGES.renameEmpty, fields: { name: DRAFT_MESSAGES.renameEmpty } });
      const create = await w.http.post('/api/surveys/drafts').set(as('alice')).send({ name: '', survey: readySurvey() });
      expect(create.status).toBe(400);
      expect(create.body.error).toBe(DRAFT_MESSAGES.nameRequired);
      const update = await w.http.put(`/api/surveys/drafts/${draft.id}`).set(as('alice')).send({ name: ' ', survey: readySurvey() });
      expect(update.body.error).toBe(DRAFT_MESSAGES.nameRequired);
      expect((await w.em().findOneOrFail(SurveyDraft, { id: draft.id })).name).toBe('Named');
    });

    it('keeps unfinished surveys (no questions, no title) but refuses what surveySchema refuses', async () => {
      const w = world();
      const unfinished = await createDraft(w, 'alice', { name: 'Unfinished', survey: { ...readySurvey(), title: '', questions: [] } });
      expect(unfinished.questionCount).toBe(0);

      const injected = readySurvey();
      injected.settings.theme.primaryColor = 'red; } body { display: none';
      const colour = await w.http.post('/api/surveys/drafts').set(as('alice')).send({ name: 'Injected', survey: injected });
      expect(colour.status).toBe(400);
      expect(colour.body.fields).toHaveProperty(['survey.settings.theme.primaryColor'], 'Must be a colour like #007bff');

      const unknownKey = await w.http.post('/api/surveys/drafts').set(as('alice')).send({ name: 'Extra', survey: { ...readySurvey(), script: 'alert(1)' } });
      expect(unknownKey.status).toBe(400);
      const wrongType = await w.http
        .post('/api/surveys/drafts')
        .set(as('alice'))
        .send({ name: 'Wrong', survey: { ...readySurvey(), questions: [{ ...question('text', 'q1', 'Hi'), type: 'html' }] } });
      expect(wrongType.status).toBe(400);
      expect(Object.keys(wrongType.body.fields)).toContain('survey.questions[0].type');
    });

    it('lists drafts newest first, each caller their company, a global admin by companyFilter', async () => {
      const w = world();
      const older = await createDraft(w, 'alice', { name: 'Older', survey: readySurvey() });
      const newer = await createDraft(w, 'alice', { name: 'Newer', survey: readySurvey({ title: 'Newer title' }) });
      const globex = await createDraft(w, 'carol', { name: 'Globex draft', survey: readySurvey() });

      const list = async (who: Person, companyFilter?: string) => {
        const request = w.http.get('/api/surveys/drafts').set(as(who));
        const response = await (companyFilter === undefined ? request : request.query({ companyFilter }));
        expect(response.status).toBe(200);
        return response.body as Array<SurveyDraftView & { title: string }>;
      };
      const acmeList = await list('alice');
      expect(acmeList.every((draft) => draft.companyId === w.companies.acme.id)).toBe(true);
      const ids = acmeList.map((draft) => draft.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(acmeList.find((draft) => draft.id === newer.id)).toMatchObject({ title: 'Newer title', questionCount: 2 });
      expect(acmeList[0]).not.toHaveProperty('survey');
      // A company admin naming another company gets a 404, not their own list.
      const named = await w.http.get('/api/surveys/drafts').query({ companyFilter: w.companies.globex.id }).set(as('alice'));
      expect([named.status, named.body.code]).toEqual([404, 'not_found']);

      const onlyGlobex = await list('admin', w.companies.globex.id);
      expect(onlyGlobex.map((draft) => draft.id)).toContain(globex.id);
      expect(onlyGlobex.every((draft) => draft.companyId === w.companies.globex.id)).toBe(true);
      for (const filter of [undefined, 'all']) {
        const everyone = (await list('admin', filter)).map((draft) => draft.id);
        expect(everyone).toEqual(expect.arrayContaining([older.id, newer.id, globex.id]));
      }
    });

    it('files a draft under the global admin\'s chosen company, never a body field', async () => {
      const w = world();
      const chosen = await createDraft(w, 'admin', { name: 'For Globex', survey: readySurvey() }, w.companies.globex.id);
      expect(chosen.companyId).toBe(w.companies.globex.id);

      const unchosen = await w.http.post('/api/surveys/drafts').set(as('admin')).send({ name: 'Nowhere', survey: readySurvey() });
      expect(unchosen.status).toBe(400);
      expect(unchosen.body.code).toBe('company_required');
      const all = await w.http.post('/api/surveys/drafts').query({ companyFilter: 'all' }).set(as('admin')).send({ name: 'Nowhere', survey: readySurvey() });
      expect(all.body.code).toBe('company_required');
      const unknown = await w.http.post('/api/surveys/drafts').query({ companyFilter: randomUUID() }).set(as('admin')).send({ name: 'Nowhere', survey: readySurvey() });
      expect(unknown.status).toBe(404);

      const other = await w.http.post('/api/surveys/drafts').query({ companyFilter: w.companies.globex.id }).set(as('alice')).send({ name: 'Sneaky', survey: readySurvey() });
      expect(other.status).toBe(404);
      expect(await w.em().count(SurveyDraft, { name: 'Sneaky' })).toBe(0);
      // A company named in the body is not read: the draft is the caller's company's.
      const bodyField = await w.http.post('/api/surveys/drafts').set(as('alice')).send({ name: 'Body company', survey: readySurvey(), companyId: w.companies.globex.id });
      expect(bodyField.status).toBe(201);
      expect(bodyField.body.companyId).toBe(w.companies.acme.id);
    });

    it("answers 404 for another company's draft and 403 without the data permissions", async () => {
      const w = world();
      const draft = await addDraft(w, w.companies.acme.id);
      const path = `/api/surveys/drafts/${draft.id}`;
      expect((await w.http.get(path).set(as('carol'))).status).toBe(404);
      expect((await w.http.put(path).set(as('carol')).send({ name: 'Taken', survey: readySurvey() })).status).toBe(404);
      expect((await w.http.patch(`${path}/name`).set(as('carol')).send({ name: 'Taken' })).status).toBe(404);
      expect((await w.http.delete(path).set(as('carol'))).status).toBe(404);
      expect((await w.http.get(path).set(as('bob'))).status).toBe(403);
      expect((await w.http.get(path).set(as('admin'))).status).toBe(200);
      expect((await w.em().findOneOrFail(SurveyDraft, { id: draft.id })).name).toBe(draft.name);
    });
  });

  describe('POST /api/surveys/publish', () => {
    const publish = (w: World, who: Person, body: object, companyFilter?: string) => {
      const request = w.http.post('/api/surveys/publish').set(as(who));
      return (companyFilter ? request.query({ companyFilter }) : request).send(body);
    };

    it('publishes a draft and deletes it together, with the server\'s date and default styling', async () => {
      const w = world();
      const survey = readySurvey();
      const draft = await createDraft(w, 'alice', { name: 'To publish', survey });
      const response = await publish(w, 'alice', { name: 'Store feedback', survey, draftId: draft.id, publishedAt: '1999-01-01T00:00:00.000Z' });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const published = response.body as PublishedSurveyView;
      expect(published).toMatchObject({
        name: 'Store feedback',
        companyId: w.companies.acme.id,
        companyName: 'Acme Retail',
        status: 'inactive',
        publishedAt: CLOCK.toISOString(),
        startedAt: null,
        responseCount: 0,
        endCondition: null,
        survey,
        embedSettings: { settings: defaultEmbedSettings(survey.settings) },
        display_triggers: defaultDisplayTriggers(),
      });
      expect(await draftExists(w, draft.id)).toBe(false);
      const list = await w.http.get('/api/surveys/published').set(as('alice'));
      expect(list.body.map((item: PublishedSurveyView) => item.id)).toContain(published.id);
      expect((await w.http.get(`/api/surveys/published/${published.id}`).set(as('bob'))).status).toBe(403);
    });

    it('publishes without a draft into the caller\'s company or the global admin\'s choice', async () => {
      const w = world();
      const own = await publish(w, 'carol', { name: 'No draft', survey: readySurvey() });
      expect(own.status).toBe(201);
      expect(own.body.companyId).toBe(w.companies.globex.id);
      const chosen = await publish(w, 'admin', { name: 'Chosen', survey: readySurvey() }, w.companies.acme.id);
      expect(chosen.body.companyId).toBe(w.companies.acme.id);
      expect((await publish(w, 'admin', { name: 'Unchosen', survey: readySurvey() })).body.code).toBe('company_required');
    });

    it("files a published draft under the draft's company, and refuses another company's draft", async () => {
      const w = world();
      const globexDraft = await addDraft(w, w.companies.globex.id);
      const byAdmin = await publish(w, 'admin', { name: 'Globex survey', survey: readySurvey(), draftId: globexDraft.id }, w.companies.acme.id);
      expect(byAdmin.status).toBe(201);
      expect(byAdmin.body.companyId).toBe(w.companies.globex.id);
      expect(await draftExists(w, globexDraft.id)).toBe(false);

      const kept = await addDraft(w, w.companies.globex.id);
      const before = await w.em().count(PublishedSurvey);
      const byAlice = await publish(w, 'alice', { name: 'Not hers', survey: readySurvey(), draftId: kept.id });
      expect(byAlice.status).toBe(404);
      expect(await draftExists(w, kept.id)).toBe(true);
      expect(await w.em().count(PublishedSurvey)).toBe(before);
    });

    const NOT_READY: Array<[label: string, survey: () => Survey, message: string]> = [
      ['no questions', () => readySurvey({ questions: [] }), CHECK_MESSAGES.noQuestions],
      ['an empty title', () => readySurvey({ title: '   ' }), CHECK_MESSAGES.titleRequired],
      [
        'a condition on a later question',
        () =>
          readySurvey({
            questions: [
              question('yes-no', 'q_first', 'Did you find it?', {
                conditions: [{ id: 'c_later', targetQuestionId: 'q_second', operator: 'equals', value: 'yes' }],
              }),
              question('text', 'q_second', 'What were you looking for?'),
            ],
          }),
        'Question 1 ("Did you find it?") has a condition on Question 2 ("What were you looking for?"), which does not come before it. Conditions may only use earlier questions.',
      ],
      [
        'a choice question without options',
        () => readySurvey({ questions: [question('text', 'q_name', 'Your name'), question('dropdown', 'q_pick', 'Pick a store', { options: ['  '] })] }),
        'Question 2 ("Pick a store") is a choice question without options.',
      ],
      [
        'a question without a title',
        () => readySurvey({ questions: [question('email', 'q_mail', '')] }),
        'Question 1 needs a title.',
      ],
    ];

    it.each(NOT_READY)('refuses a survey with %s, naming it, and keeps the draft', async (_label, survey, message) => {
      const w = world();
      const draft = await addDraft(w, w.companies.acme.id, survey());
      const response = await publish(w, 'alice', { name: 'Not ready', survey: survey(), draftId: draft.id });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('survey_not_ready');
      expect(response.body.error).toContain(message);
      expect(response.body.message).toContain(message);
      expect(await draftExists(w, draft.id)).toBe(true);
    });

    it('names every problem at once, by question', async () => {
      const w = world();
      const survey = readySurvey({ title: '', questions: [question('checkbox', 'q_a', 'Rooms', { options: [] }), question('text', 'q_b', '')] });
      const response = await publish(w, 'alice', { name: 'Many problems', survey });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        `${CHECK_MESSAGES.titleRequired} Question 1 ("Rooms") is a choice question without options. Question 2 needs a title.`,
      );
      expect(response.body.fields).toEqual({
        survey: CHECK_MESSAGES.titleRequired,
        'survey.questions[0]': 'Question 1 ("Rooms") is a choice question without options.',
        'survey.questions[1]': 'Question 2 needs a title.',
      });
    });

    it('keeps the draft when the survey fails the schema', async () => {
      const w = world();
      const draft = await addDraft(w, w.companies.acme.id);
      const broken = readySurvey();
      broken.settings.layout.maxWidth = 'calc(100% - 1px)';
      const response = await publish(w, 'alice', { name: 'Broken', survey: broken, draftId: draft.id });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(await draftExists(w, draft.id)).toBe(true);
      const badDraftId = await publish(w, 'alice', { name: 'Bad id', survey: readySurvey(), draftId: 'not-a-uuid' });
      expect(badDraftId.status).toBe(400);
    });

    it('refuses oversize surveys with a clear answer', async () => {
      const w = world();
      const draft = await addDraft(w, w.companies.acme.id);
      const many = readySurvey({ questions: Array.from({ length: 1_000 }, (_, index) => question('text', `q_${index}`, `Question ${index + 1}`)) });
      for (const path of ['/api/surveys/publish', '/api/surveys/drafts']) {
        const response = await w.http.post(path).set(as('alice')).send({ name: 'Huge', survey: many, draftId: draft.id });
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('A survey can have at most 100 questions');
      }

      // A title of a million characters still fits the 1 MB body limit: the schema refuses it.
      const longTitle = readySurvey({ title: 'x'.repeat(1_000_000) });
      const titled = await publish(w, 'alice', { name: 'Long title', survey: longTitle, draftId: draft.id });
      expect(titled.status).toBe(400);
      expect(titled.body.fields).toHaveProperty(['survey.title']);

      // Past the body limit, the parser refuses it before any check runs.
      const tooBig = await publish(w, 'alice', { name: 'Too big', survey: readySurvey({ title: 'x'.repeat(1_100_000) }) });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.code).toBe('body_too_large');
      expect(await draftExists(w, draft.id)).toBe(true);
    });
  });
});
