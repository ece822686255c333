import { Router } from '@koa/router';
import type { Orm } from '../../db';
import { notFound } from '../../middleware/errors';
import type { AppState } from '../../types';
import { readStoredFile } from './service';

/** Logos and photos, public by their unguessable ids so every device can show them. */
export function createFileRouter(orm: Orm): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/files' });

  router.get('/:id', async (ctx) => {
    const file = await readStoredFile(orm, ctx.params.id);
    if (!file) throw notFound('File not found', 'No file with this id exists.');
    ctx.set({
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      // A new upload gets a new id, so a stored file never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // Images may be shown by the embeddable widget on customers' sites.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    ctx.body = file.bytes;
  });

  return router;
}
