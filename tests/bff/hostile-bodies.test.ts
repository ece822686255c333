/**
 * Every JSON body is checked once, at the boundary, before any route sees it: a string holding NUL
 * or an unpaired surrogate (PostgreSQL stores neither), an object-prototype name as a key, or
 * nesting deeper than 64 levels is a 400 naming the field, never a 500 and never stored. Generated
 * from the routers like the parameter matrix, so a new route is covered at once; then the paths
 * that read bodies of their own (uploads, ingestion) and a stored answer read back.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { builtInMapping, catalogueSource, fieldSetOf } from '@domain/data/catalogue';
import { ROW_ERROR_REASONS } from '@domain/data/imports';
import { defaultSurvey } from '@domain/survey/defaults';
import { createApp } from '@bff/app';
import { DataSource, SurveyResponse } from '@bff/entities';
import { MAX_DEPTH } from '@bff/platform/storable';
import { nextAddress } from './support/responses';
import { servedRoutes } from './support/routes';
import { addPublished, question } from './support/surveys';
import { useWorld, type World } from './support/world';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Raw JSON text, so keys such as __proto__ reach the server as written. */
const HOSTILE_BODIES: Array<[label: string, json: string, code: string, field: string]> = [
  ['a NUL in a string', JSON.stringify({ name: 'a\u0000b', email: 'x@example.com' }), 'unstorable_value', 'name'],
  ['a NUL in a nested string', JSON.stringify({ survey: { questions: [{ title: 'ok' }, { title: '\u0000' }] } }), 'unstorable_value', 'survey.questions.1.title'],
  ['an unpaired surrogate', JSON.stringify({ password: 'abc\uD800' }), 'unstorable_value', 'password'],
  ['a NUL in a key', JSON.stringify({ 'a\u0000': 1 }), 'unstorable_value', 'a\u0000'],
  ['a constructor key', '{"email":"a@example.com","constructor":{"x":1}}', 'unstorable_value', 'constructor'],
  ['a toString key', '{"toString":"x"}', 'unstorable_value', 'toString'],
  ['a hasOwnProperty key', '{"settings":{"hasOwnProperty":1}}', 'unstorable_value', 'settings.hasOwnProperty'],
  // The JSON parser itself refuses this one, before any object holds it: the answer names the body.
  ['a __proto__ key', '{"mapping":{"__proto__":{"polluted":true}}}', 'unstorable_value', 'body'],
  ['10,000 levels of nesting', `{"value":${nested(10_000)}}`, 'body_too_deep', `value${'.0'.repeat(MAX_DEPTH - 1)}`],
];

