import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import serve from 'koa-static';
import type { AppMiddleware } from '../types';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** The built dashboard's index.html, or null when there is none to serve. */
export function readIndexHtml(staticDir: string): string | null {
  const indexFile = join(staticDir, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
}

/**
 * Serves the built dashboard. Files under /assets carry a content hash in their names, so they
 * may be cached for good; index.html is answered for every client route and never cached. It is
 * the page read at start-up, whose inline script the content security policy allows by hash, so a
 * page rebuilt under a running server is not served before a restart.
 */
export function staticSite(staticDir: string, indexHtml: string | null): AppMiddleware | null {
  if (!existsSync(staticDir) || !statSync(staticDir).isDirectory()) return null;
  const serveFiles = serve(staticDir, {
    index: false,
    setHeaders(res, path) {
      const immutable = /[\\/]assets[\\/]/.test(path);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  }) as unknown as AppMiddleware;

  return async function serveDashboard(ctx, next) {
    if (isApi(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await serveFiles(ctx, async () => {});
    if (ctx.body != null || ctx.status !== 404) return;
    // A missing file with an extension is a real 404, not a client route.
    if (/\.[a-z0-9]+$/i.test(ctx.path) || !indexHtml) return next();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = indexHtml;
  };
}
