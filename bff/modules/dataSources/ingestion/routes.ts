/**
 * The ingestion URL (public: the source's secret or signature authenticates the sender) and the
 * dashboard's call that makes or rotates a source's secret. The URL is also the base of Segment's
 * HTTP Tracking API (/v1/batch and the single calls), so Segment's and RudderStack's libraries
 * deliver to it as they would to Segment.
 */
import cors from '@koa/cors';
import type { Router } from '@koa/router';
import { INGEST_MAX_BYTES, INGEST_RATE_PER_MINUTE, INGEST_SECRET_HEADER, SEGMENT_CALL_PATHS } from '@domain/data/connectors';
import { DataSource } from '../../../entities';
import { readRawBody } from '../../../middleware/body';
import { apiError, HttpError } from '../../../platform/errors';
import { inReach } from '../../../middleware/tenant';
import { ApiRouter } from '../../../routing';
import type { AppContext, AppMiddleware, AppState } from '../../../types';
import type { RateLimiter } from '../../../platform/rateLimit';
import { DATA_SOURCE_NOT_FOUND } from '../sources/present';
import { parseBody, type BodyLimit } from './payload';
import { SEGMENT_MAX_BATCH_BYTES, SEGMENT_MAX_EVENT_BYTES } from './segment';
import type { DeliveryOptions, IngestCredentials, IngestService } from './service';

const INGEST_PATH = '/api/ingest/';
const BEARER = /^Bearer\s+(\S+)$/i;
const BASIC = /^Basic\s+([A-Za-z0-9+/=_-]+)$/i;

/**
 * Browsers call the ingestion URL from customers' pages (analytics.js): it answers cross-origin
 * requests, preflight included, without cookies (the write key is the credential).
 */
const ingestCors = cors({
  origin: '*',
  allowMethods: ['POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Content-Encoding', 'Authorization', INGEST_SECRET_HEADER, 'X-Retry-Count', 'webhook-id', 'webhook-timestamp', 'webhook-signature'],
  exposeHeaders: ['Retry-After'],
  maxAge: 600,
  credentials: false,
}) as AppMiddleware;

/**
 * The ingestion URL's own handling before the shared body parser: it answers browsers'
 * cross-origin calls, and it reads its own body (the signature covers the exact bytes, and the
 * size limit is its own), so the parser is told to leave it alone.
 */
export const ingestBodyBypass: AppMiddleware = (ctx, next) => {
  if (!ctx.path.startsWith(INGEST_PATH)) return next();
  if (ctx.method === 'POST') (ctx as { disableBodyParser?: boolean }).disableBodyParser = true;
  return ingestCors(ctx, next);
};

const GENERIC_LIMIT: BodyLimit = {
  maxBytes: INGEST_MAX_BYTES,
  tooLarge: () => apiError('body_too_large', { message: `The request body must be at most ${INGEST_MAX_BYTES / 1_048_576} MB.` }),
};

/** Segment's limits, answered as Segment does: 400 (its libraries do not retry it). */
const segmentTooLarge = (message: string) => new HttpError(400, 'body_too_large', 'Request body too large', message);
const SEGMENT_BATCH_LIMIT: BodyLimit = {
  maxBytes: SEGMENT_MAX_BATCH_BYTES,
  tooLarge: () => segmentTooLarge('A batch must be at most 500 KB (send fewer messages per request).'),
};
const SEGMENT_EVENT_LIMIT: BodyLimit = {
  maxBytes: SEGMENT_MAX_EVENT_BYTES,
  tooLarge: () => segmentTooLarge('A Segment message must be at most 32 KB.'),
};

/** The index of the first message of a batch larger than Segment's 32 KB, or -1. */
function oversizeMessage(body: unknown): number {
  const items = Array.isArray(body) ? body : typeof body === 'object' && body !== null && Array.isArray((body as { batch?: unknown }).batch) ? (body as { batch: unknown[] }).batch : [];
  return items.findIndex((item) => Buffer.byteLength(JSON.stringify(item) ?? '', 'utf8') > SEGMENT_MAX_EVENT_BYTES);
}

