/**
 * A survey's stored responses as whole rows: one page of the list (newest first, with the
 * selection's total), and the CSV export's plan (its total and the rows, read in keyset batches
 * so a survey of millions of responses never sits in memory).
 */
import type { Knex } from '@mikro-orm/knex';
import type { ResponsePage } from '@domain/survey/collection';
import type { PublishedSurvey } from '../../entities';
import { toNumber } from '../../platform/sql';
import type { PageRequest, ResponseSelection } from './queries';
import { countOf, exportColumns, exportCursorOf, paginationOf, presentResponse, responseColumns, selected, type ExportRow, type ResponseRow, type ResultsDb } from './responseRows';

/** Rows per query of the CSV export: enough to keep the round trips few, small enough to stay flat in memory. */
export const EXPORT_BATCH_ROWS = 1_000;

export interface ExportPlan {
  /** Rows the export will send. */
  total: number;
  /** The rows, newest first, a batch at a time; stop iterating to stop reading. */
  pages: AsyncGenerator<ExportRow[]>;
}

export async function responsePage(db: ResultsDb, survey: PublishedSurvey, selection: ResponseSelection, page: PageRequest): Promise<ResponsePage> {
  const query = selected(db, survey.id, selection);
  const [total, rows] = await Promise.all([
    countOf(query),
    query
      .clone()
      .select(responseColumns(db))
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(page.limit)
      .offset((page.page - 1) * page.limit) as Promise<ResponseRow[]>,
  ]);
  return { responses: rows.map((row) => presentResponse(row, db.dialect)), pagination: paginationOf(total, page) };
}

/**
 * The export's rows, newest first, read in keyset batches of (created_at, id): each batch is
 * one short query, so nothing holds a connection between batches and a stopped export simply
 * reads no further. Rows stored after the export began are left out (the total stays true).
 */
export async function exportPlan(db: ResultsDb, batch: number, survey: PublishedSurvey, selection: ResponseSelection): Promise<ExportPlan> {
  const { raw, arrayRows } = db;
  const bound = (await selected(db, survey.id, selection).first(raw('count(*) as total'), raw('max(created_at) as newest'))) as { total: unknown; newest: unknown } | undefined;
  const total = toNumber(bound?.total);
  const newest = bound?.newest;
  const columns = exportColumns(db);
  const read = (query: Knex.QueryBuilder) => arrayRows(query) as Promise<unknown[]> as Promise<ExportRow[]>;
  // Each batch has one upper bound on created_at: newest, then the cursor's (never after newest,
  // which is itself before the selection's end, so `before` is left out). Given two, SQLite ranges
  // the index on the first and rescans from it every batch, which halved the export's rate.
  const batches = { ...selection, before: undefined };
  const batchAfter = (cursor: { at: unknown; id: string } | null) => {
    const query = selected(db, survey.id, batches)
      .select(columns)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(batch);
    if (!cursor) return read(query.where('created_at', '<=', newest as Knex.Value));
    const { at, id } = cursor;
    // "created_at <= at" bounds the index range, so each batch starts where the last ended (the OR
    // alone is only a filter: every batch would rescan all the rows before it).
    return read(query.where('created_at', '<=', at as Knex.Value).where((after) => after.where('created_at', '<', at as Knex.Value).orWhere('id', '<', id)));
  };
  async function* pages(): AsyncGenerator<ExportRow[]> {
    if (!total || newest === null || newest === undefined) return;
    let next: Promise<ExportRow[]> | null = batchAfter(null);
    while (next) {
      const found: ExportRow[] = await next;
      // The next batch is read while this one is written: two batches at most are in memory.
      const last = found[found.length - 1];
      next = found.length === batch && last ? batchAfter(exportCursorOf(last)) : null;
      if (found.length) yield found;
    }
  }
  return { total, pages: pages() };
}
