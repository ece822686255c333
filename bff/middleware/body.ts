import { bodyParser } from '@koa/bodyparser';
import { MB } from '@domain/limits';
import type { ErrorCode } from '@domain/errors';
import type { AppMiddleware } from '../types';
import { apiError } from './errors';

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
 * Reads a raw upload into ctx.state.upload, refusing more than maxBytes. A declared length over
 * the limit is refused before reading anything.
 */
export function rawUpload(maxBytes: number, tooLargeCode: ErrorCode = 'body_too_large'): AppMiddleware {
  const tooLarge = () => apiError(tooLargeCode, { message: `The upload must be at most ${Math.round(maxBytes / MB)} MB.` });
  return async function readRawUpload(ctx, next) {
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > maxBytes) throw tooLarge();
    if (ctx.request.is('json') || ctx.req.readableEnded) {
      // The JSON parser has already read this body: it holds no image bytes.
      ctx.state.upload = Buffer.alloc(0);
      return next();
    }
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of ctx.req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      received += buffer.length;
      if (received > maxBytes) throw tooLarge();
      chunks.push(buffer);
    }
    ctx.state.upload = Buffer.concat(chunks, received);
    return next();
  };
}
