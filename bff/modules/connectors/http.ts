/**
 * The only way a connector reaches the outside: every request goes to an address the SSRF guard
 * accepts (and to that address itself, pinned), redirects are followed by hand so each hop is
 * checked again, the answer is bounded in time and size, and 429/5xx/network failures are tried
 * again with backoff before they become a retryable ConnectorError the sync queue acts on.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { AddressRefusedError, bareHost, pinnedLookup, resolveAllowedAddress, type GuardOptions, type ResolvedAddress } from '../../platform/addressGuard';
import { ConnectorError, type ConnectorFetch, type ConnectorRequest, type ConnectorResponse } from './types';

export const CONNECTOR_TIMEOUT_MS = 30_000;
export const CONNECTOR_MAX_BYTES = 20 * 1024 * 1024;
export const CONNECTOR_MAX_REDIRECTS = 5;
export const CONNECTOR_MAX_RETRIES = 3;
export const CONNECTOR_RETRY_BASE_MS = 1_000;
/** The longest Retry-After honoured: a vendor asking for more fails the attempt, and the sync queue retries later. */
export const RETRY_AFTER_CAP_MS = 60_000;
const USER_AGENT = 'Navout-Connectors/1';
/** Headers kept when a redirect leaves the origin: credentials are never handed to another host. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'content-type', 'user-agent']);

export interface ConnectorFetchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  lookup?: GuardOptions['lookup'];
  /** Tries after the first for 429, 5xx and network failures (0 turns retrying off). */
  maxRetries?: number;
  retryBaseMs?: number;
  /** Replaces the wait between tries (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Replaces the check of each hop (tests: a public-looking first hop answered by a local server,
   * to show that its redirect to a private address is refused by checkHop).
   */
  resolveHop?: (url: URL, options: ConnectorFetchOptions) => Promise<ResolvedAddress>;
}

/** The URL as it may appear in a message or a log: without its query (which may carry a key) or user info. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'the address';
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function makeResponse(url: string, status: number, headers: Headers, bytes: Buffer): ConnectorResponse {
  // Decoded once, when first read: a binary answer (an archive) is never turned into text.
  let text: string | undefined;
  const asText = () => (text ??= bytes.toString('utf8'));
  return {
    status,
    headers,
    get text() {
      return asText();
    },
    bytes,
    json<T>() {
      const text = asText();
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new ConnectorError(`${describeUrl(url)} did not answer JSON (status ${status}): ${text.slice(0, 120).replace(/\s+/g, ' ')}`);
      }
    },
  };
}

function toHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
  }
  return headers;
}

interface Hop {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** The address one hop may go to: https (http only when private addresses are allowed), and an address the guard accepts. */
export async function checkHop(url: URL, options: Pick<ConnectorFetchOptions, 'allowPrivate' | 'lookup'>): Promise<ResolvedAddress> {
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && options.allowPrivate)) {
    throw new ConnectorError(`${describeUrl(url.toString())} must use https://`);
  }
  try {
    return await resolveAllowedAddress(url.hostname, { allowPrivate: options.allowPrivate, lookup: options.lookup });
  } catch (failure) {
    if (failure instanceof AddressRefusedError) throw new ConnectorError(`Refused: ${failure.message}`);
    throw failure;
  }
}

/** Reads one answer into its hop: a redirect's body skipped, any other body decompressed and bounded in size. */
function readAnswer(url: URL, response: IncomingMessage, maxBytes: number, settle: (error: Error | null, hop?: Hop) => void): void {
  const tooLarge = () => new ConnectorError(`The answer is larger than ${megabytes(maxBytes)}`);
  const status = response.statusCode ?? 0;
  const headers = toHeaders(response);
  // A redirect's body is never read: only its Location matters.
  if (status >= 300 && status < 400 && headers.has('location')) {
    response.resume();
    settle(null, { status, headers, body: Buffer.alloc(0) });
    return;
  }
  const declared = Number(headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    settle(tooLarge());
    return;
  }
  const encoding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(createInflate());
  else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
  const chunks: Buffer[] = [];
  // Counted after decompression, so a small compressed bomb is refused as well.
  let received = 0;
  stream.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) {
      settle(tooLarge());
      response.destroy();
      return;
    }
    chunks.push(chunk);
  });
  stream.on('end', () => settle(null, { status, headers, body: Buffer.concat(chunks) }));
  stream.on('error', (failure) => settle(new ConnectorError(`Could not read the answer of ${describeUrl(url.toString())}: ${failure.message}`, true)));
  response.on('aborted', () => settle(new ConnectorError(`${describeUrl(url.toString())} closed the connection mid-answer`, true)));
}

