/**
 * The Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header) on the widget's response
 * writes and on POST /api/v1/events: the same key and body answered again as the first time and
 * stored once, another body refused 422, a key still being answered refused 409, an invalid key
 * 400, keys scoped to their survey, response or company, and a request without the header as
 * before. The key is written with the write, in its transaction.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { DataRecord, IdempotencyKey, PublishedSurvey, SurveyResponse } from '@bff/entities';
import { catalogueEvents } from './support/prediction';
import { nextAddress } from './support/responses';
import { addPublished } from './support/surveys';
import { countTurns, holdWriteLock } from './support/writeLock';
import { useWorld, type World } from './support/world';

describe('idempotency keys', () => {
  const world = useWorld({ env: { PUBLIC_SURVEY_RATE_LIMIT: '500' } });

  const running = (w: World, companyId: string, details: Partial<PublishedSurvey> = {}) =>
    addPublished(w, companyId, { status: 'active', startedAt: new Date(), ...details });
  const start = (w: World, surveyId: string, body: object, key?: string) => {
    const request = w.http.post(`/api/public/surveys/${surveyId}/responses`).set('X-Forwarded-For', nextAddress());
    return (key === undefined ? request : request.set('Idempotency-Key', key)).send(body);
  };
  const patch = (w: World, responseId: string, body: object, key?: string) => {
    const request = w.http.patch(`/api/public/responses/${responseId}`).set('X-Forwarded-For', nextAddress());
    return (key === undefined ? request : request.set('Idempotency-Key', key)).send(body);
  };
  const responsesOf = (w: World, surveyId: string) => w.em().fork().count(SurveyResponse, { surveyId });
  const keyRows = (w: World) => w.em().fork().count(IdempotencyKey, {});
  /** A key as the draft sends it: a structured-field string. */
  const quoted = (key: string) => `"${key}"`;

  describe('a started response', () => {
    it('answers a retry with the same key and body as the first time, and stores one response', async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await running(w, company.id);
      const key = randomUUID();
      const body = { answers: { q_rating: 4 }, complete: false };

      const first = await start(w, survey.id, body, quoted(key));
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await start(w, survey.id, body, quoted(key));
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // A bare key (not a structured-field string) is the same key.
      expect((await start(w, survey.id, body, key)).body).toEqual(first.body);
      expect(await responsesOf(w, survey.id)).toBe(1);

      // The replayed token continues the response.
      const continued = await patch(w, first.body.id, { token: again.body.token, answers: { q_rating: 5 }, complete: true });
      expect(continued.status).toBe(200);
      // The answer kept with the key does not show the write token in clear.
      const stored = await w.em().fork().findOneOrFail(IdempotencyKey, { route: 'public.responses.start' }, { orderBy: { createdAt: 'desc' } });
      expect(stored.body).not.toContain(first.body.token);
    });

    it('refuses the same key with another body (422), and stores nothing for it', async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await running(w, company.id);
      const key = quoted(randomUUID());
      expect((await start(w, survey.id, { answers: { q_rating: 4 }, complete: false }, key)).status).toBe(201);

      const other = await start(w, survey.id, { answers: { q_rating: 2 }, complete: false }, key);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'idempotency_key_reused', error: 'Idempotency-Key already used' });
      expect(await responsesOf(w, survey.id)).toBe(1);
    });

    it('scopes a key to its survey: the same key starts a response on another survey', async () => {
      const w = world();
      const company = await w.addCompany();
      const [one, two] = [await running(w, company.id), await running(w, company.id)];
      const key = quoted(randomUUID());
      const body = { answers: { q_rating: 4 }, complete: false };
      const first = await start(w, one.id, body, key);
      const second = await start(w, two.id, body, key);
      expect(second.status).toBe(201);
      expect(second.body.id).not.toBe(first.body.id);
      expect(await responsesOf(w, two.id)).toBe(1);
    });

    it('refuses an invalid key (400, naming the header) and stores nothing', async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await running(w, company.id);
      const rowsBefore = await keyRows(w);
      for (const key of ['""', 'x'.repeat(256), 'naïve-key']) {
        const refused = await start(w, survey.id, { answers: { q_rating: 4 }, complete: false }, key);
        expect(refused.status, key).toBe(400);
        expect(refused.body).toMatchObject({ code: 'idempotency_key_invalid', fields: { 'Idempotency-Key': expect.stringContaining('255') } });
      }
      expect(await responsesOf(w, survey.id)).toBe(0);
      expect(await keyRows(w)).toBe(rowsBefore);
    });

    it('without the header, stores every request as before and keeps no key', async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await running(w, company.id);
      const rowsBefore = await keyRows(w);
      const body = { answers: { q_rating: 4 }, complete: true };
      const [first, second] = [await start(w, survey.id, body), await start(w, survey.id, body)];
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(first.body.id).not.toBe(second.body.id);
      expect(await responsesOf(w, survey.id)).toBe(2);
      expect(await keyRows(w)).toBe(rowsBefore);
    });

    it("counts a capped survey's keyed completion once", async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await running(w, company.id, { endCondition: { type: 'responses', value: 2 } });
      const key = quoted(randomUUID());
      const body = { answers: { q_rating: 4 }, complete: true };
      const first = await start(w, survey.id, body, key);
      expect((await start(w, survey.id, body, key)).body).toEqual(first.body);
      expect((await w.em().fork().findOneOrFail(PublishedSurvey, survey.id)).responseCount).toBe(1);
      expect(await responsesOf(w, survey.id)).toBe(1);
    });

    it('refuses a request whose key is still being answered (409), then answers it from the first', async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await running(w, company.id);
      const key = quoted(randomUUID());
      const body = { answers: { q_rating: 4 }, complete: false };
      // Another writer holds the lock the insert needs: the first request waits in flight.
      const release = await holdWriteLock(w, 'survey_responses');
      let first: Promise<{ status: number; body: { id: string } }>;
      try {
        first = start(w, survey.id, body, key).then((answer) => answer);
        await waitUntilWaiting(w);
        const meanwhile = await start(w, survey.id, body, key);
        expect(meanwhile.status).toBe(409);
        expect(meanwhile.body).toMatchObject({ code: 'idempotency_key_in_flight' });
      } finally {
        await release();
      }
      const answered = await first;
      expect(answered.status).toBe(201);
      expect((await start(w, survey.id, body, key)).body).toEqual(answered.body);
      expect(await responsesOf(w, survey.id)).toBe(1);
    });
  });

  describe('a continued response', () => {
    it('answers a retried completion as the first time, where it would otherwise be refused as complete', async () => {
      const w = world();
      const company = await w.addCompany();
      const survey = await running(w, company.id);
      const started = (await start(w, survey.id, { answers: { q_rating: 4 }, complete: false })).body as { id: string; token: string };
      const key = quoted(randomUUID());
      const body = { token: started.token, answers: { q_rating: 5 }, complete: true };

      const first = await patch(w, started.id, body, key);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: started.id, isComplete: true });
      const again = await patch(w, started.id, body, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // Without the key the same retry meets the completed response.
      expect((await patch(w, started.id, body)).body).toMatchObject({ code: 'response_complete' });
      expect((await patch(w, started.id, { ...body, answers: { q_rating: 1 } }, key)).status).toBe(422);
      expect((await w.em().fork().findOneOrFail(SurveyResponse, started.id)).answers).toEqual({ q_rating: 5 });
    });
  });

  describe('prediction events', () => {
    it('answers a resent batch from its key, refuses the key with another batch, and scopes keys per company', async () => {
      const w = world();
      const [company, other] = [await w.addCompany(), await w.addCompany()];
      const { header } = await w.addApiKey(company.id, { scopes: ['write'] });
      const { header: otherHeader } = await w.addApiKey(other.id, { scopes: ['write'] });
      const events = catalogueEvents().slice(0, 3);
      const key = quoted(randomUUID());
      const send = (apiKey: Record<string, string>, body: object, idempotencyKey = key) =>
        w.http.post('/api/v1/events').set(apiKey).set('Idempotency-Key', idempotencyKey).send(body);

      const first = await send(header, { events });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ received: 3, stored: 3, duplicates: 0 });
      // The first answer, not a second count of the same events as duplicates.
      const again = await send(header, { events });
      expect(again.body).toEqual({ received: 3, stored: 3, duplicates: 0 });
      expect(again.headers['idempotent-replayed']).toBe('true');

      const otherBatch = await send(header, { events: events.slice(0, 1) });
      expect(otherBatch.status).toBe(422);
      expect(otherBatch.body).toMatchObject({ code: 'idempotency_key_reused' });
      expect((await send(header, { events }, 'x'.repeat(256))).body).toMatchObject({ code: 'idempotency_key_invalid' });

      // Another company's same key is its own.
      expect((await send(otherHeader, { events })).body).toEqual({ received: 3, stored: 3, duplicates: 0 });
      expect(await w.em().fork().count(DataRecord, { companyId: company.id, kind: 'events' })).toBe(3);
    });
  });

  /**
   * Until a request waits on the held lock: on PostgreSQL its backend shows waiting; on SQLite the
   * server's transaction tries for the write lock off the event loop, so the loop turns meanwhile.
   */
  async function waitUntilWaiting(w: World): Promise<void> {
    const database = w.config.database;
    if (database.kind === 'sqlite') {
      const turns = countTurns();
      await turns.turned(50);
      turns.stop();
      return;
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await client.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
          expect(rows.length).toBeGreaterThan(0);
        },
        { timeout: 5000, interval: 5 },
      );
    } finally {
      await client.end();
    }
  }
});
