/**
 * How a stored profile becomes an exported row (platform document, section 3), and the keyset
 * pager the download reads profiles with. Pure: no database, so both are tested on plain data.
 */
import type { ExportFieldId, ExportRow } from '@domain/audience/export';

/** The columns of audience_profiles an export reads, as the query names them. */
export interface ProfileRow {
  id: string;
  user_id?: string | null;
  email?: string | null;
  name?: string | null;
  age?: number | string | null;
  location?: string | null;
  /** Instants as ISO 8601 text, formatted by the database (ResultsDialect.isoTime). */
  first_seen_at?: string | null;
  last_seen_at?: string | null;
  last_login_at?: string | null;
  subscription_status?: string | null;
  ltv?: number | string | null;
  /** Already parsed (the driver's JSON, or SQLite's text parsed by the dialect). */
  source_names?: string[] | null;
  /** The stored last_seen exactly as the driver returns it: the keyset cursor. */
  cursor_at?: unknown;
}

const numberOf = (value: number | string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
/** Revenue in the currency's cents: a float column must not print 19.990000000000002. */
const moneyOf = (value: number | string | null | undefined): number => Math.round((numberOf(value) ?? 0) * 100) / 100;

const VALUES: Record<ExportFieldId, (row: ProfileRow) => string | number | null> = {
  user_id: (row) => row.user_id ?? row.id,
  email: (row) => row.email ?? null,
  name: (row) => row.name ?? null,
  age: (row) => numberOf(row.age),
  location: (row) => row.location ?? null,
  created_at: (row) => row.first_seen_at ?? null,
  last_login: (row) => row.last_login_at ?? row.last_seen_at ?? null,
  subscription_status: (row) => row.subscription_status ?? null,
  revenue: (row) => moneyOf(row.ltv),
  source: (row) => (row.source_names ?? []).join('; '),
};

/** The columns each field needs, beyond the id and the cursor every row has. */
export const FIELD_COLUMNS: Record<ExportFieldId, readonly string[]> = {
  user_id: ['user_id'],
  email: ['email'],
  name: ['name'],
  age: ['age'],
  location: ['location'],
  created_at: ['first_seen_at'],
  last_login: ['last_login_at', 'last_seen_at'],
  subscription_status: ['subscription_status'],
  revenue: ['ltv'],
  source: ['source_names'],
};

/** The chosen fields of one profile, in the order given. */
export function exportRowOf(row: ProfileRow, fields: readonly ExportFieldId[]): ExportRow {
  const exported: ExportRow = {};
  for (const field of fields) exported[field] = VALUES[field](row);
  return exported;
}

/**
 * Every page of a keyset-paged read: `readPage(null)` is the first page, `readPage(cursorOf(last))`
 * the one after it. The next page is read while this one is consumed, so at most two pages are in
 * memory; when the consumer stops (return() on the generator, as a destroyed stream does), no
 * further page is asked for. An empty page is not yielded.
 */
export async function* keysetPages<Row, Cursor>(
  readPage: (after: Cursor | null) => Promise<Row[]>,
  cursorOf: (last: Row) => Cursor,
  pageSize: number,
): AsyncGenerator<Row[]> {
  let next: Promise<Row[]> | null = readPage(null);
  while (next) {
    const page: Row[] = await next;
    const last = page[page.length - 1];
    next = page.length >= pageSize && last !== undefined ? readPage(cursorOf(last)) : null;
    // A page read ahead and never consumed must not surface as an unhandled rejection.
    next?.catch(() => undefined);
    if (page.length) yield page;
  }
}