/** One request to one URL (no redirects followed), pinned to the guarded address. */
async function requestOnce(url: URL, init: ConnectorRequest, options: ConnectorFetchOptions): Promise<Hop> {
  const secure = url.protocol === 'https:';
  const address = await (options.resolveHop ?? checkHop)(url, options);
  const host = bareHost(url.hostname);
  const timeoutMs = options.timeoutMs ?? CONNECTOR_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? CONNECTOR_MAX_BYTES;
  const body = init.body;

  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(hop!);
    };
    const onAbort = () => settle(new ConnectorError('The sync was stopped', true));
    const request = (secure ? httpsRequest : httpRequest)(
      {
        protocol: url.protocol,
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': USER_AGENT,
          ...init.headers,
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
        lookup: pinnedLookup(address),
        agent: false,
        ...(secure && !isIP(host) ? { servername: host } : {}),
      },
      (response: IncomingMessage) => readAnswer(url, response, maxBytes, settle),
    );
    const timer = setTimeout(() => settle(new ConnectorError(`${describeUrl(url.toString())} did not answer within ${timeoutMs / 1000} s`, true)), timeoutMs);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (failure: NodeJS.ErrnoException) =>
      settle(new ConnectorError(`Could not reach ${describeUrl(url.toString())}: ${failure.code ?? failure.message}`, true)),
    );
    request.end(body);
  });
}

/** A guarded fetch that follows redirects itself (checking every hop) and does not retry. */
export function createGuardedFetch(options: ConnectorFetchOptions): ConnectorFetch {
  return async (rawUrl, init = {}) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new ConnectorError(`"${rawUrl.slice(0, 200)}" is not a valid URL`);
    }
    let current: ConnectorRequest = { ...init };
    for (let hop = 0; ; hop += 1) {
      const answer = await requestOnce(url, current, options);
      const location = answer.headers.get('location');
      if (!(answer.status >= 300 && answer.status < 400 && location)) return makeResponse(url.toString(), answer.status, answer.headers, answer.body);
      if (hop >= CONNECTOR_MAX_REDIRECTS) throw new ConnectorError(`${describeUrl(rawUrl)} redirected more than ${CONNECTOR_MAX_REDIRECTS} times`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ConnectorError(`${describeUrl(url.toString())} redirected to an invalid address`);
      }
      // 301/302/303 turn a POST into a GET without body (as browsers do); 307/308 repeat the request.
      const keepMethod = answer.status === 307 || answer.status === 308;
      const headers = { ...current.headers };
      if (next.origin !== url.origin) {
        for (const name of Object.keys(headers)) if (!CROSS_ORIGIN_HEADERS.has(name.toLowerCase())) delete headers[name];
      }
      current = keepMethod ? { ...current, headers } : { method: 'GET', headers };
      url = next;
    }
  };
}

export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Retry-After in milliseconds (seconds or an HTTP date), or null when absent or unreadable.
 * Seconds may carry a fraction: Shopify sends "2.0", which is no HTTP date either.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface RetryOptions {
  maxRetries: number;
  baseMs: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Tries 429 (after its Retry-After, capped), 5xx and retryable failures (network, timeout) again
 * with exponential backoff; when the tries run out, a retryable ConnectorError with the status.
 */
export function withRetries(fetch: ConnectorFetch, { maxRetries, baseMs, sleep = defaultSleep, signal }: RetryOptions): ConnectorFetch {
  return async (url, init) => {
    for (let attempt = 0; ; attempt += 1) {
      let delay = baseMs * 2 ** attempt;
      let failure: ConnectorError;
      // A vendor asking for a longer wait than the cap is not waited for here (see RETRY_AFTER_CAP_MS).
      let waitTooLong = false;
      try {
        const response = await fetch(url, init);
        if (response.status !== 429 && response.status < 500) return response;
        if (response.status === 429) {
          const asked = retryAfterMs(response.headers.get('retry-after'));
          if (asked !== null) delay = asked;
          failure = new ConnectorError(`${describeUrl(url)} answered 429 Too Many Requests: the vendor's rate limit was reached`, true, response);
          waitTooLong = delay > RETRY_AFTER_CAP_MS;
        } else {
          failure = new ConnectorError(`${describeUrl(url)} answered status ${response.status}`, true, response);
        }
      } catch (error) {
        if (!(error instanceof ConnectorError) || !error.retryable) throw error;
        failure = error;
      }
      if (waitTooLong || attempt >= maxRetries || signal?.aborted) throw failure;
      await sleep(Math.min(delay, RETRY_AFTER_CAP_MS), signal);
    }
  };
}

/** The fetch handed to connectors: guarded, bounded, following redirects, retrying transient failures. */
export function createConnectorFetch(options: ConnectorFetchOptions): ConnectorFetch {
  return withRetries(createGuardedFetch(options), {
    maxRetries: options.maxRetries ?? CONNECTOR_MAX_RETRIES,
    baseMs: options.retryBaseMs ?? CONNECTOR_RETRY_BASE_MS,
    sleep: options.sleep,
    signal: options.signal,
  });
}
