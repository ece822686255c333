/**
 * The ingestion URL (public: the source's secret or signature authenticates the sender) and the
 * dashboard's call that makes or rotates a source's secret.
 */
import type { Router } from '@koa/router';
import { INGEST_MAX_BYTES, INGEST_RATE_PER_MINUTE, INGEST_SECRET_HEADER } from '@domain/data/connectors';
import { DataSource } from '../../../entities';
import { readRawBody } from '../../../middleware/body';
import { apiError } from '../../../platform/errors';
import { inReach } from '../../../middleware/tenant';
import { ApiRouter } from '../../../routing';
import type { AppContext, AppMiddleware, AppState } from '../../../types';
import type { RateLimiter } from '../../../platform/rateLimit';
import { DATA_SOURCE_NOT_FOUND } from '../sources/present';
import { parseBody } from './payload';
import type { IngestCredentials, IngestService } from './service';

const INGEST_PATH = '/api/ingest/';
const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The ingestion URL reads its own body: the signature covers the exact bytes, and the size limit
 * is its own. Placed before the JSON body parser, this tells the parser to leave it alone.
 */
export const ingestBodyBypass: AppMiddleware = (ctx, next) => {
  if (ctx.method === 'POST' && ctx.path.startsWith(INGEST_PATH)) (ctx as { disableBodyParser?: boolean }).disableBodyParser = true;
  return next();
};

const tooLarge = () => apiError('body_too_large', { message: `The request body must be at most ${INGEST_MAX_BYTES / 1_048_576} MB.` });

function credentialsOf(ctx: AppContext): IngestCredentials {
  const secret = ctx.get(INGEST_SECRET_HEADER) || BEARER.exec(ctx.get('authorization'))?.[1] || null;
  const [id, timestamp, signature] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ctx.get(name));
  return { secret, signature: id && timestamp && signature ? { id, timestamp, signature } : null };
}

export function createIngestRouter(ingest: IngestService, limiter: RateLimiter): Router<AppState> {
  const routes = new ApiRouter('/api/ingest');

  routes.post('/:id', async (ctx) => {
    const id = String(ctx.params.id);
    // Counted per source id before anything is read, whether the id exists or not.
    await limiter.check([
      { key: `ingest:${id}`, limit: INGEST_RATE_PER_MINUTE, refusal: (seconds) => `This source accepts ${INGEST_RATE_PER_MINUTE} requests a minute. Try again in ${seconds} s.` },
    ]);
    const raw = await readRawBody(ctx, INGEST_MAX_BYTES, tooLarge);
    const credentials = credentialsOf(ctx);
    const source = await ingest.authenticate(id, credentials, raw);
    const body = parseBody(raw, ctx.get('content-encoding'));
    const webhookId = ctx.get('webhook-id').slice(0, 255) || null;
    const result = await ingest.ingest(source, body, webhookId);
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
  });

  return routes.router;
}

export function createIngestSecretRouter(ingest: IngestService): Router<AppState> {
  const routes = new ApiRouter('/api/data-sources');
  const source = inReach(DataSource, DATA_SOURCE_NOT_FOUND);

  routes.post('/:id/ingest-secret', source, async (ctx) => {
    ctx.body = await ingest.rotateSecret(source.of(ctx));
  });

  return routes.router;
}
