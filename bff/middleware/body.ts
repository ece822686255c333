import { bodyParser } from '@koa/bodyparser';
import { MB } from '@domain/limits';
import { HttpError } from './errors';
import type { AppMiddleware } from '../types';

export const JSON_BODY_LIMIT_BYTES = 1 * MB;

/** JSON bodies only; any other content type (image uploads) is left unread for its route. */
export function jsonBody(): AppMiddleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: JSON_BODY_LIMIT_BYTES,
    encoding: 'utf-8',
  }) as AppMiddleware;
}

function tooLarge(error: string, maxBytes: number): HttpError {
  return new HttpError(413, error, `The upload must be at most ${Math.round(maxBytes / MB)} MB.`);
}

/**
 * Reads a raw upload into ctx.state.upload, refusing more than maxBytes. A declared length over
 * the limit is refused before reading anything.
 */
export function rawUpload(maxBytes: number, tooLargeMessage: string): AppMiddleware {
  return async function readRawUpload(ctx, next) {
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > maxBytes) throw tooLarge(tooLargeMessage, maxBytes);
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
      if (received > maxBytes) throw tooLarge(tooLargeMessage, maxBytes);
      chunks.push(buffer);
    }
    ctx.state.upload = Buffer.concat(chunks, received);
    return next();
  };
}
