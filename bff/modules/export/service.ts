/**
 * Export Data's reads of the unified profiles (audience_profiles): the profiles of one company
 * last seen within the range, newest first (then by id), as a preview or every one of them in
 * keyset-paged reads on the (company_id, generation, last_seen) index. Node holds at most two
 * pages, however many profiles the company has.
 *
 * "All time" also covers profiles never seen (no last_seen): they come after the seen ones, by id.
 * Ranges are computed in JavaScript from the server's clock and bound as parameters.
 */
import type { Logger } from 'pino';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import { EXPORT_PREVIEW_ROWS, EXPORT_RANGE_DAYS, type ExportFieldId, type ExportPreview, type ExportRange, type ExportRow } from '@domain/audience/export';
import type { Orm } from '../../types';
import { CURRENT_GENERATION_SQL } from '../audience';
import { resultsDialect, toNumber, type DatabaseKind } from '../../platform/sql';
import { exportRowOf, FIELD_COLUMNS, keysetPages, type ProfileRow } from './rows';

const TABLE = 'audience_profiles';
const DAY_MS = 86_400_000;
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

export interface ExportPlan {
  /** Rows the download will have (counted when it starts). */
  total: number;
  /** The rows in order, a page at a time as they are read; stop iterating to stop reading. */
  pages: AsyncGenerator<ExportRow[]>;
}

type Cursor = { at: unknown; id: string };

export function createExportService({ orm, kind, now, logger, pageRows = EXPORT_PAGE_ROWS }: ExportServiceOptions) {
  const knex: Knex = (orm.em as SqlEntityManager).getKnex();
  const dialect = resultsDialect(kind);

  /** The select list the chosen fields need; id and the cursor always. */
  function columnsFor(fields: readonly ExportFieldId[]): Array<string | Knex.Raw> {
    const wanted = new Set(fields.flatMap((field) => FIELD_COLUMNS[field]));
    // PostgreSQL keeps microseconds, which a JavaScript Date would drop: its cursor travels as text.
    const cursor = kind === 'postgresql' ? knex.raw('last_seen::text as cursor_at') : 'last_seen as cursor_at';
    const columns: Array<string | Knex.Raw> = ['id', cursor];
    for (const plain of ['user_id', 'email', 'name', 'age', 'location', 'subscription_status', 'ltv', 'source_names']) {
      if (wanted.has(plain)) columns.push(plain);
    }
    for (const [alias, column] of [['first_seen_ms', 'first_seen'], ['last_seen_ms', 'last_seen'], ['last_login_ms', 'last_login']] as const) {
      if (wanted.has(alias)) columns.push(knex.raw(`${dialect.epochMs(column)} as ${alias}`));
    }
    return columns;
  }

  const sinceOf = (range: ExportRange): Date | null => {
    const days = EXPORT_RANGE_DAYS[range];
    return days === null ? null : new Date(now().getTime() - days * DAY_MS);
  };

  // Only the company's current generation: a rebuild writes the next one beside it (audience/build.ts).
  const ofCompany = (companyId: string) => knex(TABLE).where('company_id', companyId).where('generation', knex.raw(CURRENT_GENERATION_SQL, [companyId]));

  function presented(rows: ProfileRow[]): ProfileRow[] {
    for (const row of rows) if (row.source_names !== undefined) row.source_names = dialect.parsedJson<string[] | null>(row.source_names);
    return rows;
  }

  /** Seen profiles: last_seen descending, then id; `after` continues past the last row read. */
  function seenPage(companyId: string, since: Date | null, columns: Array<string | Knex.Raw>, after: Cursor | null, limit: number): Promise<ProfileRow[]> {
    const query = ofCompany(companyId).whereNotNull('last_seen').select(columns).orderBy([{ column: 'last_seen', order: 'desc' }, { column: 'id', order: 'asc' }]).limit(limit);
    if (since) query.where('last_seen', '>=', since);
    if (after) {
      const at = after.at as Knex.Value;
      // "last_seen <= at" bounds the index range, so each page starts where the last one ended
      // (the OR alone is only a filter: every page would rescan the rows before it).
      query.where('last_seen', '<=', at).where((next) => next.where('last_seen', '<', at).orWhere((tie) => tie.where('last_seen', at).where('id', '>', after.id)));
    }
    return (query as Promise<ProfileRow[]>).then(presented);
  }

  /** Never-seen profiles, by id; only "all time" covers them. */
  function unseenPage(companyId: string, columns: Array<string | Knex.Raw>, after: Cursor | null, limit: number): Promise<ProfileRow[]> {
    const query = ofCompany(companyId).whereNull('last_seen').select(columns).orderBy('id', 'asc').limit(limit);
    if (after) query.where('id', '>', after.id);
    return (query as Promise<ProfileRow[]>).then(presented);
  }

  async function countOf(companyId: string, since: Date | null): Promise<number> {
    const query = ofCompany(companyId);
    if (since) query.where('last_seen', '>=', since);
    const row = (await query.count({ total: '*' }).first()) as { total: number | string } | undefined;
    return toNumber(row?.total);
  }

  const cursorOf = (row: ProfileRow): Cursor => ({ at: row.cursor_at, id: row.id });

  return {
    logger,

    async preview(companyId: string, fields: readonly ExportFieldId[], range: ExportRange): Promise<ExportPreview> {
      const since = sinceOf(range);
      const columns = columnsFor(fields);
      const [total, seen] = await Promise.all([countOf(companyId, since), seenPage(companyId, since, columns, null, EXPORT_PREVIEW_ROWS)]);
      const rows = seen.length < EXPORT_PREVIEW_ROWS && since === null ? [...seen, ...(await unseenPage(companyId, columns, null, EXPORT_PREVIEW_ROWS - seen.length))] : seen;
      return { fields: [...fields], rows: rows.map((row) => exportRowOf(row, fields)), total };
    },

    async plan(companyId: string, fields: readonly ExportFieldId[], range: ExportRange): Promise<ExportPlan> {
      const since = sinceOf(range);
      const columns = columnsFor(fields);
      const total = await countOf(companyId, since);
      const exported = (page: ProfileRow[]) => page.map((row) => exportRowOf(row, fields));
      async function* pages(): AsyncGenerator<ExportRow[]> {
        if (!total) return;
        const seen = keysetPages((after: Cursor | null) => seenPage(companyId, since, columns, after, pageRows), cursorOf, pageRows);
        for await (const page of seen) yield exported(page);
        if (since !== null) return;
        const unseen = keysetPages((after: Cursor | null) => unseenPage(companyId, columns, after, pageRows), cursorOf, pageRows);
        for await (const page of unseen) yield exported(page);
      }
      return { total, pages: pages() };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
