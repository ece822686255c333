/**
 * The records of a declarative read: picked out of each answer at the record selector's path,
 * expanded into their children where the stream says so, mapped to the source's field names, and
 * each key read once where the stream deduplicates.
 */
import { truthy, type TemplateScope } from '@domain/data/connectorManifest/template';
import type { DeclarativeStream, FieldSpec } from '@domain/data/connectorManifest/types';
import { ConnectorError } from '../types';
import { isRecordObject, numberOf, textOr } from '../shared';
import type { Definition } from './definition';
import { renderAny, type Answer, type ManifestHooks } from './requests';
import type { Run } from './run';

/** The value at a dotted path of a record, through its own keys only (never an inherited member). */
function pick(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (!isRecordObject(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

/**
 * One field of a vendor record: the first of its paths that has a value, as its type. A field
 * given by its path alone is read as text, or with `keepTypes` as the API answered it: an object,
 * a list, a number, a boolean or null keeps its JSON type.
 */
function fieldValue(record: Record<string, unknown>, spec: string | FieldSpec, keepTypes: boolean): unknown {
  const paths = typeof spec === 'string' ? [spec] : Array.isArray(spec.path) ? spec.path : [spec.path];
  const type = typeof spec === 'string' ? (keepTypes ? 'raw' : 'text') : (spec.type ?? (keepTypes ? 'raw' : 'text'));
  if (typeof spec !== 'string' && spec.join !== undefined) {
    const parts = paths.map((path) => textOr(pick(record, path))?.trim()).filter((part): part is string => Boolean(part));
    return parts.length ? parts.join(spec.join) : null;
  }
  for (const path of paths) {
    const raw = pick(record, path);
    let value: unknown;
    if (type === 'text') value = textOr(raw);
    else if (type === 'number') value = numberOf(raw);
    else if (type === 'boolean') value = typeof raw === 'boolean' ? raw : null;
    else if (type === 'epoch_seconds') {
      const seconds = numberOf(raw);
      value = seconds === null ? null : new Date(seconds * 1000).toISOString();
    } else value = raw ?? null;
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

/** A copy of `record` with `value` set at `path` (the objects on the way made or copied). */
function setPath(record: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  const copy = { ...record };
  if (!rest.length) copy[key!] = value;
  else copy[key!] = setPath(isRecordObject(copy[key!]) ? (copy[key!] as Record<string, unknown>) : {}, rest, value);
  return copy;
}

/** A copy of `record` without the value at `path`. */
function removePath(record: Record<string, unknown>, path: readonly string[]): Record<string, unknown> {
  const [key, ...rest] = path;
  if (!Object.hasOwn(record, key!)) return record;
  const copy = { ...record };
  if (!rest.length) delete copy[key!];
  else if (isRecordObject(copy[key!])) copy[key!] = removePath(copy[key!] as Record<string, unknown>, rest);
  return copy;
}

/** Airbyte's AddFields and RemoveFields, applied to the vendor record before its fields are read. */
function transformRecord(stream: DeclarativeStream, vendorRecord: Record<string, unknown>, scope: TemplateScope): Record<string, unknown> {
  let record = vendorRecord;
  for (const each of stream.transformations ?? []) {
    if (each.type === 'AddFields') for (const field of each.fields) record = setPath(record, field.path, renderAny(field.value, { ...scope, record }));
    else if (each.type === 'RemoveFields') for (const pointer of each.field_pointers) record = removePath(record, pointer);
  }
  return record;
}

/** A vendor record under the source's field names; without `fields`, the record as the vendor answered it (transformed). */
export function mapRecord(stream: DeclarativeStream, vendorRecord: Record<string, unknown>, hooks: ManifestHooks, scope: TemplateScope = {}, keepTypes = false): Record<string, unknown> {
  if (!stream.fields && !stream.transformations?.length) return vendorRecord;
  const transformed = transformRecord(stream, vendorRecord, scope);
  let mapped: Record<string, unknown> = stream.fields ? {} : { ...transformed };
  for (const [name, spec] of Object.entries(stream.fields ?? {})) mapped[name] = fieldValue(transformed, spec, keepTypes);
  for (const each of stream.transformations ?? []) if (each.type === 'NamedTransformation') mapped = hooks.transformations![each.name]!(vendorRecord, mapped);
  return mapped;
}

/** Whether a vendor record passes the record selector's filter (Airbyte's RecordFilter: its condition true). */
export function passesFilter(definition: Definition, vendorRecord: unknown, scope: TemplateScope): boolean {
  const filter = definition.stream.retriever.record_selector.record_filter;
  return !filter || truthy(renderAny(filter.condition, { ...scope, record: vendorRecord }));
}

/** The value at `path`: an object's key, a list's index for a part that is a number, or `*`: every item (Airbyte's wildcard). */
function valueAtPath(body: unknown, path: readonly string[]): unknown {
  let current = body;
  for (const [index, key] of path.entries()) {
    if (key === '*') {
      const items = Array.isArray(current) ? current : isRecordObject(current) ? Object.values(current) : [];
      const rest = path.slice(index + 1);
      return items.flatMap((item) => {
        const value = valueAtPath(item, rest);
        return value === undefined ? [] : Array.isArray(value) && rest.length ? value : [value];
      });
    }
    if (Array.isArray(current) && /^(0|[1-9]\d{0,8})$/.test(key)) current = current[Number(key)];
    else current = isRecordObject(current) && Object.hasOwn(current, key) ? current[key] : undefined;
  }
  return current;
}

/** The records of an answer at the selector's path (an empty path: the answer is the list); none in an ignored answer. */
export function selectRecords(definition: Definition, answer: Answer): unknown[] {
  if (answer.ignored) return [];
  const { manifest, readError } = definition;
  const { wording } = definition.reading;
  const body = answer.body;
  const selector = manifest.streams[0].retriever.record_selector;
  const path = selector.extractor.field_path;
  const current = valueAtPath(body, path);
  if (!Array.isArray(current)) {
    if (wording && (selector.list_only || !isRecordObject(current))) throw wording.withoutRecords(answer.url, path);
    if (selector.list_only) throw new ConnectorError(`${manifest.name} answered without a list of records${path.length ? ` at ${path.join('.')}` : ''}.`);
    // Some APIs (Matomo's) answer an error with 200 and their error body: say it in their words.
    const detail = isRecordObject(body) ? readError(body) : null;
    if (detail) throw new ConnectorError(`${manifest.name} answered an error: ${detail.replace(/\s+/g, ' ').trim().slice(0, 500)}`);
    // An object where the records are is one record, as Airbyte's DpathExtractor reads it (a "latest rates" answer).
    if (isRecordObject(current)) return [current];
    throw new ConnectorError(`${manifest.name} answered without a list of records${path.length ? ` at ${path.join('.')}` : ''}: the base URL may point at something else.`);
  }
  return current;
}

/** The vendor records a page's records stand for: themselves, or each one's children (child_records). */
async function* vendorRecordsOf(definition: Definition, selected: unknown[], run: Run): AsyncGenerator<Record<string, unknown>> {
  const { stream, hooks, passThrough } = definition;
  const children = stream.child_records ? hooks.childRecords![stream.child_records.name]! : null;
  for (const vendorRecord of selected) {
    if (!isRecordObject(vendorRecord)) {
      if (passThrough) yield vendorRecord as Record<string, unknown>;
      continue;
    }
    if (children) yield* children(vendorRecord, run.api);
    else yield vendorRecord;
  }
}

/** Whether a mapped record is kept: false for one whose key this run already read (deduplicate). */
function keep(stream: DeclarativeStream, seen: Set<string> | null, mapped: Record<string, unknown>): boolean {
  if (!seen || !stream.primary_key) return true;
  const key = textOr(mapped[stream.primary_key]);
  if (key === null) return true;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** The keys a run has read, when its stream deduplicates. */
export const seenKeys = (definition: Definition): Set<string> | null => (definition.stream.deduplicate ? new Set<string>() : null);

/** A page's records as the source stores them: each vendor record (or its children) mapped, the ones already read left out. */
export async function mappedRecords(definition: Definition, selected: unknown[], run: Run, seen: Set<string> | null): Promise<Array<Record<string, unknown>>> {
  const records: Array<Record<string, unknown>> = [];
  const scope = run.scope;
  for await (const vendorRecord of vendorRecordsOf(definition, selected.filter((each) => passesFilter(definition, each, scope)), run)) {
    const mapped = mapRecord(definition.stream, vendorRecord, definition.hooks, scope, definition.keepTypes);
    if (keep(definition.stream, seen, mapped)) records.push(mapped);
  }
  return records;
}
