/**
 * The checks of an import against its mapping, shared by the dry run and the real import: first
 * the mapping itself (a 400 before any row is read), then every row (a report of row errors).
 */
import {
  IMPORT_MAX_REPORTED_ERRORS,
  ROW_ERROR_REASONS,
  rangeStart,
  type ImportOptions,
  type RowError,
} from '@domain/data/imports';
import { REQUIRED_BY_KIND, unifiedField, type FieldMapping, type RecordKind } from '@domain/data/unifiedModel';
import { readTime, textOf, type UnifiedValue } from '@domain/data/values';
import { invalidOptions } from './failures';
import type { DataRow } from '../../../platform/readers/table';
import { INDEXED_TEXT_MAX, unifyRow } from '../records/unify';

/** A reported value is cut to this length: a report of a thousand rows stays small. */
const REPORTED_VALUE_MAX = 200;

/** What an import does with each row, decided from its options and the file's columns. */
export interface ImportPlan {
  kind: RecordKind;
  /** Only the file's columns that are mapped to a unified field. */
  mapping: FieldMapping;
  keyColumn: string | null;
  dateColumn: string | null;
  /** Rows dated before this time (ms) are left out; null keeps every row. */
  since: number | null;
}

function checkColumn(columns: ReadonlySet<string>, column: string | null, what: string, field: string): void {
  if (column !== null && !columns.has(column)) throw invalidOptions(`The ${what} "${column}" is not a column of the file.`, field);
}

/** The unified fields of the kind every record needs, that no column is mapped to. */
function checkRequiredMapped(kind: RecordKind, targets: ReadonlySet<string>): void {
  const { allOf, oneOf } = REQUIRED_BY_KIND[kind];
  const missing = allOf.filter((name) => !targets.has(name));
  if (missing.length) throw invalidOptions(`Map a column to ${missing.join(' and ')}: every ${kind} record needs it.`, 'mapping');
  if (oneOf.length && !oneOf.some((name) => targets.has(name))) {
    throw invalidOptions(`Map a column to one of ${oneOf.join(', ')}: every ${kind} record needs one.`, 'mapping');
  }
}

/** Refuses a mapping that names a column the file lacks, a field the kind lacks, or one field twice. */
export function planImport(columns: readonly string[], options: ImportOptions, now: number): ImportPlan {
  const known = new Set(columns);
  const mapping: FieldMapping = {};
  const mappedBy = new Map<string, string>();
  for (const [column, target] of Object.entries(options.mapping)) {
    checkColumn(known, column, 'mapped column', 'mapping');
    if (!target) continue;
    if (!unifiedField(options.recordKind, target)) throw invalidOptions(`"${target}" is not a unified field of ${options.recordKind} records.`, 'mapping');
    const previous = mappedBy.get(target);
    if (previous !== undefined) throw invalidOptions(`The columns "${previous}" and "${column}" are both mapped to ${target}; map one of them.`, 'mapping');
    mappedBy.set(target, column);
    mapping[column] = target;
  }
  checkRequiredMapped(options.recordKind, new Set(mappedBy.keys()));
  checkColumn(known, options.keyColumn, 'key column', 'keyColumn');
  checkColumn(known, options.dateColumn, 'date column', 'dateColumn');
  const since = rangeStart(options.dateRange, now);
  if (since !== null && !options.dateColumn) throw invalidOptions('Choose the date column the date range applies to.', 'dateColumn');
  return { kind: options.recordKind, mapping, keyColumn: options.keyColumn, dateColumn: options.dateColumn, since };
}

export type RowOutcome =
  | { status: 'valid'; unified: Record<string, UnifiedValue>; key: string | null }
  | { status: 'outOfRange' }
  | { status: 'invalid'; errors: RowError[] };

const NONE: ReadonlySet<string> = new Set();

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 keeps a longer
 * substring as a slice of its parent: a set of keys cut from the parser's pieces of text would
 * hold the whole file in memory.
 */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

const reported = (value: string) => (value.length > REPORTED_VALUE_MAX ? `${value.slice(0, REPORTED_VALUE_MAX)}…` : value);

/** Checks rows one after another; remembers keys, so a repeated key is reported with its first row. */
export class RowChecker {
  private readonly firstRowOfKey = new Map<string, number>();
  private readonly columnOf: Map<string, string>;

