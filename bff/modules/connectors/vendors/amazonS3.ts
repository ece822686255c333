/**
 * Amazon S3 (and any S3-compatible store): the CSV, JSON and JSON Lines objects under a prefix
 * become records. ListObjectsV2 (XML, continuation tokens) finds the objects, GetObject reads each,
 * every request signed with AWS Signature Version 4.
 *
 * Incremental: the cursor is the newest object read (LastModified, then key); the next run reads
 * only objects changed after it, oldest first, so a run stopped half-way resumes where it ended.
 * CSV goes through the file import's parser (quoting, delimiter guess, header naming, cell limits).
 */
import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SourceFieldDefinition } from '@domain/data/catalogue';
import { csvRows } from '../../../platform/readers/csv';
import { jsonRecords } from '../../../platform/readers/json';
import type { ReaderMeta } from '../../../platform/readers/rows';
import { openTable } from '../../../platform/readers/table';
import { HttpError } from '../../../platform/errors';
import { ConnectorError, type Connector, type ConnectorBatch, type ConnectorContext } from '../types';
import { baseUrlOf, requiredSetting, secretOf, settingText } from '../shared';

const VENDOR = 'Amazon S3';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const LIST_PAGE = 1000;
/** A bucket listing that never ends is stopped here (a million objects). */
const MAX_LIST_PAGES = 1000;
const BATCH_ROWS = 500;
const READABLE = /\.(csv|json|jsonl|ndjson)$/i;

/** No built-in field set: an object's records carry its own columns (the catalogue's generic set stays). */
export const AMAZON_S3_FIELDS: readonly SourceFieldDefinition[] = [];

// --- Signature Version 4 ------------------------------------------------------------------------

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ (and '/' in paths, when kept). */
export function awsEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

