/**
 * One write path for survey responses: the start path's insert binds a column for every stored
 * property of the SurveyResponse entity, by the column map read from the ORM's metadata
 * (bff/modules/responses/columns.ts), and the continuation writes through the ORM over the same
 * metadata. A property added to the entity and left out of the start path fails here (and in the
 * types), instead of being stored silently as its column's default.
 */
import { ReferenceKind } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { SurveyResponse } from '@bff/entities';
import { responseColumns, responseRow, type ResponseValues } from '@bff/modules/responses';
import { addressHashKey, storedAddress } from '@bff/platform/clientAddress';
import { knexOf } from '@bff/platform/sql';
import { hashSecret } from '@bff/platform/secrets';
import { addPublished, question, readySurvey } from './support/surveys';
import { useWorld, type World } from './support/world';

const NOW = new Date('2026-07-01T09:30:00.000Z');
const LATER = new Date(NOW.getTime() + 95_000);
let now = NOW;

/** Every stored property of a response, none of them null. */
const VALUES: ResponseValues = {
  id: '0b5e8e0e-6d3c-4a51-9b8e-8f0f8a3c2d11',
  createdAt: NOW,
  updatedAt: NOW,
  companyId: '5a0f0c55-1d55-4c0a-8d43-1c1f4f8f2b10',
  surveyId: '7c7a3e64-0b0a-4e55-9a4c-2a9b2e3b6f21',
  visitorId: 'visitor-1',
  ipAddress: '203.0.113.0',
  deviceType: 'mobile',
  userAgent: 'Mozilla/5.0 (iPhone)',
  pageUrl: 'https://shop.example/checkout',
  identifiers: { user_email: 'ada@shop.example' },
  answers: { q_rating: 4 },
  startedAt: NOW,
  completedAt: LATER,
  completionTimeSeconds: 95,
  isComplete: true,
  writeTokenHash: hashSecret('token'),
};

describe('survey response writes', () => {
  const world = useWorld({ dependencies: { clock: () => new Date(now) } });

  const storedProperties = (w: World) =>
    w.orm
      .getMetadata()
      .get(SurveyResponse.meta.className)
      .props.filter((property) => property.persist !== false && (property.kind === ReferenceKind.SCALAR || property.kind === ReferenceKind.MANY_TO_ONE));

  it("binds a column for every stored property of the entity, and the table has no other column", async () => {
    const w = world();
    const columns = responseColumns(w.orm.getMetadata());
    expect(columns.map((column) => column.property).sort()).toEqual(storedProperties(w).map((property) => property.name).sort());
    expect(columns.map((column) => column.column).sort()).toEqual(storedProperties(w).map((property) => property.fieldNames[0]).sort());
    const table = Object.keys(await knexOf(w.orm)('survey_responses').columnInfo());
    expect(table.sort()).toEqual(columns.map((column) => column.column).sort());
  });

  it('refuses a new response that leaves any stored property out, naming it', () => {
    const w = world();
    const columns = responseColumns(w.orm.getMetadata());
    const row = responseRow(columns, w.config.database.kind, VALUES);
    expect(Object.keys(row).sort()).toEqual(columns.map((column) => column.column).sort());
    expect(Object.values(row).some((value) => value === undefined || value === null)).toBe(false);
    for (const { property } of columns) {
      const without: Partial<ResponseValues> = { ...VALUES };
      delete without[property];
      expect(() => responseRow(columns, w.config.database.kind, without as ResponseValues), property).toThrow(property);
    }
    // @ts-expect-error A new response names every stored property of the entity.
    const partial: ResponseValues = { id: VALUES.id, answers: {} };
    expect(partial.id).toBe(VALUES.id);
  });

  it('stores every column of a response started, on a survey with and without a cap, and continued through the ORM', async () => {
    const w = world();
    now = NOW;
    const survey = readySurvey({ questions: [question('rating', 'q_rating', 'How was your visit?'), question('text', 'q_why', 'Why?')] });
    const open = await addPublished(w, w.companies.acme.id, { survey, status: 'active', startedAt: NOW });
    const capped = await addPublished(w, w.companies.acme.id, { survey, status: 'active', startedAt: NOW, endCondition: { type: 'responses', value: 10 } });
    const ip = '203.0.113.77';
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';
    const start = (surveyId: string, complete: boolean) =>
      w.http
        .post(`/api/public/surveys/${surveyId}/responses`)
        .set('X-Forwarded-For', ip)
        .set('User-Agent', userAgent)
        .send({ visitorId: 'visitor-7', answers: { q_rating: 4 }, identifiers: { user_email: 'ada@shop.example' }, deviceType: 'mobile', pageUrl: 'https://shop.example/cart', complete });
    const stored = (id: string) => w.em().fork().findOneOrFail(SurveyResponse, { id });
    const asStarted = (surveyId: string, complete: boolean) => ({
      companyId: w.companies.acme.id,
      surveyId,
      visitorId: 'visitor-7',
      ipAddress: storedAddress(ip, 'truncated', addressHashKey(w.config.credentialsKey)),
      deviceType: 'mobile',
      userAgent,
      pageUrl: 'https://shop.example/cart',
      identifiers: { user_email: 'ada@shop.example' },
      answers: { q_rating: 4 },
      startedAt: NOW,
      completedAt: complete ? NOW : null,
      completionTimeSeconds: complete ? 0 : null,
      isComplete: complete,
      createdAt: NOW,
      updatedAt: NOW,
    });

    for (const [surveyId, complete] of [[open.id, false], [open.id, true], [capped.id, false], [capped.id, true]] as const) {
      const started = await start(surveyId, complete);
      expect(started.status, `${surveyId === capped.id ? 'capped' : 'open'}, complete ${complete}`).toBe(201);
      const response = await stored(started.body.id);
      expect(response).toMatchObject({ id: started.body.id, ...asStarted(surveyId, complete) });
      expect(response.writeTokenHash).toBe(hashSecret(started.body.token));
    }

    // Continued and completed 42 seconds later: the ORM writes the changed columns over the same metadata.
    now = LATER;
    const started = await start(open.id, false);
    expect(started.status).toBe(201);
    const completedAt = new Date(LATER.getTime() + 42_000);
    now = completedAt;
    const continued = await w.http.patch(`/api/public/responses/${started.body.id}`).set('X-Forwarded-For', ip).send({ token: started.body.token, answers: { q_why: 'Quick checkout' }, complete: true });
    expect(continued.status).toBe(200);
    // updatedAt is the ORM's own (the wall clock's), not the server clock the tests set.
    const { updatedAt: _updatedAt, ...rest } = asStarted(open.id, false);
    expect(await stored(started.body.id)).toMatchObject({
      ...rest,
      startedAt: LATER,
      createdAt: LATER,
      answers: { q_rating: 4, q_why: 'Quick checkout' },
      completedAt,
      completionTimeSeconds: 42,
      isComplete: true,
    });
  });
});
