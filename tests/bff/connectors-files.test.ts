/**
 * The file and content vendor connectors against local servers answering in each vendor's
 * documented format: Amazon S3 (ListObjectsV2 XML, SigV4, GetObject), Shopify (Admin REST
 * customers, Link header page_info) and WordPress (wp/v2/posts, X-WP-TotalPages).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectorFetch } from '../../bff/modules/connectors/http';
import type { ConnectorContext } from '../../bff/modules/connectors/types';
import { amazonS3Connector, canonicalQuery, signV4 } from '../../bff/modules/connectors/vendors/amazonS3';
import { nextPageInfo, shopifyConnector, SHOPIFY_FIELDS } from '../../bff/modules/connectors/vendors/shopify';
import { stripHtml, wordpressConnector, WORDPRESS_FIELDS } from '../../bff/modules/connectors/vendors/wordpress';
import { sendJson, startHttpServer, type LocalHttpServer } from './support/localServers';
import { failureOf, pullAll } from './support/connectors';

const silent = pino({ level: 'silent' });
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Waits the guarded fetch asked for (instead of sleeping them). */
const waits: number[] = [];

function contextFor(settings: Record<string, string | boolean>, secrets: Record<string, string>, cursor: string | null = null): ConnectorContext {
  const signal = new AbortController().signal;
  return {
    settings,
    secrets,
    cursor,
    fetch: createConnectorFetch({ allowPrivate: true, signal, retryBaseMs: 1, sleep: async (ms) => void waits.push(ms) }),
    signal,
    logger: silent,
    allowPrivate: true,
  };
}

// --- Amazon S3 ----------------------------------------------------------------------------------

