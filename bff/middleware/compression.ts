import { Stream } from 'node:stream';
import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { AppMiddleware } from '../types';
import { isApiPath } from './paths';

/** Smaller answers fit in a packet or two; compressing them costs more time than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** A body Koa would serialise as JSON when it sends the answer. */
function isJsonValue(body: unknown): body is object {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Buffer.isBuffer(body) &&
    !(body instanceof Stream) &&
    !(body instanceof ReadableStream) &&
    !(body instanceof Blob) &&
    !(body instanceof Response)
  );
}

/**
 * For a large file streamed while it is made (the CSV exports): brotli's quality 1 and gzip's
 * level 1 still shrink CSV about twelvefold, and cost a twentieth of quality 4's time, which would
 * otherwise cap a download at a few hundred thousand rows a second of one core.
 */
export const STREAMED_FILE_COMPRESSION = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
  gzip: { level: 1 },
};

/**
 * Compresses API answers on the fly: brotli when the client accepts it, else gzip. Types that are
 * already compressed (the images of /api/files) are left alone by koa-compress's type check. The
 * dashboard's files are compressed at build time and served by staticSite instead.
 */
export function apiCompression(): AppMiddleware {
  const compressAnswer = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Quality 4 compresses a JSON answer about as well as gzip -9 in a fraction of the time of
    // brotli's default 11, which is meant for files compressed once.
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    gzip: { level: 6 },
    deflate: false,
    zstd: false,
  }) as AppMiddleware;

  return function compressApiAnswers(ctx, next) {
    if (!isApiPath(ctx.path)) return next();
    return compressAnswer(ctx, async () => {
      await next();
      // koa-compress serialises an object body to measure it, and then it or Koa serialises it
      // again to send it: serialise it once, here, as Koa would (the JSON type stays).
      if (isJsonValue(ctx.body)) ctx.body = JSON.stringify(ctx.body);
    });
  };
}
