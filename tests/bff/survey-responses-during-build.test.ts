/**
 * Nothing a respondent sends is lost while an audience rebuild writes. The build runs as on the
 * server: in its worker thread, over its own database connection, writing its new generation in
 * batches. From its first committed batch until it switches to the new generation, respondents
 * keep starting, answering and completing responses through the public API; every request must
 * be answered with success and every response stored complete, the survey's counts exact.
 *
 * On SQLite this is where the embedded database's single write lock is contended: before the
 * server's transactions began IMMEDIATE and so waited for the lock (bff/mikro-orm.config.ts), with
 * the retry of a busy transaction as a last resort (bff/platform/busyDatabase.ts), requests that
 * read and then wrote met SQLITE_BUSY and answered 500. No sleeps: the respondents start on the
 * build's first batch and stop on its switch.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DataRecord, DataSource, SurveyResponse } from '@bff/entities';
import { startBuildWorker, WorkerAudienceBuilder } from '@bff/modules/audience/builder';
import { isBusy, retryWhenBusy } from '@bff/platform/busyDatabase';
import { countCompletions } from '@bff/modules/responses';
import { nextAddress } from './support/responses';
import { addPublished, question, readySurvey } from './support/surveys';
import { useWorld, type World } from './support/world';

/**
 * People of the company: as many profiles, twice as many identifiers (user id and e-mail), so the
 * build writes many batches. With this many and LANES, the test failed on every run without the
 * fix (2 to 5 respondents with a 500 each time); with 6,000 people and 6 lanes one run in seven
 * still passed without it.
 */
const PEOPLE = 10_000;
/** Respondents answering at once, each one response after another: the server always has a transaction waiting. */
const LANES = 8;
/** A bound on the responses, should the build run long on a slow machine. */
const MAX_RESPONSES = 240;

async function addPeople(w: World, companyId: string, count: number): Promise<void> {
  const em = w.em();
  const source = em.create(DataSource, {
    companyId, name: 'customers.csv', type: 'File Upload', catalogueId: 'csv-upload', recordKind: 'people', status: 'active', config: {}, mapping: {}, fields: [],
  });
  const importedAt = new Date();
  for (let index = 0; index < count; index++) {
    const userId = `person-${index}`;
    const email = `person-${index}@example.test`;
    em.create(DataRecord, {
      companyId, sourceId: source.id, kind: 'people', recordKey: userId, data: { user_id: userId, email }, unified: { user_id: userId, email, name: `Person ${index}` },
      sourceType: 'csv', importedAt, recordIndex: index, userId, email,
    });
  }
  await em.flush();
}

/** An uncapped survey, and one capped far above what the test sends (its completions take the survey's row lock). */
async function surveysOf(w: World, companyId: string) {
  const survey = readySurvey({ questions: [question('rating', 'q_rating', 'How was your visit?', { required: true }), question('text', 'q_note', 'Anything else?')] });
  const details = { survey, status: 'active' as const, startedAt: new Date() };
  return [await addPublished(w, companyId, details), await addPublished(w, companyId, { ...details, endCondition: { type: 'responses', value: 100_000 } })];
}

type Outcome = { surveyId: string; id: string | null; statuses: number[] };

