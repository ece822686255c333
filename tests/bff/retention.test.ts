/**
 * Retention: a company's raw events, prediction call log and survey responses older than its
 * periods are deleted by the retention job in batches, the rest kept; InsightIQ's figures still
 * add up to what remains; other companies' data and a company without periods are left alone;
 * the periods are saved through the Company Profile route and refused there when out of range.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Answer, Question } from '@domain/survey/types';
import { DataRecord, DataSource, PredictionCall, PredictionCallMinute, PublishedSurvey, SurveyResponse, UntalliedResponse, AudienceJob } from '@bff/entities';
import { applyRetention } from '@bff/modules/retention';
import { addResponseTallies, tallySettledResponses, type TallyRow } from '@bff/modules/responses/tallies';
import { knexOf, rowsOf } from '@bff/platform/sql';
import { addPublished, question, readySurvey } from './support/surveys';
import { useWorld, type World } from './support/world';

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00.000Z');
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000);

const QUESTIONS: Question[] = [
  question('rating', 'q_rating', 'How was it?'),
  question('single-choice', 'q_colour', 'Colour?', { options: ['Red', 'Green', 'Blue'] }),
  question('checkbox', 'q_tags', 'What stood out?', { options: ['Fast', 'Friendly', 'Clean'] }),
  question('number', 'q_count', 'How many?', { settings: { min: 0, max: 100, step: 1 } }),
];
const COLOURS = ['Red', 'Green', 'Blue'];
const TAGS = ['Fast', 'Friendly', 'Clean'];

async function addEventSource(w: World, companyId: string): Promise<string> {
  const em = w.em();
  const source = em.create(DataSource, { companyId, name: 'Segment', type: 'segment', catalogueId: 'Analytics & Growth', recordKind: 'events', status: 'active', config: {}, mapping: {}, fields: [] });
  await em.flush();
  return source.id;
}

async function addEvents(w: World, companyId: string, sourceId: string, times: Array<Date | null>, importedAt = NOW): Promise<void> {
  await w.em().insertMany(
    DataRecord,
    times.map((eventTime, index) => ({
      id: randomUUID(),
      companyId,
      sourceId,
      kind: 'events' as const,
      recordKey: null,
      data: {},
      unified: {},
      importId: null,
      sourceFile: null,
      sourceType: 'segment',
      importedAt,
      recordIndex: index,
      userId: `u${index % 5}`,
      email: null,
      anonymousId: null,
      eventType: 'view',
      eventTime,
      itemId: null,
      createdAt: importedAt,
      updatedAt: importedAt,
    })),
  );
}

async function addCalls(w: World, companyId: string, times: Date[]): Promise<void> {
  await w.em().insertMany(
    PredictionCall,
    times.map((createdAt) => ({
      id: randomUUID(),
      companyId,
      apiKeyId: null,
      endpoint: 'predict' as const,
      status: 200,
      errorCode: null,
      latencyMs: 5,
      itemsServed: 3,
      zeroResults: false,
      holdout: false,
      settingsVersion: null,
      snapshotVersion: null,
      userId: 'u1',
      request: null,
      items: [],
      createdAt,
      updatedAt: createdAt,
    })),
  );
}

/** A response whose answers follow its index, so every value of every question is chosen somewhere. */
function responseRow(survey: PublishedSurvey, index: number, at: Date) {
  const complete = index % 4 !== 0;
  const answers: Record<string, Answer> = { q_rating: (index % 5) + 1, q_colour: COLOURS[index % 3]! };
  if (index % 2 === 0) answers.q_tags = [TAGS[index % 3]!, TAGS[(index + 1) % 3]!];
  if (index % 3 !== 0) answers.q_count = index % 7;
  const seconds = complete ? 20 + index : null;
  return {
    id: randomUUID(),
    companyId: survey.companyId,
    surveyId: survey.id,
    visitorId: null,
    ipAddress: `10.0.0.${index % 6}`,
    deviceType: (['desktop', 'mobile', 'tablet'] as const)[index % 3]!,
    userAgent: null,
    pageUrl: null,
    identifiers: {},
    answers,
    startedAt: at,
    completedAt: complete ? new Date(at.getTime() + seconds! * 1000) : null,
    completionTimeSeconds: seconds,
    isComplete: complete,
    writeTokenHash: 'a'.repeat(64),
    createdAt: at,
    updatedAt: at,
  };
}