/** The user name of `Authorization: Basic`: Segment's write key (its password is empty). */
function basicUser(authorization: string): string | null {
  const encoded = BASIC.exec(authorization)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const user = decoded.slice(0, decoded.includes(':') ? decoded.indexOf(':') : undefined);
  return user || null;
}

function credentialsOf(ctx: AppContext): IngestCredentials {
  const authorization = ctx.get('authorization');
  const secret = ctx.get(INGEST_SECRET_HEADER) || BEARER.exec(authorization)?.[1] || basicUser(authorization) || null;
  const [id, timestamp, signature] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ctx.get(name));
  return { secret, signature: id && timestamp && signature ? { id, timestamp, signature } : null };
}

/** The body's `writeKey` (Segment's libraries send it there too): a sender's credential when its headers carry none. */
function bodyWriteKey(body: unknown): string | null {
  const key = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { writeKey?: unknown }).writeKey : undefined;
  return typeof key === 'string' && key ? key : null;
}

export function createIngestRouter(ingest: IngestService, limiter: RateLimiter): Router<AppState> {
  const routes = new ApiRouter('/api/ingest');

  /** Reads, authenticates and stores one delivery; `segmentCall` when it came to one of Segment's paths. */
  async function deliver(ctx: AppContext, segmentCall?: DeliveryOptions['segmentCall']): Promise<void> {
    const id = String(ctx.params.id);
    // Counted per source id before anything is read, whether the id exists or not.
    await limiter.check([
      { key: `ingest:${id}`, limit: INGEST_RATE_PER_MINUTE, refusal: (seconds) => `This source accepts ${INGEST_RATE_PER_MINUTE} requests a minute. Try again in ${seconds} s.` },
    ]);
    const limit = !segmentCall ? GENERIC_LIMIT : segmentCall === 'batch' ? SEGMENT_BATCH_LIMIT : SEGMENT_EVENT_LIMIT;
    const raw = await readRawBody(ctx, limit.maxBytes, limit.tooLarge);
    const encoding = ctx.get('content-encoding');
    const credentials = credentialsOf(ctx);
    let body: unknown;
    if (!credentials.secret && !credentials.signature) {
      // Only the body can name the write key; a body that cannot be read names none (401 below).
      try {
        body = parseBody(raw, encoding, limit);
      } catch {
        body = undefined;
      }
      credentials.secret = bodyWriteKey(body);
    }
    const source = await ingest.authenticate(ctx.state.em, id, credentials, raw);
    body ??= parseBody(raw, encoding, limit);
    if (segmentCall === 'batch') {
      const oversize = oversizeMessage(body);
      if (oversize >= 0) throw segmentTooLarge(`Message ${oversize} is larger than 32 KB: a Segment message must be at most 32 KB.`);
    }
    const webhookId = ctx.get('webhook-id').slice(0, 255) || null;
    const result = await ingest.ingest(ctx.state.em, source, body, webhookId, { segmentCall });
    if (!result.accepted && !result.duplicates) {
      // Nothing in the delivery could be stored: a 400 naming every refused record.
      const first = result.rejected[0];
      ctx.status = 400;
      ctx.body = {
        error: 'No valid records',
        message: first ? `Record ${first.index}: ${first.error}` : 'The delivery holds no records.',
        code: 'validation_failed',
        ...result,
      };
      return;
    }
    ctx.body = result;
  }

  routes.post('/:id', (ctx) => deliver(ctx));
  // Segment's HTTP Tracking API: /v1/batch and the single calls, by either of their names (the parameter's rule admits only those).
  routes.post('/:id/v1/:segmentCall', (ctx) => deliver(ctx, SEGMENT_CALL_PATHS[ctx.params.segmentCall as keyof typeof SEGMENT_CALL_PATHS]));

  return routes.router;
}

export function createIngestSecretRouter(ingest: IngestService): Router<AppState> {
  const routes = new ApiRouter('/api/data-sources');
  const source = inReach(DataSource, DATA_SOURCE_NOT_FOUND);

  routes.post('/:id/ingest-secret', source, async (ctx) => {
    ctx.body = await ingest.rotateSecret(ctx.state.em, source.of(ctx));
  });

  return routes.router;
}