  constructor(
    private readonly plan: ImportPlan,
    private readonly columnCount: number,
  ) {
    this.columnOf = new Map(Object.entries(plan.mapping).map(([column, target]) => [target, column]));
  }

  check(row: DataRow): RowOutcome {
    const { plan } = this;
    const errors: RowError[] = [];
    const fail = (field: string, value: string, reason: string) => errors.push({ row: row.row, field, value: reported(value), reason });

    // The date range first: a row outside it is left out, whatever else is wrong with it.
    if (plan.since !== null && plan.dateColumn !== null) {
      const raw = row.values[plan.dateColumn];
      if (textOf(raw) === '') return { status: 'outOfRange' };
      const time = readTime(raw);
      if (time === null) fail(plan.dateColumn, textOf(raw), ROW_ERROR_REASONS.invalidDate);
      else if (time < plan.since) return { status: 'outOfRange' };
    }
    for (const column of row.unstorable) fail(column, '', ROW_ERROR_REASONS.unstorable);
    if (row.extra.length) fail(`column ${this.columnCount + 1}`, row.extra[0]!, ROW_ERROR_REASONS.extraCells(this.columnCount));

    const { unified, problems } = unifyRow(plan.kind, plan.mapping, row.values);
    // Most rows have no problem: the sets are made only for the few that do.
    const unreadable = problems.length ? new Set(problems.map((problem) => problem.column)) : NONE;
    if (problems.length) {
      const alreadyReported = new Set(errors.map((error) => error.field));
      for (const problem of problems) if (!alreadyReported.has(problem.column)) fail(problem.column, problem.value, problem.reason);
    }
    this.checkRequired(unified, unreadable, fail);
    const key = this.checkKey(row, fail);
    return errors.length ? { status: 'invalid', errors } : { status: 'valid', unified, key };
  }

  /** Required values that are empty; a value already reported as unreadable is not reported twice. */
  private checkRequired(unified: Record<string, UnifiedValue>, unreadable: ReadonlySet<string>, fail: (field: string, value: string, reason: string) => void) {
    const { allOf, oneOf } = REQUIRED_BY_KIND[this.plan.kind];
    for (const name of allOf) {
      const column = this.columnOf.get(name) ?? name;
      if (unified[name] === undefined && !unreadable.has(column)) fail(column, '', ROW_ERROR_REASONS.missingRequired(name));
    }
    if (!oneOf.length || oneOf.some((name) => unified[name] !== undefined)) return;
    const columns = oneOf.map((name) => this.columnOf.get(name)).filter((column): column is string => column !== undefined);
    if (columns.some((column) => unreadable.has(column))) return;
    fail(columns.join(', '), '', ROW_ERROR_REASONS.missingOneOf(oneOf));
  }

  /** The row's key: required when a key column is chosen, at most once per file. */
  private checkKey(row: DataRow, fail: (field: string, value: string, reason: string) => void): string | null {
    const { keyColumn } = this.plan;
    if (keyColumn === null) return null;
    const key = textOf(row.values[keyColumn]);
    if (key === '') {
      fail(keyColumn, '', ROW_ERROR_REASONS.missingRequired(keyColumn));
      return null;
    }
    if (key.length > INDEXED_TEXT_MAX) {
      fail(keyColumn, key, ROW_ERROR_REASONS.tooLong(INDEXED_TEXT_MAX));
      return null;
    }
    const first = this.firstRowOfKey.get(key);
    if (first !== undefined) fail(keyColumn, key, ROW_ERROR_REASONS.duplicateKey(first));
    else this.firstRowOfKey.set(detached(key), row.row);
    return key;
  }
}

/** Row errors of a whole file: all counted, the first IMPORT_MAX_REPORTED_ERRORS kept. */
export class ErrorReport {
  readonly errors: RowError[] = [];
  count = 0;
  invalidRows = 0;

  add(rowErrors: readonly RowError[]): void {
    this.invalidRows++;
    this.count += rowErrors.length;
    for (const error of rowErrors) {
      if (this.errors.length >= IMPORT_MAX_REPORTED_ERRORS) return;
      this.errors.push(error);
    }
  }
}
