/**
 * The audit log's one route: read-only (no route changes or deletes an entry). A company
 * administrator reads their company's entries; a global admin every company's, or one company's
 * by companyFilter. `?format=csv` streams the same filtered log as a file.
 */
import type { Router } from '@koa/router';
import { auditCsvFileName, auditLogQuery } from '@domain/audit/types';
import { STREAMED_FILE_COMPRESSION } from '../../middleware/compression';
import { companyToList } from '../../middleware/tenant';
import { queryOf } from '../../middleware/validate';
import { csvPagesStream } from '../../platform/csvPage';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import type { Logger } from 'pino';
import { auditCsvPages, auditPage } from './service';

export function createAuditLogRouter({ logger, now }: { logger: Logger; now: () => Date }): Router<AppState> {
  const routes = new ApiRouter('/api/audit-log');

  routes.get('/', { query: auditLogQuery }, async (ctx) => {
    const query = queryOf(ctx, auditLogQuery);
    const companyId = await companyToList(ctx);
    const em = ctx.state.em;
    if (query.format !== 'csv') {
      ctx.body = await auditPage(em, query, companyId);
      return;
    }
    const pages = auditCsvPages(em, query, companyId);
    ctx.set('Content-Disposition', `attachment; filename="${auditCsvFileName(now())}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.compress = STREAMED_FILE_COMPRESSION;
    const csv = csvPagesStream(pages, (failure) => logger.error({ err: failure, companyId }, 'The audit log download stopped'));
    ctx.res.once('close', () => csv.destroy());
    ctx.body = csv;
  });

  return routes.router;
}
