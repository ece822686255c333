/**
 * A question's condition mode ("Show only when a rule matches", our departure from the
 * specification's default) through the server: stored with drafts and published surveys, refused
 * in any other form at the boundary, absent from surveys that never set it, and applied by the
 * server's own check of a respondent's answers exactly as the previews and the widget apply it.
 */
import { describe, expect, it } from 'vitest';
import type { PublicSurveyBundle } from '@domain/survey/collection';
import type { Question, Survey } from '@domain/survey/types';
import { SurveyDraft, SurveyResponse } from '@bff/entities';
import { nextAddress } from './support/responses';
import { addPublished, question, readySurvey } from './support/surveys';
import { useWorld, type World } from './support/world';

/** A follow-up for online shoppers: hidden until the first question is answered yes. */
function followUpSurvey(mode: unknown = 'show-only-when'): Survey {
  const followUp = question('text', 'q_site', 'Which of our sites do you use?', {
    conditions: [{ id: 'c_online', targetQuestionId: 'q_online', operator: 'equals', value: 'yes', action: 'show' }],
  });
  return {
    ...readySurvey(),
    questions: [question('yes-no', 'q_online', 'Do you shop with us online?'), { ...followUp, conditionMode: mode } as Question],
  };
}

describe('the Show only when condition mode', () => {
  const world = useWorld();
  const createDraft = (w: World, survey: unknown) => w.http.post('/api/surveys/drafts').set(w.bearer('alice')).send({ name: 'Online shoppers', survey });

  it('is stored and read back with a draft and a published survey, and reaches the widget', async () => {
    const w = world();
    const created = await createDraft(w, followUpSurvey());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await w.http.get(`/api/surveys/drafts/${created.body.id}`).set(w.bearer('alice'));
    expect(read.body.survey.questions[1].conditionMode).toBe('show-only-when');

    const published = await w.http.post('/api/surveys/publish').set(w.bearer('alice')).send({ name: 'Online shoppers', survey: followUpSurvey(), draftId: created.body.id });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.survey.questions[1].conditionMode).toBe('show-only-when');
    const started = await w.http
      .put(`/api/surveys/published/${published.body.id}/status`)
      .set(w.bearer('alice'))
      .send({ status: 'active', endCondition: { type: 'days', value: 7 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const bundle = await w.http.get(`/api/public/companies/${w.companies.acme.id}/surveys`).set({ 'X-Forwarded-For': nextAddress() });
    const shipped = (bundle.body as PublicSurveyBundle).surveys.find((survey) => survey.id === published.body.id);
    expect(shipped?.survey.questions[1].conditionMode).toBe('show-only-when');
  });

  it('stays absent from a survey that does not set it, and "default" is accepted as the same', async () => {
    const w = world();
    const old = await createDraft(w, readySurvey());
    expect(old.status).toBe(201);
    const stored = await w.em().findOneOrFail(SurveyDraft, { id: old.body.id });
    expect(stored.survey.questions.every((entry) => !('conditionMode' in entry))).toBe(true);
    expect((await createDraft(w, followUpSurvey('default'))).status).toBe(201);
  });

  it('refuses every other value with 400 naming the field, storing nothing', async () => {
    const w = world();
    const before = await w.em().count(SurveyDraft, {});
    const hostile: unknown[] = ['SHOW-ONLY-WHEN', 'show_only_when', '', ' show-only-when', 'hide', '__proto__', 'x'.repeat(100_000), 1, 0, true, null, ['show-only-when'], { mode: 'show-only-when' }];
    for (const value of hostile) {
      const response = await createDraft(w, followUpSurvey(value));
      expect(response.status, JSON.stringify(value)?.slice(0, 40)).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(Object.keys(response.body.fields)).toEqual(['survey.questions[1].conditionMode']);
    }
    const publish = await w.http.post('/api/surveys/publish').set(w.bearer('alice')).send({ name: 'Bad', survey: followUpSurvey('always') });
    expect(publish.status).toBe(400);
    expect(publish.body.fields).toHaveProperty(['survey.questions[1].conditionMode']);
    expect(await w.em().count(SurveyDraft, {})).toBe(before);
  });

  it("is applied by the server's check of a respondent's answers as by the widget", async () => {
    const w = world();
    const survey = await addPublished(w, w.companies.acme.id, { survey: followUpSurvey(), status: 'active', startedAt: new Date() });
    const post = (answers: object) =>
      w.http.post(`/api/public/surveys/${survey.id}/responses`).set({ 'X-Forwarded-For': nextAddress() }).send({ answers, complete: true });

    // Unanswered or answered no, the follow-up is hidden: an answer to it is refused.
    for (const answers of [{ q_site: 'outlet.example' }, { q_online: 'no', q_site: 'outlet.example' }]) {
      const refused = await post(answers);
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty(['answers.q_site']);
    }
    const accepted = await post({ q_online: 'yes', q_site: 'outlet.example' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const row = await w.em().findOneOrFail(SurveyResponse, { id: accepted.body.id });
    expect(row.answers).toEqual({ q_online: 'yes', q_site: 'outlet.example' });

    // Under the specification's default the same answer, before any answer to its question, is taken.
    const defaultMode = await addPublished(w, w.companies.acme.id, { survey: followUpSurvey('default'), status: 'active', startedAt: new Date() });
    const taken = await w.http.post(`/api/public/surveys/${defaultMode.id}/responses`).set({ 'X-Forwarded-For': nextAddress() }).send({ answers: { q_site: 'outlet.example' }, complete: true });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});
