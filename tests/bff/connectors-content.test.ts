/**
 * Klaviyo, SendGrid and Contentful, each against a local server answering as the vendor's public
 * reference documents it (paths, auth headers, paging fields, error bodies), driven through test()
 * and pull(); Klaviyo also through the product's own connect, Test connection and sync routes.
 * https://developers.klaviyo.com/en/reference/get_profiles
 * https://www.twilio.com/docs/sendgrid/api-reference/bounces-api/retrieve-all-bounces
 * https://www.contentful.com/developers/docs/references/content-delivery-api/#/reference/entries/entries-collection
 * https://developers.google.com/drive/api/reference/rest/v3/files/list
 * https://developers.google.com/identity/protocols/oauth2/service-account#httprest
 * https://www.dropbox.com/developers/documentation/http/documentation#files-list_folder
 * https://developers.google.com/youtube/v3/docs/playlistItems/list
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataRecord, DataSource } from '@bff/entities';
import { connectorFor } from '@bff/modules/connectors/registry';
import { contentfulConnector } from '@bff/modules/connectors/vendors/contentful';
import { dropboxConnector } from '@bff/modules/connectors/vendors/dropbox';
import { GOOGLE_DRIVE_SCOPE, googleDriveConnector } from '@bff/modules/connectors/vendors/googleDrive';
import { KLAVIYO_REVISION, klaviyoConnector } from '@bff/modules/connectors/vendors/klaviyo';
import { sendgridConnector } from '@bff/modules/connectors/vendors/sendgrid';
import { youtubeConnector } from '@bff/modules/connectors/vendors/youtube';
import { createSyncWorker } from '@bff/modules/dataSources/sync/worker';
import { BUILT_IN_FIELD_SETS } from '@domain/data/catalogue';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { failureOf, pullAll, recordsOf } from './support/connectors';
import { startVendorServer, vendorContext, type VendorServer } from './support/contentVendors';
import { sendJson } from './support/localServers';
import { useWorld, type World } from './support/world';

let waits: number[] = [];
afterEach(() => {
  waits = [];
});

const fieldNames = (catalogueId: string) => BUILT_IN_FIELD_SETS[catalogueId]!.map((field) => field.name).sort();

// ---------------------------------------------------------------- Klaviyo
const KLAVIYO_KEY = 'pk_0123456789abcdef0123456789abcdef01';

interface Profile {
  type: 'profile';
  id: string;
  attributes: Record<string, unknown>;
  links: { self: string };
}

function profile(id: string, updated: string, extra: Record<string, unknown> = {}): Profile {
  return {
    type: 'profile',
    id,
    attributes: {
      email: `${id.toLowerCase()}@example.com`,
      phone_number: '+15005550006',
      external_id: null,
      first_name: 'Ada',
      last_name: id,
      organization: 'Acme',
      location: { address1: null, city: 'Boston', country: 'United States', region: 'MA', zip: '02110', timezone: 'America/New_York' },
      properties: {},
      created: '2025-06-01T10:00:00+00:00',
      updated,
      ...extra,
    },
    links: { self: `https://a.klaviyo.com/api/profiles/${id}/` },
  };
}

const klaviyoError = (status: number, code: string, title: string, detail: string) => ({ errors: [{ id: '7f3b0f3e-0c0a-4f7b-9a0e-2b1c1d9e2f00', status, code, title, detail, source: { pointer: '/data/' } }] });

let profiles: Profile[] = [];
let klaviyo: VendorServer;

/** GET /api/profiles: sort=updated, filter=greater-than(updated,…), page[size] (at most 100; two here), links.next with page[cursor]. */
function answerProfiles(response: Parameters<Parameters<typeof startVendorServer>[0]>[0], request: Parameters<Parameters<typeof startVendorServer>[0]>[1]) {
  if (request.headers.authorization !== `Klaviyo-API-Key ${KLAVIYO_KEY}`) {
    return sendJson(response, 401, klaviyoError(401, 'authentication_failed', 'Incorrect authentication credentials.', 'Incorrect authentication credentials.'));
  }
  if (!request.headers.revision) return sendJson(response, 400, klaviyoError(400, 'invalid', 'Invalid input.', 'The revision header is required.'));
  if (request.url.pathname !== '/api/profiles') return sendJson(response, 404, klaviyoError(404, 'not_found', 'Not found.', 'Not found.'));
  const filter = request.url.searchParams.get('filter');
  const after = filter ? /^greater-than\(updated,(.+)\)$/.exec(filter)?.[1] : undefined;
  if (filter && !after) return sendJson(response, 400, klaviyoError(400, 'invalid', 'Invalid input.', `Invalid filter: ${filter}`));
  const size = Math.min(Number(request.url.searchParams.get('page[size]') ?? 20), 2);
  const list = [...profiles].filter((each) => !after || Date.parse(String(each.attributes.updated)) > Date.parse(after)).sort((a, b) => String(a.attributes.updated).localeCompare(String(b.attributes.updated)));
  const from = Number(request.url.searchParams.get('page[cursor]') ?? 0);
  const page = list.slice(from, from + size);
  const next = new URL(`${klaviyo.base}/api/profiles`);
  for (const [name, value] of request.url.searchParams) if (name !== 'page[cursor]') next.searchParams.set(name, value);
  next.searchParams.set('page[cursor]', String(from + size));
  sendJson(response, 200, { data: page, links: { self: request.url.toString(), next: from + size < list.length ? next.toString() : null, prev: null } });
}