describe('AWS Signature Version 4', () => {
  // The examples of the AWS documentation ("Signature Calculations for the Authorization Header").
  it('matches the documented GetObject example', () => {
    const signed = signV4({
      method: 'GET',
      path: '/test.txt',
      query: '',
      headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': '20130524T000000Z' },
      payloadHash: EMPTY_SHA256,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
      amzDate: '20130524T000000Z',
    });
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('matches the documented ListObjects example (a canonical query string)', () => {
    const signed = signV4({
      method: 'GET',
      path: '/',
      query: canonicalQuery([
        ['prefix', 'J'],
        ['max-keys', '2'],
      ]),
      headers: { host: 'examplebucket.s3.amazonaws.com', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': '20130524T000000Z' },
      payloadHash: EMPTY_SHA256,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
      amzDate: '20130524T000000Z',
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J');
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('matches the documented IAM ListUsers example (another service)', () => {
    const signed = signV4({
      method: 'GET',
      path: '/',
      query: canonicalQuery([
        ['Version', '2010-05-08'],
        ['Action', 'ListUsers'],
      ]),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Host: 'iam.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
      payloadHash: EMPTY_SHA256,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 'iam',
      amzDate: '20150830T123600Z',
    });
    expect(signed.signature).toBe('5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7');
  });
});

describe('Amazon S3', () => {
  const SECRET = 's3-secret-key-do-not-log';
  const KEY_ID = 'AKIATESTKEY';
  interface StoredObject {
    key: string;
    lastModified: string;
    body: string;
  }
  const objects: StoredObject[] = [
    { key: 'exports/a.csv', lastModified: '2026-01-01T00:00:00.000Z', body: 'id,email,note\n1,a@example.com,"quoted, with comma"\n2,b@example.com,plain\n' },
    { key: 'exports/b.json', lastModified: '2026-01-02T00:00:00.000Z', body: JSON.stringify([{ id: 3, email: 'c@example.com' }]) },
    { key: 'exports/c.jsonl', lastModified: '2026-01-03T00:00:00.000Z', body: '{"id":4,"email":"d@example.com"}\n\n{"id":5,"email":"e@example.com"}\n' },
    { key: 'exports/readme.txt', lastModified: '2026-01-04T00:00:00.000Z', body: 'not data' },
    { key: 'exports/sub dir/r&d é.csv', lastModified: '2026-01-05T00:00:00.000Z', body: 'id;email\n6;f@example.com\n' },
    { key: 'other/z.csv', lastModified: '2026-01-06T00:00:00.000Z', body: 'id\n99\n' },
  ];
  const requests: string[] = [];
  let s3: LocalHttpServer;

  const xml = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  /** Checks the request's signature as S3 would: recomputed from what arrived, with the stored secret. */
  function signatureProblem(request: IncomingMessage, url: URL): string | null {
    const authorization = request.headers.authorization ?? '';
    const shape = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!shape) return 'AuthorizationHeaderMalformed';
    const [, keyId, , region, signedHeaders, signature] = shape;
    if (keyId !== KEY_ID) return 'InvalidAccessKeyId';
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AuthorizationHeaderMalformed';
    const headers = Object.fromEntries(names.map((name) => [name, String(request.headers[name] ?? '')]));
    const rawQuery = (request.url ?? '').split('?')[1] ?? '';
    const params = rawQuery ? rawQuery.split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part)) as [string, string]) : [];
    const expected = signV4({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: canonicalQuery(params),
      headers,
      payloadHash: String(request.headers['x-amz-content-sha256']),
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      region: region!,
      service: 's3',
      amzDate: String(request.headers['x-amz-date']),
    });
    return expected.signature === signature ? null : 'SignatureDoesNotMatch';
  }

  beforeAll(async () => {
    s3 = await startHttpServer((request, response, { url }) => {
      requests.push(`${request.method} ${request.url}`);
      const problem = signatureProblem(request, url);
      if (problem) {
        xml(response, 403, `<Error><Code>${problem}</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>`);
        return;
      }
      const [, bucket, ...rest] = url.pathname.split('/');
      if (bucket !== 'reports') {
        xml(response, 404, '<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message><BucketName>x</BucketName></Error>');
        return;
      }
      if (url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const matching = objects.filter((object) => object.key.startsWith(prefix)).sort((a, b) => (a.key < b.key ? -1 : 1));
        const start = Number(Buffer.from(url.searchParams.get('continuation-token') ?? 'MA==', 'base64').toString());
        // Two keys a page at most, whatever max-keys asks: the client must follow the tokens.
        const size = Math.min(2, Number(url.searchParams.get('max-keys') ?? 1000));
        const page = matching.slice(start, start + size);
        const truncated = start + size < matching.length;
        const contents = page
          .map(
            (object) =>
              `<Contents><Key>${escapeXml(object.key)}</Key><LastModified>${object.lastModified}</LastModified><ETag>&quot;x&quot;</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
          )
          .join('');
        const next = truncated ? `<NextContinuationToken>${Buffer.from(String(start + size)).toString('base64')}</NextContinuationToken>` : '';
        xml(
          response,
          200,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>reports</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${size}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
        );
        return;
      }
      const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
      const object = objects.find((each) => each.key === key);
      if (!object) {
        xml(response, 404, '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'last-modified': new Date(object.lastModified).toUTCString() });
      response.end(object.body);
    });
  });
  afterAll(() => s3.close());

  const settings = (extra: Record<string, string | boolean> = {}) => ({
    endpoint: s3.base,
    bucket: 'reports',
    region: 'eu-west-1',
    prefix: 'exports/',
    accessKeyId: KEY_ID,
    pathStyle: true,
    ...extra,
  });

  it('lists every page, reads CSV, JSON and JSON Lines objects oldest first, and only newer objects on the next run', async () => {
    requests.length = 0;
    const batches = await pullAll(amazonS3Connector, contextFor(settings(), { secretAccessKey: SECRET }));
    expect(batches.flatMap((batch) => batch.records)).toEqual([
      { id: '1', email: 'a@example.com', note: 'quoted, with comma' },
      { id: '2', email: 'b@example.com', note: 'plain' },
      { id: 3, email: 'c@example.com' },
      { id: 4, email: 'd@example.com' },
      { id: 5, email: 'e@example.com' },
      { id: '6', email: 'f@example.com' },
    ]);
    // Five keys under the prefix, two a page: three listing requests, then four objects (not the .txt).
    expect(requests.filter((line) => line.includes('list-type=2'))).toHaveLength(3);
    expect(requests.filter((line) => !line.includes('list-type=2'))).toEqual([
      'GET /reports/exports/a.csv',
      'GET /reports/exports/b.json',
      'GET /reports/exports/c.jsonl',
      'GET /reports/exports/sub%20dir/r%26d%20%C3%A9.csv',
    ]);
    const cursor = batches.at(-1)!.cursor!;
    expect(JSON.parse(cursor)).toEqual({ lastModified: '2026-01-05T00:00:00.000Z', key: 'exports/sub dir/r&d é.csv' });

    objects.push({ key: 'exports/new.csv', lastModified: '2026-02-01T00:00:00.000Z', body: 'id,email\n7,g@example.com\n' });
    requests.length = 0;
    const second = await pullAll(amazonS3Connector, contextFor(settings(), { secretAccessKey: SECRET }, cursor));
    expect(second.flatMap((batch) => batch.records)).toEqual([{ id: '7', email: 'g@example.com' }]);
    expect(requests.filter((line) => !line.includes('list-type=2'))).toEqual(['GET /reports/exports/new.csv']);
    expect(JSON.parse(second.at(-1)!.cursor!).key).toBe('exports/new.csv');
    objects.pop();
  });

  it('test() passes with the right key and reports S3 errors with their code and message', async () => {
    await expect(amazonS3Connector.test(contextFor(settings(), { secretAccessKey: SECRET }))).resolves.toBeUndefined();
    const wrong = await failureOf(amazonS3Connector.test(contextFor(settings(), { secretAccessKey: 'wrong-secret' })));
    expect(wrong.message).toBe(
      'Amazon S3 denied access (403): SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided.',
    );
    expect(wrong.message).not.toContain('wrong-secret');
    const bucket = await failureOf(amazonS3Connector.test(contextFor(settings({ bucket: 'missing' }), { secretAccessKey: SECRET })));
    expect(bucket.message).toBe('Amazon S3 found nothing at this address (404): NoSuchBucket: The specified bucket does not exist');
    expect((await failureOf(amazonS3Connector.test(contextFor(settings(), {})))).message).toBe('The secret access key is required.');
  });

  it('names the object whose content cannot be read', async () => {
    objects.push({ key: 'exports/zz-broken.csv', lastModified: '2026-03-01T00:00:00.000Z', body: 'id,name\n1,"never closed\n' });
    try {
      const error = await failureOf(pullAll(amazonS3Connector, contextFor(settings(), { secretAccessKey: SECRET }, JSON.stringify({ lastModified: '2026-02-15T00:00:00.000Z', key: '' }))));
      expect(error.message).toMatch(/^Amazon S3 object "exports\/zz-broken.csv" could not be read: Row 2: a quoted value is never closed/);
    } finally {
      objects.pop();
    }
  });

  it('addresses the bucket as a host name unless path style is chosen', async () => {
    const urls: string[] = [];
    const context = contextFor(settings({ pathStyle: false, endpoint: 'https://s3.eu-west-1.amazonaws.com' }), { secretAccessKey: SECRET });
    context.fetch = async (url) => {
      urls.push(url);
      return { status: 200, headers: new Headers(), text: '<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>', json: () => ({}) as never };
    };
    expect(await pullAll(amazonS3Connector, context)).toEqual([]);
    expect(urls).toEqual(['https://reports.s3.eu-west-1.amazonaws.com/?list-type=2&max-keys=1000&prefix=exports%2F']);
  });
});

// --- Shopify ------------------------------------------------------------------------------------

describe('Shopify', () => {
  const TOKEN = 'shpat_good_token';
  const customers = Array.from({ length: 5 }, (_, index) => ({
    id: 1000 + index,
    email: `c${index}@example.com`,
    first_name: `First${index}`,
    last_name: index === 2 ? null : `Last${index}`,
    phone: null,
    created_at: `2026-01-0${index + 1}T10:00:00-05:00`,
    updated_at: `2026-01-0${index + 1}T12:00:00-05:00`,
    state: 'enabled',
    tags: 'vip, newsletter',
    currency: 'USD',
    orders_count: index,
    total_spent: `${index * 10}.50`,
    email_marketing_consent: { state: index % 2 ? 'subscribed' : 'not_subscribed' },
    default_address: { city: 'Ottawa', country: 'Canada' },
  }));
  const seen: string[] = [];
  let throttleOnce = false;
  let shop: LocalHttpServer;

  beforeAll(async () => {
    shop = await startHttpServer((request, response, { url }) => {
      seen.push(url.search);
      if (request.headers['x-shopify-access-token'] !== TOKEN) {
        sendJson(response, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
        return;
      }
      if (url.pathname !== '/admin/api/2024-10/customers.json') return sendJson(response, 404, { errors: 'Not Found' });
      if (throttleOnce) {
        throttleOnce = false;
        sendJson(response, 429, { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' }, { 'retry-after': '2.0' });
        return;
      }
      const pageInfo = url.searchParams.get('page_info');
      // As Shopify: with page_info only limit (and fields) may be sent.
      if (pageInfo && [...url.searchParams.keys()].some((name) => !['page_info', 'limit', 'fields'].includes(name))) {
        sendJson(response, 400, { errors: 'page_info - Invalid value.' });
        return;
      }
      const state = pageInfo ? (JSON.parse(Buffer.from(pageInfo, 'base64url').toString()) as { min: string | null; start: number }) : null;
      const min = state ? state.min : url.searchParams.get('updated_at_min');
      const start = state ? state.start : 0;
      const matching = customers.filter((customer) => !min || Date.parse(customer.updated_at) >= Date.parse(min));
      // Two a page whatever the limit: the client must follow the Link header.
      const page = matching.slice(start, start + 2);
      const links: string[] = [];
      const token = (at: number) => Buffer.from(JSON.stringify({ min, start: at })).toString('base64url');
      if (start > 0) links.push(`<${shop.base}/admin/api/2024-10/customers.json?limit=250&page_info=${token(start - 2)}>; rel="previous"`);
      if (start + 2 < matching.length) links.push(`<${shop.base}/admin/api/2024-10/customers.json?limit=250&page_info=${token(start + 2)}>; rel="next"`);
      sendJson(response, 200, { customers: page }, links.length ? { link: links.join(', ') } : {});
    });
  });
  afterAll(() => shop.close());

  const settings = () => ({ shopDomain: 'my-store.myshopify.com', baseUrl: shop.base });

  it('reads every page through the Link header, maps customers to the field set, then only updated ones', async () => {
    seen.length = 0;
    waits.length = 0;
    throttleOnce = true;
    const batches = await pullAll(shopifyConnector, contextFor(settings(), { accessToken: TOKEN }));
    const records = batches.flatMap((batch) => batch.records);
    expect(records.map((record) => record.id)).toEqual(['1000', '1001', '1002', '1003', '1004']);
    expect(records[1]).toEqual({
      id: '1001',
      email: 'c1@example.com',
      name: 'First1 Last1',
      phone: null,
      city: 'Ottawa',
      country: 'Canada',
      created_at: '2026-01-02T10:00:00-05:00',
      updated_at: '2026-01-02T12:00:00-05:00',
      state: 'enabled',
      tags: 'vip, newsletter',
      currency: 'USD',
      accepts_marketing: true,
      orders_count: 1,
      ltv: 10.5,
    });
    expect(records[2]!.name).toBe('First2');
    expect(Object.keys(records[0]!).sort()).toEqual(SHOPIFY_FIELDS.map((field) => field.name).sort());
    // The 429 was waited out as long as its decimal Retry-After said, and asked again; three pages after it.
    expect(waits).toEqual([2_000]);
    expect(seen).toHaveLength(4);
    expect(seen[0]).toBe('?limit=250');
    const cursor = batches.at(-1)!.cursor!;
    expect(cursor).toBe('2026-01-05T17:00:00.000Z');

    customers[1]!.updated_at = '2026-01-10T09:00:00-05:00';
    const second = await pullAll(shopifyConnector, contextFor(settings(), { accessToken: TOKEN }, cursor));
    expect(second.flatMap((batch) => batch.records.map((record) => record.id))).toEqual(['1001', '1004']);
    expect(second.at(-1)!.cursor).toBe('2026-01-10T14:00:00.000Z');
  });

  it('test() passes with a good token and shows Shopify\'s error for a bad one', async () => {
    await expect(shopifyConnector.test(contextFor(settings(), { accessToken: TOKEN }))).resolves.toBeUndefined();
    const error = await failureOf(shopifyConnector.test(contextFor(settings(), { accessToken: 'shpat_bad' })));
    expect(error.message).toBe('Shopify refused the credentials (401): [API] Invalid API key or access token (unrecognized login or wrong password)');
    expect(error.retryable).toBe(false);
    const missing = await failureOf(shopifyConnector.test(contextFor({ shopDomain: 'not a domain' }, { accessToken: TOKEN })));
    expect(missing.message).toBe('The shop domain must look like your-store.myshopify.com.');
  });

  it('reads the next page from the Link header among other relations', () => {
    expect(nextPageInfo('<https://x.myshopify.com/a?page_info=abc&limit=1>; rel="previous", <https://x.myshopify.com/a?limit=1&page_info=def>; rel="next"')).toBe('def');
    expect(nextPageInfo('<https://x.myshopify.com/a?page_info=abc>; rel="previous"')).toBeNull();
    expect(nextPageInfo(null)).toBeNull();
  });
});

// --- WordPress ----------------------------------------------------------------------------------

describe('WordPress', () => {
  const USER = 'editor';
  const APP_PASSWORD = 'abcd efgh ijkl mnop';
  const pad = (value: number) => String(value).padStart(2, '0');
  const posts = Array.from({ length: 230 }, (_, index) => ({
    id: index + 1,
    date: `2025-12-01T08:00:00`,
    date_gmt: `2025-12-01T08:00:00`,
    modified: `2026-01-${pad(1 + Math.floor(index / 24))}T${pad(index % 24)}:00:00`,
    slug: `post-${index + 1}`,
    status: 'publish',
    link: `https://blog.example.com/post-${index + 1}/`,
    title: { rendered: index === 0 ? 'Caf&#233; &amp; <em>Bar</em> &#8211; Part&nbsp;1' : `Post ${index + 1}` },
    excerpt: { rendered: '<p>Short &hellip;</p>\n' },
    author: 3,
    categories: [4, 7],
    tags: [],
  }));
  const seen: string[] = [];
  let privateSite = false;
  let site: LocalHttpServer;

  beforeAll(async () => {
    site = await startHttpServer((request, response, { url }) => {
      seen.push(url.search);
      const authorization = request.headers.authorization;
      if (authorization && authorization !== `Basic ${Buffer.from(`${USER}:${APP_PASSWORD}`).toString('base64')}`) {
        sendJson(response, 401, { code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } });
        return;
      }
      if (privateSite && !authorization) {
        sendJson(response, 401, { code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } });
        return;
      }
      if (url.pathname !== '/wp-json/wp/v2/posts') return sendJson(response, 404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
      const after = url.searchParams.get('modified_after');
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 10));
      const page = Number(url.searchParams.get('page') ?? 1);
      const matching = posts.filter((post) => !after || post.modified > after).sort((a, b) => (a.modified < b.modified ? -1 : 1));
      const totalPages = Math.ceil(matching.length / perPage);
      if (page > Math.max(1, totalPages)) {
        sendJson(response, 400, { code: 'rest_post_invalid_page_number', message: 'The page number requested is larger than the number of pages available.', data: { status: 400 } });
        return;
      }
      sendJson(response, 200, matching.slice((page - 1) * perPage, page * perPage), { 'x-wp-total': String(matching.length), 'x-wp-totalpages': String(totalPages) });
    });
  });
  afterAll(() => site.close());

  it('reads every page up to X-WP-TotalPages, maps posts to items, then only posts modified since', async () => {
    seen.length = 0;
    const batches = await pullAll(wordpressConnector, contextFor({ baseUrl: site.base }, {}));
    expect(batches.map((batch) => batch.records.length)).toEqual([100, 100, 30]);
    expect(seen).toEqual([1, 2, 3].map((page) => `?per_page=100&page=${page}&orderby=modified&order=asc`));
    const records = batches.flatMap((batch) => batch.records);
    expect(new Set(records.map((record) => record.item_id)).size).toBe(230);
    expect(records[0]).toEqual({
      item_id: '1',
      title: 'Café & Bar – Part 1',
      excerpt: 'Short …',
      link: 'https://blog.example.com/post-1/',
      slug: 'post-1',
      status: 'publish',
      categories: '4,7',
      tags: '',
      author: '3',
      date: '2025-12-01T08:00:00',
      modified: '2026-01-01T00:00:00',
    });
    expect(Object.keys(records[0]!).sort()).toEqual(WORDPRESS_FIELDS.map((field) => field.name).sort());
    const cursor = batches.at(-1)!.cursor!;
    expect(cursor).toBe('2026-01-10T13:00:00');

    posts[5]!.modified = '2026-02-01T09:30:00';
    posts[5]!.title.rendered = 'Edited';
    seen.length = 0;
    const second = await pullAll(wordpressConnector, contextFor({ baseUrl: site.base }, {}, cursor));
    expect(second.flatMap((batch) => batch.records.map((record) => [record.item_id, record.title]))).toEqual([['6', 'Edited']]);
    expect(seen).toEqual([`?per_page=100&page=1&orderby=modified&order=asc&modified_after=${encodeURIComponent(cursor)}`]);
    expect(second.at(-1)!.cursor).toBe('2026-02-01T09:30:00');
  });

  it('test() passes on a public site, with an application password on a private one, and shows WordPress errors', async () => {
    await expect(wordpressConnector.test(contextFor({ baseUrl: site.base }, {}))).resolves.toBeUndefined();
    privateSite = true;
    try {
      const anonymous = await failureOf(wordpressConnector.test(contextFor({ baseUrl: site.base }, {})));
      expect(anonymous.message).toBe('WordPress refused the credentials (401): You are not currently logged in. (rest_not_logged_in)');
      await expect(wordpressConnector.test(contextFor({ baseUrl: site.base, username: USER }, { applicationPassword: APP_PASSWORD }))).resolves.toBeUndefined();
      const wrong = await failureOf(wordpressConnector.test(contextFor({ baseUrl: site.base, username: USER }, { applicationPassword: 'nope nope' })));
      expect(wrong.message).toBe('WordPress refused the credentials (401): The provided password is an invalid application password. (incorrect_password)');
      expect(wrong.message).not.toContain('nope nope');
      const half = await failureOf(wordpressConnector.test(contextFor({ baseUrl: site.base }, { applicationPassword: APP_PASSWORD })));
      expect(half.message).toMatch(/both the user name and the application password/);
    } finally {
      privateSite = false;
    }
    const route = await failureOf(wordpressConnector.test(contextFor({ baseUrl: `${site.base}/blog` }, {})));
    expect(route.message).toBe('WordPress found nothing at this address (404): No route was found matching the URL and request method. (rest_no_route)');
    expect((await failureOf(wordpressConnector.test(contextFor({}, {})))).message).toBe('The site address is required.');
  });

  it('turns rendered HTML into text', () => {
    expect(stripHtml('<p>One&nbsp;&amp; <strong>two</strong></p>\n<p>&#x263A; &#9731; &bogus;</p>')).toBe('One & two ☺ ☃ &bogus;');
  });
});