/** Stores responses queued for the tally job, as the collection route would. */
async function addResponses(w: World, survey: PublishedSurvey, times: Date[], offset = 0): Promise<string[]> {
  const rows = times.map((at, index) => responseRow(survey, index + offset, at));
  const em = w.em();
  await em.insertMany(SurveyResponse, rows);
  await em.insertMany(UntalliedResponse, rows.map((row) => ({ responseId: row.id, surveyId: row.surveyId })));
  return rows.map((row) => row.id);
}

const times = (count: number, fromDaysAgo: number) => Array.from({ length: count }, (_, index) => ago(fromDaysAgo, index));

describe('retention', () => {
  const world = useWorld({ dependencies: { clock: () => NOW } });
  const count = async (w: World, table: string, companyId: string, extra = '', bindings: Array<string | number | Date> = []) =>
    Number(rowsOf<{ n: unknown }>(await knexOf(w.orm).raw(`select count(*) as n from ${table} where company_id = ?${extra}`, [companyId, ...bindings]))[0]!.n);
  const run = (w: World, batchRows?: number, refreshed: string[] = []) =>
    applyRetention({
      orm: w.orm,
      fork: w.runtime.fork,
      kind: w.config.database.kind,
      now: () => NOW,
      batchRows,
      refreshAudience: async (companyId) => {
        refreshed.push(companyId);
      },
    });

  async function addSurvey(w: World, companyId: string): Promise<PublishedSurvey> {
    return addPublished(w, companyId, { survey: { ...readySurvey(), questions: QUESTIONS }, status: 'active' });
  }

  /** What the survey's remaining responses add up to, read back with SQL: per question, answered and each value's count. */
  async function recount(w: World, surveyId: string): Promise<Map<string, TallyRow>> {
    const rows = rowsOf<{ answers: unknown; is_complete: unknown }>(await knexOf(w.orm).raw('select answers, is_complete from survey_responses where survey_id = ?', [surveyId]));
    const into = new Map<string, TallyRow>();
    for (const row of rows) {
      const answers = (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as Record<string, Answer>;
      addResponseTallies(QUESTIONS, answers, Boolean(row.is_complete), into);
    }
    return into;
  }

  /** InsightIQ's answers to every question and its totals equal a recount of the remaining responses. */
  async function expectResultsMatchRemaining(w: World, survey: PublishedSurvey) {
    const results = w.runtime.services.results;
    const remaining = await recount(w, survey.id);
    const stored = await w.em().findOneOrFail(PublishedSurvey, { id: survey.id });
    const totals = rowsOf<{ total: unknown; complete: unknown }>(
      await knexOf(w.orm).raw('select count(*) as total, sum(case when is_complete = ? then 1 else 0 end) as complete from survey_responses where survey_id = ?', [
        w.config.database.kind === 'postgresql' ? true : 1,
        survey.id,
      ]),
    )[0]!;
    const analytics = await results.analytics(stored);
    expect(analytics.totalResponses).toBe(Number(totals.total));
    expect(analytics.completedResponses).toBe(Number(totals.complete));
    for (const q of QUESTIONS) {
      const answers = await results.questionAnswers(stored, q.id, 'all', { page: 1, limit: 1 });
      const answered = [...remaining.values()].filter((row) => row.questionId === q.id && row.kind === 'answered').reduce((sum, row) => sum + row.responses, 0);
      expect(answers.pagination.total, q.id).toBe(answered);
      const chosen = new Map<string, number>();
      for (const row of remaining.values()) if (row.questionId === q.id && row.kind === 'chosen') chosen.set(row.value, (chosen.get(row.value) ?? 0) + row.responses);
      for (const { value, count: shown } of answers.counts) expect(shown, `${q.id} ${value}`).toBe(chosen.get(value) ?? 0);
    }
    // Once everything is tallied, the tally rows are exactly the recount: none left at zero, none missing.
    await tallySettledResponses({ orm: w.orm, fork: w.runtime.fork, kind: w.config.database.kind, now: () => new Date(NOW.getTime() + DAY) });
    const tallies = rowsOf<{ question_id: string; is_complete: unknown; kind: string; value: string; responses: unknown }>(
      await knexOf(w.orm).raw('select question_id, is_complete, kind, value, responses from survey_answer_tallies where survey_id = ?', [survey.id]),
    );
    const talliedNow = new Map(tallies.map((row) => [JSON.stringify([row.question_id, Boolean(row.is_complete), row.kind, row.value]), Number(row.responses)]));
    expect(talliedNow).toEqual(new Map([...remaining].map(([key, row]) => [key, row.responses])));
    const addresses = rowsOf<{ responses: unknown }>(await knexOf(w.orm).raw('select sum(responses) as responses from survey_address_tallies where survey_id = ?', [survey.id]))[0]!;
    expect(Number(addresses.responses ?? 0)).toBe(Number(totals.total));
    const days = rowsOf<{ responses: unknown }>(await knexOf(w.orm).raw('select sum(responses) as responses from survey_response_tallies where survey_id = ?', [survey.id]))[0]!;
    expect(Number(days.responses ?? 0)).toBe(Number(totals.total));
  }

  it('refuses periods out of range, naming the field, and saves valid ones', async () => {
    const w = world();
    for (const [retention, field] of [
      [{ eventsDays: 0, callLogDays: null, responsesDays: null }, 'retention.eventsDays'],
      [{ eventsDays: null, callLogDays: 3651, responsesDays: null }, 'retention.callLogDays'],
      [{ eventsDays: null, callLogDays: null, responsesDays: 1.5 }, 'retention.responsesDays'],
      [{ eventsDays: '30', callLogDays: null, responsesDays: null }, 'retention.eventsDays'],
      [{ eventsDays: null, callLogDays: null }, 'retention.responsesDays'],
      [{ eventsDays: null, callLogDays: null, responsesDays: null, logsDays: 3 }, 'retention'],
    ] as const) {
      const response = await w.http.put('/api/companies/profile').set(w.bearer('alice')).send({ retention });
      expect(response.status, JSON.stringify(retention)).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(Object.keys(response.body.fields)).toContain(field);
      expect(response.body.message).toContain(field);
    }
    const company = await w.http.get(`/api/companies/${w.companies.acme.id}`).set(w.bearer('alice'));
    expect(company.body.retention).toEqual({ eventsDays: null, callLogDays: null, responsesDays: null });
  });

  it('deletes what is older than the periods in batches, keeps the rest and what others own, and keeps the results consistent', async () => {
    const w = world();
    const acme = w.companies.acme.id;
    const globex = w.companies.globex.id;
    const kind = w.config.database.kind;

    // Acme: 23 old events (one without a time, imported long ago), 6 recent; globex: old and recent.
    const acmeSource = await addEventSource(w, acme);
    await addEvents(w, acme, acmeSource, [...times(22, 40), ...times(6, 2)]);
    await addEvents(w, acme, acmeSource, [null], ago(50));
    const globexSource = await addEventSource(w, globex);
    await addEvents(w, globex, globexSource, [...times(5, 400), ...times(2, 1)]);
    await addCalls(w, acme, [...times(16, 10), ...times(4, 1)]);
    await addCalls(w, globex, times(3, 300));
    await w.em().insertMany(PredictionCallMinute, [
      { id: randomUUID(), companyId: acme, apiKeyId: '', replicaId: randomUUID(), minute: ago(10), calls: 16, errors: 0, zeroResults: 0, itemsServed: 48, latencyHistogram: [16], latencyTotalMs: 80 },
    ]);

    // Acme's survey: old responses partly tallied and partly queued, recent ones both ways too.
    const survey = await addSurvey(w, acme);
    const oldTallied = await addResponses(w, survey, times(18, 90), 0);
    const recentTallied = await addResponses(w, survey, times(6, 5), 100);
    await tallySettledResponses({ orm: w.orm, fork: w.runtime.fork, kind, now: () => NOW });
    const oldQueued = await addResponses(w, survey, times(5, 80), 200);
    const recentQueued = await addResponses(w, survey, times(4, 3), 300);
    const globexSurvey = await addSurvey(w, globex);
    await addResponses(w, globexSurvey, times(7, 500));

    const before = {
      acmeEvents: await count(w, 'data_records', acme),
      globexEvents: await count(w, 'data_records', globex),
      acmeCalls: await count(w, 'prediction_calls', acme),
      globexCalls: await count(w, 'prediction_calls', globex),
      acmeResponses: await count(w, 'survey_responses', acme),
      globexResponses: await count(w, 'survey_responses', globex),
    };

    // No period: nothing goes.
    const idle = await run(w, 7);
    expect(idle).toEqual({ events: { rows: 0, batches: 0 }, calls: { rows: 0, batches: 0 }, responses: { rows: 0, batches: 0 } });
    expect(await count(w, 'data_records', acme)).toBe(before.acmeEvents);
    expect(await count(w, 'survey_responses', acme)).toBe(before.acmeResponses);

    const saved = await w.http
      .put('/api/companies/profile')
      .set(w.bearer('alice'))
      .send({ retention: { eventsDays: 30, callLogDays: 7, responsesDays: 60 } });
    expect(saved.status).toBe(200);
    expect(saved.body.retention).toEqual({ eventsDays: 30, callLogDays: 7, responsesDays: 60 });

    const refreshed: string[] = [];
    const purged = await run(w, 7, refreshed);
    expect(purged.events.rows).toBe(23);
    expect(purged.calls.rows).toBe(16);
    expect(purged.responses.rows).toBe(oldTallied.length + oldQueued.length);
    // Seven rows a statement: 22 timed events take four, the untimed one one more; 16 calls three; 23 responses four.
    expect(purged.events.batches).toBe(5);
    expect(purged.calls.batches).toBe(3);
    expect(purged.responses.batches).toBe(4);
    expect(refreshed).toEqual([acme]);

    expect(await count(w, 'data_records', acme)).toBe(6);
    expect(await count(w, 'data_records', acme, ' and event_time < ?', [kind === 'postgresql' ? ago(30) : ago(30).getTime()])).toBe(0);
    expect(await count(w, 'prediction_calls', acme)).toBe(4);
    expect(await count(w, 'prediction_call_minutes', acme)).toBe(1);
    const remaining = rowsOf<{ id: string }>(await knexOf(w.orm).raw('select id from survey_responses where survey_id = ?', [survey.id])).map((row) => row.id);
    expect(remaining.sort()).toEqual([...recentTallied, ...recentQueued].sort());
    const queued = await w.em().find(UntalliedResponse, { surveyId: survey.id });
    expect(queued.map((row) => row.responseId).sort()).toEqual([...recentQueued].sort());
    // The survey's collected completions stay (its end condition counts them).
    const stored = await w.em().findOneOrFail(PublishedSurvey, { id: survey.id });
    expect(stored.responseCount).toBe(0);

    // Another company's data is untouched.
    expect(await count(w, 'data_records', globex)).toBe(before.globexEvents);
    expect(await count(w, 'prediction_calls', globex)).toBe(before.globexCalls);
    expect(await count(w, 'survey_responses', globex)).toBe(before.globexResponses);

    await expectResultsMatchRemaining(w, survey);

    // Run again by the deployment's job: nothing older is left, and the audience is queued once for the events.
    const again = await run(w, 7);
    expect(again.events.rows + again.calls.rows + again.responses.rows).toBe(0);
  });

  it('runs as the deployment job, which queues an audience refresh for the company whose events went', async () => {
    const w = world();
    const globex = w.companies.globex.id;
    const source = await addEventSource(w, globex);
    await addEvents(w, globex, source, [...times(3, 20), ...times(2, 1)]);
    expect((await w.http.put('/api/companies/profile').set(w.bearer('carol')).send({ retention: { eventsDays: 10, callLogDays: null, responsesDays: null } })).status).toBe(200);
    const job = w.runtime.jobs.retention;
    job.start();
    await job.stop();
    expect(await count(w, 'data_records', globex, ' and source_id = ?', [source])).toBe(2);
    const jobs = await w.em().find(AudienceJob, { companyId: globex });
    expect(jobs.map((row) => [row.kind, row.status])).toEqual([['refresh', 'queued']]);
  });
});