const klaviyoContext = (key: string | null = KLAVIYO_KEY, cursor: string | null = null) => vendorContext({ settings: { baseUrl: klaviyo.base }, secrets: key ? { apiKey: key } : {}, cursor, waits });

// ---------------------------------------------------------------- SendGrid
const SENDGRID_KEY = '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';
interface Bounce {
  created: number;
  email: string;
  reason: string;
  status: string;
}
let bounces: Bounce[] = [];
let sendgrid: VendorServer;
const sendgridError = (message: string, field: string | null = null) => ({ errors: [{ field, message }] });

/** GET /v3/suppression/bounces: start_time (inclusive, Unix seconds), limit (at most 500), offset; a plain array. */
function answerBounces(response: Parameters<Parameters<typeof startVendorServer>[0]>[0], request: Parameters<Parameters<typeof startVendorServer>[0]>[1]) {
  if (request.headers.authorization !== `Bearer ${SENDGRID_KEY}`) return sendJson(response, 401, sendgridError('The provided authorization grant is invalid, expired, or revoked'));
  if (request.url.pathname !== '/v3/suppression/bounces') return sendJson(response, 404, sendgridError('resource not found'));
  const limit = Number(request.url.searchParams.get('limit') ?? 500);
  if (limit > 500) return sendJson(response, 400, sendgridError('limit must be at most 500', 'limit'));
  const offset = Number(request.url.searchParams.get('offset') ?? 0);
  const start = Number(request.url.searchParams.get('start_time') ?? 0);
  sendJson(response, 200, bounces.filter((each) => each.created >= start).slice(offset, offset + limit));
}

const sendgridContext = (key: string | null = SENDGRID_KEY, cursor: string | null = null) => vendorContext({ settings: { baseUrl: sendgrid.base }, secrets: key ? { apiKey: key } : {}, cursor, waits });

// ---------------------------------------------------------------- Contentful
const CONTENTFUL_TOKEN = 'b4c0n73n7fu1-cda-token-0123456789abcdef';
const SPACE = 'cfexampleapi';
interface Entry {
  sys: Record<string, unknown>;
  fields: Record<string, unknown>;
}
let entries: Entry[] = [];
let contentful: VendorServer;
const contentfulError = (id: string, message: string) => ({ sys: { type: 'Error', id }, message, requestId: '1b2c3d4e' });

function entry(id: string, updatedAt: string, fields: Record<string, unknown> = { title: `Post ${id}`, body: 'Text' }): Entry {
  return {
    sys: {
      space: { sys: { type: 'Link', linkType: 'Space', id: SPACE } },
      id,
      type: 'Entry',
      createdAt: '2025-03-01T09:00:00.000Z',
      updatedAt,
      environment: { sys: { id: 'master', type: 'Link', linkType: 'Environment' } },
      revision: 3,
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'blogPost' } },
      locale: 'en-US',
    },
    fields,
  };
}

/** GET /spaces/{space}/environments/{env}/entries: skip, limit (at most 1000; two here), order, sys.updatedAt[gte]; {sys, total, skip, limit, items}. */
function answerEntries(response: Parameters<Parameters<typeof startVendorServer>[0]>[0], request: Parameters<Parameters<typeof startVendorServer>[0]>[1]) {
  if (request.headers.authorization !== `Bearer ${CONTENTFUL_TOKEN}`) return sendJson(response, 401, contentfulError('AccessTokenInvalid', 'The access token you sent could not be found or is invalid.'));
  if (request.url.pathname !== `/spaces/${SPACE}/environments/master/entries`) return sendJson(response, 404, contentfulError('NotFound', 'The resource could not be found.'));
  const limit = Math.min(Number(request.url.searchParams.get('limit') ?? 100), 2);
  const skip = Number(request.url.searchParams.get('skip') ?? 0);
  const since = request.url.searchParams.get('sys.updatedAt[gte]');
  const list = entries.filter((each) => !since || Date.parse(String(each.sys.updatedAt)) >= Date.parse(since)).sort((a, b) => String(a.sys.updatedAt).localeCompare(String(b.sys.updatedAt)));
  sendJson(response, 200, { sys: { type: 'Array' }, total: list.length, skip, limit, items: list.slice(skip, skip + limit) });
}

const contentfulContext = (token: string | null = CONTENTFUL_TOKEN, cursor: string | null = null, spaceId = SPACE) =>
  vendorContext({ settings: { baseUrl: contentful.base, spaceId }, secrets: token ? { accessToken: token } : {}, cursor, waits });

// ---------------------------------------------------------------- Google Drive
const FOLDER = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const DRIVE_API_KEY = 'AIzaSyD-public-folder-key-0123456789';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  createdTime: string;
  modifiedTime: string;
  webViewLink: string;
  owners: Array<{ emailAddress: string }>;
}
let driveFiles: DriveFile[] = [];
let drive: VendorServer;
/** Tokens the token endpoint gave out; one can be revoked to see Drive refuse it. */
const issued = new Set<string>();
const googleError = (code: number, status: string, message: string, reason: string) => ({ error: { code, message, errors: [{ message, domain: 'global', reason }], status } });

function serviceAccountKey(): string {
  return JSON.stringify({ type: 'service_account', project_id: 'navout-test', private_key_id: 'k1', private_key: privateKey, client_email: 'reader@navout-test.iam.gserviceaccount.com', token_uri: `${drive.base}/token` });
}

function driveFile(id: string, modifiedTime: string): DriveFile {
  return { id, name: `${id}.csv`, mimeType: 'text/csv', size: '2048', createdTime: '2025-12-01T08:00:00.000Z', modifiedTime, webViewLink: `https://drive.google.com/file/d/${id}/view`, owners: [{ emailAddress: 'ops@example.com' }] };
}

