/**
 * Export Data's routes: a preview of the first rows with the total, and the whole CSV file,
 * streamed. The company is the caller's own, or the one a global admin views (companyFilter).
 */
import type { Router } from '@koa/router';
import { exportFileName } from '@domain/audience/export';
import { exportQuery, exportRequestOf } from '@domain/audience/exportRequest';
import { companyFilterQuery } from '@domain/params';
import { companyToRead } from '../../middleware/tenant';
import { STREAMED_FILE_COMPRESSION } from '../../middleware/compression';
import { queryOf } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { recordNow } from '../audit';
import { TOTAL_COUNT_HEADER } from '@domain/csv';
import { exportCsvStream } from './csv';
import type { ExportService } from './service';

const previewQuery = exportQuery.omit(['name']).concat(companyFilterQuery);
const csvQuery = exportQuery.concat(companyFilterQuery);

export function createExportRouter(exports: ExportService): Router<AppState> {
  const routes = new ApiRouter('/api/export');

  routes.get('/preview', { query: previewQuery }, async (ctx) => {
    const request = exportRequestOf(queryOf(ctx, previewQuery));
    ctx.body = await exports.preview(await companyToRead(ctx), request.fields, request.range);
  });

  // Streamed: profiles are read a page at a time while the file is written to the client.
  routes.get('/csv', { query: csvQuery }, async (ctx) => {
    const request = exportRequestOf(queryOf(ctx, csvQuery));
    const companyId = await companyToRead(ctx);
    const plan = await exports.plan(companyId, request.fields, request.range);
    await recordNow(ctx.state.em, { action: 'profiles_exported', companyId, target: { type: 'export', label: request.name || null }, changes: { after: { rows: plan.total, fields: request.fields, range: request.range } } });
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(request.name ?? '', request.range)}"`);
    ctx.set(TOTAL_COUNT_HEADER, String(plan.total));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.compress = STREAMED_FILE_COMPRESSION;
    const csv = exportCsvStream(plan.pages, request.fields, (failure) => exports.logger.error({ err: failure, companyId }, 'The data export stopped'));
    // Koa destroys its body when the client goes away, but a compressed answer's body is the
    // compressor the file is piped into: the file itself is stopped here, which ends its reads.
    ctx.res.once('close', () => csv.destroy());
    ctx.body = csv;
  });

  return routes.router;
}
