import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import serve from 'koa-static';
import type { AppContext, AppMiddleware } from '../types';
import { isApiPath } from './paths';

/** The built dashboard's index.html, or null when there is none to serve. */
export function readIndexHtml(staticDir: string): string | null {
  const indexFile = join(staticDir, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
}

type Encoding = 'br' | 'gzip';

export const WIDGET_CACHE_CONTROL = 'public, max-age=300';

/** The client's encoding for a precompressed answer: brotli first, as koa-send chooses for files. */
function acceptedEncoding(ctx: AppContext): Encoding | null {
  if (ctx.acceptsEncodings('br', 'identity') === 'br') return 'br';
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') return 'gzip';
  return null;
}

/** index.html in each encoding, compressed once and as tightly as possible. */
function encodedPage(html: string): Record<Encoding | 'identity', Buffer> {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Serves the built dashboard. Files under /assets carry a content hash in their names, so they
 * may be cached for good; index.html is answered for every client route and never cached. It is
 * the page read at start-up, whose inline script the content security policy allows by hash, so a
 * page rebuilt under a running server is not served before a restart.
 *
 * The build writes brotli (.br) and gzip (.gz) files beside the text files; koa-send answers with
 * one of them when the request accepts its encoding. Every answer may differ by Accept-Encoding,
 * so caches are told so.
 *
 * The survey widget's files (/widget/*) are loaded by customers' sites: they may be read from any
 * origin (the renderer is an ES module, fetched in CORS mode) and are cached for five minutes, so
 * a new release reaches every site soon without each page view asking again.
 */
export function staticSite(staticDir: string, indexHtml: string | null): AppMiddleware | null {
  if (!existsSync(staticDir) || !statSync(staticDir).isDirectory()) return null;
  const widgetDir = join(staticDir, 'widget') + sep;
  const serveFiles = serve(staticDir, {
    index: false,
    brotli: true,
    gzip: true,
    setHeaders(res, path) {
      if (path.startsWith(widgetDir)) {
        res.setHeader('Cache-Control', WIDGET_CACHE_CONTROL);
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Vary', 'Accept-Encoding');
        return;
      }
      const immutable = /[\\/]assets[\\/]/.test(path);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  }) as unknown as AppMiddleware;
  const page = indexHtml === null ? null : encodedPage(indexHtml);

  return async function serveDashboard(ctx, next) {
    if (isApiPath(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await serveFiles(ctx, async () => {});
    if (ctx.body != null || ctx.status !== 404) return;
    // A missing file with an extension is a real 404, not a client route.
    if (/\.[a-z0-9]+$/i.test(ctx.path) || !page) return next();
    const encoding = acceptedEncoding(ctx);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    if (encoding) ctx.set('Content-Encoding', encoding);
    ctx.body = page[encoding ?? 'identity'];
  };
}
