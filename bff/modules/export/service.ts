/**
 * Export Data's reads of the unified profiles (audience_profiles): the profiles of one company
 * last seen within the range, newest first (then by id), as a preview or every one of them in
 * keyset-paged reads. The queries live in profileReads.ts, the preview and the download's plan in
 * download.ts; this file binds them to the service's database and clock.
 */
import type { Logger } from 'pino';
import type { ExportFieldId, ExportPreview, ExportRange } from '@domain/audience/export';
import type { Orm } from '../../types';
import type { DatabaseKind } from '../../platform/sql';
import { exportPlan, exportPreview, sinceOf, type ExportPlan } from './download';
import { exportDbOf } from './profileReads';

export type { ExportPlan };

/** Profiles per query of the download: few round trips, and a flat, small memory footprint. */
export const EXPORT_PAGE_ROWS = 2_000;

export interface ExportServiceOptions {
  orm: Orm;
  kind: DatabaseKind;
  now: () => Date;
  /** Where an export that stops halfway is reported (the download has already begun). */
  logger: Pick<Logger, 'error'>;
  pageRows?: number;
}

export function createExportService({ orm, kind, now, logger, pageRows = EXPORT_PAGE_ROWS }: ExportServiceOptions) {
  const db = exportDbOf(orm, kind);
  return {
    logger,
    preview: (companyId: string, fields: readonly ExportFieldId[], range: ExportRange): Promise<ExportPreview> => exportPreview(db, sinceOf(now(), range), companyId, fields),
    plan: (companyId: string, fields: readonly ExportFieldId[], range: ExportRange): Promise<ExportPlan> => exportPlan(db, pageRows, sinceOf(now(), range), companyId, fields),
  };
}

export type ExportService = ReturnType<typeof createExportService>;
