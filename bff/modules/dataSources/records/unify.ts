/**
 * A row (or a stored record's data) in the unified model: the one conversion the import, a
 * re-mapping after a mapping change, and later readers share.
 */
import { ROW_ERROR_REASONS } from '@domain/data/imports';
import { PROMOTED_FIELDS, unifiedFieldsFor, type FieldMapping, type PromotedField, type RecordKind } from '@domain/data/unifiedModel';
import { readValue, textOf, type UnifiedValue } from '@domain/data/values';

/** The length of the indexed columns that hold identifiers (record_key and the promoted fields). */
export const INDEXED_TEXT_MAX = 255;

export interface ValueProblem {
  column: string;
  value: string;
  reason: string;
}

export interface UnifiedRow {
  unified: Record<string, UnifiedValue>;
  /** Mapped values that could not be read as their field's type (left out of `unified`). */
  problems: ValueProblem[];
}

export interface PromotedColumns {
  userId: string | null;
  email: string | null;
  anonymousId: string | null;
  eventType: string | null;
  eventTime: Date | null;
  itemId: string | null;
}

interface CompiledTarget {
  column: string;
  target: string;
  valueType: Parameters<typeof readValue>[0];
  promoted: boolean;
}

const PROMOTED = new Set<string>(PROMOTED_FIELDS);
// Rows of one import share one mapping object: look its targets up once, not once per row.
const compiled = new WeakMap<FieldMapping, Map<RecordKind, CompiledTarget[]>>();

/** The mapping's columns with their unified field; unmapped columns and unknown targets are left out. */
export function compileMapping(kind: RecordKind, mapping: FieldMapping): CompiledTarget[] {
  let byKind = compiled.get(mapping);
  if (!byKind) compiled.set(mapping, (byKind = new Map()));
  const cached = byKind.get(kind);
  if (cached) return cached;
  const fields = new Map(unifiedFieldsFor(kind).map((field) => [field.name, field]));
  const targets: CompiledTarget[] = [];
  for (const [column, target] of Object.entries(mapping)) {
    const field = target ? fields.get(target) : undefined;
    if (field) targets.push({ column, target, valueType: field.valueType, promoted: PROMOTED.has(target) });
  }
  byKind.set(kind, targets);
  return targets;
}

/** A row's mapped values read as their unified types. */
export function unifyRow(kind: RecordKind, mapping: FieldMapping, data: Record<string, unknown>): UnifiedRow {
  const unified: Record<string, UnifiedValue> = {};
  const problems: ValueProblem[] = [];
  for (const { column, target, valueType, promoted } of compileMapping(kind, mapping)) {
    const raw = data[column];
    const reading = readValue(valueType, raw);
    if (!reading.ok) {
      problems.push({ column, value: textOf(raw), reason: reading.reason });
    } else if (reading.value !== null) {
      if (promoted && typeof reading.value === 'string' && reading.value.length > INDEXED_TEXT_MAX) {
        problems.push({ column, value: textOf(raw), reason: ROW_ERROR_REASONS.tooLong(INDEXED_TEXT_MAX) });
      } else {
        unified[target] = reading.value;
      }
    }
  }
  return { unified, problems };
}

/** The unified value types whose values JSON has a type of its own for: number, boolean, list. */
const JSON_TYPED = new Set<CompiledTarget['valueType']>(['number', 'integer', 'boolean', 'tags']);

/**
 * A row of a text format (CSV, Excel) as it is stored: a cell mapped to a number, integer, boolean
 * or tags field holds the value read as that type (a JSON number, boolean or list of text), the
 * others their text as the file gave it (a date, an e-mail or a URL is text in JSON too, and keeps
 * its original spelling). `unified` is unifyRow's reading of the same row. An empty cell of such
 * a column is null (the file gave no value); a cell that did not read as its type (an import
 * that skips invalid rows never stores it) stays text. JSON files keep their own types: this is
 * not applied to them.
 */
export function typedCells(kind: RecordKind, mapping: FieldMapping, data: Record<string, unknown>, unified: Record<string, UnifiedValue>): Record<string, unknown> {
  let typed: Record<string, unknown> | null = null;
  for (const { column, target, valueType } of compileMapping(kind, mapping)) {
    const text = data[column];
    if (!JSON_TYPED.has(valueType) || typeof text !== 'string') continue;
    const value = unified[target] ?? (text.trim() === '' ? null : undefined);
    if (value === undefined) continue;
    typed ??= { ...data };
    typed[column] = value;
  }
  return typed ?? data;
}

function promotedText(unified: Record<string, UnifiedValue>, field: PromotedField): string | null {
  const value = unified[field];
  if (value === undefined || value === null) return null;
  const text = Array.isArray(value) ? value.join(',') : String(value);
  // unifyRow never lets a longer one through; a record remapped from older data may hold one.
  return text.length > INDEXED_TEXT_MAX ? null : text;
}

/** The unified values kept in their own indexed columns of data_records. */
export function promotedColumns(unified: Record<string, UnifiedValue>): PromotedColumns {
  const eventTime = promotedText(unified, 'event_time');
  const time = eventTime === null ? null : new Date(eventTime);
  return {
    userId: promotedText(unified, 'user_id'),
    email: promotedText(unified, 'email'),
    anonymousId: promotedText(unified, 'anonymous_id'),
    eventType: promotedText(unified, 'event_type'),
    eventTime: time && !Number.isNaN(time.getTime()) ? time : null,
    itemId: promotedText(unified, 'item_id'),
  };
}
