/**
 * Who may call what, on whose data. One row per route: the expected status for each kind of
 * caller (signed-in users by role, nobody, and API keys: valid, revoked, and without the needed
 * scope), against a resource of the caller's own company and of another company. Adding a route
 * is adding a row.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { allows, type Capability } from '@domain/access/capabilities';
import { ERROR_CODES } from '@domain/errors';
import { DEFAULT_GLOBAL_IDENTIFIERS, DEFAULT_LOGO, DEFAULT_THEME, defaultDisplayTriggers, defaultEmbedSettings } from '@domain/survey/defaults';
import { Company, DataSource, DataType, ImportTemplate, SavedTheme, StoredFile, User } from '@bff/entities';
import { CustomAttribute, CustomConnector } from '@bff/entities';
import { AudienceJob, AudienceView } from '@bff/entities';
import { WritebackDestination, WritebackJob } from '@bff/entities';
import { PredictionCall } from '@bff/entities';
import { PrivacyErasure, PrivacySuppression } from '@bff/entities';
import { DEFAULT_MODEL_SETTINGS } from '@domain/models/settings';
import { addInteractionRecords } from './support/modelRecords';
import { encryptSecret } from '@bff/platform/secrets';
import { servedRoutes, type ServedRoute } from './support/routes';
import { startResponse } from './support/responses';
import { addDraft, addPublished, readySurvey } from './support/surveys';
import { addProfiles } from './support/exportProfiles';
import { PNG_BYTES, unique, useWorld, type World } from './support/world';

type UserRole = 'admin' | 'company_admin' | 'user' | 'anonymous';
/** An API key of the cell's own company: valid with every scope, revoked, or with no scope at all. */
type KeyCaller = 'apiKey' | 'revokedKey' | 'unscopedKey';
type Role = UserRole | KeyCaller;
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
  /** The API key presented, when the caller is a program. */
  apiKey: string | null;
}

interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object | Buffer;
  /** A multipart form: its fields in order, then the file (CSV text unless a type is given). */
  multipart?: { fields: Record<string, string>; file: { name: string; content: string | Buffer; contentType?: string } };
}

interface Row {
  route: string;
  expected: Expected;
  request: (cell: Cell) => Promise<Request> | Request;
  /** Extra proof for successful answers, such as a list that must stay within the caller's company. */
  check?: (response: Response, cell: Cell) => void;
}

const all = (status: number): Expected => ({
  admin: [status, status],
  company_admin: [status, status],
  user: [status, status],
  anonymous: [status, status],
  apiKey: [status, status],
  revokedKey: [status, status],
  unscopedKey: [status, status],
});
/** A route for signed-in users only: a key is no user (403), a revoked key is no one (401). */
const forUsers = (users: Record<UserRole, [number, number]>): Expected => ({
  ...users,
  apiKey: [403, 403],
  revokedKey: [401, 401],
  unscopedKey: [403, 403],
});
const signedIn = (status: number): Expected =>
  forUsers({ admin: [status, status], company_admin: [status, status], user: [status, status], anonymous: [401, 401] });
const onlyOwnCompany = (ok: number, companyAdminOther = 404): Expected =>
  forUsers({ admin: [ok, ok], company_admin: [ok, companyAdminOther], user: [403, 403], anonymous: [401, 401] });

/** The dashboard: every role reads its own company; naming another company is a 404, like every company choice. */
const ownCompanyDashboard = forUsers({ admin: [200, 200], company_admin: [200, 404], user: [200, 404], anonymous: [401, 401] });

/** Privacy under /api/v1: an admin-scoped key of its own company; no signed-in user. */
const adminKeyOwnCompany = (ok: number): Expected => ({ admin: [403, 403], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401], apiKey: [ok, 404], revokedKey: [401, 401], unscopedKey: [403, 403] });
async function addErasure({ world, companyId }: Cell) {
  const em = world.em();
  const erasure = em.create(PrivacyErasure, { companyId, identifierType: 'email', identifierHint: 'm***@example.com', identifiers: [], status: 'done', steps: {}, createdById: null });
  await em.flush();
  return erasure;
}
async function addSuppression({ world, companyId }: Cell) {
  const em = world.em();
  const suppression = em.create(PrivacySuppression, { companyId, hash: randomUUID().replace(/-/g, '').padEnd(64, '0'), hint: 'm***@example.com' });
  await em.flush();
  return suppression;
}

const PASSWORD = 'Matrix-Pass-2026';
const newEmail = () => `${unique('matrix')}@example.test`.toLowerCase();
const withinActorsCompany = (response: Response, cell: Cell, field = 'companyId') => {
  if (cell.role === 'admin' || !cell.actor) return;
  for (const item of response.body as Array<Record<string, string>>) expect(item[field]).toBe(cell.actor.companyId);
};
const companyOf = (cell: Cell) => cell.world.em().findOneOrFail(Company, { id: cell.companyId });

/** The key of every data source the matrix connects: no answer may ever contain it. */
const SOURCE_KEY = 'matrix-source-key-5f1d2c9a7b3e';
const MATRIX_CSV = 'email,matrix_field\nm@example.com,1\n';
/** A small custom connector definition, named uniquely (a company holds one of each name). */
function customDefinition() {
  return {
    version: 1,
    name: unique('Matrix CRM'),
    authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.token }}' },
    check: { type: 'CheckStream', stream_names: ['people'] },
    streams: [
      {
        type: 'DeclarativeStream',
        name: 'people',
        retriever: {
          type: 'SimpleRetriever',
          requester: { type: 'HttpRequester', url_base: 'https://crm.matrix.example', path: '/people' },
          record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] } },
        },
        fields: { email: 'email' },
      },
    ],
  };
}

async function addCustomConnector({ world, companyId }: Cell) {
  const em = world.em();
  const manifest = { ...customDefinition(), catalogue_id: 'custom' } as unknown as CustomConnector['manifest'];
  const connector = em.create(CustomConnector, { companyId, name: manifest.name, manifest, urlBase: 'https://crm.matrix.example', createdById: null });
  await em.flush();
  return connector;
}