describe('survey responses during an audience rebuild', () => {
  // Every respondent comes from its own address; the survey allowance is above what the lanes send.
  const world = useWorld({ env: { PUBLIC_SURVEY_RATE_LIMIT: '100000' } });

  /** One respondent: a response started and completed at once, or started, answered and completed in three calls. */
  async function respond(w: World, surveyId: string, index: number): Promise<Outcome> {
    const address = { 'X-Forwarded-For': nextAddress() };
    const statuses: number[] = [];
    if (index % 3 === 0) {
      const started = await w.http.post(`/api/public/surveys/${surveyId}/responses`).set(address).send({ answers: { q_rating: 5, q_note: `note ${index}` }, complete: true });
      statuses.push(started.status);
      return { surveyId, id: (started.body as { id?: string }).id ?? null, statuses };
    }
    const started = await w.http.post(`/api/public/surveys/${surveyId}/responses`).set(address).send({ answers: { q_rating: 4 }, complete: false });
    statuses.push(started.status);
    const { id, token } = started.body as { id?: string; token?: string };
    if (!id || !token) return { surveyId, id: null, statuses };
    const answered = await w.http.patch(`/api/public/responses/${id}`).set(address).send({ token, answers: { q_note: `note ${index}` }, complete: false });
    statuses.push(answered.status);
    const completed = await w.http.patch(`/api/public/responses/${id}`).set(address).send({ token, answers: {}, complete: true });
    statuses.push(completed.status);
    return { surveyId, id, statuses };
  }

  it('stores every response started, answered and completed while the build writes its batches', async () => {
    const w = world();
    const company = await w.addCompany();
    await addPeople(w, company.id, PEOPLE);
    const surveys = await surveysOf(w, company.id);

    const builder = new WorkerAudienceBuilder(w.config.database, pino({ level: 'silent' }), (database) => startBuildWorker(database, w.config.audience.buildMemoryMb));
    let firstBatch!: () => void;
    const writing = new Promise<void>((resolve) => (firstBatch = resolve));
    let responding = false;
    let batchesWhileResponding = 0;
    let switched = false;
    const build = builder
      .build({
        companyId: company.id,
        now: new Date(),
        maxProfilesPerMerge: 5,
        onProgress: () => undefined,
        onBatch: () => {
          if (responding) batchesWhileResponding++;
          firstBatch();
        },
      })
      .finally(() => {
        switched = true;
      });

    const outcomes: Outcome[] = [];
    try {
      // A build that failed before writing fails the test here rather than leaving it waiting.
      await Promise.race([writing, build]);
      responding = true;
      let next = 0;
      const lane = async () => {
        while (!switched && next < MAX_RESPONSES) {
          const index = next++;
          outcomes.push(await respond(w, surveys[index % surveys.length]!.id, index));
        }
      };
      await Promise.all(Array.from({ length: LANES }, lane));
      responding = false;
      const result = await build;
      expect(result.profiles).toBe(PEOPLE);
    } finally {
      await builder.stop();
    }

    // The respondents met the build's writes: batches were committed while they were answering.
    expect(batchesWhileResponding).toBeGreaterThan(0);
    expect(outcomes.length).toBeGreaterThanOrEqual(LANES);
    const failed = outcomes.filter((outcome) => outcome.statuses.some((status) => status >= 300));
    expect(failed.map((outcome) => outcome.statuses), 'requests answered with a failure').toEqual([]);

    const em = w.em();
    const stored = await em.find(SurveyResponse, { companyId: company.id });
    expect(stored).toHaveLength(outcomes.length);
    expect(stored.every((response) => response.isComplete && response.completedAt !== null)).toBe(true);
    const byId = new Map(stored.map((response) => [response.id, response]));
    for (const [index, outcome] of outcomes.entries()) {
      const response = byId.get(outcome.id!);
      expect(response, `response ${index}`).toBeDefined();
      expect(response!.surveyId).toBe(outcome.surveyId);
    }
    expect(new Set(stored.map((response) => (response.answers as { q_note?: string }).q_note)).size).toBe(outcomes.length);
    for (const survey of surveys) {
      const completed = outcomes.filter((outcome) => outcome.surveyId === survey.id).length;
      expect(await countCompletions(em, survey.id), survey.name).toBe(completed);
      expect(await em.count(SurveyResponse, { surveyId: survey.id, isComplete: true })).toBe(completed);
    }
  });
});

describe('a busy database', () => {
  const busy = (code: string) => Object.assign(new Error('database is locked'), { code });

  it('recognises the busy errors by their code, not their message', () => {
    expect(isBusy(busy('SQLITE_BUSY'))).toBe(true);
    expect(isBusy(busy('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    // PostgreSQL: a deadlock or a serialization failure, which the engine asks to retry.
    expect(isBusy(busy('40P01'))).toBe(true);
    expect(isBusy(busy('40001'))).toBe(true);
    expect(isBusy(busy('SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(isBusy(new Error('database is locked'))).toBe(false);
    expect(isBusy(Object.assign(new Error('wrapped'), { cause: busy('SQLITE_BUSY') }))).toBe(true);
  });

  it('runs the work again after a busy error, a bounded number of times, and never after another failure', async () => {
    let calls = 0;
    await expect(
      retryWhenBusy(async () => {
        calls++;
        if (calls < 3) throw busy('SQLITE_BUSY');
        return 'stored';
      }, { attempts: 5, backoffMs: 0 }),
    ).resolves.toBe('stored');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryWhenBusy(async () => {
        calls++;
        throw busy('SQLITE_BUSY');
      }, { attempts: 4, backoffMs: 0 }),
    ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(calls).toBe(4);

    calls = 0;
    await expect(
      retryWhenBusy(async () => {
        calls++;
        throw new Error('This survey is not accepting responses.');
      }, { attempts: 4, backoffMs: 0 }),
    ).rejects.toThrow('not accepting');
    expect(calls).toBe(1);
  });
});
