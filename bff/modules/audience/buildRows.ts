/**
 * The build's raw rows: its plain SQL queries, read in keyset pages, and their text values.
 */
import type { Knex } from '@mikro-orm/knex';
import { rowsOf } from '../../platform/sql';

export type Row = Record<string, unknown>;
export type RawQuery = (sql: string, params: unknown[]) => Promise<Row[]>;

/** Rows per keyset page read: a page of events is a few megabytes while it is read (two at once, see pages). */
export const PAGE_ROWS = 5_000;

/** A statement with `?` placeholders, run as is on SQLite and PostgreSQL alike. */
export function rawQuery(knex: Knex): RawQuery {
  return async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
}

export const textOf = (value: unknown): string | null => (typeof value === 'string' ? value.trim() || null : typeof value === 'number' ? String(value) : null);

/**
 * Reads a query in pages by id; `sql` ends in a where clause. The next page is asked for as soon as
 * a page arrives, so the database reads it while the caller works through this one.
 */
export async function* pages(query: RawQuery, sql: string, params: unknown[]): AsyncGenerator<Row[]> {
  const page = (after: string) => query(`${sql} and id > ? order by id limit ${PAGE_ROWS}`, [...params, after]);
  let next: Promise<Row[]> | null = page('');
  while (next) {
    const rows: Row[] = await next;
    if (!rows.length) return;
    next = rows.length < PAGE_ROWS ? null : page(String(rows[rows.length - 1]!.id));
    // A failure of the page read ahead surfaces when it is awaited, not as an unhandled rejection meanwhile.
    next?.catch(() => undefined);
    yield rows;
  }
}