async function addSource({ world, companyId }: Cell) {
  const em = world.em();
  const source = em.create(DataSource, {
    companyId,
    name: 'matrix.csv',
    type: 'File Upload',
    catalogueId: 'csv-upload',
    status: 'active',
    config: {},
    credentials: encryptSecret(SOURCE_KEY, world.config.credentialsKey),
    recordKind: 'people',
    fields: ['email', 'matrix_field'],
    mapping: { email: 'email' },
  });
  await em.flush();
  return source;
}
/** A Webhook source (pushed records), without an ingestion secret yet. */
async function addWebhookSource({ world, companyId }: Cell) {
  const em = world.em();
  const source = em.create(DataSource, { companyId, name: 'Webhook', type: 'Custom API', catalogueId: 'webhook', status: 'active', config: {}, credentials: null, recordKind: 'events', fields: [], mapping: {} });
  await em.flush();
  return source;
}
async function addTemplate({ world, companyId }: Cell) {
  const em = world.em();
  const template = em.create(ImportTemplate, { companyId, name: 'matrix.csv', headerSignature: unique('sig').padEnd(64, '0').slice(0, 64), columns: ['email'], recordKind: 'people', mapping: { email: 'email' } });
  await em.flush();
  return template;
}
async function addDataType({ world, companyId }: Cell) {
  const em = world.em();
  const type = em.create(DataType, { companyId, name: unique('Type'), dataFieldName: 'matrix_field', type: 'static' });
  await em.flush();
  return type;
}
const addSurveyDraft = ({ world, companyId }: Cell) => addDraft(world, companyId);
const addPublishedSurvey = ({ world, companyId }: Cell) => addPublished(world, companyId);
/** A running survey: what the widget's public routes answer for. */
const addActiveSurvey = ({ world, companyId }: Cell) => addPublished(world, companyId, { status: 'active', startedAt: new Date() });
async function addTheme({ world, companyId }: Cell) {
  const em = world.em();
  const theme = em.create(SavedTheme, { companyId, name: unique('Theme'), settings: { theme: DEFAULT_THEME, logo: DEFAULT_LOGO } });
  await em.flush();
  return theme;
}
const OVERRIDE = { requireIdentifier: true, identifierTypes: ['email'], identifierFields: { email: 'user_email', uuid: 'user_id', custom: 'custom_field' } };
/** A new row answered for the cell's company, and nowhere else. */
const forCellCompany = (response: Response, cell: Cell) => expect(response.body.companyId).toBe(cell.companyId);

const withinActorsCompanyOrGlobal = (response: Response, cell: Cell) => {
  if (cell.role === 'admin' || !cell.actor) return;
  for (const item of response.body as Array<{ companyId: string | null }>) expect([null, cell.actor.companyId]).toContain(item.companyId);
};

/** A custom attribute of the cell's company; names follow the attribute name rule. */
async function addCustomAttribute({ world, companyId }: Cell) {
  const em = world.em();
  const attribute = em.create(CustomAttribute, { companyId, name: `matrix_${randomUUID().replace(/-/g, '')}`, type: 'string' });
  await em.flush();
  return attribute;
}
/** An integration key of the cell's company, created for the cell (pausing or deleting it harms no other cell). */
/** A route for API keys only: users are no API callers (403), a key without the scope neither (403). */
const forKeys = (ok: number): Expected => ({ admin: [403, 403], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401], apiKey: [ok, ok], revokedKey: [401, 401], unscopedKey: [403, 403] });
async function addPredictCall({ world, companyId }: Cell) {
  const em = world.em();
  const call = em.create(PredictionCall, { companyId, apiKeyId: null, endpoint: 'predict', status: 200, errorCode: null, latencyMs: 2, itemsServed: 0, zeroResults: true, holdout: false, settingsVersion: 0, snapshotVersion: 1, userId: null, request: { query: 'matrix', top_k: 3 }, items: [] });
  await em.flush();
  return call;
}
const addIntegrationKey = async ({ world, companyId }: Cell) => (await world.addApiKey(companyId)).apiKey;
/** A unified profile of the cell's company and of the caller's own, each e-mail naming its company, for the export routes. */
async function addExportProfile({ world, companyId, actor }: Cell) {
  for (const owner of new Set([companyId, actor?.companyId ?? companyId])) {
    await addProfiles(world, owner, [{ email: `${owner}@matrix.example`, lastSeen: new Date() }]);
  }
  return { query: { companyFilter: companyId, fields: 'user_id,email', range: 'all' } };
}
/** The company whose profiles an export must hold: a global admin's choice, anyone else's own. */
const exportsOnlyFrom = (response: Response, cell: Cell) => {
  const expected = cell.role === 'admin' || !cell.actor ? cell.companyId : cell.actor.companyId;
  const text = response.text || JSON.stringify(response.body);
  const companies = [...text.matchAll(/([0-9a-f-]{36})@matrix\.example/g)].map((match) => match[1]);
  expect(companies).toContain(expected);
  expect(new Set(companies)).toEqual(new Set([expected]));
};
/** A finished audience job of the cell's company. */
async function addAudienceJob({ world, companyId }: Cell) {
  const em = world.em();
  const job = em.create(AudienceJob, { companyId, kind: 'rebuild', status: 'done', progress: 1, processed: 0, total: 0, summary: null, error: null, finishedAt: new Date() });
  await em.flush();
  return job;
}
/** An enabled CRM destination of the cell's company (at a public address; nothing is sent in this test). */
async function addWritebackDestination({ world, companyId }: Cell) {
  const em = world.em();
  const destination = em.create(WritebackDestination, { companyId, kind: 'crm', name: 'Matrix CRM', url: 'https://hooks.matrix.example/in', enabled: true, secret: encryptSecret(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, world.config.credentialsKey) });
  await em.flush();
  return destination;
}
/** A writeback of one profile of the cell's company to its CRM destination. */
async function addWritebackRequest(cell: Cell) {
  await addWritebackDestination(cell);
  const [profileId] = await addProfiles(cell.world, cell.companyId, [{ email: `${randomUUID()}@matrix.example`, lastSeen: new Date() }]);
  return { body: { companyId: cell.companyId, destinations: ['crm'], data: ['profile'], profileIds: [profileId] } };
}
async function addWritebackJob({ world, companyId }: Cell) {
  const em = world.em();
  const job = em.create(WritebackJob, { companyId, data: ['profile'], profileCount: 0, destinations: [] });
  await em.flush();
  return job;
}
/** A global admin reaches every company; everyone else is refused. */
const onlyGlobalAdmin = (ok: number): Expected => forUsers({ admin: [ok, ok], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401] });
/** Recent interactions, once per company, so the offline evaluation has people to score. */
const evaluationReady = new Set<string>();
async function withEvents({ world, companyId }: Cell) {
  if (evaluationReady.has(companyId)) return;
  evaluationReady.add(companyId);
  await addInteractionRecords(world, companyId, { items: 10, users: 8, eventsPerUser: 4, newest: new Date() });
}
/** The token of a created key is shown once, in the creation answer only: never in a list. */
const listsNoToken = (response: Response) => {
  for (const key of response.body as Array<Record<string, unknown>>) expect(key).not.toHaveProperty('token');
};

