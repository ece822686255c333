/**
 * POST /api/data-sources/import/preview and POST /api/data-sources/import (multipart/form-data).
 *
 * The import answers plain JSON, or, when the client accepts application/x-ndjson, a stream of
 * progress events ending in one 'result' or 'error' line that carries the status the plain call
 * would have answered. Failures before the file starts to be read (the guard's 401 and 403, a
 * declared size over the limit, bad options, a foreign source) are plain HTTP errors either way.
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Router } from '@koa/router';
import type { Logger } from 'pino';
import { IMPORT_PROGRESS_MEDIA_TYPE, type ImportEvent } from '@domain/data/imports';
import type { Config } from '../../../config';
import { actorOf } from '../../../middleware/auth';
import { apiError, toHttpError } from '../../../platform/errors';
import { ApiRouter } from '../../../routing';
import type { AppContext, AppState } from '../../../types';
import { importTooLarge, MULTIPART_OVERHEAD_BYTES, receiveUpload } from '../../../platform/uploads';
import { removeSpoolLeftovers, SPOOL_ROOT } from '../records/spool';
import { ImportProgress } from './progress';
import { prepareImport, previewImport, runImport, type PreparedImport } from './service';

export interface ImportRouterDependencies {
  config: Config;
  logger: Logger;
  /**
   * Where the imports spool their records: SPOOL_ROOT in the machine's temporary folder. A test
   * gives its own folder, which the routes other test processes create do not sweep.
   */
  spoolRoot?: string;
}

function declaredLength(ctx: AppContext): number | null {
  const declared = Number(ctx.get('content-length'));
  return Number.isFinite(declared) && declared > 0 ? declared : null;
}

/** A declared body over the limit is refused before a byte of it is read. */
function refuseDeclaredTooLarge(ctx: AppContext, maxBytes: number): void {
  const declared = declaredLength(ctx);
  if (declared !== null && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw importTooLarge(maxBytes);
}

/** Progress is streamed only to a client that asks for it by name (a browser's Accept: *\/* gets JSON). */
function wantsProgress(ctx: AppContext): boolean {
  return ctx
    .get('accept')
    .split(',')
    .some((part) => part.split(';')[0]!.trim().toLowerCase() === IMPORT_PROGRESS_MEDIA_TYPE);
}

function countReceived(req: IncomingMessage, progress: ImportProgress): void {
  req.on('data', (chunk: Buffer) => progress.received(chunk.length));
}

/** Removes the spools of imports that stopped processes left, logging what was removed. */
function removeStoppedSpools(logger: Logger, spoolRoot: string): void {
  void removeSpoolLeftovers(spoolRoot).then(
    (removed) => {
      if (removed.length) logger.info({ removed }, 'Removed the import spools of processes that stopped mid-import');
    },
    (failure: unknown) => logger.warn({ err: failure }, 'Could not remove the import spools of stopped processes'),
  );
}

/** The answer line of a failed streamed import; an unexpected failure is logged, as errorHandler would. */
function errorEvent(logger: Logger, failure: unknown): ImportEvent {
  const known = toHttpError(failure);
  if (known) return { type: 'error', status: known.status, body: known.toBody() };
  logger.error({ err: failure }, 'Import failed');
  const internal = apiError('internal_error');
  return { type: 'error', status: internal.status, body: internal.toBody() };
}

export function createImportRouter({ config, logger, spoolRoot = SPOOL_ROOT }: ImportRouterDependencies): Router<AppState> {
  const routes = new ApiRouter('/api/data-sources/import');
  const maxBytes = config.importMaxBytes;
  // The spools of imports a stopped or crashed process left can never finish: removed as the
  // process starts serving imports (in the background: nothing waits on the temporary folder).
  removeStoppedSpools(logger, spoolRoot);

  routes.post('/preview', async (ctx) => {
    refuseDeclaredTooLarge(ctx, maxBytes);
    const actor = actorOf(ctx);
    const upload = await receiveUpload(ctx.req, maxBytes);
    try {
      ctx.body = await previewImport(ctx.state.em.fork(), actor, upload);
    } finally {
      await upload.release();
    }
  });

  // Registered as '/', which the router and the capability map both read as the prefix itself.
  routes.post('/', async (ctx) => {
    refuseDeclaredTooLarge(ctx, maxBytes);
    const actor = actorOf(ctx);
    // A fork of the request's EntityManager: the streamed import goes on after the route has returned.
    const em = ctx.state.em.fork();
    const streaming = wantsProgress(ctx);
    // Lines written before the answer starts wait in the stream; a failure before then is a plain
    // HTTP error and the stream is dropped. Not awaited: the lines are few (one per 5% or 2,000
    // rows) and an import must not wait on a client that reads its answer only after sending the file.
    const lines = new PassThrough();
    const send = (event: ImportEvent) => lines.write(`${JSON.stringify(event)}\n`);
    const progress = new ImportProgress(declaredLength(ctx), streaming ? send : null);
    // Counted from the first byte, before the file part begins.
    if (streaming) countReceived(ctx.req, progress);
    const upload = await receiveUpload(ctx.req, maxBytes);
    let prepared: PreparedImport;
    try {
      prepared = await prepareImport(em, actor, upload);
    } catch (failure) {
      await upload.release();
      throw failure;
    }

    if (!streaming) {
      try {
        ctx.body = await runImport(em, prepared, upload, progress, spoolRoot, config.database.kind);
      } finally {
        await upload.release();
      }
      return;
    }

    ctx.status = 200;
    ctx.type = IMPORT_PROGRESS_MEDIA_TYPE;
    // no-transform: neither the compression middleware nor a proxy may hold lines back to compress them.
    ctx.set('Cache-Control', 'no-store, no-transform');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = lines;
    void runImport(em, prepared, upload, progress, spoolRoot, config.database.kind)
      .then(
        (result): ImportEvent => ({ type: 'result', status: 200, body: result }),
        (failure: unknown) => errorEvent(logger, failure),
      )
      .then(async (last) => {
        await upload.release();
        send(last);
        lines.end();
      });
  });

  return routes.router;
}
