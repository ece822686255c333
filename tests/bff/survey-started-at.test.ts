/**
 * A response's start time as the widget reports it: the first POST's startedAt (when the visitor
 * first saw or answered the survey) read on the server's clock through sentAt, bounded to the day
 * before receipt and never after it, so a survey answered all at once and sent in one POST at
 * submit has a real completion time, in the stored row and in the completion webhook.
 */
import { describe, expect, it } from 'vitest';
import { COLLECTION_INPUT_MESSAGES } from '@domain/survey/collectionSchemas';
import { STARTED_AT_MAX_AGE_MS } from '@domain/survey/responseStart';
import { defaultSurvey } from '@domain/survey/defaults';
import { SurveyResponse, WebhookDelivery } from '@bff/entities';
import { nextAddress } from './support/responses';
import { addPublished, question } from './support/surveys';
import { useWorld, type World } from './support/world';

const START = new Date('2026-06-15T12:00:00.000Z');
let now = new Date(START);
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

/** Four questions shown at once, as the finding's survey was. */
const fourQuestions = {
  ...defaultSurvey(),
  title: 'Checkout',
  questions: [
    question('rating', 'q_rating', 'How easy was checkout?'),
    question('yes-no', 'q_again', 'Would you buy again?'),
    question('text', 'q_find', 'What did you come for?'),
    question('text', 'q_note', 'Anything else?'),
  ],
};
const ALL_ANSWERS = { q_rating: 4, q_again: 'yes', q_find: 'A tent', q_note: 'Quick' };

describe("a response's start time", () => {
  const world = useWorld({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, dependencies: { clock: () => new Date(now) } });

  async function runningSurvey(w: World, companyId = w.companies.acme.id) {
    return addPublished(w, companyId, { survey: fourQuestions, status: 'active', startedAt: new Date(START.getTime() - 86_400_000) });
  }
  const post = (w: World, surveyId: string, body: object) =>
    w.http.post(`/api/public/surveys/${surveyId}/responses`).set('X-Forwarded-For', nextAddress()).send({ answers: ALL_ANSWERS, complete: true, ...body });
  const stored = (w: World, id: string) => w.em().fork().findOneOrFail(SurveyResponse, { id });

  it('counts a one-POST completion from when the survey was shown, on the server clock whatever the page clock says', async () => {
    const w = world();
    now = new Date(START);
    const survey = await runningSurvey(w);
    // The page's clock runs ten minutes fast; it showed the survey 95.4 s before sending.
    const pageNow = now.getTime() + 600_000;
    const sent = await post(w, survey.id, { startedAt: new Date(pageNow - 95_400).toISOString(), sentAt: new Date(pageNow).toISOString() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const row = await stored(w, sent.body.id);
    expect(row.startedAt.toISOString()).toBe(before(95_400));
    expect(row.completedAt?.toISOString()).toBe(START.toISOString());
    expect(row).toMatchObject({ isComplete: true, completionTimeSeconds: 95 });
  });

  it('starts a step-by-step response at the display too, and completes it later from there', async () => {
    const w = world();
    now = new Date(START);
    const survey = await runningSurvey(w);
    const first = await post(w, survey.id, { answers: { q_rating: 4 }, complete: false, startedAt: before(20_000), sentAt: now.toISOString() });
    expect(first.status).toBe(201);
    now = new Date(START.getTime() + 60_000);
    const done = await w.http
      .patch(`/api/public/responses/${first.body.id}`)
      .set('X-Forwarded-For', nextAddress())
      .send({ token: first.body.token, answers: { q_again: 'no' }, complete: true });
    expect(done.status).toBe(200);
    expect(await stored(w, first.body.id)).toMatchObject({ isComplete: true, completionTimeSeconds: 80 });
  });

  it('bounds it: never after receipt, at most a day before, and the receipt when the body says nothing', async () => {
    const w = world();
    now = new Date(START);
    const survey = await runningSurvey(w);
    const cases: Array<[object, string, number]> = [
      [{}, START.toISOString(), 0],
      // A page clock an hour fast without sentAt: its future counts as now.
      [{ startedAt: new Date(now.getTime() + 3_600_000).toISOString() }, START.toISOString(), 0],
      [{ startedAt: before(3 * STARTED_AT_MAX_AGE_MS) }, before(STARTED_AT_MAX_AGE_MS), STARTED_AT_MAX_AGE_MS / 1000],
      // Sent, by its own account, before it was shown.
      [{ startedAt: now.toISOString(), sentAt: before(30_000) }, START.toISOString(), 0],
      [{ startedAt: before(42_000), sentAt: '2026-06-15T14:00:00+02:00' }, before(42_000), 42],
    ];
    for (const [body, startedAt, seconds] of cases) {
      const sent = await post(w, survey.id, body);
      expect(sent.status, JSON.stringify(body)).toBe(201);
      const row = await stored(w, sent.body.id);
      expect(row.startedAt.toISOString(), JSON.stringify(body)).toBe(startedAt);
      expect(row.completionTimeSeconds, JSON.stringify(body)).toBe(seconds);
    }
  });

  it('refuses a start or send time that is not an ISO 8601 instant with 400 naming it, storing nothing', async () => {
    const w = world();
    now = new Date(START);
    const survey = await runningSurvey(w);
    const hostile: Array<[string, unknown]> = [
      ['startedAt', 'yesterday'],
      ['startedAt', '2026-06-15 11:58:25'],
      ['startedAt', '2026-06-15T11:58:25'],
      ['startedAt', 1781524705000],
      ['startedAt', null],
      ['startedAt', { $gt: '' }],
      ['startedAt', `2026-06-15T11:58:25.${'9'.repeat(5_000)}Z`],
      ['sentAt', '2026-13-45T99:00:00Z'],
      ['sentAt', ['2026-06-15T12:00:00Z']],
    ];
    for (const [field, value] of hostile) {
      const refused = await post(w, survey.id, { [field]: value });
      expect(refused.status, `${field} ${JSON.stringify(value)?.slice(0, 40)}`).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
      expect(refused.body.fields).toEqual({ [field]: COLLECTION_INPUT_MESSAGES.time(field) });
    }
    expect(await w.em().fork().count(SurveyResponse, { surveyId: survey.id })).toBe(0);
  });

  it("tells the completion webhook the same start and completion time", async () => {
    const w = world();
    now = new Date(START);
    const company = await w.addCompany();
    const saved = await w.http
      .put(`/api/companies/${company.id}/trigger-settings`)
      .set(w.bearer('admin'))
      .send({ triggerSettings: { triggerType: 'webhook', callbackName: '', redirectUrl: '', webhookUrl: 'http://127.0.0.1:9/completions' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const survey = await runningSurvey(w, company.id);
    const sent = await post(w, survey.id, { startedAt: before(61_000), sentAt: now.toISOString() });
    expect(sent.status).toBe(201);
    const delivery = await w.em().fork().findOneOrFail(WebhookDelivery, { responseId: sent.body.id });
    expect(JSON.parse(delivery.payload).data).toMatchObject({ startedAt: before(61_000), completedAt: START.toISOString(), completionTimeSeconds: 61 });
  });
});
