/**
 * InsightIQ's routes against known responses stored directly, with the server's clock fixed:
 * analytics (trends with empty days, device shares, completion times), the responses list and
 * its filters, returning users, one question's answers, and the streamed CSV export.
 */
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { RESPONSE_CSV_COLUMNS, type DeviceType, type QuestionAnswers, type ResponsePage, type SurveyAnalytics, type UserAnalytics } from '@domain/survey/collection';
import { defaultDisplayTriggers, defaultEmbedSettings } from '@domain/survey/defaults';
import type { Answer, Question } from '@domain/survey/types';
import type { Knex, EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import type { Migrator } from '@mikro-orm/migrations';
import { PublishedSurvey, SurveyResponse, UntalliedResponse } from '@bff/entities';
import { responsesCsvStream } from '@bff/modules/results/csv';
import { tallySettledResponses, untallyResponse } from '@bff/modules/responses/tallies';
import { createResultsService } from '@bff/modules/results/service';
import { scrubStoredJson } from '@bff/migrations/Migration20270103000000_scrub_unstorable';
import { countTalliedAddresses } from '@bff/migrations/Migration20270109000000_address_tallies';
import { countTalliedResponses } from '@bff/migrations/Migration20270116000000_response_tallies';
import { rowsOf } from '@bff/platform/sql';
import { question, readySurvey } from './support/surveys';
import { useWorld, type World } from './support/world';
import { usingPostgres } from './support/database';

const NOW = new Date('2026-03-10T15:00:00.000Z');

const QUESTIONS: Question[] = [
  question('rating', 'q_rating', 'How was your visit?'),
  question('single-choice', 'q_colour', '+cmd', { options: ['Red', 'Green', 'Blue'] }),
  question('checkbox', 'q_tags', 'What stood out?', { options: ['Fast', 'Friendly', 'Clean'] }),
  question('yes-no', 'q_ok', 'Would you come back?'),
  question('textarea', 'q_comment', 'Anything else?'),
  question('number', 'q_count', 'How many items did you buy?', { settings: { min: 0, max: 100, step: 1 } }),
];

interface Stored {
  key: string;
  at: string;
  device: DeviceType;
  complete: boolean;
  seconds?: number;
  ip: string | null;
  agent?: string;
  answers: Record<string, Answer>;
  identifiers?: Record<string, string>;
}

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0';
/** The known responses; the expected figures below are worked out from these by hand. */
const STORED: Stored[] = [
  { key: 'r1', at: '2026-03-10T09:00:00Z', device: 'desktop', complete: true, seconds: 100, ip: '10.0.0.0', answers: { q_rating: 5, q_colour: 'Red', q_tags: ['Fast', 'Clean'], q_ok: 'yes', q_comment: 'Great 100% service_fast', q_count: 10 }, identifiers: { user_email: 'ann@example.com' } },
  { key: 'r2', at: '2026-03-10T08:00:00Z', device: 'mobile', complete: true, seconds: 40, ip: '10.0.0.0', agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', answers: { q_rating: 4, q_colour: 'Red', q_tags: ['Fast'], q_ok: 'no', q_comment: 'Self-service was quick', q_count: 20 } },
  { key: 'r3', at: '2026-03-09T12:00:00Z', device: 'mobile', complete: false, ip: '10.0.1.0', answers: { q_rating: 2 } },
  { key: 'r4', at: '2026-03-08T23:59:59Z', device: 'tablet', complete: true, seconds: 300, ip: '10.0.1.0', answers: { q_rating: 3, q_colour: 'Green', q_tags: ['Friendly'], q_comment: '=HYPERLINK("http://evil.example","x")' } },
  { key: 'r5', at: '2026-03-06T10:00:00Z', device: 'desktop', complete: true, seconds: 20, ip: '10.0.2.0', answers: { q_rating: 5, q_comment: 'Loved the 50% off_sale' } },
  { key: 'r6', at: '2026-03-01T10:00:00Z', device: 'desktop', complete: false, ip: null, answers: { q_colour: 'Purple' } },
  { key: 'r7', at: '2026-02-20T10:00:00Z', device: 'mobile', complete: true, seconds: 600, ip: '10.0.0.0', agent: 'Mozilla/5.0 (Linux; Android 14)', answers: { q_rating: 1, q_ok: 'yes', q_comment: 'Line one\nLine "two"' } },
  { key: 'r8', at: '2026-03-10T14:00:00Z', device: 'desktop', complete: false, ip: '10.0.3.0', answers: { q_count: 7 } },
  { key: 'r9', at: '2026-02-15T10:00:00Z', device: 'desktop', complete: true, seconds: 60, ip: '10.0.4.0', answers: { q_rating: 4 } },
  { key: 'r10', at: '2026-02-14T10:00:00Z', device: 'mobile', complete: false, ip: '10.0.5.0', answers: { q_rating: 3 } },
];

function responseRow(survey: PublishedSurvey, stored: Omit<Stored, 'key'>, id: string = randomUUID()) {
  const created = new Date(stored.at);
  const completed = stored.complete ? new Date(created.getTime() + (stored.seconds ?? 0) * 1000) : null;
  return {
    id,
    companyId: survey.companyId,
    surveyId: survey.id,
    visitorId: null,
    ipAddress: stored.ip,
    deviceType: stored.device,
    userAgent: stored.agent ?? DESKTOP,
    pageUrl: 'https://shop.example/checkout',
    identifiers: stored.identifiers ?? {},
    answers: stored.answers,
    startedAt: created,
    completedAt: completed,
    completionTimeSeconds: stored.complete ? (stored.seconds ?? null) : null,
    isComplete: stored.complete,
    writeTokenHash: 'a'.repeat(64),
    createdAt: created,
    updatedAt: completed ?? created,
  };
}

async function addSurvey(world: World, companyId: string, name: string, questions: Question[] = QUESTIONS): Promise<PublishedSurvey> {
  const em = world.em();
  const survey = { ...readySurvey(), questions };
  const published = em.create(PublishedSurvey, {
    companyId,
    name,
    survey,
    embedSettings: defaultEmbedSettings(survey.settings),
    displayTriggers: defaultDisplayTriggers(),
    status: 'active',
    publishedAt: new Date('2026-01-01T00:00:00Z'),
  });
  await em.flush();
  return published;
}

/** Stores rows in batches, queued for the tally job, as the collection route would have one by one. */
async function store(world: World, rows: Array<ReturnType<typeof responseRow>>): Promise<void> {
  const em = world.em();
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await em.insertMany(SurveyResponse, batch);
    await em.insertMany(UntalliedResponse, batch.map((row) => ({ responseId: row.id, surveyId: row.surveyId })));
  }
}

describe('survey results', () => {
  const world = useWorld({ dependencies: { clock: () => NOW } });
  let survey: PublishedSurvey;
  const ids: Record<string, string> = {};
  const byIds = (list: Array<{ id?: string; responseId?: string }>) =>
    list.map((item) => Object.entries(ids).find(([, id]) => id === (item.id ?? item.responseId))?.[0] ?? 'unknown');

  const get = (path: string, query: Record<string, string> = {}, who: 'alice' | 'bob' | 'carol' | 'admin' = 'alice') =>
    world().http.get(path).query(query).set(world().bearer(who));

  it('arranges the known responses', async () => {
    const w = world();
    survey = await addSurvey(w, w.companies.acme.id, 'Store Visit: Q1 2026');
    await store(
      w,
      STORED.map(({ key, ...stored }) => {
        ids[key] = randomUUID();
        return responseRow(survey, stored, ids[key]);
      }),
    );
    expect(await w.em().count(SurveyResponse, { surveyId: survey.id })).toBe(STORED.length);
  });

  describe('analytics', () => {
    it('counts every response, completions, devices and completion times, with the last 7 days oldest first', async () => {
      const response = await get(`/api/surveys/${survey.id}/analytics`);
      expect(response.status).toBe(200);
      expect(response.body as SurveyAnalytics).toEqual({
        totalResponses: 10,
        completedResponses: 6,
        completionRate: 60,
        dailyTrends: [
          { date: '2026-03-04', responses: 0 },
          { date: '2026-03-05', responses: 0 },
          { date: '2026-03-06', responses: 1 },
          { date: '2026-03-07', responses: 0 },
          { date: '2026-03-08', responses: 1 },
          { date: '2026-03-09', responses: 1 },
          { date: '2026-03-10', responses: 3 },
        ],
        deviceAnalytics: { mobile: 40, desktop: 50, tablet: 10 },
        averageCompletionTime: 187,
        fastestResponse: 20,
        longestResponse: 600,
      });
    });

    it('answers zeros for a survey nobody has answered', async () => {
      const w = world();
      const empty = await addSurvey(w, w.companies.acme.id, 'Unanswered');
      const response = await get(`/api/surveys/${empty.id}/analytics`);
      expect(response.body).toMatchObject({ totalResponses: 0, completedResponses: 0, completionRate: 0, deviceAnalytics: { mobile: 0, desktop: 0, tablet: 0 }, averageCompletionTime: 0, fastestResponse: 0, longestResponse: 0 });
      expect(response.body.dailyTrends).toHaveLength(7);
      expect(response.body.dailyTrends.every((day: { responses: number }) => day.responses === 0)).toBe(true);
    });

    it('gives percentages with one decimal that add up to about 100', async () => {
      const w = world();
      const thirds = await addSurvey(w, w.companies.acme.id, 'Thirds');
      await store(
        w,
        (['mobile', 'desktop', 'tablet'] as const).map((device, index) => responseRow(thirds, { at: '2026-03-10T10:00:00Z', device, complete: index === 0, seconds: 30, ip: null, answers: { q_rating: 3 } })),
      );
      const { body } = await get(`/api/surveys/${thirds.id}/analytics`);
      expect(body.deviceAnalytics).toEqual({ mobile: 33.3, desktop: 33.3, tablet: 33.3 });
      expect(body.completionRate).toBe(33.3);
    });
  });

  describe('responses', () => {
    it('lists newest first in the stored shape, 20 to a page by default', async () => {
      const response = await get(`/api/surveys/${survey.id}/responses`);
      expect(response.status).toBe(200);
      const page = response.body as ResponsePage;
      expect(byIds(page.responses)).toEqual(['r8', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r9', 'r10']);
      expect(page.pagination).toEqual({ total: 10, page: 1, limit: 20, totalPages: 1 });
      expect(page.responses[1]).toEqual({
        id: ids.r1,
        ip_address: '10.0.0.0',
        device_type: 'desktop',
        user_agent: DESKTOP,
        started_at: '2026-03-10T09:00:00.000Z',
        completed_at: '2026-03-10T09:01:40.000Z',
        completion_time_seconds: 100,
        is_complete: true,
        created_at: '2026-03-10T09:00:00.000Z',
        responses: STORED[0]!.answers,
        identifiers: { user_email: 'ann@example.com' },
      });
      expect(page.responses[0]).toMatchObject({ completed_at: null, completion_time_seconds: null, is_complete: false });
    });

    it('pages', async () => {
      const { body } = await get(`/api/surveys/${survey.id}/responses`, { page: '2', limit: '3' });
      expect(byIds(body.responses)).toEqual(['r3', 'r4', 'r5']);
      expect(body.pagination).toEqual({ total: 10, page: 2, limit: 3, totalPages: 4 });
      const past = await get(`/api/surveys/${survey.id}/responses`, { page: '9', limit: '3' });
      expect(past.body.responses).toEqual([]);
    });

    it.each([
      [{ deviceType: 'mobile' }, ['r2', 'r3', 'r7', 'r10']],
      [{ completed: 'true' }, ['r1', 'r2', 'r4', 'r5', 'r7', 'r9']],
      [{ completed: 'false' }, ['r8', 'r3', 'r6', 'r10']],
      [{ dateFrom: '2026-03-08', dateTo: '2026-03-09' }, ['r3', 'r4']],
      [{ dateFrom: '2026-03-10' }, ['r8', 'r1', 'r2']],
      [{ dateTo: '2026-03-01' }, ['r6', 'r7', 'r9', 'r10']],
      [{ deviceType: 'desktop', completed: 'true', dateFrom: '2026-03-01' }, ['r1', 'r5']],
      [{ deviceType: '', completed: '', search: '' }, ['r8', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r9', 'r10']],
    ])('filters by %o', async (query, expected) => {
      const { body } = await get(`/api/surveys/${survey.id}/responses`, query);
      expect(byIds(body.responses)).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
    });

    it.each([
      ['GREAT', ['r1']],
      // % and _ are themselves, not wildcards: unescaped, "0%" would match every answer with a 0 and "f_s" "Self-service".
      ['0%', ['r1', 'r5']],
      ['f_s', ['r5']],
      ['iphone', ['r2']],
      ['ann@example', ['r1']],
      ['Line "two"', ['r7']],
      // Inside a word, in another case.
      ['ICE_fa', ['r1']],
      // Only across two columns (the end of the answers, the start of the identifiers): no match.
      ['} {', []],
      ['nothing like this', []],
    ])('searches answers, identifiers and the browser for %j', async (search, expected) => {
      const { body } = await get(`/api/surveys/${survey.id}/responses`, { search });
      expect(byIds(body.responses)).toEqual(expected);
    });

    it.each([
      [{ page: '0' }, 'page'],
      [{ limit: '101' }, 'limit'],
      [{ deviceType: 'phone' }, 'deviceType'],
      [{ dateFrom: '2026-02-30' }, 'dateFrom'],
      [{ dateFrom: '2026-03-10', dateTo: '2026-03-01' }, 'dateTo'],
      [{ completed: 'yes' }, 'completed'],
      [{ search: 'x'.repeat(201) }, 'search'],
    ])('refuses %o with a 400 naming the parameter', async (query, field) => {
      const response = await get(`/api/surveys/${survey.id}/responses`, query);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_parameter');
      expect(Object.keys(response.body.fields)).toEqual([field]);
    });
  });

  describe('user analytics', () => {
    it('counts addresses, returning ones, and the five most engaged with their devices and times', async () => {
      const response = await get(`/api/surveys/${survey.id}/user-analytics`);
      expect(response.status).toBe(200);
      expect(response.body as UserAnalytics).toEqual({
        uniqueUsers: 6,
        returningUsers: 2,
        userEngagement: [
          { ip_address: '10.0.0.0', response_count: 3, device_types: ['mobile', 'desktop'], avg_completion_time: 247 },
          { ip_address: '10.0.1.0', response_count: 2, device_types: ['mobile', 'tablet'], avg_completion_time: 300 },
          // Ties: the most recent first.
          { ip_address: '10.0.3.0', response_count: 1, device_types: ['desktop'], avg_completion_time: 0 },
          { ip_address: '10.0.2.0', response_count: 1, device_types: ['desktop'], avg_completion_time: 20 },
          { ip_address: '10.0.4.0', response_count: 1, device_types: ['desktop'], avg_completion_time: 60 },
        ],
      });
    });
  });

  describe('question answers', () => {
    const answers = (questionId: string, query: Record<string, string> = {}) => get(`/api/surveys/${survey.id}/questions/${questionId}/answers`, query);

    it('lists the answers to one question, newest first, with every rating counted and the mean', async () => {
      const response = await answers('q_rating');
      expect(response.status).toBe(200);
      const body = response.body as QuestionAnswers;
      expect(body.questionId).toBe('q_rating');
      expect(byIds(body.answers)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r7', 'r9', 'r10']);
      expect(body.answers[0]).toEqual({ responseId: ids.r1, answer: 5, is_complete: true, device_type: 'desktop', created_at: '2026-03-10T09:00:00.000Z' });
      expect(body.counts).toEqual([
        { value: '1', count: 1 },
        { value: '2', count: 1 },
        { value: '3', count: 2 },
        { value: '4', count: 2 },
        { value: '5', count: 2 },
      ]);
      expect(body.average).toBe(3.38);
      expect(body.pagination).toEqual({ total: 8, page: 1, limit: 20, totalPages: 1 });
    });

    it.each([
      ['completed', ['r1', 'r2', 'r4', 'r5', 'r7', 'r9'], 3.67],
      ['incomplete', ['r3', 'r10'], 2.5],
      ['today', ['r1', 'r2'], 4.5],
      ['week', ['r1', 'r2', 'r3', 'r4', 'r5'], 3.8],
    ])('filters %s', async (filter, expected, average) => {
      const { body } = await answers('q_rating', { filter });
      expect(byIds(body.answers)).toEqual(expected);
      expect(body.average).toBe(average);
      expect(body.counts.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(expected.length);
    });

    it('counts each chosen option of a multi-select, every option listed', async () => {
      const { body } = await answers('q_tags');
      expect(body.answers.map((row: { answer: Answer }) => row.answer)).toEqual([['Fast', 'Clean'], ['Fast'], ['Friendly']]);
      expect(body.counts).toEqual([
        { value: 'Fast', count: 2 },
        { value: 'Friendly', count: 1 },
        { value: 'Clean', count: 1 },
      ]);
      expect(body.average).toBeNull();
    });

    it('counts single choices, unchosen options at 0 and a removed option after the rest', async () => {
      const { body } = await answers('q_colour');
      expect(body.counts).toEqual([
        { value: 'Red', count: 2 },
        { value: 'Green', count: 1 },
        { value: 'Blue', count: 0 },
        { value: 'Purple', count: 1 },
      ]);
    });

    it('counts yes and no, averages numbers, and counts nothing for text', async () => {
      expect((await answers('q_ok')).body.counts).toEqual([
        { value: 'yes', count: 2 },
        { value: 'no', count: 1 },
      ]);
      const count = (await answers('q_count')).body;
      expect(count.average).toBe(12.33);
      expect(count.counts).toEqual([]);
      const comment = (await answers('q_comment')).body;
      expect(comment.counts).toEqual([]);
      expect(comment.average).toBeNull();
      expect(comment.answers[0].answer).toBe('Great 100% service_fast');
    });

    it('pages', async () => {
      const { body } = await answers('q_rating', { page: '2', limit: '3' });
      expect(byIds(body.answers)).toEqual(['r4', 'r5', 'r7']);
      expect(body.pagination).toEqual({ total: 8, page: 2, limit: 3, totalPages: 3 });
    });

    it('answers 404 for a question the survey does not have, 400 for a malformed id or filter', async () => {
      const unknown = await answers('q_nope');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'Question not found', message: 'This survey has no question with this id.', code: 'not_found' });
      expect((await answers('bad%20id')).status).toBe(400);
      const filter = await answers('q_rating', { filter: 'month' });
      expect(filter.status).toBe(400);
      expect(filter.body.fields).toHaveProperty('filter');
    });
  });

  describe('answer tallies', () => {
    const FILTERS = ['all', 'completed', 'incomplete', 'today', 'week'];
    const tally = (batchRows = 3) => tallySettledResponses({ orm: world().orm, fork: world().runtime.fork, kind: world().config.database.kind, now: () => NOW, batchRows });
    /** Every question's answers under every filter, the analytics and the user analytics, as InsightIQ reads them. */
    async function everyAnswer() {
      const read: Record<string, unknown> = {};
      for (const { id } of QUESTIONS) {
        for (const filter of FILTERS) read[`${id} ${filter}`] = (await get(`/api/surveys/${survey.id}/questions/${id}/answers`, { filter, limit: '4' })).body;
      }
      read.users = (await get(`/api/surveys/${survey.id}/user-analytics`)).body;
      read.analytics = (await get(`/api/surveys/${survey.id}/analytics`)).body;
      return read;
    }
    const untallied = async () => rowsOf<{ key: string }>(await world().em().getConnection().execute('select response_id as key from untallied_responses where survey_id = ?', [survey.id]));
    let live: Record<string, unknown>;

    it('read the same figures as the responses themselves, batch after batch', async () => {
      live = await everyAnswer();
      // Complete responses and incomplete ones untouched for an hour: all but r8 (an hour old at NOW),
      // and the responses of the other surveys of this file.
      expect(await tally()).toBeGreaterThanOrEqual(STORED.length - 1);
      expect(byIds((await untallied()).map((row) => ({ id: row.key })))).toEqual(['r8']);
      expect(await everyAnswer()).toEqual(live);
      expect(await tally()).toBe(0);
      // Counted once: the rating's tallies hold each rated response once.
      const [rated] = rowsOf<{ responses: unknown }>(
        await world().em().getConnection().execute("select sum(responses) as responses from survey_answer_tallies where survey_id = ? and question_id = 'q_rating' and kind = 'answered'", [survey.id]),
      );
      expect(Number(rated!.responses)).toBe(8);
      // Each address once, with its tallied responses: 10.0.3.0's one response (r8) is not settled yet.
      const addresses = rowsOf<{ ip_address: string; responses: unknown }>(
        await world().em().getConnection().execute('select ip_address, responses from survey_address_tallies where survey_id = ? order by ip_address', [survey.id]),
      );
      expect(addresses.map((row) => [row.ip_address, Number(row.responses)])).toEqual([
        ['10.0.0.0', 3],
        ['10.0.1.0', 2],
        ['10.0.2.0', 1],
        ['10.0.4.0', 1],
        ['10.0.5.0', 1],
      ]);
    });

    it('read the same figures when some tallied responses are taken out again, as a continued one is, and once tallied again', async () => {
      const em = world().em();
      // r10 is its address's only response: the address's tally goes down to nothing.
      for (const key of ['r1', 'r3', 'r6', 'r10']) {
        const response = await em.findOneOrFail(SurveyResponse, { id: ids[key]! });
        await em.transactional((tx) => untallyResponse(tx.getTransactionContext<Knex.Transaction>()!, world().config.database.kind, QUESTIONS, response));
      }
      expect(byIds((await untallied()).map((row) => ({ id: row.key }))).sort()).toEqual(['r1', 'r10', 'r3', 'r6', 'r8']);
      expect(await everyAnswer()).toEqual(live);
      expect(await tally(2)).toBe(4);
      expect(await everyAnswer()).toEqual(live);
    });

    it('read the same figures when the addresses and the days are counted from the responses already tallied, as the upgrades do', async () => {
      const connection = world().em().getConnection();
      // The upgrades' own statements, with the responses no longer queued standing for those marked tallied then.
      const tallied = 'id not in (select response_id from untallied_responses)';
      await connection.execute('delete from survey_address_tallies');
      await connection.execute(countTalliedAddresses(tallied));
      await connection.execute('delete from survey_response_tallies');
      await connection.execute(countTalliedResponses(world().config.database.kind === 'postgresql', tallied));
      expect(await everyAnswer()).toEqual(live);
    });

    it('keep every response counted once through the upgrade that queues them, and count the completions still pending', async () => {
      const w = world();
      const connection = w.em().getConnection();
      const keys = (rows: unknown) => rowsOf<{ key: string }>(rows).map((row) => row.key).sort();
      const queued = async () => keys(await connection.execute('select response_id as key from untallied_responses'));
      const before = await queued();
      expect(before).toContain(ids.r8);
      const migrator = w.orm.getMigrator() as Migrator;
      // Back to the flags the queue replaced: the responses still queued are the ones not marked tallied.
      await migrator.down({ to: 'Migration20270117000000_untallied_responses' });
      expect(keys(await connection.execute('select id as key from survey_responses where tallied = false'))).toEqual(before);
      // A completion still to count on its survey's row, as the flags held it.
      const responseCount = async () => (await w.em().fork().findOneOrFail(PublishedSurvey, { id: survey.id })).responseCount;
      const counted = await responseCount();
      await connection.execute('update survey_responses set count_pending = true where id = ?', [ids.r9]);
      await migrator.up();
      expect(await queued()).toEqual(before);
      expect(await responseCount()).toBe(counted + 1);
      expect(await everyAnswer()).toEqual(live);
    });

    it("keep a day's completion times over batches: their count, sum, shortest and longest", async () => {
      const w = world();
      const timed = await addSurvey(w, w.companies.acme.id, 'Timed');
      const seconds = [50, 10, 90, 30];
      await store(w, seconds.map((time) => responseRow(timed, { at: '2026-03-09T10:00:00Z', device: 'desktop', complete: true, seconds: time, ip: null, answers: { q_rating: 4 } })));
      const analytics = async () => (await get(`/api/surveys/${timed.id}/analytics`)).body as SurveyAnalytics;
      const before = await analytics();
      expect(before).toMatchObject({ totalResponses: 4, averageCompletionTime: 45, fastestResponse: 10, longestResponse: 90 });
      // One response a batch: each of the four adds to the same day's row.
      expect(await tally(1)).toBeGreaterThanOrEqual(4);
      const [row] = rowsOf<{ responses: unknown; timed: unknown; time_sum: unknown; fastest: unknown; longest: unknown }>(
        await w.em().getConnection().execute('select responses, timed, time_sum, fastest, longest from survey_response_tallies where survey_id = ?', [timed.id]),
      );
      expect([row!.responses, row!.timed, row!.time_sum, row!.fastest, row!.longest].map(Number)).toEqual([4, 4, 180, 10, 90]);
      expect(await analytics()).toEqual(before);
    });
  });


  describe('CSV export', () => {
    const exportOf = (id: string, query: Record<string, string> = {}) =>
      get(`/api/surveys/${id}/responses/export`, query)
        .buffer(true)
        .parse((response, done) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => done(null, text));
        });
    const parse = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

    it('sends every response as a file: the columns, a Q: column per question, the total first', async () => {
      const response = await exportOf(survey.id);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="store_visit__q1_2026_responses_2026-03-10.csv"');
      expect(response.headers['x-total-count']).toBe('10');
      const text = response.body as string;
      const [header, ...rows] = text.split('\r\n');
      expect(header).toBe(
        '"Response ID","IP Address","Device Type","User Agent","Started At","Completed At","Completion Time (seconds)","Is Complete","Created At",' +
          '"Q: How was your visit?","Q: +cmd","Q: What stood out?","Q: Would you come back?","Q: Anything else?","Q: How many items did you buy?"',
      );
      expect(rows[0]!.startsWith(`"${ids.r8}"`)).toBe(true);

      const table = parse(text);
      expect(table[0]).toEqual([...RESPONSE_CSV_COLUMNS, ...QUESTIONS.map((item) => `Q: ${item.title}`)]);
      expect(table).toHaveLength(11);
      const row = (key: string) => table.find((cells) => cells[0] === ids[key])!;
      expect(row('r1')).toEqual([ids.r1, '10.0.0.0', 'desktop', DESKTOP, '2026-03-10T09:00:00.000Z', '2026-03-10T09:01:40.000Z', '100', 'Yes', '2026-03-10T09:00:00.000Z', '5', 'Red', 'Fast; Clean', 'yes', 'Great 100% service_fast', '10']);
      expect(row('r6')).toEqual([ids.r6, '', 'desktop', DESKTOP, '2026-03-01T10:00:00.000Z', '', '', 'No', '2026-03-01T10:00:00.000Z', '', 'Purple', '', '', '', '']);
      // A formula is text in the file, and quotes and line breaks stay inside their cell.
      expect(row('r4')[13]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(row('r7')[13]).toBe('Line one\nLine "two"');
    });

    it('neutralises formulas in headers too and filters like the list', async () => {
      const w = world();
      const risky = await addSurvey(w, w.companies.acme.id, '=Risky', [question('text', 'q_text', '=cmd|calc'), question('number', 'q_negative', '-1+1', { settings: { min: -10, max: 10, step: 1 } })]);
      await store(w, [
        responseRow(risky, { at: '2026-03-09T10:00:00Z', device: 'mobile', complete: true, seconds: 30, ip: null, answers: { q_text: '@SUM(A1:A9)', q_negative: -3 } }),
        responseRow(risky, { at: '2026-03-09T11:00:00Z', device: 'desktop', complete: true, seconds: 30, ip: null, agent: '+agent', answers: { q_text: '\tTabbed' } }),
      ]);
      const response = await exportOf(risky.id, { deviceType: 'mobile' });
      expect(response.headers['x-total-count']).toBe('1');
      expect(response.headers['content-disposition']).toBe('attachment; filename="_risky_responses_2026-03-10.csv"');
      const table = parse(response.body as string);
      // "Q: " starts every question header, so a title can never start a cell; it is checked anyway.
      expect(table[0]!.slice(-2)).toEqual(['Q: =cmd|calc', 'Q: -1+1']);
      expect(table).toHaveLength(2);
      expect(table[1]!.slice(-2)).toEqual(["'@SUM(A1:A9)", "'-3"]);

      const desktop = parse((await exportOf(risky.id, { deviceType: 'desktop' })).body as string);
      expect(desktop[1]![3]).toBe("'+agent");
      expect(desktop[1]![9]).toBe("'\tTabbed");
    });

    it('sends only a header for a filter nothing matches', async () => {
      const response = await exportOf(survey.id, { search: 'nothing like this' });
      expect(response.headers['x-total-count']).toBe('0');
      expect(parse(response.body as string)).toEqual([[...RESPONSE_CSV_COLUMNS, ...QUESTIONS.map((item) => `Q: ${item.title}`)]]);
    });

    it('refuses a bad filter before sending anything', async () => {
      const response = await get(`/api/surveys/${survey.id}/responses/export`, { dateFrom: 'yesterday' });
      expect(response.status).toBe(400);
      expect(response.headers['content-disposition']).toBeUndefined();
    });

    it('streams 5,000 responses complete, newest first, across batches with equal timestamps', async () => {
      const w = world();
      const big = await addSurvey(w, w.companies.acme.id, 'Big export');
      const base = Date.parse('2026-03-01T00:00:00Z');
      // Three responses share each second, so batch boundaries fall between equal created_at values.
      const rows = Array.from({ length: 5_000 }, (_, index) =>
        responseRow(big, {
          at: new Date(base + Math.floor(index / 3) * 1000).toISOString(),
          device: (['mobile', 'desktop', 'tablet'] as const)[index % 3]!,
          complete: index % 5 !== 0,
          seconds: 30 + (index % 200),
          ip: `10.1.${index % 250}.0`,
          answers: { q_rating: (index % 5) + 1, q_tags: ['Fast', 'Clean'], q_comment: `Answer number ${index}, with "quotes"` },
        }),
      );
      await store(w, rows);
      const response = await exportOf(big.id).set('Accept-Encoding', 'gzip');
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe('5000');
      const table = parse(response.body as string);
      expect(table).toHaveLength(5_001);
      const exported = table.slice(1).map((cells) => cells[0]);
      expect(new Set(exported).size).toBe(5_000);
      expect(new Set(exported)).toEqual(new Set(rows.map((row) => row.id)));
      const created = table.slice(1).map((cells) => cells[8]!);
      expect(created).toEqual([...created].sort().reverse());
    });

    it('keeps to a selection that ends mid-survey across batches', async () => {
      const w = world();
      const big = await w.em().findOneOrFail(PublishedSurvey, { name: 'Big export' });
      const service = createResultsService({ orm: w.orm, kind: usingPostgres() ? 'postgresql' : 'sqlite', now: () => NOW, logger: w.runtime.logger, exportBatchRows: 100 });
      const before = new Date(Date.parse('2026-03-01T00:00:00Z') + 1_000 * 1000);
      const plan = await service.exportPlan(big, { before, deviceType: 'mobile' });
      const exported: Array<{ id: string; deviceType: DeviceType; createdMs: number }> = [];
      for await (const page of plan.pages) exported.push(...page.map(([id, , deviceType, , , , , , createdMs]) => ({ id, deviceType, createdMs: Number(createdMs) })));
      // 3,000 responses fall in the first 1,000 seconds, a third of them on mobile: 10 batches.
      expect(plan.total).toBe(1_000);
      expect(exported).toHaveLength(1_000);
      expect(new Set(exported.map((response) => response.id)).size).toBe(1_000);
      expect(exported.every((response) => response.deviceType === 'mobile' && response.createdMs < before.getTime())).toBe(true);
      expect(exported[0]!.createdMs).toBe(before.getTime() - 1000);
    });

    it('exports every response of one millisecond, however finely the database keeps the instant', async () => {
      const w = world();
      const tight = await addSurvey(w, w.companies.acme.id, 'One millisecond');
      const rows = Array.from({ length: 25 }, () => responseRow(tight, { at: '2026-03-02T10:00:00.123Z', device: 'desktop', complete: true, seconds: 30, ip: '10.2.0.0', answers: { q_rating: 5 } }));
      await store(w, rows);
      if (usingPostgres()) {
        // PostgreSQL keeps microseconds (rows written by SQL's now() have them): the 25 spread over
        // the millisecond, so the newest and every batch's last row fall between two milliseconds.
        const knex = (w.orm.em as SqlEntityManager).getKnex();
        await knex.raw(
          `update survey_responses r set created_at = r.created_at + make_interval(secs => n.k * 37 / 1000000.0)
           from (select id, row_number() over (order by id) as k from survey_responses where survey_id = ?) n where r.id = n.id`,
          [tight.id],
        );
      }
      const service = createResultsService({ orm: w.orm, kind: usingPostgres() ? 'postgresql' : 'sqlite', now: () => NOW, logger: w.runtime.logger, exportBatchRows: 4 });
      const plan = await service.exportPlan(tight, {});
      const exported: string[] = [];
      for await (const page of plan.pages) exported.push(...page.map(([id]) => id));
      expect(plan.total).toBe(25);
      expect(exported).toHaveLength(25);
      expect(new Set(exported)).toEqual(new Set(rows.map((row) => row.id)));
    });

    it('stops reading batches when the file is no longer read', async () => {
      const w = world();
      const big = await w.em().findOneOrFail(PublishedSurvey, { name: 'Big export' });
      const service = createResultsService({ orm: w.orm, kind: usingPostgres() ? 'postgresql' : 'sqlite', now: () => NOW, logger: w.runtime.logger, exportBatchRows: 100 });
      // Each batch is read on a connection of the ORM's pool, taken and given back around it.
      const { client } = (w.orm.em as SqlEntityManager).getKnex();
      const acquire = vi.spyOn(client, 'acquireConnection');
      const release = vi.spyOn(client, 'releaseConnection');
      try {
        const plan = await service.exportPlan(big, {});
        expect(plan.total).toBe(5_000);
        // From here on the connections taken are the batches'.
        acquire.mockClear();
        release.mockClear();
        const failures: Error[] = [];
        const csv = responsesCsvStream(plan.pages, big.survey.questions, service.dialect, (failure) => failures.push(failure));
        await once(csv, 'readable');
        expect(String(csv.read())).toMatch(/^"Response ID"/);
        csv.destroy();
        await once(csv, 'close');
        // Every batch already asked for has come back, and the loop asked for no more.
        await expect.poll(() => acquire.mock.calls.length - release.mock.calls.length, { interval: 10 }).toBe(0);
        // 50 batches would read everything; a stopped export reads the few it had buffered.
        expect(acquire.mock.calls.length).toBeGreaterThan(0);
        expect(acquire.mock.calls.length).toBeLessThan(5);
        expect(failures).toEqual([]);
      } finally {
        acquire.mockRestore();
        release.mockRestore();
      }
    });
  });

  describe('access', () => {
    const routes = () => [
      `/api/surveys/${survey.id}/analytics`,
      `/api/surveys/${survey.id}/responses`,
      `/api/surveys/${survey.id}/user-analytics`,
      `/api/surveys/${survey.id}/questions/q_rating/answers`,
      `/api/surveys/${survey.id}/responses/export`,
    ];

    it("answers another company's survey with the same 404 as a survey that does not exist", async () => {
      for (const path of routes()) {
        const response = await get(path, {}, 'carol');
        expect(response.status, path).toBe(404);
        expect(response.body).toMatchObject({ error: 'Survey not found', code: 'not_found' });
        expect(response.headers['content-disposition'], path).toBeUndefined();
        expect((await get(path.replace(survey.id, randomUUID()))).status, path).toBe(404);
      }
    });

    it('refuses a user without the data read permission, and lets a global admin in', async () => {
      for (const path of routes()) {
        expect((await get(path, {}, 'bob')).status, path).toBe(403);
        expect((await get(path, {}, 'admin')).status, path).toBe(200);
      }
    });
  });
});

describe('answers stored before unstorable values were refused', () => {
  const world = useWorld({ dependencies: { clock: () => NOW } });

  it('are readable once the cleaning migration has replaced their NULs and lone surrogates, and every other value is left as it was', async () => {
    const w = world();
    const survey = await addSurvey(w, w.companies.acme.id, 'Before the boundary check');
    const poisoned = randomUUID();
    const plain = randomUUID();
    // As the collection route stored them before bodies were checked: the json column keeps the escapes.
    await store(w, [
      responseRow(survey, { at: '2026-03-10T09:00:00Z', device: 'desktop', complete: true, seconds: 10, ip: null, answers: { q_comment: 'a\u0000b', q_colour: 'Red\uD800' }, identifiers: { user_email: 'nul\u0000@example.com' } }, poisoned),
      responseRow(survey, { at: '2026-03-10T08:00:00Z', device: 'mobile', complete: true, seconds: 10, ip: null, answers: { q_comment: 'emoji \uD83D\uDE00 and a \\u0000 typed out' } }, plain),
    ]);
    const knex = (w.orm.em as SqlEntityManager).getKnex();
    const execute = async (sql: string, params: unknown[] = []) => rowsOf(await knex.raw(sql, params as never[]));

    // The poisoned response's answers and identifiers; not the other one.
    expect(await scrubStoredJson(execute, w.config.database.kind)).toBe(2);

    const comments = await w.http.get(`/api/surveys/${survey.id}/questions/q_comment/answers`).set(w.bearer('alice'));
    expect(comments.status).toBe(200);
    expect((comments.body as QuestionAnswers).answers.map((row) => row.answer)).toEqual(['a\uFFFDb', 'emoji \uD83D\uDE00 and a \\u0000 typed out']);
    const colours = await w.http.get(`/api/surveys/${survey.id}/questions/q_colour/answers`).set(w.bearer('alice'));
    expect((colours.body as QuestionAnswers).answers.map((row) => row.answer)).toEqual(['Red\uFFFD']);
    const stored = await w.em().fork().findOneOrFail(SurveyResponse, { id: poisoned });
    expect(stored.identifiers).toEqual({ user_email: 'nul\uFFFD@example.com' });
    // Nothing left to clean: a second run changes nothing.
    expect(await scrubStoredJson(execute, w.config.database.kind)).toBe(0);
  });
});
