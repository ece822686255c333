/**
 * Who may call what, on whose data. One row per route: the expected status for each role,
 * against a resource of the caller's own company and of another company. Adding a route is
 * adding a row.
 */
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { Company, StoredFile, User } from '@bff/entities';
import { PNG_BYTES, unique, useWorld, type World } from './support/world';

type Role = 'admin' | 'company_admin' | 'user' | 'anonymous';
type Scope = 'own' | 'other';
/** [status against the caller's own company, status against another company]. */
type Expected = Record<Role, [own: number, other: number]>;

interface Cell {
  world: World;
  role: Role;
  scope: Scope;
  /** The company whose resource this cell touches. */
  companyId: string;
  /** The signed-in user, when there is one. */
  actor: User | null;
}

interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object | Buffer;
}

interface Row {
  route: string;
  expected: Expected;
  request: (cell: Cell) => Promise<Request> | Request;
  /** Extra proof for successful answers, such as a list that must stay within the caller's company. */
  check?: (response: Response, cell: Cell) => void;
}

const all = (status: number): Expected => ({ admin: [status, status], company_admin: [status, status], user: [status, status], anonymous: [status, status] });
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: [401, 401] });
const onlyOwnCompany = (ok: number, companyAdminOther = 404): Expected => ({
  admin: [ok, ok],
  company_admin: [ok, companyAdminOther],
  user: [403, 403],
  anonymous: [401, 401],
});

const PASSWORD = 'Matrix-Pass-2026';
const newEmail = () => `${unique('matrix')}@example.test`.toLowerCase();
const withinActorsCompany = (response: Response, cell: Cell, field = 'companyId') => {
  if (cell.role === 'admin' || !cell.actor) return;
  for (const item of response.body as Array<Record<string, string>>) expect(item[field]).toBe(cell.actor.companyId);
};
const companyOf = (cell: Cell) => cell.world.em().findOneOrFail(Company, { id: cell.companyId });

const ROWS: Row[] = [
  { route: 'GET /api/health', expected: all(200), request: () => ({}) },
  { route: 'POST /api/auth/login', expected: all(200), request: async ({ world, companyId }) => ({ body: { email: (await world.addUser(companyId, { password: PASSWORD })).email, password: PASSWORD } }) },
  { route: 'POST /api/auth/register', expected: all(201), request: () => ({ body: { email: newEmail(), name: 'New Owner', password: PASSWORD, companyName: unique('Co') } }) },
  { route: 'GET /api/auth/me', expected: signedIn(200), request: () => ({}) },
  { route: 'GET /api/auth/sso-config', expected: all(200), request: () => ({}) },
  { route: 'POST /api/auth/verify-user', expected: all(503), request: () => ({ body: { idToken: 'header.payload.signature' } }) },
  { route: 'GET /api/auth/validate-invitation/:token', expected: all(200), request: async ({ world, companyId }) => ({ params: { token: (await world.addInvitation(companyId)).token } }) },
  { route: 'POST /api/auth/activate-account', expected: all(200), request: async ({ world, companyId }) => ({ body: { token: (await world.addInvitation(companyId)).token, password: PASSWORD } }) },
  { route: 'POST /api/auth/logout', expected: all(204), request: () => ({}) },

  { route: 'GET /api/users', expected: onlyOwnCompany(200, 200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }), check: withinActorsCompany },
  { route: 'POST /api/users/invite', expected: onlyOwnCompany(201, 403), request: ({ companyId }) => ({ body: { email: newEmail(), name: 'Invited Person', role: 'user', companyId } }) },
  { route: 'PUT /api/users/:id/status', expected: onlyOwnCompany(200), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id }, body: { status: 'suspended' } }) },
  { route: 'DELETE /api/users/:id', expected: onlyOwnCompany(204), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id } }) },
  { route: 'POST /api/users/:id/reset-password', expected: onlyOwnCompany(204), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id }, body: { newPassword: PASSWORD } }) },
  { route: 'PUT /api/users/:id/permissions', expected: onlyOwnCompany(200), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id }, body: { role: 'user', permissions: ['dashboard:read'] } }) },
  { route: 'PUT /api/users/profile', expected: { admin: [200, 403], company_admin: [200, 403], user: [200, 403], anonymous: [401, 401] }, request: async ({ world, companyId, actor, scope }) => ({ body: { userId: scope === 'own' && actor ? actor.id : (await world.addUser(companyId)).id, profileName: 'Matrix' } }) },
  { route: 'PUT /api/users/profile/photo', expected: signedIn(200), request: () => ({ body: PNG_BYTES }) },
  { route: 'DELETE /api/users/profile/photo', expected: signedIn(200), request: () => ({}) },

  { route: 'GET /api/companies', expected: signedIn(200), request: () => ({}), check: (response, cell) => withinActorsCompany(response, cell, 'id') },
  { route: 'GET /api/companies/:id', expected: { admin: [200, 200], company_admin: [200, 404], user: [200, 404], anonymous: [401, 401] }, request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'POST /api/companies', expected: { admin: [201, 201], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401] }, request: () => ({ body: { name: unique('Company'), domain: 'new.example' } }) },
  { route: 'PUT /api/companies/:id', expected: onlyOwnCompany(200), request: async (cell) => { const company = await companyOf(cell); return { params: { id: company.id }, body: { name: company.name, domain: company.domain ?? 'x.example' } }; } },
  { route: 'PUT /api/companies/profile', expected: onlyOwnCompany(200, 403), request: ({ companyId }) => ({ body: { companyId, description: 'Updated by the matrix.' } }) },
  // "Other" is a company made for the cell, so a successful deletion harms no other row.
  { route: 'DELETE /api/companies/:id', expected: { admin: [400, 204], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401] }, request: async ({ world, companyId, scope }) => ({ params: { id: scope === 'own' ? companyId : (await world.addCompany()).id } }) },
  { route: 'PUT /api/companies/:id/logo', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId }, body: PNG_BYTES }) },
  { route: 'DELETE /api/companies/:id/logo', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'GET /api/files/:id', expected: all(200), request: async ({ world, companyId }) => { const em = world.em(); const file = em.create(StoredFile, { companyId, kind: 'company_logo', contentType: 'image/png', bytes: PNG_BYTES, size: PNG_BYTES.length }); await em.flush(); return { params: { id: file.id } }; } },
];