/** The canonical query string: names and values encoded, sorted by name then value. */
export function canonicalQuery(params: ReadonlyArray<[string, string]>): string {
  return params
    .map(([name, value]) => [awsEncode(name), awsEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export interface SignInput {
  method: string;
  /** Already encoded, as sent (S3: each key segment encoded once). */
  path: string;
  /** Already canonical (canonicalQuery). */
  query: string;
  /** Every header to sign, including host and x-amz-date. */
  headers: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  /** YYYYMMDD'T'HHMMSS'Z' */
  amzDate: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The Authorization header of a request (AWS4-HMAC-SHA256), computed as the AWS documentation describes. */
export function signV4(input: SignInput): { authorization: string; signature: string; canonicalRequest: string } {
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.path || '/',
    input.query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    signature,
    canonicalRequest,
  };
}

export const amzDateOf = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

// --- settings and requests ----------------------------------------------------------------------

interface Bucket {
  /** scheme://host[:port] */
  origin: string;
  host: string;
  /** The path before the key: '' (virtual-hosted) or '/bucket' (path style), after any base path. */
  prefixPath: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
}

function bucketOf(context: ConnectorContext): Bucket {
  const region = settingText(context, 'region') || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/i.test(region)) throw new ConnectorError('The region must look like us-east-1.');
  const bucket = requiredSetting(context, ['bucket'], 'The bucket');
  if (!/^[a-z0-9][a-z0-9.\-_]{1,254}$/i.test(bucket)) throw new ConnectorError('The bucket name may hold only letters, digits, dots, hyphens and underscores.');
  const base = new URL(baseUrlOf(context, 'endpoint', `https://s3.${region}.amazonaws.com`));
  const pathStyleValue = context.settings.pathStyle;
  const pathStyle = pathStyleValue === true || pathStyleValue === 'true';
  const basePath = base.pathname.replace(/\/+$/, '');
  const host = pathStyle ? base.host : `${bucket}.${base.host}`;
  return {
    origin: `${base.protocol}//${host}`,
    host,
    prefixPath: pathStyle ? `${basePath}/${awsEncode(bucket)}` : basePath,
    region,
    accessKeyId: requiredSetting(context, ['accessKeyId'], 'The access key id'),
    secretAccessKey: secretOf(context, 'secretAccessKey', 'The secret access key'),
    prefix: settingText(context, 'prefix').replace(/^\/+/, ''),
  };
}

const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** The text of the first <name> element in `xml`, or null. */
function element(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decodeXml(match[1]!) : null;
}

/** S3's error document (<Error><Code/><Message/></Error>) as a message. */
function errorOf(status: number, body: string): ConnectorError {
  const code = element(body, 'Code');
  const message = element(body, 'Message');
  const detail = [code, message].filter(Boolean).join(': ');
  const what = status === 403 ? 'denied access' : status === 404 ? 'found nothing at this address' : status >= 500 ? 'had a server error' : 'refused the request';
  return new ConnectorError(`${VENDOR} ${what} (${status})${detail ? `: ${detail.slice(0, 500)}` : '.'}`, status === 429 || status === 503 || status >= 500);
}

async function signedGet(context: ConnectorContext, bucket: Bucket, path: string, params: Array<[string, string]>): Promise<string> {
  if (context.signal.aborted) throw new ConnectorError('The sync was stopped', true);
  const query = canonicalQuery(params);
  const amzDate = amzDateOf(new Date());
  const headers = { host: bucket.host, 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': amzDate };
  const { authorization } = signV4({
    method: 'GET',
    path,
    query,
    headers,
    payloadHash: EMPTY_SHA256,
    accessKeyId: bucket.accessKeyId,
    secretAccessKey: bucket.secretAccessKey,
    region: bucket.region,
    service: 's3',
    amzDate,
  });
  const response = await context.fetch(`${bucket.origin}${path}${query ? `?${query}` : ''}`, {
    // host is set by the request itself from the URL: the same value as signed.
    headers: { accept: '*/*', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': amzDate, authorization },
  });
  if (response.status >= 200 && response.status < 300) return response.text;
  throw errorOf(response.status, response.text);
}

interface S3Object {
  key: string;
  lastModified: string;
}

/** One page of ListObjectsV2. */
async function listPage(context: ConnectorContext, bucket: Bucket, token: string | null, maxKeys: number) {
  const params: Array<[string, string]> = [
    ['list-type', '2'],
    ['max-keys', String(maxKeys)],
  ];
  if (bucket.prefix) params.push(['prefix', bucket.prefix]);
  if (token) params.push(['continuation-token', token]);
  const xml = await signedGet(context, bucket, bucket.prefixPath || '/', params);
  if (!/<ListBucketResult[\s>]/.test(xml)) throw new ConnectorError(`${VENDOR} answered without a bucket listing: the endpoint may point at something else.`);
  const objects: S3Object[] = [];
  for (const match of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = element(match[1]!, 'Key');
    const lastModified = element(match[1]!, 'LastModified');
    if (key !== null && lastModified !== null && !Number.isNaN(Date.parse(lastModified))) objects.push({ key, lastModified: new Date(lastModified).toISOString() });
  }
  const truncated = element(xml, 'IsTruncated') === 'true';
  return { objects, next: truncated ? element(xml, 'NextContinuationToken') : null };
}

interface S3Cursor {
  lastModified: string;
  key: string;
}

function parseCursor(raw: string | null): S3Cursor | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<S3Cursor>;
    if (typeof parsed.lastModified === 'string' && typeof parsed.key === 'string') return { lastModified: parsed.lastModified, key: parsed.key };
  } catch {
    // Another connector's cursor: read everything.
  }
  return null;
}

const order = (a: S3Cursor, b: S3Cursor) => (a.lastModified < b.lastModified ? -1 : a.lastModified > b.lastModified ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Dot segments would be resolved away by the URL (and name another object). */
const addressable = (key: string) => !key.split('/').some((segment) => segment === '.' || segment === '..');

const fileMessage = (failure: unknown) => (failure instanceof HttpError ? failure.detail || failure.error : (failure as Error).message);

/** The records of one object, in batches. */
async function* objectRecords(key: string, text: string): AsyncGenerator<Array<Record<string, unknown>>> {
  const extension = /\.([a-z]+)$/i.exec(key)![1]!.toLowerCase();
  try {
    if (extension === 'csv') {
      const meta: ReaderMeta = { delimiter: null };
      const table = await openTable(csvRows(Readable.from([text.replace(/^\uFEFF/, '')]), meta), meta);
      let batch: Array<Record<string, unknown>> = [];
      for await (const rows of table.rows) {
        for (const row of rows) batch.push(row.values);
        if (batch.length >= BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
      return;
    }
    let records: Array<Record<string, unknown>>;
    if (extension === 'json') records = jsonRecords(Buffer.from(text, 'utf8'));
    else {
      records = [];
      text.split(/\r?\n/).forEach((line, index) => {
        if (!line.trim()) return;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          throw new ConnectorError(`Line ${index + 1} is not valid JSON.`);
        }
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConnectorError(`Line ${index + 1} is not a JSON object.`);
        records.push(value as Record<string, unknown>);
      });
    }
    for (let start = 0; start < records.length; start += BATCH_ROWS) yield records.slice(start, start + BATCH_ROWS);
  } catch (failure) {
    throw new ConnectorError(`${VENDOR} object "${key.slice(0, 300)}" could not be read: ${fileMessage(failure)}`);
  }
}

async function* pull(context: ConnectorContext): AsyncIterable<ConnectorBatch> {
  const bucket = bucketOf(context);
  const since = parseCursor(context.cursor);
  const pending: S3Object[] = [];
  let token: string | null = null;
  for (let page = 0; ; page += 1) {
    if (page >= MAX_LIST_PAGES) throw new ConnectorError(`${VENDOR} listed more than ${MAX_LIST_PAGES * LIST_PAGE} objects under the prefix: narrow the prefix.`);
    const listed = await listPage(context, bucket, token, LIST_PAGE);
    for (const object of listed.objects) {
      if (!READABLE.test(object.key) || !addressable(object.key)) continue;
      if (since && order(object, since) <= 0) continue;
      pending.push(object);
    }
    if (!listed.next) break;
    token = listed.next;
  }
  pending.sort(order);
  for (const object of pending) {
    const path = `${bucket.prefixPath}/${awsEncode(object.key, true)}`;
    let text: string;
    try {
      text = await signedGet(context, bucket, path, []);
    } catch (failure) {
      if (!(failure instanceof ConnectorError)) throw failure;
      throw new ConnectorError(`${VENDOR} object "${object.key.slice(0, 300)}": ${failure.message}`, failure.retryable);
    }
    const cursor = JSON.stringify({ lastModified: object.lastModified, key: object.key });
    let yielded = false;
    for await (const records of objectRecords(object.key, text)) {
      yielded = true;
      yield { records, cursor };
    }
    // An empty object still moves the cursor past it.
    if (!yielded) yield { records: [], cursor };
  }
}

export const amazonS3Connector: Connector = {
  catalogueId: 'amazon-s3',
  keyField: null,
  async test(context) {
    await listPage(context, bucketOf(context), null, 1);
  },
  pull,
};
