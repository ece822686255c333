import { bodyParser } from '@koa/bodyparser';
import { MB } from '@domain/limits';
import type { ErrorCode } from '@domain/errors';
import type { AppContext, AppMiddleware } from '../types';
import { apiError } from '../platform/errors';
import { assertStorable } from '../platform/storable';

export const JSON_BODY_LIMIT_BYTES = 1 * MB;

/** JSON bodies only; any other content type (image uploads) is left unread for its route. */
export function jsonBody(): AppMiddleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: JSON_BODY_LIMIT_BYTES,
    encoding: 'utf-8',
  }) as AppMiddleware;
}

/**
 * The request's raw body, refused with `tooLarge()` beyond maxBytes: a declared length over the
 * limit before reading anything, and a body that runs past it as soon as it does.
 */
export async function readRawBody(ctx: AppContext, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of ctx.req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    received += buffer.length;
    if (received > maxBytes) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, received);
}

/** Reads a raw upload into ctx.state.upload, refusing more than maxBytes. */
export function rawUpload(maxBytes: number, tooLargeCode: ErrorCode = 'body_too_large'): AppMiddleware {
  const tooLarge = () => apiError(tooLargeCode, { message: `The upload must be at most ${Math.round(maxBytes / MB)} MB.` });
  return async function readRawUpload(ctx, next) {
    if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge();
    // The JSON parser has already read a JSON body: it holds no image bytes.
    ctx.state.upload = ctx.request.is('json') || ctx.req.readableEnded ? Buffer.alloc(0) : await readRawBody(ctx, maxBytes, tooLarge);
    return next();
  };
}

/**
 * Refuses a JSON body holding what may not be stored (platform/storable.ts) before any route,
 * schema or query sees it: one check at the boundary, a 400 naming the field. (Path and query
 * parameters are checked by each route's own rules, middleware/validate.ts.)
 */
export function refuseUnstorable(): AppMiddleware {
  return function checkStorable(ctx, next) {
    assertStorable(ctx.request.body);
    return next();
  };
}