const ROWS: Row[] = [
  { route: 'GET /api/health', expected: all(200), request: () => ({}) },
  { route: 'GET /api/health/live', expected: all(200), request: () => ({}) },
  { route: 'GET /api/health/ready', expected: all(200), request: () => ({}) },
  { route: 'POST /api/auth/login', expected: all(200), request: async ({ world, companyId }) => ({ body: { email: (await world.addUser(companyId, { password: PASSWORD })).email, password: PASSWORD } }) },
  { route: 'POST /api/auth/register', expected: all(201), request: () => ({ body: { email: newEmail(), name: 'New Owner', password: PASSWORD, companyName: unique('Co') } }) },
  { route: 'GET /api/auth/me', expected: signedIn(200), request: () => ({}) },
  { route: 'GET /api/auth/sso-config', expected: all(200), request: () => ({}) },
  { route: 'POST /api/auth/verify-user', expected: all(503), request: () => ({ body: { idToken: 'header.payload.signature' } }) },
  { route: 'GET /api/auth/validate-invitation/:token', expected: all(200), request: async ({ world, companyId }) => ({ params: { token: (await world.addInvitation(companyId)).token } }) },
  { route: 'POST /api/auth/activate-account', expected: all(200), request: async ({ world, companyId }) => ({ body: { token: (await world.addInvitation(companyId)).token, password: PASSWORD } }) },
  { route: 'POST /api/auth/logout', expected: all(204), request: () => ({}) },

  { route: 'GET /api/users', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }), check: withinActorsCompany },
  { route: 'POST /api/users/invite', expected: onlyOwnCompany(201), request: ({ companyId }) => ({ body: { email: newEmail(), name: 'Invited Person', role: 'user', companyId } }) },
  { route: 'PUT /api/users/:id/status', expected: onlyOwnCompany(200), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id }, body: { status: 'suspended' } }) },
  { route: 'DELETE /api/users/:id', expected: onlyOwnCompany(204), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id } }) },
  { route: 'POST /api/users/:id/reset-password', expected: onlyOwnCompany(204), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id }, body: { newPassword: PASSWORD } }) },
  { route: 'PUT /api/users/:id/permissions', expected: onlyOwnCompany(200), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id }, body: { role: 'user', permissions: ['dashboard:read'] } }) },
  { route: 'DELETE /api/users/:id/sso', expected: onlyOwnCompany(200), request: async ({ world, companyId }) => ({ params: { id: (await world.addUser(companyId)).id } }) },
  { route: 'PUT /api/users/profile', expected: forUsers({ admin: [200, 403], company_admin: [200, 403], user: [200, 403], anonymous: [401, 401] }), request: async ({ world, companyId, actor, scope }) => ({ body: { userId: scope === 'own' && actor ? actor.id : (await world.addUser(companyId)).id, profileName: 'Matrix' } }) },
  { route: 'PUT /api/users/profile/photo', expected: signedIn(200), request: () => ({ body: PNG_BYTES }) },
  { route: 'DELETE /api/users/profile/photo', expected: signedIn(200), request: () => ({}) },

  { route: 'GET /api/companies', expected: signedIn(200), request: () => ({}), check: (response, cell) => withinActorsCompany(response, cell, 'id') },
  { route: 'GET /api/companies/:id', expected: forUsers({ admin: [200, 200], company_admin: [200, 404], user: [200, 404], anonymous: [401, 401] }), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'POST /api/companies', expected: forUsers({ admin: [201, 201], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401] }), request: () => ({ body: { name: unique('Company'), domain: 'new.example' } }) },
  { route: 'PUT /api/companies/:id', expected: onlyOwnCompany(200), request: async (cell) => { const company = await companyOf(cell); return { params: { id: company.id }, body: { name: company.name, domain: company.domain ?? 'x.example' } }; } },
  { route: 'PUT /api/companies/profile', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ body: { companyId, description: 'Updated by the matrix.' } }) },
  // "Other" is a company made for the cell, so a successful deletion harms no other row.
  { route: 'DELETE /api/companies/:id', expected: forUsers({ admin: [400, 204], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401] }), request: async ({ world, companyId, scope }) => ({ params: { id: scope === 'own' ? companyId : (await world.addCompany()).id } }) },
  { route: 'PUT /api/companies/:id/logo', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId }, body: PNG_BYTES }) },
  { route: 'DELETE /api/companies/:id/logo', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'GET /api/companies/:id/sso', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'PUT /api/companies/:id/sso', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId }, body: { verifiedDomains: [], allowLinking: false } }) },

  { route: 'GET /api/data-sources', expected: onlyOwnCompany(200), request: async (cell) => { await addSource(cell); return { query: { companyFilter: cell.companyId } }; }, check: withinActorsCompany },
  { route: 'POST /api/data-sources', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ body: { catalogueId: 'stripe', apiKey: SOURCE_KEY, companyId } }) },
  // A source from the company's own custom connector: the connector is found with the company named, never another's.
  { route: 'POST /api/data-sources', expected: onlyOwnCompany(201, 404), request: async (cell) => ({ body: { catalogueId: `custom:${(await addCustomConnector(cell)).id}`, settings: { token: SOURCE_KEY }, companyId: cell.companyId } }) },
  // The matrix's world allows no private address: the settings are refused (400) once the company is in reach.
  { route: 'POST /api/data-sources/test-connection', expected: onlyOwnCompany(400, 404), request: ({ companyId }) => ({ body: { catalogueId: 'rest-api', settings: { url: 'http://127.0.0.1:9/items' }, companyId } }) },
  { route: 'GET /api/data-sources/custom-connectors', expected: onlyOwnCompany(200), request: async (cell) => { await addCustomConnector(cell); return { query: { companyFilter: cell.companyId } }; }, check: withinActorsCompany },
  { route: 'POST /api/data-sources/custom-connectors', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ body: { definition: customDefinition(), companyId } }), check: forCellCompany },
  { route: 'PUT /api/data-sources/custom-connectors/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addCustomConnector(cell)).id }, body: { definition: customDefinition() } }) },
  { route: 'DELETE /api/data-sources/custom-connectors/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addCustomConnector(cell)).id } }) },
  { route: 'POST /api/data-sources/import/preview', expected: onlyOwnCompany(200, 404), request: ({ companyId }) => ({ multipart: { fields: { companyId }, file: { name: 'matrix.csv', content: MATRIX_CSV } } }) },
  { route: 'POST /api/data-sources/import', expected: onlyOwnCompany(200, 404), request: ({ companyId }) => ({ multipart: { fields: { options: JSON.stringify({ recordKind: 'people', mapping: { email: 'email' }, companyId }) }, file: { name: 'matrix.csv', content: MATRIX_CSV } } }) },
  { route: 'GET /api/data-sources/fields', expected: onlyOwnCompany(200), request: async (cell) => { await addSource(cell); return { query: { companyFilter: cell.companyId } }; } },
  { route: 'PUT /api/data-sources/fields', expected: onlyOwnCompany(200, 404), request: async (cell) => { await addSource(cell); return { body: { name: 'matrix_field', removed: true, companyId: cell.companyId } }; } },
  { route: 'POST /api/data-sources/custom-fields', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ body: { name: unique('custom'), description: 'Made by the matrix', companyId } }) },
  { route: 'GET /api/data-sources/templates', expected: onlyOwnCompany(200), request: async (cell) => { await addTemplate(cell); return { query: { companyFilter: cell.companyId } }; } },
  { route: 'DELETE /api/data-sources/templates/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addTemplate(cell)).id } }) },
  { route: 'PUT /api/data-sources/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addSource(cell)).id }, body: { name: 'Renamed by the matrix' } }) },
  { route: 'DELETE /api/data-sources/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addSource(cell)).id } }) },
  { route: 'POST /api/data-sources/:id/sync', expected: onlyOwnCompany(409), request: async (cell) => ({ params: { id: (await addSource(cell)).id } }) },
  { route: 'GET /api/data-sources/:id/runs', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addSource(cell)).id } }) },
  { route: 'PUT /api/data-sources/:id/schedule', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addSource(cell)).id }, body: { schedule: 'off' } }) },
  { route: 'GET /api/data-sources/:id/records', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addSource(cell)).id } }) },
  { route: 'POST /api/data-sources/:id/ingest-secret', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addWebhookSource(cell)).id } }) },
  // The ingestion URL takes only the source's secret or signature: no session or API key opens it.
  { route: 'POST /api/ingest/:id', expected: all(401), request: async (cell) => ({ params: { id: (await addWebhookSource(cell)).id }, body: { user_id: 'matrix-user' } }) },
  { route: 'POST /api/ingest/:id/v1/:segmentCall', expected: all(401), request: async (cell) => ({ params: { id: (await addWebhookSource(cell)).id, segmentCall: 'track' }, body: { userId: 'matrix-user', event: 'Matrix' } }) },

  { route: 'GET /api/data-types', expected: onlyOwnCompany(200), request: async (cell) => { await addDataType(cell); return { query: { companyFilter: cell.companyId } }; }, check: withinActorsCompanyOrGlobal },
  { route: 'POST /api/data-types', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ body: { name: unique('Type'), dataFieldName: 'matrix_field', type: 'dynamic', companyId } }) },
  { route: 'PUT /api/data-types/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addDataType(cell)).id }, body: { name: 'Renamed', dataFieldName: 'matrix_field', type: 'static' } }) },
  { route: 'DELETE /api/data-types/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addDataType(cell)).id } }) },

  { route: 'GET /api/surveys/drafts', expected: onlyOwnCompany(200), request: async (cell) => { await addSurveyDraft(cell); return { query: { companyFilter: cell.companyId } }; }, check: withinActorsCompany },
  { route: 'POST /api/surveys/drafts', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ query: { companyFilter: companyId }, body: { name: unique('Draft'), survey: readySurvey() } }), check: forCellCompany },
  { route: 'GET /api/surveys/drafts/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addSurveyDraft(cell)).id } }) },
  { route: 'PUT /api/surveys/drafts/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addSurveyDraft(cell)).id }, body: { name: 'Updated by the matrix', survey: readySurvey() } }) },
  { route: 'PATCH /api/surveys/drafts/:id/name', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addSurveyDraft(cell)).id }, body: { name: 'Renamed by the matrix' } }) },
  { route: 'DELETE /api/surveys/drafts/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addSurveyDraft(cell)).id } }) },
  { route: 'POST /api/surveys/publish', expected: onlyOwnCompany(201, 404), request: async (cell) => ({ body: { name: unique('Published'), survey: readySurvey(), draftId: (await addSurveyDraft(cell)).id } }), check: forCellCompany },
  { route: 'GET /api/surveys/published', expected: onlyOwnCompany(200), request: async (cell) => { await addPublishedSurvey(cell); return { query: { companyFilter: cell.companyId } }; }, check: withinActorsCompany },
  { route: 'GET /api/surveys/published/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id } }) },
  { route: 'PUT /api/surveys/published/:id/status', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id }, body: { status: 'active', endCondition: { type: 'days', value: 7 } } }) },
  { route: 'PUT /api/surveys/published/:id/embed-settings', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id }, body: { settings: defaultEmbedSettings() } }) },
  { route: 'PUT /api/surveys/published/:id/display-triggers', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id }, body: { displayTriggers: defaultDisplayTriggers() } }) },
  { route: 'DELETE /api/surveys/published/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id } }) },
  { route: 'GET /api/surveys/published/:id/audience-targets', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id } }), check: (response) => expect(response.body.categories.length).toBeGreaterThan(0) },
  { route: 'GET /api/surveys/themes', expected: onlyOwnCompany(200), request: async (cell) => { await addTheme(cell); return { query: { companyFilter: cell.companyId } }; }, check: withinActorsCompany },
  { route: 'POST /api/surveys/themes', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ query: { companyFilter: companyId }, body: { name: unique('Theme'), settings: { theme: DEFAULT_THEME, logo: DEFAULT_LOGO } } }), check: forCellCompany },
  { route: 'DELETE /api/surveys/themes/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addTheme(cell)).id } }) },
  { route: 'POST /api/surveys/logos', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ query: { companyFilter: companyId }, multipart: { fields: {}, file: { name: 'logo.png', content: PNG_BYTES, contentType: 'image/png' } } }) },
  { route: 'GET /api/companies/:id/global-identifiers', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'PUT /api/companies/:id/global-identifiers', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId }, body: { globalIdentifiers: DEFAULT_GLOBAL_IDENTIFIERS } }) },
  { route: 'GET /api/companies/:id/trigger-settings', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'PUT /api/companies/:id/trigger-settings', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId }, body: { triggerSettings: { triggerType: 'webhook', callbackName: '', redirectUrl: '', webhookUrl: 'https://hooks.matrix.example/navout' } } }) },
  { route: 'POST /api/companies/:id/trigger-settings/webhook-secret', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'GET /api/companies/:id/webhook-deliveries', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'GET /api/companies/:id/collection-settings', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }) },
  { route: 'PUT /api/companies/:id/collection-settings', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId }, body: { collectionSettings: { ipAddressMode: 'hashed', cooldownDays: 3 } } }) },
  { route: 'GET /api/companies/:id/surveys/active', expected: onlyOwnCompany(200), request: async (cell) => { await addActiveSurvey(cell); return { params: { id: cell.companyId } }; } },
  { route: 'GET /api/companies/:id/embed-code', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ params: { id: companyId } }), check: forCellCompany },
  // The widget's routes answer anyone (no session), for any company's running survey.
  { route: 'GET /api/public/companies/:id/surveys', expected: all(200), request: async (cell) => { await addActiveSurvey(cell); return { params: { id: cell.companyId } }; }, check: forCellCompany },
  { route: 'POST /api/public/surveys/:id/displays', expected: all(204), request: async (cell) => ({ params: { id: (await addActiveSurvey(cell)).id }, body: { visitorId: 'matrix-visitor', outcome: 'shown' } }) },
  { route: 'POST /api/public/surveys/:id/responses', expected: all(201), request: async (cell) => ({ params: { id: (await addActiveSurvey(cell)).id }, body: { answers: { q_rating: 4 }, complete: false } }) },
  { route: 'POST /api/public/surveys/:id/audience-membership', expected: all(200), request: async (cell) => ({ params: { id: (await addPublished(cell.world, cell.companyId, { status: 'active', startedAt: new Date(), displayTriggers: { ...defaultDisplayTriggers(), audienceTargeting: { enabled: true, kind: 'category', id: 'high-value' } } })).id }, body: { identifiers: { user_email: 'nobody@matrix.example' } } }), check: (response) => expect(response.body).toEqual({ member: false }) },
  { route: 'PATCH /api/public/responses/:id', expected: all(200), request: async (cell) => { const started = await startResponse(cell.world, (await addActiveSurvey(cell)).id); return { params: { id: started.id }, body: { token: started.token, answers: { q_rating: 5 }, complete: true } }; } },
  { route: 'POST /api/admin/override-logs', expected: onlyOwnCompany(201, 404), request: async (cell) => ({ body: { surveyId: (await addPublishedSurvey(cell)).id, overrideReason: 'Matrix override', customSettings: OVERRIDE } }), check: forCellCompany },
  { route: 'GET /api/admin/override-logs', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }), check: withinActorsCompany },
  {
    route: 'GET /api/audit-log',
    expected: onlyOwnCompany(200),
    request: ({ companyId }) => ({ query: { companyFilter: companyId } }),
    check: (response, cell) => withinActorsCompany({ body: response.body.entries.map((entry: { companyId: string }) => entry) } as Response, cell),
  },
  // InsightIQ: the results of a published survey (readySurvey's first question is q_rating).
  { route: 'GET /api/surveys/:id/analytics', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id } }) },
  { route: 'GET /api/surveys/:id/responses', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id }, query: { completed: 'true' } }) },
  { route: 'GET /api/surveys/:id/responses/export', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id } }) },
  { route: 'GET /api/surveys/:id/user-analytics', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id } }) },
  { route: 'GET /api/surveys/:id/questions/:questionId/answers', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPublishedSurvey(cell)).id, questionId: 'q_rating' } }) },

  // The model screen, the Outbound API screen's keys and custom attributes, the Plans page's usage.
  { route: 'GET /api/model-settings', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'PUT /api/model-settings', expected: onlyOwnCompany(200, 404), request: ({ companyId }) => ({ body: { ...DEFAULT_MODEL_SETTINGS, companyId } }) },
  { route: 'POST /api/model-settings/reset', expected: onlyOwnCompany(200, 404), request: ({ companyId }) => ({ body: { companyId } }) },
  { route: 'GET /api/model-settings/versions', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'POST /api/model-settings/evaluate', expected: onlyOwnCompany(200, 404), request: async (cell) => { await withEvents(cell); return { body: { settings: DEFAULT_MODEL_SETTINGS, companyId: cell.companyId } }; } },
  { route: 'GET /api/api-keys', expected: onlyOwnCompany(200), request: async (cell) => { await addIntegrationKey(cell); return { query: { companyFilter: cell.companyId } }; }, check: listsNoToken },
  { route: 'POST /api/api-keys', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ body: { name: 'Matrix key', companyId } }) },
  { route: 'PATCH /api/api-keys/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addIntegrationKey(cell)).id }, body: { isActive: false } }) },
  { route: 'DELETE /api/api-keys/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addIntegrationKey(cell)).id } }) },
  { route: 'POST /api/api-keys/test-key', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ body: { companyId } }) },
  { route: 'GET /api/custom-attributes', expected: onlyOwnCompany(200), request: async (cell) => { await addCustomAttribute(cell); return { query: { companyFilter: cell.companyId } }; } },
  { route: 'POST /api/custom-attributes', expected: onlyOwnCompany(201, 404), request: ({ companyId }) => ({ body: { name: `matrix_${randomUUID().replace(/-/g, '')}`, type: 'number', companyId } }) },
  { route: 'PUT /api/custom-attributes/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addCustomAttribute(cell)).id }, body: { name: `matrix_${randomUUID().replace(/-/g, '')}`, type: 'boolean' } }) },
  { route: 'DELETE /api/custom-attributes/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addCustomAttribute(cell)).id } }) },
  // plans:read is the global admins' alone by default.
  { route: 'POST /api/v1/predict', expected: forKeys(200), request: () => ({ body: { query: 'matrix', top_k: 3 } }) },
  { route: 'POST /api/v1/events', expected: forKeys(200), request: () => ({ body: { event_id: `matrix-${randomUUID()}`, user_id: 'matrix-user', item_id: 'matrix-item', type: 'view' } }) },
  { route: 'PUT /api/v1/items', expected: forKeys(200), request: () => ({ body: { id: 'matrix-item', title: 'Matrix item' } }) },
  { route: 'GET /api/v1/usage', expected: forKeys(200), request: () => ({}) },
  { route: 'GET /api/v1/openapi.json', expected: all(200), request: () => ({}) },
  { route: 'GET /api/api-keys/usage', expected: onlyOwnCompany(200), request: async (cell) => ({ query: { keyId: (await addIntegrationKey(cell)).id, range: '24h' } }) },
  { route: 'GET /api/api-keys/example', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/api-keys/calls', expected: onlyOwnCompany(200), request: async (cell) => ({ query: { keyId: (await addIntegrationKey(cell)).id } }) },
  { route: 'POST /api/api-keys/calls/:id/compare', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addPredictCall(cell)).id } }) },
  { route: 'GET /api/plans/usage', expected: forUsers({ admin: [200, 200], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401] }), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  // Export Data: a company's people get their own company's profiles; naming another company is a 404.
  { route: 'GET /api/export/preview', expected: onlyOwnCompany(200), request: addExportProfile, check: exportsOnlyFrom },
  { route: 'GET /api/export/csv', expected: onlyOwnCompany(200), request: addExportProfile, check: exportsOnlyFrom },

  // The dashboard overview: everyone signed in reads their own company's; naming another company is a 404 unless global admin.
  { route: 'GET /api/dashboard/metrics', expected: ownCompanyDashboard, request: ({ companyId }) => ({ query: { companyFilter: companyId, range: '7d' } }) },
  { route: 'GET /api/dashboard/preferences', expected: ownCompanyDashboard, request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'PUT /api/dashboard/preferences', expected: ownCompanyDashboard, request: ({ companyId }) => ({ query: { companyFilter: companyId }, body: { savedCharts: [], gridOrder: ['recommendations', 'conversion', 'clicks', 'calls', 'duration', 'segments'], chartTypes: {}, extraCategories: [] } }) },
  { route: 'GET /api/dashboard/categories', expected: ownCompanyDashboard, request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/dashboard/categories/lookup', expected: ownCompanyDashboard, request: ({ companyId }) => ({ query: { companyFilter: companyId, name: 'Premium Users' } }) },
  { route: 'GET /api/dashboard/categories/:categoryKind/:categoryRef/series', expected: ownCompanyDashboard, request: ({ companyId }) => ({ params: { categoryKind: 'category', categoryRef: 'premium' }, query: { companyFilter: companyId } }) },
  { route: 'GET /api/dashboard/api-keys', expected: ownCompanyDashboard, request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },

  // Audience Intelligence: global admins only, for the company they choose.
  { route: 'GET /api/audience-intelligence/metrics', expected: onlyGlobalAdmin(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/audience-intelligence/categories', expected: onlyGlobalAdmin(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/audience-intelligence/categories/:categoryId/users', expected: onlyGlobalAdmin(200), request: ({ companyId }) => ({ params: { categoryId: 'high-value' }, query: { companyFilter: companyId } }) },
  { route: 'GET /api/audience-intelligence/users', expected: onlyGlobalAdmin(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/audience-intelligence/users/:id', expected: onlyGlobalAdmin(200), request: async ({ world, companyId }) => ({ params: { id: (await addProfiles(world, companyId, [{ email: `audience-${randomUUID()}@people.example`, lastSeen: new Date() }]))[0]! }, query: { companyFilter: companyId } }) },
  { route: 'GET /api/audience-intelligence/views', expected: onlyGlobalAdmin(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'POST /api/audience-intelligence/views', expected: onlyGlobalAdmin(201), request: ({ companyId }) => ({ body: { companyId, name: 'Matrix view', filters: { dataSource: [], lifecycle: [], risk: [], recency: [] } } }) },
  { route: 'DELETE /api/audience-intelligence/views/:id', expected: onlyGlobalAdmin(204), request: async ({ world, companyId }) => { const em = world.em(); const view = em.create(AudienceView, { companyId, name: 'Matrix view', description: '', filters: { dataSource: [], lifecycle: [], risk: [], recency: [] }, search: '', userCount: 0, coverage: 0 }); await em.flush(); return { params: { id: view.id }, query: { companyFilter: companyId } }; } },
  { route: 'POST /api/audience-intelligence/reclassify', expected: onlyGlobalAdmin(202), request: ({ companyId }) => ({ body: { companyId } }) },
  { route: 'POST /api/audience-intelligence/rebuild', expected: onlyGlobalAdmin(202), request: ({ companyId }) => ({ body: { companyId } }) },
  { route: 'GET /api/audience-intelligence/jobs/latest', expected: onlyGlobalAdmin(200), request: async (cell) => { await addAudienceJob(cell); return { query: { companyFilter: cell.companyId } }; } },
  { route: 'GET /api/audience-intelligence/jobs/:id', expected: onlyGlobalAdmin(200), request: async (cell) => ({ params: { id: (await addAudienceJob(cell)).id }, query: { companyFilter: cell.companyId } }) },
  // Write Back: a global admin's, for the company chosen.
  { route: 'GET /api/audience-intelligence/destinations', expected: onlyGlobalAdmin(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }), check: (response) => expect(response.text).not.toContain('whsec_') },
  { route: 'POST /api/audience-intelligence/destinations', expected: onlyGlobalAdmin(201), request: ({ companyId }) => ({ body: { companyId, kind: 'crm', name: 'Matrix CRM', url: 'https://hooks.matrix.example/in' } }) },
  { route: 'PUT /api/audience-intelligence/destinations/:id', expected: onlyGlobalAdmin(200), request: async (cell) => ({ params: { id: (await addWritebackDestination(cell)).id }, body: { companyId: cell.companyId, name: 'Matrix CRM renamed' } }) },
  { route: 'DELETE /api/audience-intelligence/destinations/:id', expected: onlyGlobalAdmin(204), request: async (cell) => ({ params: { id: (await addWritebackDestination(cell)).id }, query: { companyFilter: cell.companyId } }) },
  { route: 'POST /api/audience-intelligence/writeback', expected: onlyGlobalAdmin(202), request: addWritebackRequest },
  { route: 'GET /api/audience-intelligence/writeback/jobs', expected: onlyGlobalAdmin(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/audience-intelligence/writeback/jobs/:id', expected: onlyGlobalAdmin(200), request: async (cell) => ({ params: { id: (await addWritebackJob(cell)).id }, query: { companyFilter: cell.companyId } }) },

  // Privacy: a company's admins (a global admin for any company); admin-scoped keys under /api/v1.
  { route: 'POST /api/privacy/erasures', expected: onlyOwnCompany(202), request: ({ companyId }) => ({ body: { companyId, identifier: { type: 'email', value: 'matrix-person@example.com' } } }) },
  { route: 'GET /api/privacy/erasures', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/privacy/erasures/:id', expected: onlyOwnCompany(200), request: async (cell) => ({ params: { id: (await addErasure(cell)).id }, query: { companyFilter: cell.companyId } }) },
  { route: 'GET /api/privacy/suppressions', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'DELETE /api/privacy/suppressions/:id', expected: onlyOwnCompany(204), request: async (cell) => ({ params: { id: (await addSuppression(cell)).id }, query: { companyFilter: cell.companyId } }) },
  { route: 'GET /api/privacy/people/export', expected: onlyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId, type: 'email', value: 'matrix-person@example.com' } }) },
  { route: 'POST /api/v1/privacy/erasures', expected: adminKeyOwnCompany(202), request: ({ companyId }) => ({ body: { companyId, identifier: { type: 'email', value: 'matrix-person@example.com' } } }) },
  { route: 'GET /api/v1/privacy/erasures', expected: adminKeyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'GET /api/v1/privacy/erasures/:id', expected: adminKeyOwnCompany(200), request: async (cell) => ({ params: { id: (await addErasure(cell)).id }, query: { companyFilter: cell.companyId } }) },
  { route: 'GET /api/v1/privacy/suppressions', expected: adminKeyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId } }) },
  { route: 'DELETE /api/v1/privacy/suppressions/:id', expected: adminKeyOwnCompany(204), request: async (cell) => ({ params: { id: (await addSuppression(cell)).id }, query: { companyFilter: cell.companyId } }) },
  { route: 'GET /api/v1/privacy/people/export', expected: adminKeyOwnCompany(200), request: ({ companyId }) => ({ query: { companyFilter: companyId, type: 'email', value: 'matrix-person@example.com' } }) },
  { route: 'POST /api/requests', expected: signedIn(201), request: () => ({ body: { kind: 'custom_api', subject: 'Matrix API', link: 'https://docs.matrix.example' } }) },
  { route: 'GET /api/requests', expected: forUsers({ admin: [200, 200], company_admin: [403, 403], user: [403, 403], anonymous: [401, 401] }), request: () => ({}) },
  { route: 'GET /api/files/:fileId', expected: all(200), request: async ({ world, companyId }) => { const em = world.em(); const file = em.create(StoredFile, { companyId, kind: 'company_logo', contentType: 'image/png', bytes: PNG_BYTES, size: PNG_BYTES.length }); await em.flush(); return { params: { fileId: file.id } }; } },
];

