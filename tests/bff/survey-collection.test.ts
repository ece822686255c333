/**
 * Response collection through the widget's public API: the company's public bundle (cacheable,
 * nothing private), displays, responses started and continued with a write token and checked
 * against the stored survey, the server's clock and end conditions (a response cap holds under
 * concurrent completions), rate limits, how addresses are kept, CORS, the widget's files, and
 * the company embed screen's settings routes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActiveSurveySummary, PublicSurveyBundle, TriggerSettingsView } from '@domain/survey/collection';
import { COLLECTION_INPUT_MESSAGES } from '@domain/survey/collectionSchemas';
import { DEFAULT_GLOBAL_IDENTIFIERS, defaultEmbedSettings, defaultSurvey } from '@domain/survey/defaults';
import { COLLECTION_MESSAGES, TRIGGER_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey as PublishedSurveyView, Survey } from '@domain/survey/types';
import { CompanySurveySettings, PublishedSurvey, SurveyDisplay, SurveyResponse, UntalliedResponse } from '@bff/entities';
import { deviceFromUserAgent } from '@bff/modules/collection/device';
import { tallySettledAnswers, tallySettledResponses } from '@bff/modules/responses/tallies';
import { pgPreparedStatements } from '@bff/platform/preparedRows';
import { rowsOf } from '@bff/platform/sql';
import { bundleVersionOf } from '@bff/modules/collection/bundleCache';
import { addressHashKey, normalisedAddress, storedAddress } from '@bff/platform/clientAddress';
import { decoded, rawGet, varyNames } from './support/rawRequest';
import { nextAddress } from './support/responses';
import { addPublished, question } from './support/surveys';
import { unique, useWorld, type Person, type World } from './support/world';

const START = new Date('2026-06-15T12:00:00.000Z');
const DAY_MS = 86_400_000;
let now = new Date(START);

/** A built product with the widget's files and one dashboard file, to check their headers. */
const staticDir = mkdtempSync(join(tmpdir(), 'navout-static-'));
mkdirSync(join(staticDir, 'widget'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'widget', 'navout.js'), 'console.log("navout loader");\n');
writeFileSync(join(staticDir, 'widget', 'renderer.js'), 'export function mountSurvey() {}\n');
writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log("dashboard");\n');
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

const PER_ADDRESS = 5;
/** Above the 100 requests of the response-cap test (50 starts, 50 completions). */
const PER_SURVEY = 120;

/** Questions 1 and 2 required; question 2 is hidden after a rating above 3. */
function feedbackSurvey(): Survey {
  return {
    ...defaultSurvey(),
    title: 'Store visit feedback',
    questions: [
      question('rating', 'q_rating', 'How was your visit?', { required: true }),
      question('textarea', 'q_why', 'What could we do better?', {
        required: true,
        conditions: [{ id: 'c_high', targetQuestionId: 'q_rating', operator: 'greater_than', value: '3', action: 'hide' }],
      }),
      question('checkbox', 'q_channels', 'Where do you shop with us?', { options: ['Web', 'Store', 'Phone'] }),
      question('email', 'q_email', 'Your e-mail'),
    ],
  };
}