describe('hostile JSON bodies', () => {
  const world = useWorld();

  it('answers 400 with a code naming the field for every hostile body on every route that reads JSON', async () => {
    const w = world();
    // DELETE bodies are never read (the JSON parser reads POST, PUT and PATCH only).
    const routes = servedRoutes(createApp(w.config, w.runtime)).filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    expect(routes.length).toBeGreaterThanOrEqual(60);
    const fill = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [label, json, code, field] of HOSTILE_BODIES) {
        const response = await w.http[route.method.toLowerCase() as 'post' | 'put' | 'patch'](fill(route.path))
          .set(w.bearer('admin'))
          .set('Content-Type', 'application/json')
          .send(json);
        // The ingestion URL reads its own body after authenticating its source: an unknown source is refused first.
        if (route.path.startsWith('/api/ingest/')) {
          if (response.status < 400 || response.status >= 500) wrong.push(`${route.key}, ${label}: ${response.status}`);
          continue;
        }
        if (response.status !== 400 || response.body.code !== code || !(field in (response.body.fields ?? {}))) {
          wrong.push(`${route.key}, ${label}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still accepts what only looks alike: emoji (paired surrogates), keys that merely contain a reserved name, 64 levels', async () => {
    const w = world();
    const login = await w.http.post('/api/auth/login').send({ email: 'nobody@example.com', password: 'pass😀word', constructorName: 'x' });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('invalid_credentials');
    let deep: unknown = 'leaf';
    for (let level = 1; level < MAX_DEPTH; level += 1) deep = [deep];
    const preferences = await w.http.put('/api/dashboard/preferences').set(w.bearer('admin')).send({ value: deep });
    expect(preferences.status).not.toBe(500);
    expect(preferences.body.code).not.toBe('body_too_deep');
  });

  it('refuses a NUL in an anonymous widget answer, and the survey’s answers stay readable', async () => {
    const w = world();
    const survey = await addPublished(w, w.companies.acme.id, {
      status: 'active',
      startedAt: new Date(Date.now() - 60_000),
      survey: { ...defaultSurvey(), title: 'Feedback', questions: [question('text', 'q_text', 'Anything else?')] },
    });
    const address = { 'X-Forwarded-For': nextAddress() };
    const refused = await w.http.post(`/api/public/surveys/${survey.id}/responses`).set(address).send({ answers: { q_text: 'a\u0000b' }, complete: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'unstorable_value', fields: { 'answers.q_text': expect.any(String) } });
    expect(await w.em().count(SurveyResponse, { surveyId: survey.id })).toBe(0);

    const stored = await w.http.post(`/api/public/surveys/${survey.id}/responses`).set(address).send({ answers: { q_text: 'a b' }, complete: false });
    expect(stored.body).toMatchObject({ id: expect.any(String) });
    expect(stored.status).toBe(201);
    const answers = await w.http.get(`/api/surveys/${survey.id}/questions/q_text/answers`).set(w.bearer('admin'));
    expect(answers.status).toBe(200);
  });
});

describe('bodies read by their own routes', () => {
  const world = useWorld();

  async function webhookSource(w: World) {
    const em = w.em();
    const catalogue = catalogueSource('webhook')!;
    const source = em.create(DataSource, {
      companyId: w.companies.acme.id,
      name: `${catalogue.name} ${randomUUID().slice(0, 8)}`,
      description: null,
      type: catalogue.category,
      catalogueId: 'webhook',
      status: 'active',
      config: {},
      credentials: null,
      recordKind: catalogue.recordKind,
      fields: fieldSetOf('webhook').map((field) => field.name),
      mapping: builtInMapping('webhook'),
      createdById: null,
    });
    await em.flush();
    const secret = await w.http.post(`/api/data-sources/${source.id}/ingest-secret`).set(w.bearer('admin'));
    expect(secret.status).toBe(200);
    return { id: source.id, secret: secret.body.secret as string };
  }

  it('stores the good records of a pushed delivery and reports each hostile one by its position', async () => {
    const w = world();
    const source = await webhookSource(w);
    const event = (user: string, extra = '') => `{"user_id":"${user}","event_type":"view","timestamp":"2026-11-20T10:00:00Z"${extra}}`;
    const delivery = `[${[
      event('u1'),
      event('u2', ',"note":"a\\u0000b"'),
      event('u3', ',"__proto__":{"x":1}'),
      event('u4', `,"deep":${nested(10_000)}`),
      event('u5'),
    ].join(',')}]`;
    const response = await w.http.post(`/api/ingest/${source.id}`).set('Authorization', `Bearer ${source.secret}`).set('Content-Type', 'application/json').send(delivery);
    expect(response.status).toBe(200);
    expect(response.body.accepted).toBe(2);
    expect(response.body.rejected.map((item: { index: number }) => item.index)).toEqual([1, 2, 3]);
    expect(response.body.rejected[0].error).toMatch(/cannot be stored/);
    const stored = await w.em().findOneOrFail(DataSource, { id: source.id });
    expect(stored.fields).not.toContain('__proto__');
    expect(stored.fields).not.toContain('deep');
    expect((await w.http.get('/api/data-sources').set(w.bearer('admin'))).status).toBe(200);
  });

  it('reports an imported row holding NUL or a reserved key and stores the rest', async () => {
    const w = world();
    const options = JSON.stringify({ companyId: w.companies.acme.id, recordKind: 'people', mapping: { customer_id: 'user_id', email: 'email', name: 'name' }, keyColumn: 'customer_id', skipInvalid: true });
    const send = (name: string, content: string) => w.http.post('/api/data-sources/import').set(w.bearer('admin')).field('options', options).attach('file', Buffer.from(content), name);

    // A text file holding a NUL byte is binary, and refused whole before it is parsed.
    const binary = await send('people.csv', 'customer_id,email,name\nC-1,a@example.com,A\u0000n\n');
    expect(binary.status).toBe(400);
    expect(binary.body.message).toMatch(/binary data/);

    // In JSON a NUL is an escape the file's text check cannot see: the row is reported and skipped.
    const json = await send(
      'people.json',
      '[{"customer_id":"J-1","email":"j1@example.com","name":"Jo"},{"customer_id":"J-2","email":"j2@example.com","name":"B\\u0000b"},{"customer_id":"J-3","email":"j3@example.com","name":{"__proto__":{"x":1}}},{"customer_id":"J-4","email":"j4@example.com","name":"Di"}]',
    );
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ totalRows: 4, added: 2, skipped: 2, invalidRows: 2 });
    expect(json.body.errors).toEqual([
      { row: 2, field: 'name', value: '', reason: ROW_ERROR_REASONS.unstorable },
      { row: 3, field: 'name', value: '', reason: ROW_ERROR_REASONS.unstorable },
    ]);

    const header = await send('header.csv', 'customer_id,email,constructor\nC-9,z@example.com,x\n');
    expect(header.status).toBe(400);
    expect(header.body.message).toMatch(/"constructor"\) cannot be a column name/);
  });

  it('refuses a hostile upload field and import options with a 400 naming the field', async () => {
    const w = world();
    const csv = Buffer.from('email,name\na@example.com,Ann\n');
    const mapping = await w.http
      .post('/api/data-sources/import')
      .set(w.bearer('admin'))
      .field('options', `{"recordKind":"people","companyId":"${w.companies.acme.id}","mapping":{"__proto__":"email"}}`)
      .attach('file', csv, 'people.csv');
    expect(mapping.status).toBe(400);
    expect(mapping.body).toMatchObject({ code: 'unstorable_value', fields: { 'options.mapping.__proto__': expect.any(String) } });

    const field = await w.http.post('/api/data-sources/import').set(w.bearer('admin')).field('companyId', 'a\u0000').attach('file', csv, 'people.csv');
    expect(field.status).toBe(400);
    expect(field.body).toMatchObject({ code: 'unstorable_value', fields: { companyId: expect.any(String) } });
  });
});