const ACTORS: Record<Exclude<Role, 'anonymous'>, 'admin' | 'alice' | 'bob'> = { admin: 'admin', company_admin: 'alice', user: 'bob' };

describe('tenant isolation matrix', () => {
  const world = useWorld();

  function cellFor(role: Role, scope: Scope): Cell {
    const w = world();
    const actor = role === 'anonymous' ? null : w.users[ACTORS[role]];
    const ownCompany = actor?.companyId ?? w.companies.acme.id;
    return { world: w, role, scope, actor, companyId: scope === 'own' ? ownCompany : w.companies.globex.id };
  }

  async function call(row: Row, cell: Cell): Promise<Response> {
    const [method, template] = row.route.split(' ');
    const request = await row.request(cell);
    const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
    const http = cell.world.http;
    let pending = http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).set('X-Forwarded-For', unique('192.0.2'));
    if (cell.actor) pending = pending.set(cell.world.bearer(cell.actor));
    if (request.query) pending = pending.query(request.query);
    if (Buffer.isBuffer(request.body)) return pending.set('Content-Type', 'image/png').send(request.body);
    return request.body ? pending.send(request.body) : pending;
  }

  it('has a row for every route the BFF serves', async () => {
    const { createApp } = await import('@bff/app');
    const app = createApp(world().config, world().orm);
    const served = new Set<string>();
    for (const middleware of app.middleware as Array<{ router?: { stack: Array<{ methods: string[]; path: string }> } }>) {
      for (const layer of middleware.router?.stack ?? []) {
        for (const method of layer.methods.filter((name) => name !== 'HEAD')) served.add(`${method} ${layer.path.replace(/\/$/, '') || '/'}`);
      }
    }
    expect(new Set(ROWS.map((row) => row.route))).toEqual(served);
  });

  const cells = ROWS.flatMap((row) =>
    (['admin', 'company_admin', 'user', 'anonymous'] as const).flatMap((role) =>
      (['own', 'other'] as const).map((scope) => ({ row, role, scope, status: row.expected[role][scope === 'own' ? 0 : 1] })),
    ),
  );

  // Ids that name nothing answer 404, even for a global admin who reaches every company.
  const byId = ROWS.filter((row) => /:(id|token)\b/.test(row.route));
  it.each(byId)('$route with an unknown id → 404', async (row) => {
    const cell = cellFor('admin', 'other');
    const request = await row.request(cell);
    const params = Object.fromEntries(Object.keys(request.params ?? {}).map((name) => [name, 'no-such-resource-0000']));
    const response = await call({ ...row, request: () => ({ ...request, params }) }, cell);
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/not found|Invalid or expired invitation link/);
  });

  it.each(cells)('$row.route as $role on $scope company → $status', async ({ row, role, scope, status }) => {
    const cell = cellFor(role, scope);
    const response = await call(row, cell);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (status >= 400) expect(response.body.error).toEqual(expect.any(String));
    else row.check?.(response, cell);
  });
});
