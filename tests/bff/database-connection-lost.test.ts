/**
 * A lost database connection (pg_terminate_backend, as a failover or a restarted server does) is
 * never a 500: the widget's answer is written again once on a new connection, and a second loss
 * is answered 503 with Retry-After and a code. PostgreSQL only: SQLite has no connection to lose.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublishedSurvey, SurveyResponse } from '@bff/entities';
import { retryWhenBusy } from '@bff/platform/busyDatabase';
import { nextAddress } from './support/responses';
import { addPublished } from './support/surveys';
import { holdWriteLock } from './support/writeLock';
import { useWorld, type World } from './support/world';

/**
 * The responses stored for a survey, read the way the product reads after a lost connection: the
 * pool may still hold the connection the test just terminated, so a lost connection is tried again
 * after the product's pause.
 */
const storedResponses = (w: World, surveyId: string) => retryWhenBusy(() => w.em().fork().count(SurveyResponse, { surveyId }));

describe('a lost database connection', () => {
  const world = useWorld({ env: { PUBLIC_SURVEY_RATE_LIMIT: '500' } });
  /** The test's own connection, to watch and end the server's. */
  let admin: pg.Client;

  beforeAll(async () => {
    const database = world().config.database;
    if (database.kind !== 'postgresql') throw new Error('These tests run on PostgreSQL');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });

  const running = async (w: World): Promise<PublishedSurvey> => addPublished(w, (await w.addCompany()).id, { status: 'active', startedAt: new Date() });
  const start = (w: World, surveyId: string) =>
    w.http.post(`/api/public/surveys/${surveyId}/responses`).set('X-Forwarded-For', nextAddress()).send({ answers: { q_rating: 4 }, complete: true });

  /** Ends the connection of the request waiting on the held lock, once it waits. */
  async function terminateWaiting(): Promise<void> {
    const pid = await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        expect(rows).toHaveLength(1);
        return rows[0]!.pid;
      },
      { timeout: 5000, interval: 5 },
    );
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [pid]);
    expect(rows[0]!.ended).toBe(true);
  }

  it("writes an answer again on a new connection when its connection is terminated mid-request", async () => {
    const w = world();
    const survey = await running(w);
    const release = await holdWriteLock(w, 'survey_responses');
    let answer: Promise<{ status: number; body: { id: string } }>;
    try {
      answer = start(w, survey.id).then((response) => response);
      await terminateWaiting();
    } finally {
      await release();
    }
    const answered = await answer;
    expect(answered.status).toBe(201);
    expect(await storedResponses(w, survey.id)).toBe(1);
  });

  it('answers 503 with Retry-After and a code when the second connection is lost too, writing nothing', async () => {
    const w = world();
    const survey = await running(w);
    const release = await holdWriteLock(w, 'survey_responses');
    let answer: Promise<{ status: number; body: unknown; headers: Record<string, string> }>;
    try {
      answer = start(w, survey.id).then((response) => response);
      await terminateWaiting();
      // The second try waits on the same lock.
      await terminateWaiting();
    } finally {
      await release();
    }
    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ code: 'database_unavailable', error: 'Service temporarily unavailable' });
    expect(await storedResponses(w, survey.id)).toBe(0);
  });

  it("answers every request after the server's idle connections are terminated, never 500", async () => {
    const w = world();
    const survey = await running(w);
    // Every connection of the server's pool, warm and idle.
    await Promise.all(Array.from({ length: 8 }, () => start(w, survey.id)));
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'",
    );
    expect(rows.length).toBeGreaterThan(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(w, survey.id)));
    for (const answer of answers) {
      if (answer.status === 503) expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      else expect(answer.status).toBe(201);
    }
    const written = answers.filter((answer) => answer.status === 201).length;
    expect(await storedResponses(w, survey.id)).toBe(8 + written);
  });
});
