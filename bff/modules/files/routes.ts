import type { Router } from '@koa/router';
import { apiError } from '../../platform/errors';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import type { FileService } from './service';

/** Logos and photos, public by their unguessable ids so every device can show them. */
export function createFileRouter(files: FileService): Router<AppState> {
  const routes = new ApiRouter('/api/files');

  routes.get('/:fileId', async (ctx) => {
    const file = await files.read(ctx.state.em, ctx.params.fileId);
    if (!file) throw apiError('not_found', { error: 'File not found', message: 'No file with this id exists.' });
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

  return routes.router;
}