/** POST /token: the JWT bearer grant, its RS256 signature checked against the account's public key. */
function answerToken(response: Parameters<Parameters<typeof startVendorServer>[0]>[0], request: Parameters<Parameters<typeof startVendorServer>[0]>[1]) {
  const form = new URLSearchParams(request.body);
  const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
  const valid = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && signature && createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, signature, 'base64url');
  if (!valid) return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (payload.scope !== GOOGLE_DRIVE_SCOPE || payload.aud !== `${drive.base}/token`) return sendJson(response, 400, { error: 'invalid_scope', error_description: 'Bad scope or audience.' });
  const token = `ya29.token-${issued.size + 1}`;
  issued.add(token);
  sendJson(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
}

/** GET /drive/v3/files: q (folder, trashed, modifiedTime >), orderBy, pageSize (at most 1000; two here), pageToken; {files, nextPageToken}. */
function answerFiles(response: Parameters<Parameters<typeof startVendorServer>[0]>[0], request: Parameters<Parameters<typeof startVendorServer>[0]>[1]) {
  if (request.url.pathname === '/token' && request.method === 'POST') return answerToken(response, request);
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const key = request.url.searchParams.get('key');
  if (key !== null && key !== DRIVE_API_KEY) return sendJson(response, 400, googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'badRequest'));
  if (key === null && !issued.has(bearer)) {
    return sendJson(response, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', 'authError'));
  }
  const q = /^'([^']+)' in parents and trashed = false(?: and modifiedTime > '([^']+)')?$/.exec(request.url.searchParams.get('q') ?? '');
  if (!q) return sendJson(response, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid Value', 'invalid'));
  if (q[1] !== FOLDER) return sendJson(response, 404, googleError(404, 'NOT_FOUND', `File not found: ${q[1]}.`, 'notFound'));
  const size = Math.min(Number(request.url.searchParams.get('pageSize') ?? 100), 2);
  const from = Number(request.url.searchParams.get('pageToken') ?? 0);
  const list = driveFiles.filter((each) => !q[2] || Date.parse(each.modifiedTime) > Date.parse(q[2])).sort((a, b) => a.modifiedTime.localeCompare(b.modifiedTime));
  sendJson(response, 200, { kind: 'drive#fileList', incompleteSearch: false, files: list.slice(from, from + size), ...(from + size < list.length ? { nextPageToken: String(from + size) } : {}) });
}

const driveContext = (secrets: Record<string, string>, cursor: string | null = null, folderId = FOLDER) => vendorContext({ settings: { baseUrl: drive.base, folderId }, secrets, cursor, waits });

// ---------------------------------------------------------------- Dropbox
const DROPBOX_TOKEN = 'sl.u.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
let dropboxEntries: Array<Record<string, unknown>> = [];
let dropbox: VendorServer;
const dropboxError = (summary: string, error: Record<string, unknown>) => ({ error_summary: summary, error });

function dropboxFile(name: string, serverModified: string): Record<string, unknown> {
  return {
    '.tag': 'file',
    name,
    path_lower: `/exports/${name.toLowerCase()}`,
    path_display: `/Exports/${name}`,
    id: `id:${name}-a4ayc_80_OEAAAAAAAAAXw`,
    client_modified: '2026-05-01T08:00:00Z',
    server_modified: serverModified,
    rev: 'a1c10ce0dd78',
    size: 7212,
    is_downloadable: true,
    content_hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  };
}

/** POST /2/files/list_folder {path, recursive, include_deleted, limit}, then /continue {cursor} alone; {entries, cursor, has_more}. Two entries a page here. */
function answerFolder(response: Parameters<Parameters<typeof startVendorServer>[0]>[0], request: Parameters<Parameters<typeof startVendorServer>[0]>[1]) {
  const auth = request.headers.authorization ?? '';
  if (auth === 'Bearer expired') return sendJson(response, 401, dropboxError('expired_access_token/', { '.tag': 'expired_access_token' }));
  if (auth !== `Bearer ${DROPBOX_TOKEN}`) return sendJson(response, 401, dropboxError('invalid_access_token/...', { '.tag': 'invalid_access_token' }));
  const body = JSON.parse(request.body || '{}') as Record<string, unknown>;
  let from: number;
  if (request.url.pathname === '/2/files/list_folder/continue') {
    if (Object.keys(body).join() !== 'cursor') return sendJson(response, 400, dropboxError('bad_request/', { '.tag': 'other' }));
    from = Number(Buffer.from(String(body.cursor), 'base64url').toString('utf8'));
  } else if (request.url.pathname === '/2/files/list_folder') {
    if (body.path !== '/Exports') return sendJson(response, 409, dropboxError('path/not_found/..', { '.tag': 'path', path: { '.tag': 'not_found' } }));
    if (typeof body.limit !== 'number' || body.limit > 2000) return sendJson(response, 400, dropboxError('bad_request/', { '.tag': 'other' }));
    from = 0;
  } else return sendJson(response, 404, dropboxError('not_found/', { '.tag': 'other' }));
  const next = from + 2;
  sendJson(response, 200, { entries: dropboxEntries.slice(from, next), cursor: Buffer.from(String(Math.min(next, dropboxEntries.length))).toString('base64url'), has_more: next < dropboxEntries.length });
}

const dropboxContext = (token: string | null = DROPBOX_TOKEN, cursor: string | null = null, folderPath = '/Exports') => vendorContext({ settings: { baseUrl: dropbox.base, folderPath }, secrets: token ? { accessToken: token } : {}, cursor, waits });

// ---------------------------------------------------------------- YouTube
const YOUTUBE_KEY = 'AIzaSyB-youtube-data-api-key-0123456789';
const UPLOADS = 'UU_x5XG1OV2P6uZZ5FSM9Ttw';
let playlistItems: Array<Record<string, unknown>> = [];
let youtube: VendorServer;

function playlistItem(videoId: string, publishedAt: string): Record<string, unknown> {
  return {
    kind: 'youtube#playlistItem',
    etag: `etag-${videoId}`,
    id: `UExpc3${videoId}`,
    snippet: {
      publishedAt,
      channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      title: `Video ${videoId}`,
      description: 'About it',
      thumbnails: { default: { url: `https://i.ytimg.com/vi/${videoId}/default.jpg`, width: 120, height: 90 }, high: { url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`, width: 480, height: 360 } },
      channelTitle: 'Google for Developers',
      playlistId: UPLOADS,
      position: 0,
      resourceId: { kind: 'youtube#video', videoId },
    },
    contentDetails: { videoId, videoPublishedAt: publishedAt },
  };
}

/** GET /youtube/v3/playlistItems: part, playlistId, maxResults (at most 50; two here), pageToken, key; newest first. */
function answerPlaylist(response: Parameters<Parameters<typeof startVendorServer>[0]>[0], request: Parameters<Parameters<typeof startVendorServer>[0]>[1]) {
  const key = request.url.searchParams.get('key');
  if (key !== YOUTUBE_KEY) {
    return sendJson(response, 403, googleError(403, 'PERMISSION_DENIED', 'YouTube Data API v3 has not been used in project 123456 before or it is disabled.', 'accessNotConfigured'));
  }
  if (request.url.searchParams.get('playlistId') !== UPLOADS) {
    return sendJson(response, 404, googleError(404, 'NOT_FOUND', "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.", 'playlistNotFound'));
  }
  if (request.url.searchParams.get('part') !== 'snippet,contentDetails') return sendJson(response, 400, googleError(400, 'INVALID_ARGUMENT', 'Bad part', 'invalidPart'));
  const size = Math.min(Number(request.url.searchParams.get('maxResults') ?? 5), 2);
  const from = Number(request.url.searchParams.get('pageToken')?.replace('CA', '') ?? 0);
  const items = playlistItems.slice(from, from + size);
  sendJson(response, 200, { kind: 'youtube#playlistItemListResponse', items, pageInfo: { totalResults: playlistItems.length, resultsPerPage: size }, ...(from + size < playlistItems.length ? { nextPageToken: `CA${from + size}` } : {}) });
}

const youtubeContext = (key: string | null = YOUTUBE_KEY, cursor: string | null = null, playlistId = UPLOADS) => vendorContext({ settings: { baseUrl: youtube.base, playlistId }, secrets: key ? { apiKey: key } : {}, cursor, waits });

beforeAll(async () => {
  youtube = await startVendorServer(answerPlaylist);
  dropbox = await startVendorServer(answerFolder);
  drive = await startVendorServer(answerFiles);
  klaviyo = await startVendorServer(answerProfiles);
  sendgrid = await startVendorServer(answerBounces);
  contentful = await startVendorServer(answerEntries);
});
afterAll(async () => {
  await Promise.all([klaviyo.close(), sendgrid.close(), contentful.close(), drive.close(), dropbox.close(), youtube.close()]);
});

describe('Klaviyo profiles', () => {
  beforeAll(() => {
    profiles = ['01A', '01B', '01C'].map((id, index) => profile(id, `2026-01-0${index + 1}T08:00:00+00:00`));
  });

  it('sends the key as Klaviyo-API-Key with the revision header, follows links.next, and maps profiles', async () => {
    klaviyo.received.length = 0;
    const batches = await pullAll(klaviyoConnector, klaviyoContext());
    const records = recordsOf(batches);
    expect(records.map((record) => record.profile_id)).toEqual(['01A', '01B', '01C']);
    expect(klaviyo.received).toHaveLength(2);
    for (const request of klaviyo.received) {
      expect(request.headers.authorization).toBe(`Klaviyo-API-Key ${KLAVIYO_KEY}`);
      expect(request.headers.revision).toBe(KLAVIYO_REVISION);
      expect(request.url.searchParams.get('sort')).toBe('updated');
      expect(request.url.searchParams.get('page[size]')).toBe('100');
      expect(request.url.searchParams.get('filter')).toBeNull();
    }
    expect(klaviyo.received[1]!.url.searchParams.get('page[cursor]')).toBe('2');
    expect(records[0]).toEqual({
      profile_id: '01A',
      email: '01a@example.com',
      phone: '+15005550006',
      name: 'Ada 01A',
      organization: 'Acme',
      city: 'Boston',
      country: 'United States',
      external_id: null,
      created_at: '2025-06-01T10:00:00+00:00',
      updated_at: '2026-01-01T08:00:00+00:00',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('klaviyo'));
    // Oldest change first: the cursor moves with each page.
    expect(batches.map((batch) => batch.cursor)).toEqual(['2026-01-02T08:00:00.000Z', '2026-01-03T08:00:00.000Z']);
  });

  it('asks Klaviyo only for profiles updated since a second before the cursor on the next run', async () => {
    profiles[0] = profile('01A', '2026-01-05T09:30:00+00:00', { first_name: 'Grace' });
    klaviyo.received.length = 0;
    const batches = await pullAll(klaviyoConnector, klaviyoContext(KLAVIYO_KEY, '2026-01-03T08:00:00.000Z'));
    expect(klaviyo.received[0]!.url.searchParams.get('filter')).toBe('greater-than(updated,2026-01-03T07:59:59Z)');
    expect(recordsOf(batches).map((record) => [record.profile_id, record.name])).toEqual([
      ['01C', 'Ada 01C'],
      ['01A', 'Grace 01A'],
    ]);
    expect(batches.at(-1)!.cursor).toBe('2026-01-05T09:30:00.000Z');
  });

  it('waits out a 429 as Retry-After says, then reads on', async () => {
    klaviyo.trouble.push({ status: 429, headers: { 'retry-after': '2' }, body: klaviyoError(429, 'throttled', 'Request was throttled.', 'Request was throttled. Expected available in 2 seconds.') });
    expect(recordsOf(await pullAll(klaviyoConnector, klaviyoContext()))).toHaveLength(3);
    expect(waits).toContain(2_000);
  });

  it("answers a revoked key in Klaviyo's words, not retryable, and a missing one by its setting", async () => {
    await expect(klaviyoConnector.test(klaviyoContext())).resolves.toBeUndefined();
    const refused = await failureOf(klaviyoConnector.test(klaviyoContext('pk_revoked')));
    expect(refused.message).toBe('Klaviyo refused the credentials (401): authentication_failed: Incorrect authentication credentials.');
    expect(refused.retryable).toBe(false);
    expect((await failureOf(pullAll(klaviyoConnector, klaviyoContext(null)))).message).toBe('The Klaviyo private API key is required.');
  });
});

describe('SendGrid bounces', () => {
  beforeAll(() => {
    // 600 bounces: a full page of 500, then a short one.
    bounces = Array.from({ length: 600 }, (_, index) => ({ created: 1_767_225_600 + index * 60, email: `b${index}@example.com`, reason: '550 5.1.1 The email account that you tried to reach does not exist.', status: '5.1.1' }));
  });

  it('sends the key as Bearer, pages by limit and offset to a short page, and maps bounces as events', async () => {
    sendgrid.received.length = 0;
    const batches = await pullAll(sendgridConnector, sendgridContext());
    const records = recordsOf(batches);
    expect(records).toHaveLength(600);
    expect(sendgrid.received.map((request) => [request.url.searchParams.get('limit'), request.url.searchParams.get('offset')])).toEqual([
      ['500', null],
      ['500', '500'],
    ]);
    expect(sendgrid.received.every((request) => request.headers.authorization === `Bearer ${SENDGRID_KEY}`)).toBe(true);
    expect(records[1]).toEqual({ email: 'b1@example.com', event: 'bounce', bounced_at: '2026-01-01T00:01:00.000Z', reason: bounces[1]!.reason, status: '5.1.1' });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('sendgrid'));
    // The order is not documented: the cursor moves once the last page is read.
    expect(batches.map((batch) => batch.cursor)).toEqual([null, String(1_767_225_600 + 599 * 60)]);
  });

  it('asks only for bounces from the cursor on in the next run', async () => {
    bounces.push({ created: 1_767_300_000, email: 'late@example.com', reason: '550 5.7.1 blocked', status: '5.7.1' });
    sendgrid.received.length = 0;
    const cursor = String(1_767_225_600 + 599 * 60);
    const batches = await pullAll(sendgridConnector, sendgridContext(SENDGRID_KEY, cursor));
    expect(sendgrid.received[0]!.url.searchParams.get('start_time')).toBe(cursor);
    expect(recordsOf(batches).map((record) => record.email)).toEqual(['b599@example.com', 'late@example.com']);
    expect(batches.at(-1)!.cursor).toBe('1767300000');
  });

  it("waits out a 429 as Retry-After says, and answers a bad key in SendGrid's words", async () => {
    sendgrid.trouble.push({ status: 429, headers: { 'retry-after': '1', 'x-ratelimit-remaining': '0' }, body: sendgridError('too many requests') });
    await expect(sendgridConnector.test(sendgridContext())).resolves.toBeUndefined();
    expect(waits).toContain(1_000);
    const refused = await failureOf(pullAll(sendgridConnector, sendgridContext('SG.revoked')));
    expect(refused.message).toBe('SendGrid refused the credentials (401): The provided authorization grant is invalid, expired, or revoked');
    expect(refused.retryable).toBe(false);
    expect((await failureOf(sendgridConnector.test(sendgridContext(null)))).message).toBe('The SendGrid API key is required.');
  });
});

describe('Contentful entries', () => {
  beforeAll(() => {
    entries = [entry('e1', '2026-02-01T10:00:00.000Z'), entry('e2', '2026-02-02T10:00:00.000Z', { name: 'Named' }), entry('e3', '2026-02-03T10:00:00.000Z')];
  });

  it('sends the delivery token as Bearer, pages by skip up to total, and maps entries as items', async () => {
    contentful.received.length = 0;
    const batches = await pullAll(contentfulConnector, contentfulContext());
    const records = recordsOf(batches);
    expect(records.map((record) => [record.entry_id, record.title])).toEqual([
      ['e1', 'Post e1'],
      ['e2', 'Named'],
      ['e3', 'Post e3'],
    ]);
    expect(contentful.received.map((request) => request.url.searchParams.get('skip'))).toEqual([null, '2']);
    for (const request of contentful.received) {
      expect(request.headers.authorization).toBe(`Bearer ${CONTENTFUL_TOKEN}`);
      expect(request.url.searchParams.get('order')).toBe('sys.updatedAt,sys.id');
      expect(request.url.searchParams.get('limit')).toBe('1000');
    }
    expect(records[0]).toEqual({
      entry_id: 'e1',
      content_type: 'blogPost',
      title: 'Post e1',
      locale: 'en-US',
      revision: 3,
      created_at: '2025-03-01T09:00:00.000Z',
      updated_at: '2026-02-01T10:00:00.000Z',
      fields: { title: 'Post e1', body: 'Text' },
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('contentful'));
    expect(batches.map((batch) => batch.cursor)).toEqual(['2026-02-02T10:00:00.000Z', '2026-02-03T10:00:00.000Z']);
  });

  it('asks for entries updated from the cursor on in the next run', async () => {
    entries[0] = entry('e1', '2026-02-04T10:00:00.000Z', { title: 'Edited' });
    contentful.received.length = 0;
    const batches = await pullAll(contentfulConnector, contentfulContext(CONTENTFUL_TOKEN, '2026-02-03T10:00:00.000Z'));
    expect(contentful.received[0]!.url.searchParams.get('sys.updatedAt[gte]')).toBe('2026-02-03T10:00:00.000Z');
    expect(recordsOf(batches).map((record) => [record.entry_id, record.title])).toEqual([
      ['e3', 'Post e3'],
      ['e1', 'Edited'],
    ]);
    expect(batches.at(-1)!.cursor).toBe('2026-02-04T10:00:00.000Z');
  });

  it("retries a 429, and answers a bad token, a wrong space or a bad space id in Contentful's words", async () => {
    contentful.trouble.push({ status: 429, headers: { 'retry-after': '1', 'x-contentful-ratelimit-reset': '1' }, body: contentfulError('RateLimitExceeded', 'You have exceeded the rate limit of the Organization this Space belongs to.') });
    await expect(contentfulConnector.test(contentfulContext())).resolves.toBeUndefined();
    expect(waits).toContain(1_000);
    const refused = await failureOf(contentfulConnector.test(contentfulContext('wrong-token')));
    expect(refused.message).toBe('Contentful refused the credentials (401): AccessTokenInvalid: The access token you sent could not be found or is invalid.');
    expect(refused.retryable).toBe(false);
    expect((await failureOf(pullAll(contentfulConnector, contentfulContext(CONTENTFUL_TOKEN, null, 'otherspace')))).message).toContain('NotFound: The resource could not be found.');
    expect((await failureOf(contentfulConnector.test(contentfulContext(CONTENTFUL_TOKEN, null, 'a/../b')))).message).toBe('The Contentful space id may hold only letters, digits, - and _.');
  });
});

describe('Google Drive files', () => {
  beforeAll(() => {
    driveFiles = [driveFile('f1', '2026-04-01T10:00:00.000Z'), driveFile('f2', '2026-04-02T10:00:00.000Z'), driveFile('f3', '2026-04-03T10:00:00.000Z')];
  });

  it('exchanges a signed service account JWT for a token, lists the folder by nextPageToken, and maps files', async () => {
    drive.received.length = 0;
    const batches = await pullAll(googleDriveConnector, driveContext({ serviceAccountKey: serviceAccountKey() }));
    const records = recordsOf(batches);
    expect(records.map((record) => record.file_id)).toEqual(['f1', 'f2', 'f3']);
    const [token, ...pages] = drive.received;
    expect(token!.url.pathname).toBe('/token');
    expect(pages.map((request) => request.url.searchParams.get('pageToken'))).toEqual([null, '2']);
    for (const request of pages) {
      expect(request.headers.authorization).toBe('Bearer ya29.token-1');
      expect(request.url.searchParams.get('q')).toBe(`'${FOLDER}' in parents and trashed = false`);
      expect(request.url.searchParams.get('orderBy')).toBe('modifiedTime');
      expect(request.url.searchParams.get('pageSize')).toBe('1000');
    }
    expect(records[0]).toEqual({
      file_id: 'f1',
      name: 'f1.csv',
      mime_type: 'text/csv',
      size: 2048,
      md5_checksum: null,
      owner_email: 'ops@example.com',
      web_view_link: 'https://drive.google.com/file/d/f1/view',
      created_at: '2025-12-01T08:00:00.000Z',
      updated_at: '2026-04-01T10:00:00.000Z',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('google-drive'));
    expect(batches.map((batch) => batch.cursor)).toEqual(['2026-04-02T10:00:00.000Z', '2026-04-03T10:00:00.000Z']);
  });

  it('joins modifiedTime to the folder filter on the next run, and reads a public folder with an API key', async () => {
    driveFiles.push(driveFile('f4', '2026-04-05T10:00:00.000Z'));
    drive.received.length = 0;
    const batches = await pullAll(googleDriveConnector, driveContext({ apiKey: DRIVE_API_KEY }, '2026-04-03T10:00:00.000Z'));
    expect(drive.received[0]!.url.searchParams.getAll('q')).toEqual([`'${FOLDER}' in parents and trashed = false and modifiedTime > '2026-04-03T09:59:59.000Z'`]);
    expect(drive.received[0]!.url.searchParams.get('key')).toBe(DRIVE_API_KEY);
    expect(drive.received[0]!.headers.authorization).toBeUndefined();
    expect(recordsOf(batches).map((record) => record.file_id)).toEqual(['f3', 'f4']);
    expect(batches.at(-1)!.cursor).toBe('2026-04-05T10:00:00.000Z');
  });

  it("waits out a 429, and answers a refused token, key, JWT or folder in Google's words", async () => {
    drive.trouble.push({ status: 429, headers: { 'retry-after': '4' }, body: googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric.', 'rateLimitExceeded') });
    await expect(googleDriveConnector.test(driveContext({ apiKey: DRIVE_API_KEY }))).resolves.toBeUndefined();
    expect(waits).toContain(4_000);
    const badKey = await failureOf(googleDriveConnector.test(driveContext({ apiKey: 'AIza-wrong' })));
    expect(badKey.message).toContain('INVALID_ARGUMENT: API key not valid. Please pass a valid API key.');
    issued.clear();
    drive.trouble.push({ status: 200, body: { access_token: 'ya29.revoked', expires_in: 3599, token_type: 'Bearer' } });
    const revoked = await failureOf(pullAll(googleDriveConnector, driveContext({ serviceAccountKey: serviceAccountKey() })));
    expect(revoked.message).toMatch(/^Google Drive refused the credentials \(401\): UNAUTHENTICATED: Request had invalid authentication credentials\./);
    expect(revoked.retryable).toBe(false);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const forged = JSON.stringify({ ...JSON.parse(serviceAccountKey()), private_key: otherKey.privateKey });
    expect((await failureOf(googleDriveConnector.test(driveContext({ serviceAccountKey: forged })))).message).toContain('Invalid JWT Signature.');
    expect((await failureOf(googleDriveConnector.test(driveContext({ serviceAccountKey: '{"client_email": "x"}' })))).message).toBe('The service account key has no client_email or private_key.');
    expect((await failureOf(googleDriveConnector.test(driveContext({})))).message).toBe('A service account key, or an API key for a public folder, is required.');
    expect((await failureOf(googleDriveConnector.test(driveContext({ apiKey: DRIVE_API_KEY }, null, "x' or '1")))).message).toContain('The folder id is the last part');
    expect((await failureOf(googleDriveConnector.test(driveContext({ apiKey: DRIVE_API_KEY }, null, 'someoneElsesFolder')))).message).toContain('NOT_FOUND: File not found: someoneElsesFolder.');
  });
});

describe('Dropbox files', () => {
  beforeAll(() => {
    dropboxEntries = [
      dropboxFile('a.csv', '2026-05-03T09:00:00Z'),
      { '.tag': 'folder', name: 'Archive', path_lower: '/exports/archive', path_display: '/Exports/Archive', id: 'id:archive-folder' },
      dropboxFile('b.json', '2026-05-01T09:00:00Z'),
    ];
  });

  it('lists the folder, continues with the cursor alone while has_more, and maps entries', async () => {
    dropbox.received.length = 0;
    const batches = await pullAll(dropboxConnector, dropboxContext());
    const records = recordsOf(batches);
    expect(records.map((record) => [record.name, record.kind])).toEqual([
      ['a.csv', 'file'],
      ['Archive', 'folder'],
      ['b.json', 'file'],
    ]);
    expect(dropbox.received.map((request) => [request.method, request.url.pathname, JSON.parse(request.body)])).toEqual([
      ['POST', '/2/files/list_folder', { path: '/Exports', recursive: false, include_deleted: false, limit: 2000 }],
      ['POST', '/2/files/list_folder/continue', { cursor: Buffer.from('2').toString('base64url') }],
    ]);
    expect(dropbox.received.every((request) => request.headers.authorization === `Bearer ${DROPBOX_TOKEN}` && request.headers['content-type'] === 'application/json')).toBe(true);
    expect(records[0]).toEqual({
      file_id: 'id:a.csv-a4ayc_80_OEAAAAAAAAAXw',
      name: 'a.csv',
      kind: 'file',
      path: '/Exports/a.csv',
      size: 7212,
      content_hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      client_modified: '2026-05-01T08:00:00Z',
      updated_at: '2026-05-03T09:00:00Z',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('dropbox'));
    // Not in order of change: the cursor moves with the last page only.
    expect(batches.map((batch) => batch.cursor)).toEqual([null, '2026-05-03T09:00:00Z']);
  });

  it('stores only entries changed from the cursor on in the next run (and folders, which have no time)', async () => {
    dropboxEntries[2] = dropboxFile('b.json', '2026-05-04T09:00:00Z');
    const batches = await pullAll(dropboxConnector, dropboxContext(DROPBOX_TOKEN, '2026-05-03T09:00:00Z'));
    expect(recordsOf(batches).map((record) => record.name)).toEqual(['a.csv', 'Archive', 'b.json']);
    const later = await pullAll(dropboxConnector, dropboxContext(DROPBOX_TOKEN, '2026-05-04T09:00:00Z'));
    expect(recordsOf(later).map((record) => record.name)).toEqual(['Archive', 'b.json']);
    expect(later.at(-1)!.cursor).toBe('2026-05-04T09:00:00Z');
  });

  it("waits out a 429, and answers an expired token or a missing folder in Dropbox's words", async () => {
    dropbox.trouble.push({ status: 429, headers: { 'retry-after': '2' }, body: dropboxError('too_many_requests/..', { reason: { '.tag': 'too_many_requests' }, retry_after: 2 }) });
    await expect(dropboxConnector.test(dropboxContext())).resolves.toBeUndefined();
    expect(waits).toContain(2_000);
    const expired = await failureOf(pullAll(dropboxConnector, dropboxContext('expired')));
    expect(expired.message).toBe('Dropbox refused the credentials (401): expired_access_token/');
    expect(expired.retryable).toBe(false);
    expect((await failureOf(dropboxConnector.test(dropboxContext(DROPBOX_TOKEN, null, '/Nope')))).message).toContain('path/not_found/..');
    expect((await failureOf(dropboxConnector.test(dropboxContext(null)))).message).toBe('The Dropbox access token is required.');
  });
});

describe('YouTube videos', () => {
  beforeAll(() => {
    playlistItems = [playlistItem('v3', '2026-06-03T15:00:00Z'), playlistItem('v2', '2026-06-02T15:00:00Z'), playlistItem('v1', '2026-06-01T15:00:00Z')];
  });

  it('reads the uploads playlist with the key by nextPageToken, and maps videos as items', async () => {
    youtube.received.length = 0;
    const batches = await pullAll(youtubeConnector, youtubeContext());
    const records = recordsOf(batches);
    expect(records.map((record) => record.video_id)).toEqual(['v3', 'v2', 'v1']);
    expect(youtube.received.map((request) => [request.url.searchParams.get('pageToken'), request.url.searchParams.get('maxResults'), request.url.searchParams.get('key')])).toEqual([
      [null, '50', YOUTUBE_KEY],
      ['CA2', '50', YOUTUBE_KEY],
    ]);
    expect(records[0]).toEqual({
      video_id: 'v3',
      title: 'Video v3',
      description: 'About it',
      channel_title: 'Google for Developers',
      thumbnail_url: 'https://i.ytimg.com/vi/v3/hqdefault.jpg',
      published_at: '2026-06-03T15:00:00Z',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(fieldNames('youtube'));
    expect(batches.map((batch) => batch.cursor)).toEqual([null, '2026-06-03T15:00:00Z']);
  });

  it('stores only videos published from the cursor on in the next run', async () => {
    playlistItems.unshift(playlistItem('v4', '2026-06-05T15:00:00Z'));
    const batches = await pullAll(youtubeConnector, youtubeContext(YOUTUBE_KEY, '2026-06-03T15:00:00Z'));
    expect(recordsOf(batches).map((record) => record.video_id)).toEqual(['v4', 'v3']);
    expect(batches.at(-1)!.cursor).toBe('2026-06-05T15:00:00Z');
  });

  it("waits out a 429, and answers a refused key or a wrong playlist in Google's words", async () => {
    youtube.trouble.push({ status: 429, headers: { 'retry-after': '3' }, body: googleError(429, 'RESOURCE_EXHAUSTED', 'Too many requests.', 'rateLimitExceeded') });
    await expect(youtubeConnector.test(youtubeContext())).resolves.toBeUndefined();
    expect(waits).toContain(3_000);
    const refused = await failureOf(youtubeConnector.test(youtubeContext('AIza-disabled')));
    expect(refused.message).toBe('YouTube denied access (403): PERMISSION_DENIED: YouTube Data API v3 has not been used in project 123456 before or it is disabled.');
    expect(refused.retryable).toBe(false);
    expect((await failureOf(pullAll(youtubeConnector, youtubeContext(YOUTUBE_KEY, null, 'UUnope')))).message).toContain('NOT_FOUND: The playlist identified');
    expect((await failureOf(youtubeConnector.test(youtubeContext(null)))).message).toBe('A YouTube Data API key, or a service account key, is required.');
  });
});

describe('Klaviyo in the product', () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: 'true' } });
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  it('lists the content vendors with their secrets masked', () => {
    expect(connectorFor('klaviyo')).toBe(klaviyoConnector);
    expect(connectorFor('sendgrid')).toBe(sendgridConnector);
    expect(connectorFor('contentful')).toBe(contentfulConnector);
    expect(connectorFor('google-drive')).toBe(googleDriveConnector);
    expect(connectorFor('dropbox')).toBe(dropboxConnector);
    expect(connectorFor('youtube')).toBe(youtubeConnector);
    expect(connectorDefinition('google-drive')?.settings.find((setting) => setting.name === 'serviceAccountKey')).toMatchObject({ secret: true, input: 'textarea' });
    expect(connectorDefinition('klaviyo')?.settings.find((setting) => setting.name === 'apiKey')).toMatchObject({ secret: true, required: true, input: 'password' });
    expect(connectorDefinition('contentful')?.settings.find((setting) => setting.name === 'accessToken')).toMatchObject({ secret: true, required: true });
  });

  it('connects, tests the key and syncs profiles into the unified model', async () => {
    const w = world();
    profiles = [profile('P1', '2026-03-01T08:00:00+00:00'), profile('P2', '2026-03-02T08:00:00+00:00', { email: 'Grace@Example.com' })];
    const refused = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'klaviyo', settings: { baseUrl: klaviyo.base, apiKey: 'pk_revoked' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('authentication_failed');
    const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: 'klaviyo', settings: { baseUrl: klaviyo.base, apiKey: KLAVIYO_KEY } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);

    const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: 'klaviyo', settings: { baseUrl: klaviyo.base, apiKey: KLAVIYO_KEY } });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(JSON.stringify(connected.body)).not.toContain(KLAVIYO_KEY);
    const id = connected.body.id as string;
    expect((await w.http.post(`/api/data-sources/${id}/sync`).set(as('alice'))).status).toBe(202);
    const worker = createSyncWorker({ orm: w.orm, fork: () => w.em(), config: w.config, logger: pino({ level: 'silent' }), workerId: 'klaviyo-test', queue: { retryBaseMs: 0 }, fetch: { retryBaseMs: 1, sleep: async () => undefined } });
    expect(await worker.runDue()).toBe(1);

    const stored = await w.em().find(DataRecord, { sourceId: id }, { orderBy: { recordKey: 'asc' } });
    expect(stored.map((record) => record.recordKey)).toEqual(['P1', 'P2']);
    expect(stored[1]!.unified).toMatchObject({ email: 'grace@example.com', name: 'Ada P2', account: 'Acme', location: 'Boston' });
    expect((await w.em().findOneOrFail(DataSource, id)).records).toBe(2);
  });
});
