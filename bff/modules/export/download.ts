/**
 * What Export Data answers: a preview of the first rows with the total, and the plan of a
 * download that reads every row of the range a page at a time. "All time" also covers profiles
 * never seen (no last_seen): they come after the seen ones, by id.
 */
import { EXPORT_PREVIEW_ROWS, EXPORT_RANGE_DAYS, type ExportFieldId, type ExportPreview, type ExportRange, type ExportRow } from '@domain/audience/export';
import { columnsFor, cursorOf, profileCount, seenPage, unseenPage, type Cursor, type ExportDb } from './profileReads';
import { exportRowOf, keysetPages, type ProfileRow } from './rows';

const DAY_MS = 86_400_000;

export interface ExportPlan {
  /** Rows the download will have (counted when it starts). */
  total: number;
  /** The rows in order, a page at a time as they are read; stop iterating to stop reading. */
  pages: AsyncGenerator<ExportRow[]>;
}

/** The start of the range on the server's clock, computed here and bound as a parameter; null for all time. */
export function sinceOf(now: Date, range: ExportRange): Date | null {
  const days = EXPORT_RANGE_DAYS[range];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

export async function exportPreview(db: ExportDb, since: Date | null, companyId: string, fields: readonly ExportFieldId[]): Promise<ExportPreview> {
  const columns = columnsFor(db, fields);
  const [total, seen] = await Promise.all([profileCount(db, companyId, since), seenPage(db, companyId, since, columns, null, EXPORT_PREVIEW_ROWS)]);
  const rows = seen.length < EXPORT_PREVIEW_ROWS && since === null ? [...seen, ...(await unseenPage(db, companyId, columns, null, EXPORT_PREVIEW_ROWS - seen.length))] : seen;
  return { fields: [...fields], rows: rows.map((row) => exportRowOf(row, fields)), total };
}

/** The download's rows, counted first; Node holds at most two pages of `pageRows`, however many profiles the company has. */
export async function exportPlan(db: ExportDb, pageRows: number, since: Date | null, companyId: string, fields: readonly ExportFieldId[]): Promise<ExportPlan> {
  const columns = columnsFor(db, fields);
  const total = await profileCount(db, companyId, since);
  const exported = (page: ProfileRow[]) => page.map((row) => exportRowOf(row, fields));
  async function* pages(): AsyncGenerator<ExportRow[]> {
    if (!total) return;
    const seen = keysetPages((after: Cursor | null) => seenPage(db, companyId, since, columns, after, pageRows), cursorOf, pageRows);
    for await (const page of seen) yield exported(page);
    if (since !== null) return;
    const unseen = keysetPages((after: Cursor | null) => unseenPage(db, companyId, columns, after, pageRows), cursorOf, pageRows);
    for await (const page of unseen) yield exported(page);
  }
  return { total, pages: pages() };
}
