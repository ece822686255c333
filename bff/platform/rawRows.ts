/**
 * Raw queries the same on both engines: knex.raw gives SQLite's rows as an array and
 * PostgreSQL's as { rows }; an instant is bound as SQLite's stored epoch milliseconds or as a Date;
 * a stored time, JSON column or number reads back the same from either.
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

/** How a flag is bound: SQLite keeps booleans as 0 and 1. */
export function bindBoolean(kind: 'sqlite' | 'postgresql', value: boolean): number | boolean {
  return kind === 'sqlite' ? Number(value) : value;
}

/** A stored time (SQLite: epoch milliseconds; PostgreSQL: a Date; JSON: ISO text) in milliseconds. */
export function timeOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value);
  if (/^\d+$/.test(text)) return Number(text);
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : null;
}

/** A stored JSON column (text on SQLite, parsed on PostgreSQL) as an object; {} when it is not one. */
export function jsonOf(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A stored number, or a numeric text (a leading currency sign allowed). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim().replace(/^[$€£¥]/, ''));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}
