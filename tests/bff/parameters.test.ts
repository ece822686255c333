/**
 * Every path and query parameter of every route is checked at the boundary: a NUL byte, an
 * over-long value or a value of the wrong shape is a 400 with a code, never a database error.
 * Generated from the routers, like the tenant-isolation matrix, so a new route is covered at once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApp } from '@bff/app';
import { servedRoutes, type ServedRoute } from './support/routes';
import { useWorld, type World } from './support/world';

/** Well-formed values, for the parameters a case does not spoil. */
const VALID: Record<string, () => string> = { id: randomUUID, fileId: () => 'A'.repeat(32), token: () => 'a-well-formed-token', questionId: () => 'q_rating', categoryId: () => 'high-value', categoryKind: () => 'category', categoryRef: () => 'premium', segmentCall: () => 'track' };
const BAD_VALUES: Array<[label: string, value: string]> = [
  ['a NUL byte', `${randomUUID()}\0`],
  ['an over-long value', 'a'.repeat(1_000)],
  ['a malformed value', '../../etc/passwd'],
  ['quotes and spaces', "x' or '1'='1"],
];
/**
 * Query parameters of free text (a search, a person's identifier, an actor's id or e-mail): any
 * characters are fine there, but not NUL bytes or any length.
 */
const FREE_TEXT_QUERY = new Set(['search', 'value', 'actor']);
const FREE_TEXT_BAD_VALUES = BAD_VALUES.filter(([label]) => label === 'a NUL byte' || label === 'an over-long value');

interface Case {
  route: ServedRoute;
  label: string;
  path: string;
  query?: string;
  /** The parameter the answer must name. */
  field: string;
}

function casesFor(route: ServedRoute): Case[] {
  const rules = route.stack[1]?.rules ?? { params: [], query: [] };
  const fill = (spoiled: string | null, value: string) =>
    route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(name === spoiled ? value : VALID[name]()));
  const cases: Case[] = [];
  for (const param of rules.params) {
    for (const [label, value] of BAD_VALUES) cases.push({ route, label: `path parameter ${param} with ${label}`, path: fill(param, value), field: param });
  }
  for (const key of rules.query) {
    for (const [label, value] of FREE_TEXT_QUERY.has(key) ? FREE_TEXT_BAD_VALUES : BAD_VALUES) {
      cases.push({ route, label: `query ${key} with ${label}`, path: fill(null, ''), query: `${key}=${encodeURIComponent(value)}`, field: key });
    }
    cases.push({ route, label: `query ${key} given twice`, path: fill(null, ''), query: `${key}=all&${key}=all`, field: key });
  }
  return cases;
}

async function send(world: World, { route, path, query }: Case, apiKey: { 'X-API-Key': string }) {
  const url = query ? `${path}?${query}` : path;
  // The API's routes (/api/v1) are called with a key of every scope; the dashboard's by the global admin.
  const caller = route.path.startsWith('/api/v1/') ? apiKey : world.bearer('admin');
  const request = world.http[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url).set(caller);
  return route.method === 'GET' || route.method === 'DELETE' ? request : request.send({});
}

describe('path and query parameters', () => {
  const world = useWorld();

  it('answers 400 invalid_parameter for every bad parameter of every route', async () => {
    const cases = servedRoutes(createApp(world().config, world().runtime)).flatMap(casesFor);
    // Today: ids of users and companies, file ids, invitation tokens and the company filter.
    expect(cases.length).toBeGreaterThanOrEqual(45);
    const wrong: string[] = [];
    const { header: apiKey } = await world().addApiKey(world().companies.acme.id);
    for (const item of cases) {
      const response = await send(world(), item, apiKey);
      if (response.status !== 400 || response.body.code !== 'invalid_parameter' || !(item.field in (response.body.fields ?? {}))) {
        wrong.push(`${item.route.key}, ${item.label}: ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still answers well-formed values', async () => {
    const w = world();
    const filtered = await w.http.get('/api/users').query({ companyFilter: w.companies.acme.id }).set(w.bearer('admin'));
    expect(filtered.status).toBe(200);
    expect(filtered.body.every((user: { companyId: string }) => user.companyId === w.companies.acme.id)).toBe(true);
    expect((await w.http.get('/api/users').query({ companyFilter: 'all' }).set(w.bearer('admin'))).status).toBe(200);
    expect((await w.http.get('/api/users').query({ companyFilter: '' }).set(w.bearer('admin'))).status).toBe(200);
    // Parameters a route does not read are ignored, as a cache-busting suffix would be.
    expect((await w.http.get('/api/users').query({ t: '123' }).set(w.bearer('admin'))).status).toBe(200);
    expect((await w.http.get(`/api/companies/${randomUUID()}`).set(w.bearer('admin'))).status).toBe(404);
  });

  it('names the parameter and the rule in the answer', async () => {
    const w = world();
    const response = await w.http.get('/api/users').query({ companyFilter: 'all\0' }).set(w.bearer('admin'));
    expect(response.body).toEqual({
      error: "Must be a company id or 'all'",
      message: 'Check these parameters: companyFilter.',
      code: 'invalid_parameter',
      fields: { companyFilter: "Must be a company id or 'all'" },
    });
  });
});
