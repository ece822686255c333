/**
 * The few places where SQLite and PostgreSQL need different SQL for the results: reading JSON
 * answers, case-insensitive search and instants. Everything else is plain SQL both run. Dates
 * are compared as ranges computed in JavaScript and bound as parameters, never with date
 * functions, so "today" is the server clock's and not the database's.
 *
 * Column and key names never come from a request unchecked: question ids match
 * [A-Za-z0-9_-]{1,100} (src/domain/params.ts), and are bound as parameters anyway.
 */
import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection, Knex, SqlEntityManager } from '@mikro-orm/knex';
import type { DatabaseConfig } from '../config';
import type { Orm } from '../types';
import { RESPONSE_SEARCH_TEXT } from '../entities/SurveyResponse';

export type DatabaseKind = DatabaseConfig['kind'];

/** The ORM's knex, for statements written as SQL (the same connections and pool). */
export const knexOf = (orm: Orm): Knex => (orm.config.getDriver().getConnection() as AbstractSqlConnection).getKnex();

/** Where a statement written as SQL runs: a knex (or its transaction), or an EntityManager's connection. */
export type SqlRunner = Knex | EntityManager;

/** The knex of a runner: an EntityManager's transaction while it is inside one, else its connection's. */
export function knexIn(runner: SqlRunner): Knex {
  // knex and its transactions are functions; an EntityManager is not.
  if (typeof runner === 'function') return runner;
  const em = runner as SqlEntityManager;
  return em.getTransactionContext<Knex.Transaction>() ?? em.getKnex();
}

/** The find options that lock a row for the rest of the transaction, where the engine needs it. */
export type RowLock = { lockMode?: LockMode };

export function rowLockFor(kind: DatabaseKind): RowLock {
  // SQLite runs one write transaction at a time, which serialises its writers by itself.
  return kind === 'postgresql' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
}

export interface ResultsDialect {
  kind: DatabaseKind;
  /** A timestamp column as epoch milliseconds (a JavaScript number). */
  epochMs(column: string): string;
  /** A timestamp column's UTC day, as whole days since 1970-01-01 (an integer). */
  utcDay(column: string): string;
  /**
   * A timestamp column as the text Date.prototype.toISOString writes (UTC, milliseconds, 'Z'),
   * made by the database: a download of many rows then parses and formats no date per row.
   */
  isoTime(column: string): string;
  /** The operator of a case-insensitive LIKE (SQLite's LIKE already is, for ASCII). */
  like: 'like' | 'ilike';
  /** A JSON column as the text it was stored as. */
  jsonText(column: string): string;
  /**
   * A response's answers, identifiers and user agent as one text, exactly as the trigram index
   * over them is written (PostgreSQL: RESPONSE_SEARCH_TEXT of the SurveyResponse entity); null
   * where there is no such index (SQLite).
   */
  responseSearchText: string | null;
  /** SQL that is the JSON value stored under the bound key (one binding: jsonKey(key)). */
  jsonValue(column: string): string;
  /** SQL that is the stored value under the bound key as text (a string's content, a number's digits). */
  jsonScalarText(column: string): string;
  /** SQL naming the JSON type under the bound key: 'array' for an array (SQLite and PostgreSQL agree on it). */
  jsonType(column: string): string;
  /** The binding for a key of jsonValue, jsonScalarText and jsonType. */
  jsonKey(key: string): string;
  /** A FROM item with one row per element of the array under the key, its text in `elements.value`. */
  jsonElements(column: string): string;
  /** The bindings of jsonElements for a key. */
  jsonElementsBindings(key: string): string[];
  /** The SQL of a number parsed from jsonScalarText, or null when it is not one. */
  numberOf(text: string): string;
  /** A JSON value as read back: JSON text from SQLite, already parsed by PostgreSQL's driver. */
  parsedJson<Value>(value: unknown): Value;
}

const sqlite: ResultsDialect = {
  kind: 'sqlite',
  // MikroORM stores instants in SQLite as epoch milliseconds already.
  epochMs: (column) => column,
  // Integer division of the epoch milliseconds: the instants stored are never before 1970.
  utcDay: (column) => `(${column} / 86400000)`,
  // Whole seconds, then the milliseconds in integer arithmetic (no rounding through a float).
  isoTime: (column) => `(strftime('%Y-%m-%dT%H:%M:%S', ${column} / 1000, 'unixepoch') || '.' || substr('00' || (${column} % 1000), -3) || 'Z')`,
  like: 'like',
  jsonText: (column) => column,
  responseSearchText: null,
  // -> answers JSON text (an array stays an array, a string keeps its quotes).
  jsonValue: (column) => `(${column} -> ?)`,
  jsonScalarText: (column) => `json_extract(${column}, ?)`,
  jsonType: (column) => `json_type(${column}, ?)`,
  jsonKey: (key) => `$."${key}"`,
  jsonElements: (column) => `json_each(${column}, ?) as elements`,
  jsonElementsBindings: (key) => [sqlite.jsonKey(key)],
  parsedJson: <Value>(value: unknown) => (value === null ? null : JSON.parse(value as string)) as Value,
  numberOf: (text) => `(case when typeof(${text}) in ('integer', 'real') then ${text} when trim(${text}) glob '[0-9-]*' then cast(trim(${text}) as real) end)`,
};

const postgresql: ResultsDialect = {
  kind: 'postgresql',
  epochMs: (column) => `(extract(epoch from ${column}) * 1000)::float8`,
  utcDay: (column) => `(floor(extract(epoch from ${column}) / 86400))::int`,
  isoTime: (column) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  like: 'ilike',
  jsonText: (column) => `${column}::text`,
  responseSearchText: RESPONSE_SEARCH_TEXT,
  jsonValue: (column) => `json_extract_path(${column}, ?)`,
  jsonScalarText: (column) => `json_extract_path_text(${column}, ?)`,
  jsonType: (column) => `json_typeof(json_extract_path(${column}, ?))`,
  jsonKey: (key) => key,
  // Only arrays are expanded: json_array_elements_text fails on a scalar, and the planner may
  // expand a row before the query's own type check has excluded it.
  jsonElements: (column) =>
    `json_array_elements_text(case when json_typeof(json_extract_path(${column}, ?)) = 'array' then json_extract_path(${column}, ?) end) as elements(value)`,
  jsonElementsBindings: (key) => [key, key],
  // A malformed value is left out rather than failing the whole aggregate.
  parsedJson: <Value>(value: unknown) => value as Value,
  // (No question mark in the pattern: knex would read it as a parameter.)
  numberOf: (text) => `(case when ${text} ~ '^\\s*-{0,1}[0-9]+(\\.[0-9]+){0,1}\\s*$' then trim(${text})::numeric end)`,
};

export function resultsDialect(kind: DatabaseKind): ResultsDialect {
  return kind === 'postgresql' ? postgresql : sqlite;
}

/** A LIKE pattern matching `text` anywhere, its own wildcards and the escape character escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** How `text` appears inside a stored JSON string: quotes and backslashes escaped as JSON.stringify does. */
export function asJsonStringContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}


export const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/*
 * Raw rows the same on both engines: knex.raw gives SQLite's rows as an array and PostgreSQL's as
 * { rows }; an instant is bound as SQLite's stored epoch milliseconds or as a Date; a stored time,
 * JSON column or number reads back the same from either.
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
