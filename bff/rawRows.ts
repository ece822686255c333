/**
 * Raw queries the same on both engines: knex.raw gives SQLite's rows as an array and
 * PostgreSQL's as { rows }; an instant is bound as SQLite's stored epoch milliseconds or as a Date.
 */
export type RawRow = Record<string, unknown>;

export function rowsOf<Row = RawRow>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] })?.rows ?? []) as Row[];
}

/** How an instant is bound: MikroORM keeps SQLite datetimes as epoch milliseconds. */
export function bindTime(kind: 'sqlite' | 'postgresql', date: Date | number): number | Date {
  const ms = typeof date === 'number' ? date : date.getTime();
  return kind === 'sqlite' ? ms : new Date(ms);
}