describe('survey response collection', () => {
  const world = useWorld({
    env: { PUBLIC_RATE_LIMIT: String(PER_ADDRESS), PUBLIC_SURVEY_RATE_LIMIT: String(PER_SURVEY), STATIC_DIR: staticDir },
    dependencies: { clock: () => new Date(now) },
  });
  afterEach(() => {
    now = new Date(START);
  });
  const as = (who: Person) => world().bearer(who);

  /** Every public call comes from a new address, so only the rate-limit tests meet the limits. */
  const address = () => ({ 'X-Forwarded-For': nextAddress() });
  const bundleOf = (w: World, companyId: string) => w.http.get(`/api/public/companies/${companyId}/surveys`).set(address());
  const start = (w: World, surveyId: string, body: object, headers: Record<string, string> = {}) =>
    w.http.post(`/api/public/surveys/${surveyId}/responses`).set(address()).set(headers).send(body);
  const patch = (w: World, responseId: string, body: object) => w.http.patch(`/api/public/responses/${responseId}`).set(address()).send(body);

  async function runningSurvey(w: World, companyId = w.companies.acme.id, details: Partial<PublishedSurvey> = {}): Promise<PublishedSurvey> {
    return addPublished(w, companyId, { survey: feedbackSurvey(), status: 'active', startedAt: new Date(now), ...details });
  }
  const stored = (w: World, id: string) => w.em().findOneOrFail(SurveyResponse, { id });
  /** Whether the response waits in the tally queue (not yet counted into InsightIQ's tallies). */
  const untallied = async (w: World, id: string) => (await w.em().fork().count(UntalliedResponse, { responseId: id })) === 1;

  describe('the public survey bundle', () => {
    it('lists the running surveys with their styling, targeting and identifier rule, and nothing private', async () => {
      const w = world();
      const company = await w.addCompany();
      const running = await runningSurvey(w, company.id);
      const stopped = await addPublished(w, company.id, { status: 'inactive' });
      const ended = await runningSurvey(w, company.id, { endCondition: { type: 'days', value: 1 }, startedAt: new Date(START.getTime() - 2 * DAY_MS) });
      const elsewhere = await runningSurvey(w, w.companies.globex.id);
      const webhookUrl = 'https://hooks.collection.example/navout';
      const saved = await w.http
        .put(`/api/companies/${company.id}/trigger-settings`)
        .set(as('admin'))
        .send({ triggerSettings: { triggerType: 'webhook', callbackName: 'shop.onSurveyDone', redirectUrl: '', webhookUrl } });
      expect(saved.status).toBe(200);
      await w.http.put(`/api/companies/${company.id}/collection-settings`).set(as('admin')).send({ collectionSettings: { ipAddressMode: 'truncated', cooldownDays: 14 } });

      const response = await bundleOf(w, company.id);
      expect(response.status).toBe(200);
      const bundle = response.body as PublicSurveyBundle;
      expect(bundle.surveys.map((survey) => survey.id)).toEqual([running.id]);
      expect([stopped.id, ended.id, elsewhere.id].some((id) => response.text.includes(id))).toBe(false);
      expect(bundle).toMatchObject({
        companyId: company.id,
        trigger: { triggerType: 'webhook', callbackName: 'shop.onSurveyDone', redirectUrl: '' },
        cooldownDays: 14,
      });
      expect(Object.keys(bundle.trigger).sort()).toEqual(['callbackName', 'redirectUrl', 'triggerType']);
      expect(response.text).not.toContain(webhookUrl);
      expect(response.text).not.toContain('whsec_');
      expect(bundle.surveys[0]).toMatchObject({
        name: running.name,
        survey: feedbackSurvey(),
        embedSettings: running.embedSettings,
        displayTriggers: { ...running.displayTriggers, showAfterCompletion: false },
        identifierRule: { requireIdentifier: false, identifierTypes: ['email'], identifierFields: DEFAULT_GLOBAL_IDENTIFIERS.identifierFields },
      });
    });

    it("is cacheable: a strong ETag of the company's bundle version and the body, a minute of caching, 304 when unchanged", async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const first = await bundleOf(w, w.companies.acme.id);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const version = await bundleVersionOf(w.em(), w.companies.acme.id);
      expect(version).toBeGreaterThan(0);
      expect(first.headers.etag).toBe(`"${version}-${createHash('sha256').update(first.text).digest('base64url').slice(0, 16)}"`);

      const again = await bundleOf(w, w.companies.acme.id).set('If-None-Match', first.headers.etag!);
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');

      // Written behind the ORM's back: the database's trigger still moves the version on.
      await w.em().nativeUpdate(PublishedSurvey, { id: survey.id }, { name: unique('Renamed') });
      expect(await bundleVersionOf(w.em(), w.companies.acme.id)).toBe(version + 1);
      const changed = await bundleOf(w, w.companies.acme.id).set('If-None-Match', first.headers.etag!);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
    });

    it('is sent compressed as the client accepts, the same JSON in every encoding', async () => {
      const w = world();
      await runningSurvey(w);
      const get = (encoding: string) => rawGet(w.baseUrl, `/api/public/companies/${w.companies.acme.id}/surveys`, { 'Accept-Encoding': encoding, 'X-Forwarded-For': nextAddress() });
      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Served as the bundle's UTF-8 bytes, still typed and measured as JSON.
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length);
      expect((JSON.parse(plain.bytes.toString('utf8')) as { surveys: unknown[] }).surveys.length).toBeGreaterThan(0);
      for (const [accepted, expected] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br', 'br']] as const) {
        const answer = await get(accepted);
        expect(answer.headers['content-encoding']).toBe(expected);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(varyNames(answer)).toContain('accept-encoding');
        expect(decoded(answer).equals(plain.bytes)).toBe(true);
      }
    });

    it('answers 404 for a company that does not exist or is not active, 400 for a malformed id', async () => {
      const w = world();
      const unknown = await bundleOf(w, '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'not_found', error: 'Company not found', message: expect.stringContaining('data-company-id') });
      const suspended = await w.addCompany({ status: 'suspended' });
      expect((await bundleOf(w, suspended.id)).status).toBe(404);
      const malformed = await bundleOf(w, 'not-a-company');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('invalid_parameter');
    });
  });

  describe('cross-origin access', () => {
    it('opens /api/public/* to every origin for GET, POST and PATCH, and nothing else', async () => {
      const w = world();
      const preflight = await w.http
        .options('/api/public/responses/00000000-0000-4000-8000-000000000000')
        .set('Origin', 'https://shop.example')
        .set('Access-Control-Request-Method', 'PATCH')
        .set('Access-Control-Request-Headers', 'content-type');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const bundle = await bundleOf(w, w.companies.acme.id).set('Origin', 'https://shop.example');
      expect(bundle.headers['access-control-allow-origin']).toBe('*');
      expect(bundle.headers['access-control-expose-headers']).toContain('ETag');

      const dashboard = await w.http.get(`/api/companies/${w.companies.acme.id}/collection-settings`).set(as('alice')).set('Origin', 'https://shop.example');
      expect(dashboard.status).toBe(200);
      expect(dashboard.headers['access-control-allow-origin']).toBeUndefined();
      const dashboardPreflight = await w.http
        .options(`/api/companies/${w.companies.acme.id}/collection-settings`)
        .set('Origin', 'https://shop.example')
        .set('Access-Control-Request-Method', 'PUT');
      expect(dashboardPreflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it("serves the widget's files to any site, cached for five minutes; the dashboard's stay same-origin", async () => {
      const w = world();
      for (const file of ['navout.js', 'renderer.js']) {
        const response = await w.http.get(`/widget/${file}`);
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toMatch(/javascript/);
        expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(response.headers['cache-control']).toBe('public, max-age=300');
      }
      const dashboardFile = await w.http.get('/assets/app-1234.js');
      expect(dashboardFile.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(dashboardFile.headers['access-control-allow-origin']).toBeUndefined();
      expect((await w.http.get('/widget/missing.js')).status).toBe(404);
    });
  });

  describe('displays', () => {
    it('records a show or a holdout of a running survey', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      for (const outcome of ['shown', 'holdout']) {
        const response = await w.http.post(`/api/public/surveys/${survey.id}/displays`).set(address()).send({ visitorId: 'visitor_A-1', outcome });
        expect(response.status).toBe(204);
      }
      const rows = await w.em().find(SurveyDisplay, { surveyId: survey.id }, { orderBy: { outcome: 'desc' } });
      expect(rows.map((row) => [row.companyId, row.visitorId, row.outcome])).toEqual([
        [w.companies.acme.id, 'visitor_A-1', 'shown'],
        [w.companies.acme.id, 'visitor_A-1', 'holdout'],
      ]);
    });

    it('refuses a bad body (400), an unknown survey (404) and a stopped one (409)', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const send = (id: string, body: object) => w.http.post(`/api/public/surveys/${id}/displays`).set(address()).send(body);
      const badOutcome = await send(survey.id, { visitorId: 'v1', outcome: 'clicked' });
      expect(badOutcome.status).toBe(400);
      expect(badOutcome.body.error).toBe(COLLECTION_INPUT_MESSAGES.outcome);
      expect((await send(survey.id, { visitorId: 'no spaces allowed', outcome: 'shown' })).body.error).toBe(COLLECTION_INPUT_MESSAGES.visitorId);
      expect((await send('00000000-0000-4000-8000-000000000000', { visitorId: 'v1', outcome: 'shown' })).status).toBe(404);
      const stopped = await addPublished(w, w.companies.acme.id);
      const refused = await send(stopped.id, { visitorId: 'v1', outcome: 'shown' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('survey_inactive');
    });
  });

  describe('responses', () => {
    it('starts a response with a write token stored only as its hash, and completes it', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const started = await start(w, survey.id, { visitorId: 'visitor-1', answers: { q_rating: 2 }, identifiers: { user_email: 'ann@example.com' }, pageUrl: 'https://shop.example/checkout', complete: false });
      expect(started.status).toBe(201);
      expect(started.body).toEqual({ id: expect.any(String), token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), isComplete: false });
      const token = started.body.token as string;
      let row = await stored(w, started.body.id);
      expect(row.writeTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row).toMatchObject({ surveyId: survey.id, companyId: survey.companyId, visitorId: 'visitor-1', answers: { q_rating: 2 }, identifiers: { user_email: 'ann@example.com' }, pageUrl: 'https://shop.example/checkout', isComplete: false, completedAt: null });
      expect(row.startedAt.toISOString()).toBe(START.toISOString());

      // Further answers merge; the token stays the same.
      now = new Date(START.getTime() + 40_000);
      const more = await patch(w, started.body.id, { token, answers: { q_why: 'Longer opening hours' }, complete: false });
      expect(more.status).toBe(200);
      expect(more.body).toEqual({ id: started.body.id, token, isComplete: false });

      now = new Date(START.getTime() + 95_600);
      const done = await patch(w, started.body.id, { token, answers: { q_channels: ['Web', 'Store'] }, complete: true });
      expect(done.status).toBe(200);
      expect(done.body.isComplete).toBe(true);
      row = await stored(w, started.body.id);
      expect(row.answers).toEqual({ q_rating: 2, q_why: 'Longer opening hours', q_channels: ['Web', 'Store'] });
      expect(row).toMatchObject({ isComplete: true, completionTimeSeconds: 95 });
      expect(row.completedAt?.toISOString()).toBe(now.toISOString());

      const again = await patch(w, started.body.id, { token, answers: {}, complete: true });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('response_complete');
    });

    it('writes an answer with its values bound, never into the text; on PostgreSQL as a statement prepared once per connection', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const hostile = "'); delete from survey_responses; -- ? $1 \\?";
      // The same statement twice: on PostgreSQL the second runs the connection's prepared statement.
      const ids: string[] = [];
      for (const why of ['Longer opening hours', hostile]) {
        const answered = await start(w, survey.id, { answers: { q_rating: 2, q_why: why }, complete: true });
        expect(answered.status).toBe(201);
        ids.push(answered.body.id as string);
      }
      expect((await stored(w, ids[0])).answers).toEqual({ q_rating: 2, q_why: 'Longer opening hours' });
      expect((await stored(w, ids[1])).answers).toEqual({ q_rating: 2, q_why: hostile });
      expect(await untallied(w, ids[1])).toBe(true);

      const run = pgPreparedStatements(w.orm);
      if (w.config.database.kind === 'sqlite') {
        await expect(run('select 1', [])).rejects.toThrow('PostgreSQL only');
        return;
      }
      // The statement finds itself among its connection's prepared statements, named after its text.
      const own = 'select name from pg_prepared_statements where statement = ?';
      expect(await run(own, [own.replace('?', '$1')])).toEqual([[expect.stringMatching(/^navout_[0-9a-f]{24}$/)]]);
    });

    it('takes an abandoned response out of the answer tallies when it is continued, and counts it once again when complete', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const started = await start(w, survey.id, { answers: { q_rating: 2 }, complete: false });
      const tally = () => tallySettledResponses({ orm: w.orm, fork: w.runtime.fork, kind: w.config.database.kind, now: () => new Date(now) });
      const tallies = async () =>
        rowsOf<{ question_id: string; is_complete: unknown; kind: string; value: string; responses: unknown }>(
          await w.em().getConnection().execute('select question_id, is_complete, kind, value, responses from survey_answer_tallies where survey_id = ? and responses <> 0 order by question_id, kind, value', [survey.id]),
        ).map((row) => `${row.question_id} ${row.is_complete ? 'complete' : 'incomplete'} ${row.kind} ${row.value} ${Number(row.responses)}`);

      // Still being answered: not tallied yet. Abandoned for over an hour: tallied as it stands.
      await tally();
      expect(await untallied(w, started.body.id)).toBe(true);
      now = new Date(START.getTime() + 2 * 3_600_000);
      await tally();
      expect(await untallied(w, started.body.id)).toBe(false);
      expect(await tallies()).toEqual(['q_rating incomplete answered  1', 'q_rating incomplete chosen 2 1']);

      const done = await patch(w, started.body.id, { token: started.body.token, answers: { q_why: 'Too slow', q_channels: ['Web', 'Store'] }, complete: true });
      expect(done.status).toBe(200);
      expect(await untallied(w, started.body.id)).toBe(true);
      expect(await tallies()).toEqual([]);
      await tally();
      expect(await tallies()).toEqual([
        'q_channels complete answered  1',
        'q_channels complete chosen Store 1',
        'q_channels complete chosen Web 1',
        'q_rating complete answered  1',
        'q_rating complete chosen 2 1',
        'q_why complete answered  1',
      ]);
    });

    it('continues a response only with its own token', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const first = await start(w, survey.id, { answers: { q_rating: 4 }, complete: false });
      const second = await start(w, survey.id, { answers: { q_rating: 4 }, complete: false });
      const refused = await patch(w, first.body.id, { token: second.body.token, answers: { q_rating: 1 }, complete: false });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('response_token_invalid');
      expect((await patch(w, first.body.id, { token: 'x', answers: {}, complete: false })).status).toBe(403);
      expect((await patch(w, first.body.id, { answers: {}, complete: false })).status).toBe(400);
      expect((await stored(w, first.body.id)).answers).toEqual({ q_rating: 4 });
      const unknown = await patch(w, '00000000-0000-4000-8000-000000000000', { token: first.body.token, answers: {}, complete: false });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Response not found');
      expect((await patch(w, 'not-a-response', { token: first.body.token, answers: {}, complete: false })).body.code).toBe('invalid_parameter');
    });

    it('refuses every kind of bad answer with a message naming the question', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const q1 = 'Question 1 ("How was your visit?")';
      const q2 = 'Question 2 ("What could we do better?")';
      const q3 = 'Question 3 ("Where do you shop with us?")';
      const cases: Array<[answers: Record<string, unknown>, complete: boolean, message: string]> = [
        [{ q_nope: 'x' }, false, COLLECTION_INPUT_MESSAGES.unknownQuestion('q_nope')],
        [{ q_rating: ['5'] }, false, `${q1} expects a number.`],
        [{ q_rating: 9 }, false, `${q1}: Please choose a rating from 1 to 5.`],
        [{ q_channels: 'Web' }, false, `${q3} expects a list of options.`],
        [{ q_channels: ['Web', 'Web'] }, false, `${q3} lists the same option more than once.`],
        [{ q_channels: ['Mail'] }, false, `${q3}: Please choose one of the options.`],
        [{ q_rating: 5, q_why: 'Hidden after a good rating' }, false, `${q2} is hidden by its conditions for these answers, so it cannot be answered.`],
        [{ q_rating: 1, q_why: 'x'.repeat(1001) }, false, `${q2}: Please enter no more than 1000 characters.`],
        [{ q_rating: 1, q_why: true }, false, `${q2} expects text.`],
        [{ q_email: 'not-an-address', q_rating: 4 }, false, 'Question 4 ("Your e-mail"): Please enter a valid email address.'],
        [{ q_channels: ['Web'] }, true, `${q1}: This question is required.`],
        [{ q_rating: 2 }, true, `${q2}: This question is required.`],
      ];
      for (const [answers, complete, message] of cases) {
        const response = await start(w, survey.id, { answers, complete });
        expect(response.status, JSON.stringify(answers)).toBe(400);
        expect(response.body).toMatchObject({ code: 'validation_failed', error: message, message });
      }
      // A required question hidden by its conditions is not required.
      expect((await start(w, survey.id, { answers: { q_rating: 5 }, complete: true })).status).toBe(201);
      // Answers are checked against the stored survey: the merged answers decide what is visible.
      const partial = await start(w, survey.id, { answers: { q_rating: 1 }, complete: false });
      const hidden = await patch(w, partial.body.id, { token: partial.body.token, answers: { q_rating: 5, q_why: 'now hidden' }, complete: false });
      expect(hidden.body.error).toBe(`${q2} is hidden by its conditions for these answers, so it cannot be answered.`);
      const missing = await patch(w, partial.body.id, { token: partial.body.token, answers: {}, complete: true });
      expect(missing.body.error).toBe(`${q2}: This question is required.`);
      // Changing an answer drops the answers of questions it hides.
      await patch(w, partial.body.id, { token: partial.body.token, answers: { q_why: 'Too slow' }, complete: false });
      expect((await patch(w, partial.body.id, { token: partial.body.token, answers: { q_rating: 4 }, complete: true })).status).toBe(200);
      expect((await stored(w, partial.body.id)).answers).toEqual({ q_rating: 4 });
    });

    it('refuses malformed bodies: answers, identifiers, complete', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`field_${index}`, 'x']));
      const cases: Array<[body: object, message: string]> = [
        [{ answers: ['q_rating'], complete: false }, COLLECTION_INPUT_MESSAGES.answers],
        [{ complete: false }, COLLECTION_INPUT_MESSAGES.answers],
        [{ answers: {}, complete: 'yes' }, COLLECTION_INPUT_MESSAGES.complete],
        [{ answers: {}, identifiers: tooMany, complete: false }, COLLECTION_INPUT_MESSAGES.identifiers],
        [{ answers: {}, identifiers: { user_email: 42 }, complete: false }, COLLECTION_INPUT_MESSAGES.identifiers],
        [{ answers: {}, identifiers: { user_email: 'x'.repeat(201) }, complete: false }, COLLECTION_INPUT_MESSAGES.identifiers],
        [{ answers: {}, visitorId: 'v'.repeat(65), complete: false }, COLLECTION_INPUT_MESSAGES.visitorId],
      ];
      for (const [body, message] of cases) {
        const response = await start(w, survey.id, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.error).toBe(message);
      }
      const malformed = await w.http.post(`/api/public/surveys/${survey.id}/responses`).set(address()).set('Content-Type', 'application/json').send('{"answers":');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('malformed_body');
      const notUuid = await start(w, 'survey-1', { answers: {}, complete: false });
      expect(notUuid.body.code).toBe('invalid_parameter');
      expect((await start(w, '00000000-0000-4000-8000-000000000000', { answers: {}, complete: false })).status).toBe(404);
    });

    it('reads the device from the body when it names one, else from the User-Agent, and keeps 512 characters of it', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const agents: Array<[userAgent: string, reported: string | undefined, device: string]> = [
        ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', undefined, 'tablet'],
        ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36', undefined, 'tablet'],
        ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36', undefined, 'mobile'],
        ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', undefined, 'mobile'],
        ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', undefined, 'desktop'],
        ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', 'tablet', 'tablet'],
        ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'television', 'mobile'],
      ];
      for (const [userAgent, deviceType, expected] of agents) {
        const response = await start(w, survey.id, { answers: { q_rating: 4 }, deviceType, complete: false }, { 'User-Agent': userAgent });
        const row = await stored(w, response.body.id);
        expect([userAgent, row.deviceType]).toEqual([userAgent, expected]);
        expect(row.userAgent).toBe(userAgent);
      }
      const long = await start(w, survey.id, { answers: { q_rating: 4 }, complete: false }, { 'User-Agent': `Mozilla/5.0 ${'x'.repeat(900)}` });
      expect((await stored(w, long.body.id)).userAgent).toHaveLength(512);
      expect(deviceFromUserAgent(undefined)).toBe('desktop');
    });

    it("requires the respondent's identifier when the company's rule does", async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await runningSurvey(w, company.id);
      const rules = { ...DEFAULT_GLOBAL_IDENTIFIERS, requireIdentifier: true, identifierTypes: ['email', 'uuid'], identifierFields: { email: 'user_email, email', uuid: 'user_id', custom: 'custom_field' } };
      expect((await w.http.put(`/api/companies/${company.id}/global-identifiers`).set(as('admin')).send({ globalIdentifiers: rules })).status).toBe(200);
      const missing = await start(w, survey.id, { answers: { q_rating: 4 }, identifiers: { custom_field: 'x' }, complete: false });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe("This survey needs the respondent's identifier: user_email or email or user_id.");
      expect((await start(w, survey.id, { answers: { q_rating: 4 }, identifiers: { email: 'ann@example.com' }, complete: false })).status).toBe(201);
      expect((await start(w, survey.id, { answers: { q_rating: 4 }, identifiers: { user_id: 'u-1' }, complete: false })).status).toBe(201);
      const bundle = (await bundleOf(w, company.id)).body as PublicSurveyBundle;
      expect(bundle.surveys[0]!.identifierRule).toEqual({ requireIdentifier: true, identifierTypes: ['email', 'uuid'], identifierFields: rules.identifierFields });
    });
  });

  describe('the server decides whether a survey takes responses', () => {
    it('refuses stopped and ended surveys with 409', async () => {
      const w = world();
      const survey = await runningSurvey(w, w.companies.acme.id, { endCondition: { type: 'days', value: 2 } });
      const started = await start(w, survey.id, { answers: { q_rating: 4 }, complete: false });
      expect(started.status).toBe(201);

      now = new Date(START.getTime() + 2 * DAY_MS);
      const late = await start(w, survey.id, { answers: { q_rating: 4 }, complete: false });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'survey_inactive', message: 'This survey has ended and is not accepting responses.' });
      const lateCompletion = await patch(w, started.body.id, { token: started.body.token, answers: {}, complete: true });
      expect(lateCompletion.status).toBe(409);
      expect((await stored(w, started.body.id)).isComplete).toBe(false);

      const stopped = await addPublished(w, w.companies.acme.id, { survey: feedbackSurvey() });
      const refused = await start(w, stopped.id, { answers: { q_rating: 4 }, complete: false });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This survey is not accepting responses.');
    });

    it('accepts exactly N completions of a survey capped at N, even 50 at once', async () => {
      const w = world();
      const cap = 7;
      const survey = await runningSurvey(w, w.companies.acme.id, { endCondition: { type: 'responses', value: cap } });
      const updatedAt = (await w.em().findOneOrFail(PublishedSurvey, { id: survey.id })).updatedAt;
      const started = [];
      for (let index = 0; index < 50; index++) started.push((await start(w, survey.id, { answers: { q_rating: 5 }, complete: false })).body as { id: string; token: string });

      const completions = await Promise.all(started.map(({ id, token }) => patch(w, id, { token, answers: {}, complete: true })));
      const statuses = completions.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(cap);
      expect(statuses.filter((status) => status === 409)).toHaveLength(50 - cap);
      const full = completions.find((response) => response.status === 409)!;
      expect(full.body).toMatchObject({ code: 'survey_inactive', message: 'This survey has received all the responses it accepts.' });

      expect(await w.em().count(SurveyResponse, { surveyId: survey.id, isComplete: true })).toBe(cap);
      const row = await w.em().findOneOrFail(PublishedSurvey, { id: survey.id });
      expect(row.responseCount).toBe(cap);
      // Counting completions does not make the survey look edited (its bundle entry stays cacheable).
      expect(row.updatedAt.getTime()).toBe(updatedAt.getTime());
      const view = (await w.http.get(`/api/surveys/published/${survey.id}`).set(as('alice'))).body as PublishedSurveyView;
      expect(view).toMatchObject({ responseCount: cap, status: 'inactive' });
      expect(((await bundleOf(w, w.companies.acme.id)).body as PublicSurveyBundle).surveys.map((item) => item.id)).not.toContain(survey.id);
      expect((await start(w, survey.id, { answers: { q_rating: 5 }, complete: false })).status).toBe(409);
    });

    it('counts an uncapped survey\'s completions off its row until the tally job adds them, shown at once either way', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const rowCount = async () => (await w.em().fork().findOneOrFail(PublishedSurvey, { id: survey.id })).responseCount;
      const shown = async () => ((await w.http.get(`/api/surveys/published/${survey.id}`).set(as('alice'))).body as PublishedSurveyView).responseCount;
      for (let index = 0; index < 3; index++) expect((await start(w, survey.id, { answers: { q_rating: 5 }, complete: true })).status).toBe(201);
      const partial = await start(w, survey.id, { answers: { q_rating: 5 }, complete: false });
      expect((await patch(w, partial.body.id, { token: partial.body.token, answers: {}, complete: true })).status).toBe(200);
      expect((await start(w, survey.id, { answers: { q_rating: 5 }, complete: false })).status).toBe(201);

      expect(await rowCount()).toBe(0);
      expect(await w.em().fork().count(UntalliedResponse, { surveyId: survey.id, countPending: true })).toBe(4);
      expect(await shown()).toBe(4);

      const tally = () => tallySettledResponses({ orm: w.orm, fork: w.runtime.fork, kind: w.config.database.kind, now: () => new Date(now) });
      await tally();
      expect(await rowCount()).toBe(4);
      expect(await w.em().fork().count(UntalliedResponse, { surveyId: survey.id, countPending: true })).toBe(0);
      expect(await shown()).toBe(4);

      // A completion still to count is not tallied before it is counted (it arrived between the two steps of a run).
      const late = await start(w, survey.id, { answers: { q_rating: 5 }, complete: true });
      expect(await shown()).toBe(5);
      expect(await tallySettledAnswers({ orm: w.orm, fork: w.runtime.fork, kind: w.config.database.kind, now: () => new Date(now) })).toBe(0);
      expect(await untallied(w, late.body.id)).toBe(true);
      await tally();
      expect(await rowCount()).toBe(5);
      expect(await shown()).toBe(5);
      expect(await untallied(w, late.body.id)).toBe(false);
    });

    it('holds a cap set after completions still pending: they count towards it at once', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      for (let index = 0; index < 5; index++) expect((await start(w, survey.id, { answers: { q_rating: 5 }, complete: true })).status).toBe(201);
      const started = [];
      for (let index = 0; index < 10; index++) started.push((await start(w, survey.id, { answers: { q_rating: 5 }, complete: false })).body as { id: string; token: string });
      await w.em().fork().nativeUpdate(PublishedSurvey, { id: survey.id }, { endCondition: { type: 'responses', value: 7 } });
      expect(((await bundleOf(w, w.companies.acme.id)).body as PublicSurveyBundle).surveys.map((item) => item.id)).toContain(survey.id);

      const completions = await Promise.all([
        ...started.slice(0, 5).map(({ id, token }) => patch(w, id, { token, answers: {}, complete: true })),
        ...Array.from({ length: 5 }, () => start(w, survey.id, { answers: { q_rating: 5 }, complete: true })),
      ]);
      expect(completions.filter((response) => response.status < 300)).toHaveLength(2);
      expect(completions.filter((response) => response.status === 409)).toHaveLength(8);
      expect(await w.em().fork().count(SurveyResponse, { surveyId: survey.id, isComplete: true })).toBe(7);
      expect(((await w.http.get(`/api/surveys/published/${survey.id}`).set(as('alice'))).body as PublishedSurveyView).responseCount).toBe(7);
      expect(((await bundleOf(w, w.companies.acme.id)).body as PublicSurveyBundle).surveys.map((item) => item.id)).not.toContain(survey.id);

      // Full before any completion was counted on its row: the bundle leaves it out from the start.
      await w.em().fork().nativeUpdate(PublishedSurvey, { id: survey.id }, { endCondition: { type: 'responses', value: 9 } });
      await w.em().fork().nativeUpdate(PublishedSurvey, { id: survey.id }, { endCondition: { type: 'responses', value: 7 } });
      expect(((await bundleOf(w, w.companies.acme.id)).body as PublicSurveyBundle).surveys.map((item) => item.id)).not.toContain(survey.id);
    });
  });

  describe('rate limits', () => {
    it('limits each client address per minute, with Retry-After', async () => {
      const w = world();
      now = new Date(Date.UTC(2026, 5, 15, 12, 30, 15));
      const client = { 'X-Forwarded-For': '192.0.2.10' };
      for (let index = 0; index < PER_ADDRESS; index++) {
        expect((await w.http.get(`/api/public/companies/${w.companies.acme.id}/surveys`).set(client)).status).toBe(200);
      }
      const refused = await w.http.get(`/api/public/companies/${w.companies.acme.id}/surveys`).set(client).set('Origin', 'https://shop.example');
      expect(refused.status).toBe(429);
      // The widget on another origin can read why, and for how long.
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      expect(refused.headers['access-control-expose-headers']).toContain('Retry-After');
      expect(refused.headers['retry-after']).toBe('45');
      expect(refused.body).toMatchObject({ code: 'rate_limited', error: 'Too many requests', message: 'Too many requests from this address. Please try again in 45 seconds.' });
      // Other addresses are not affected, and the next minute starts again.
      expect((await bundleOf(w, w.companies.acme.id)).status).toBe(200);
      now = new Date(now.getTime() + 45_000);
      expect((await w.http.get(`/api/public/companies/${w.companies.acme.id}/surveys`).set(client)).status).toBe(200);
    });

    it('limits each survey per minute, from all addresses together', async () => {
      const w = world();
      const survey = await runningSurvey(w);
      const show = () => w.http.post(`/api/public/surveys/${survey.id}/displays`).set(address()).send({ visitorId: 'v', outcome: 'shown' });
      // In parallel batches: the counter is one atomic statement, so none is lost or counted twice.
      const statuses: number[] = [];
      for (let batch = 0; batch < PER_SURVEY / 20; batch++) statuses.push(...(await Promise.all(Array.from({ length: 20 }, show))).map((response) => response.status));
      expect(statuses.filter((status) => status === 204)).toHaveLength(PER_SURVEY);
      const refused = await show();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^This survey is receiving too many requests\. Please try again in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await w.em().count(SurveyDisplay, { surveyId: survey.id })).toBe(PER_SURVEY);
    });
  });

  describe("respondents' addresses", () => {
    it('keeps them truncated by default, or hashed, whole or not at all as the company chooses', async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await runningSurvey(w, company.id);
      const addressOf = async (ip: string) => {
        const response = await start(w, survey.id, { answers: { q_rating: 4 }, complete: false }, { 'X-Forwarded-For': ip });
        return (await stored(w, response.body.id)).ipAddress;
      };
      const setMode = (ipAddressMode: string) =>
        w.http.put(`/api/companies/${company.id}/collection-settings`).set(as('admin')).send({ collectionSettings: { ipAddressMode, cooldownDays: 0 } });

      expect(await addressOf('203.0.113.77')).toBe('203.0.113.0');
      expect(await addressOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
      expect((await setMode('hashed')).body).toEqual({ ipAddressMode: 'hashed', cooldownDays: 0 });
      const hashed = await addressOf('203.0.113.77');
      expect(hashed).toMatch(/^[0-9a-f]{32}$/);
      expect(await addressOf('203.0.113.77')).toBe(hashed);
      expect(await addressOf('203.0.113.78')).not.toBe(hashed);
      await setMode('full');
      expect(await addressOf('203.0.113.77')).toBe('203.0.113.77');
      await setMode('none');
      expect(await addressOf('203.0.113.77')).toBeNull();
    });

    it('reads an address in any spelling', () => {
      const key = addressHashKey(Buffer.alloc(32, 7));
      expect(normalisedAddress('::ffff:198.51.100.9')).toBe('198.51.100.9');
      expect(normalisedAddress('::ffff:c633:6409')).toBe('198.51.100.9');
      expect(normalisedAddress('fe80::1%eth0')).toBe('fe80::1');
      expect(normalisedAddress('192.0.2-not-an-address')).toBeNull();
      expect(storedAddress('::ffff:198.51.100.9', 'truncated', key)).toBe('198.51.100.0');
      expect(storedAddress('2001:db8::1', 'truncated', key)).toBe('2001:db8::');
      expect(storedAddress('garbage', 'full', key)).toBeNull();
      expect(storedAddress('198.51.100.9', 'hashed', key)).toBe(storedAddress('::ffff:198.51.100.9', 'hashed', key));
    });
  });

  describe('company embed settings', () => {
    it('reads and checks the collection settings, within the caller’s company', async () => {
      const w = world();
      const path = `/api/companies/${w.companies.acme.id}/collection-settings`;
      expect((await w.http.get(path).set(as('alice'))).body).toEqual({ ipAddressMode: 'truncated', cooldownDays: 0 });
      for (const cooldownDays of [1.5, -1, 366, '7']) {
        const refused = await w.http.put(path).set(as('alice')).send({ collectionSettings: { ipAddressMode: 'full', cooldownDays } });
        expect(refused.status, String(cooldownDays)).toBe(400);
        expect(refused.body.error).toBe(COLLECTION_MESSAGES.cooldownDays);
      }
      const badMode = await w.http.put(path).set(as('alice')).send({ collectionSettings: { ipAddressMode: 'partial', cooldownDays: 0 } });
      expect(badMode.body.error).toBe(COLLECTION_INPUT_MESSAGES.ipAddressMode);
      expect((await w.http.put(path).set(as('alice')).send({ collectionSettings: { ipAddressMode: 'full', cooldownDays: 365 } })).status).toBe(200);
      expect((await w.http.put(path).set(as('bob')).send({ collectionSettings: { ipAddressMode: 'none', cooldownDays: 0 } })).status).toBe(403);
      const otherCompany = `/api/companies/${w.companies.globex.id}/collection-settings`;
      expect((await w.http.put(otherCompany).set(as('alice')).send({ collectionSettings: { ipAddressMode: 'none', cooldownDays: 0 } })).status).toBe(404);
      expect((await w.http.get(otherCompany).set(as('alice'))).status).toBe(404);
      // The company's identifier settings were kept when the row was made.
      const row = await w.em().findOneOrFail(CompanySurveySettings, { companyId: w.companies.acme.id });
      expect(row.globalIdentifiers).toEqual(DEFAULT_GLOBAL_IDENTIFIERS);
      await w.http.put(path).set(as('alice')).send({ collectionSettings: { ipAddressMode: 'truncated', cooldownDays: 0 } });
    });

    it('checks the completion triggers and shows the webhook secret once', async () => {
      const w = world();
      const company = await w.addCompany();
      const path = `/api/companies/${company.id}/trigger-settings`;
      const save = (triggerSettings: object) =>
        w.http.put(path).set(as('admin')).send({ triggerSettings: { triggerType: 'none', callbackName: '', redirectUrl: '', webhookUrl: '', ...triggerSettings } });

      expect((await w.http.get(path).set(as('admin'))).body).toEqual({
        triggerSettings: { triggerType: 'none', callbackName: '', redirectUrl: '', webhookUrl: '' },
        webhookSecretHint: null,
      });
      const refusals: Array<[object, string]> = [
        [{ triggerType: 'email' }, COLLECTION_INPUT_MESSAGES.triggerType],
        [{ triggerType: 'callback' }, TRIGGER_MESSAGES.callbackNameRequired],
        [{ triggerType: 'callback', callbackName: '1stCallback' }, TRIGGER_MESSAGES.callbackNameInvalid],
        [{ triggerType: 'callback', callbackName: 'shop..done' }, TRIGGER_MESSAGES.callbackNameInvalid],
        [{ triggerType: 'callback', callbackName: 'shop.__proto__.done' }, TRIGGER_MESSAGES.callbackNameInvalid],
        [{ triggerType: 'redirect', redirectUrl: 'javascript:alert(1)' }, TRIGGER_MESSAGES.redirectUrlInvalid],
        [{ triggerType: 'redirect' }, TRIGGER_MESSAGES.redirectUrlRequired],
        [{ triggerType: 'webhook' }, TRIGGER_MESSAGES.webhookUrlRequired],
        [{ triggerType: 'webhook', webhookUrl: 'http://hooks.example.com/navout' }, TRIGGER_MESSAGES.webhookUrlInvalid],
        [{ triggerType: 'webhook', webhookUrl: 'https://127.0.0.1/navout' }, COLLECTION_INPUT_MESSAGES.webhookPrivate],
        [{ triggerType: 'webhook', webhookUrl: 'https://[::1]:8443/navout' }, COLLECTION_INPUT_MESSAGES.webhookPrivate],
        [{ triggerType: 'webhook', webhookUrl: 'https://10.0.0.8/navout' }, COLLECTION_INPUT_MESSAGES.webhookPrivate],
        [{ triggerType: 'webhook', webhookUrl: 'https://localhost/navout' }, COLLECTION_INPUT_MESSAGES.webhookPrivate],
      ];
      for (const [settings, message] of refusals) {
        const response = await save(settings);
        expect(response.status, JSON.stringify(settings)).toBe(400);
        expect(response.body.error, JSON.stringify(settings)).toBe(message);
      }
      expect((await save({ triggerType: 'callback', callbackName: 'shop.surveys.onDone' })).body.webhookSecret).toBeUndefined();
      expect((await save({ triggerType: 'redirect', redirectUrl: 'https://shop.example/thanks' })).status).toBe(200);

      const chosen = await save({ triggerType: 'webhook', webhookUrl: 'https://hooks.example.com/navout' });
      expect(chosen.status).toBe(200);
      const view = chosen.body as TriggerSettingsView;
      expect(view.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(Buffer.from(view.webhookSecret!.slice(6), 'base64')).toHaveLength(24);
      expect(view.webhookSecretHint).toBe(`${view.webhookSecret!.slice(0, 10)}…`);
      const stored = await w.em().findOneOrFail(CompanySurveySettings, { companyId: company.id });
      expect(stored.webhookSecret).not.toContain(view.webhookSecret!.slice(6));

      const read = (await w.http.get(path).set(as('admin'))).body as TriggerSettingsView;
      expect(read).toEqual({ triggerSettings: { triggerType: 'webhook', callbackName: '', redirectUrl: '', webhookUrl: 'https://hooks.example.com/navout' }, webhookSecretHint: view.webhookSecretHint });
      expect(JSON.stringify(read)).not.toContain(view.webhookSecret);
      expect((await save({ triggerType: 'webhook', webhookUrl: 'https://hooks.example.com/other' })).body.webhookSecret).toBeUndefined();

      const rotated = await w.http.post(`${path}/webhook-secret`).set(as('admin'));
      expect(rotated.status).toBe(200);
      expect(rotated.body.webhookSecret).toMatch(/^whsec_/);
      expect(rotated.body.webhookSecret).not.toBe(view.webhookSecret);
      expect((await w.http.get(path).set(as('admin'))).body.webhookSecretHint).toBe(`${rotated.body.webhookSecret.slice(0, 10)}…`);

      expect((await w.http.post(`/api/companies/${w.companies.globex.id}/trigger-settings/webhook-secret`).set(as('alice'))).status).toBe(404);
      expect((await w.http.put(`/api/companies/${w.companies.acme.id}/trigger-settings`).set(as('bob')).send({ triggerSettings: { triggerType: 'none', callbackName: '', redirectUrl: '', webhookUrl: '' } })).status).toBe(403);
    });

    it('lists the running surveys, marking custom styling', async () => {
      const w = world();
      const company = await w.addCompany();
      const plain = await runningSurvey(w, company.id, { embedSettings: defaultEmbedSettings() });
      const styled = await runningSurvey(w, company.id, { embedSettings: { ...defaultEmbedSettings(), button: { ...defaultEmbedSettings().button, text: 'Tell us' } } });
      await addPublished(w, company.id);
      const list = (await w.http.get(`/api/companies/${company.id}/surveys/active`).set(as('admin'))).body as ActiveSurveySummary[];
      expect(list.map((item) => [item.id, item.questionCount, item.customStyling]).sort()).toEqual(
        [
          [plain.id, 4, false],
          [styled.id, 4, true],
        ].sort(),
      );
      expect(list[0]!.survey.title).toBe('Store visit feedback');
      expect((await w.http.get(`/api/companies/${w.companies.globex.id}/surveys/active`).set(as('alice'))).status).toBe(404);
    });

    it('names the addresses the embed code uses', async () => {
      const w = world();
      const response = await w.http.get(`/api/companies/${w.companies.acme.id}/embed-code`).set(as('bob'));
      expect(response.status).toBe(403);
      const code = await w.http.get(`/api/companies/${w.companies.acme.id}/embed-code`).set(as('alice'));
      expect(code.body).toEqual({ companyId: w.companies.acme.id, companyName: 'Acme Retail', scriptUrl: 'https://navout.test/widget/navout.js', apiBase: 'https://navout.test' });
      expect((await w.http.get(`/api/companies/${w.companies.globex.id}/embed-code`).set(as('alice'))).status).toBe(404);
    });
  });
});