const ACTORS: Record<Exclude<UserRole, 'anonymous'>, 'admin' | 'alice' | 'bob'> = { admin: 'admin', company_admin: 'alice', user: 'bob' };
const KEY_OPTIONS: Record<KeyCaller, Parameters<World['addApiKey']>[1]> = {
  apiKey: {},
  revokedKey: { revokedAt: new Date('2026-01-01T00:00:00Z') },
  unscopedKey: { scopes: [] },
};
const ROLES: Role[] = ['admin', 'company_admin', 'user', 'anonymous', 'apiKey', 'revokedKey', 'unscopedKey'];

describe('tenant isolation matrix', () => {
  const world = useWorld();
  const keys = new Map<KeyCaller, string>();

  /** The keys of Acme, the company whose resources are "own" for every key caller. */
  async function keyFor(role: KeyCaller): Promise<string> {
    if (!keys.has(role)) keys.set(role, (await world().addApiKey(world().companies.acme.id, KEY_OPTIONS[role])).key);
    return keys.get(role)!;
  }

  async function cellFor(role: Role, scope: Scope): Promise<Cell> {
    const w = world();
    const isKey = role === 'apiKey' || role === 'revokedKey' || role === 'unscopedKey';
    const actor = role === 'anonymous' || isKey ? null : w.users[ACTORS[role]];
    const ownCompany = actor?.companyId ?? w.companies.acme.id;
    const apiKey = isKey ? await keyFor(role) : null;
    return { world: w, role, scope, actor, apiKey, companyId: scope === 'own' ? ownCompany : w.companies.globex.id };
  }

  async function call(row: Row, cell: Cell): Promise<Response> {
    const [method, template] = row.route.split(' ');
    const request = await row.request(cell);
    const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
    const http = cell.world.http;
    let pending = http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path).set('X-Forwarded-For', unique('192.0.2'));
    if (cell.actor) pending = pending.set(cell.world.bearer(cell.actor));
    if (cell.apiKey) pending = pending.set('X-API-Key', cell.apiKey);
    if (request.query) pending = pending.query(request.query);
    if (Buffer.isBuffer(request.body)) return pending.set('Content-Type', 'image/png').send(request.body);
    if (request.multipart) {
      for (const [name, value] of Object.entries(request.multipart.fields)) pending = pending.field(name, value);
      const { name, content, contentType = 'text/csv' } = request.multipart.file;
      return pending.attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), { filename: name, contentType });
    }
    return request.body ? pending.send(request.body) : pending;
  }

  it('has a row for every route the BFF serves', async () => {
    const { createApp } = await import('@bff/app');
    const app = createApp(world().config, world().runtime);
    expect(new Set(ROWS.map((row) => row.route))).toEqual(new Set(servedRoutes(app).map((route) => route.key)));
  });

  const cells = ROWS.flatMap((row) =>
    ROLES.flatMap((role) =>
      (['own', 'other'] as const).map((scope) => ({ row, role, scope, status: row.expected[role][scope === 'own' ? 0 : 1] })),
    ),
  );

  // Ids that name nothing answer 404, even for a global admin who reaches every company.
  // A category id names one of a fixed list: any other is a 400 (tests/bff/audience.test.ts), never a 404.
  // The ingestion URL answers an unknown source like a wrong secret (401): it must not tell which ids exist.
  // /api/v1 is for API keys, and this check calls as a global admin (a user): their ids are checked by the matrix.
  const byId = ROWS.filter((row) => /:\w+/.test(row.route) && !row.route.includes(':categoryId') && !row.route.startsWith('POST /api/ingest/') && !row.route.startsWith('GET /api/v1/') && !row.route.startsWith('DELETE /api/v1/'));
  /** Well-formed values that name nothing. */
  const UNKNOWN: Record<string, () => string> = { id: randomUUID, fileId: () => 'A'.repeat(32), token: () => 'no-such-invitation-0000', questionId: () => 'q_no_such_question', categoryKind: () => 'view', categoryRef: randomUUID };
  it.each(byId)('$route with an unknown id → 404', async (row) => {
    const cell = await cellFor('admin', 'other');
    const request = await row.request(cell);
    const params = Object.fromEntries(Object.keys(request.params ?? {}).map((name) => [name, UNKNOWN[name]()]));
    const response = await call({ ...row, request: () => ({ ...request, params }) }, cell);
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/not found|Invalid or expired invitation link/);
  });

  it.each(cells)('$row.route as $role on $scope company → $status', async ({ row, role, scope, status }) => {
    const cell = await cellFor(role, scope);
    const response = await call(row, cell);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.text ?? '').not.toContain(SOURCE_KEY);
    if (status >= 400) {
      expect(response.body.error).toEqual(expect.any(String));
      expect(ERROR_CODES).toContain(response.body.code);
    } else row.check?.(response, cell);
  });

  /**
   * The company choice (middleware/tenant.ts): every route that takes companyFilter in its query
   * or companyId in its body answers a company user who names the other demo company with the
   * same 404 not_found, for reads and writes alike: never their own data instead, never a 403.
   * The request is the row's own-company one (its own rows, so only the named company is
   * foreign), with the other company named. The caller is Alice (Acme's company admin) where her
   * role lets her through the route's guard, otherwise an Acme user holding every permission
   * (role admin outside the internal company: no global admin), so the company check is reached.
   */
  const namesCompany = (route: ServedRoute, request: Request) => {
    const options = request.multipart?.fields.options;
    return (
      route.stack.some((layer) => layer.rules?.query.includes('companyFilter')) ||
      (!!request.body && !Buffer.isBuffer(request.body) && 'companyId' in request.body) ||
      request.multipart?.fields.companyId !== undefined ||
      (options !== undefined && 'companyId' in (JSON.parse(options) as object))
    );
  };
  /** The request with the other company named wherever the route lets a company be named. */
  const namingOther = (route: ServedRoute, request: Request, other: string): Request => {
    const takesFilter = route.stack.some((layer) => layer.rules?.query.includes('companyFilter'));
    const body = request.body && !Buffer.isBuffer(request.body) && 'companyId' in request.body ? { ...request.body, companyId: other } : request.body;
    const multipart = request.multipart && {
      ...request.multipart,
      fields: Object.fromEntries(
        Object.entries(request.multipart.fields).map(([name, value]) =>
          name === 'companyId' ? [name, other] : name === 'options' ? [name, JSON.stringify({ ...(JSON.parse(value) as object), companyId: other })] : [name, value],
        ),
      ),
    };
    return { ...request, query: takesFilter ? { ...request.query, companyFilter: other } : request.query, body, multipart };
  };

  it('answers a company user naming another company with 404 not_found on every route that takes a company', async () => {
    const w = world();
    const { createApp } = await import('@bff/app');
    const served = new Map(servedRoutes(createApp(w.config, w.runtime)).map((route) => [route.key, route]));
    const everyPermission = await w.addUser(w.companies.acme.id, { role: 'admin' });
    const callers = [w.users.alice, everyPermission];
    const other = w.companies.globex.id;
    const checked: string[] = [];
    for (const row of ROWS) {
      const route = served.get(row.route)!;
      const capability = route.stack.find((layer) => layer.capability)?.capability as Capability | undefined;
      const actor = callers.find((user) => !capability || allows(capability, { kind: 'user', role: user.role, permissions: user.permissions, isGlobalAdmin: false }));
      if (!actor) continue;
      const cell: Cell = { world: w, role: 'company_admin', scope: 'own', companyId: actor.companyId, actor, apiKey: null };
      const request = await row.request(cell);
      if (!namesCompany(route, request)) continue;
      const response = await call({ ...row, request: () => namingOther(route, request, other) }, cell);
      expect([response.status, response.body.code], `${row.route} as ${actor.role}: ${JSON.stringify(response.body)}`).toEqual([404, 'not_found']);
      expect(response.body.message, row.route).toBe('No such company exists in your reach.');
      checked.push(row.route);
    }
    // Every kind of company choice is walked: query filters, bodies, multipart fields and options.
    expect(checked).toEqual(expect.arrayContaining(['GET /api/users', 'POST /api/users/invite', 'PUT /api/companies/profile', 'GET /api/dashboard/metrics', 'POST /api/data-sources/import', 'POST /api/data-sources/import/preview', 'GET /api/audience-intelligence/metrics', 'POST /api/audience-intelligence/writeback', 'GET /api/plans/usage', 'GET /api/api-keys/usage']));
  });
});
