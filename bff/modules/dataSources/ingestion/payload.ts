/**
 * What one delivery to the ingestion URL carries: one record, an array, or {records: [...]} /
 * {batch: [...]}; for the customer data platform, Segment messages. Each record is checked on its
 * own, so one bad record is reported with its position and the rest are stored.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import { INGEST_MAX_BATCH, INGEST_MAX_BYTES } from '@domain/data/connectors';
import { builtInMapping } from '@domain/data/catalogue';
import { SHORT_TEXT_MAX } from '@domain/limits';
import { autoMap } from '@domain/data/autoMapping';
import { unifiedField, REQUIRED_BY_KIND, type FieldMapping, type RecordKind } from '@domain/data/unifiedModel';
import { apiError } from '../../../platform/errors';
import { describeUnstorable, findUnstorable } from '../../../platform/storable';
import { INDEXED_TEXT_MAX, unifyRow } from '../records/unify';
import { flattenSegmentMessage, type SegmentType } from './segment';

/** Fields one record may have (the source's field list is bounded too). */
export const RECORD_FIELDS_MAX = 200;
const MESSAGE_ID_FIELDS = ['messageId', 'message_id', 'id'] as const;

export interface PreparedRecord {
  /** Its position in the delivery (what `rejected` reports). */
  index: number;
  record: Record<string, unknown>;
  /** The idempotency key, when the record has one. */
  messageId: string | null;
}

export interface PreparedDelivery {
  records: PreparedRecord[];
  rejected: Array<{ index: number; error: string }>;
  /** Mapping entries to add for fields the source has never received (named like a unified field). */
  mappingAdditions: FieldMapping;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How large a body may be once unpacked, and the failure beyond that. */
export interface BodyLimit {
  maxBytes: number;
  tooLarge: () => Error;
}

const DEFAULT_LIMIT: BodyLimit = {
  maxBytes: INGEST_MAX_BYTES,
  tooLarge: () => apiError('body_too_large', { message: 'The request body must be at most 1 MB once unpacked.' }),
};

/** The body as JSON: gzip and deflate are unpacked within the same size limit. */
export function parseBody(raw: Buffer, encoding: string, limit: BodyLimit = DEFAULT_LIMIT): unknown {
  let bytes = raw;
  const coding = encoding.trim().toLowerCase();
  if (coding && coding !== 'identity') {
    if (coding !== 'gzip' && coding !== 'deflate') throw apiError('unsupported_encoding', { message: 'Send the body as plain, gzip or deflate JSON.' });
    try {
      bytes = (coding === 'gzip' ? gunzipSync : inflateSync)(raw, { maxOutputLength: limit.maxBytes });
    } catch (failure) {
      if (failure instanceof RangeError) throw limit.tooLarge();
      throw apiError('malformed_body', { message: `The body is not valid ${coding} data.` });
    }
  }
  if (bytes.length > limit.maxBytes) throw limit.tooLarge();
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!source.trim()) throw apiError('invalid_body', { message: 'The request body is empty: send a record, an array of records or {"batch": [...]}.' });
  try {
    return JSON.parse(source) as unknown;
  } catch {
    throw apiError('malformed_body', { message: 'The request body is not valid JSON.' });
  }
}

/** The delivery's items: a single object, an array, or the array under "records" or "batch". */
export function itemsOf(body: unknown): unknown[] {
  let items: unknown[];
  if (Array.isArray(body)) items = body;
  else if (isObject(body) && Array.isArray(body.batch)) items = body.batch;
  else if (isObject(body) && Array.isArray(body.records)) items = body.records;
  else if (isObject(body)) items = [body];
  else throw apiError('invalid_body', { message: 'Send a JSON object (one record), an array of records, or {"records": [...]} / {"batch": [...]}.' });
  if (!items.length) throw apiError('invalid_body', { error: 'No records', message: 'The delivery holds no records.' });
  if (items.length > INGEST_MAX_BATCH) {
    throw apiError('invalid_body', { error: 'Batch too large', message: `Send at most ${INGEST_MAX_BATCH.toLocaleString('en-US')} records per request (this one has ${items.length}).` });
  }
  return items;
}

function messageIdOf(record: Record<string, unknown>): string | null | { error: string } {
  for (const field of MESSAGE_ID_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > INDEXED_TEXT_MAX) {
      return { error: `"${field}" must be a text or number of at most ${INDEXED_TEXT_MAX} characters.` };
    }
    return String(value);
  }
  return null;
}

const describe = (value: unknown) => (Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value);

function shapeProblem(record: unknown): string | null {
  if (!isObject(record)) return `A record must be a JSON object, not ${describe(record)}.`;
  const fields = Object.keys(record);
  if (!fields.length) return 'The record has no fields.';
  if (fields.length > RECORD_FIELDS_MAX) return `A record may have at most ${RECORD_FIELDS_MAX} fields (this one has ${fields.length}).`;
  const long = fields.find((field) => !field.trim() || field.length > SHORT_TEXT_MAX);
  if (long !== undefined) return `Field names must be 1 to ${SHORT_TEXT_MAX} characters ("${long.slice(0, 40)}…" is not).`;
  return null;
}

/**
 * What a mapped record of the kind must hold: the required unified fields the mapping covers must
 * have a value (a source whose mapping does not cover them yet stores its records as they come).
 */
function requirementProblem(kind: RecordKind, mapping: FieldMapping, unified: Record<string, unknown>): string | null {
  const mapped = new Set(Object.values(mapping));
  const { allOf, oneOf } = REQUIRED_BY_KIND[kind];
  const missing = allOf.find((field) => mapped.has(field) && (unified[field] === undefined || unified[field] === null));
  if (missing) return `"${sourceFieldOf(mapping, missing)}" (${missing}) is required.`;
  const identity = oneOf.filter((field) => mapped.has(field));
  if (identity.length && !identity.some((field) => unified[field] !== undefined && unified[field] !== null)) {
    return `One of ${identity.map((field) => `"${sourceFieldOf(mapping, field)}"`).join(', ')} is required.`;
  }
  return null;
}

const sourceFieldOf = (mapping: FieldMapping, target: string) => Object.keys(mapping).find((field) => mapping[field] === target) ?? target;

export interface DeliveryContext {
  kind: RecordKind;
  mapping: FieldMapping;
  fields: readonly string[];
  keyField: string | null;
  /** Items are Segment messages: the customer data platform's source, or a call to a Segment path. */
  segment: boolean;
  /** The call of a single-call Segment path (/v1/track…), which gives the message its type. */
  call?: SegmentType;
  /** When the delivery arrived (Segment's receivedAt, which corrects the sender's clock). */
  receivedAt: Date;
  /** The webhook-id header, the idempotency key of a single-record delivery without its own. */
  webhookId: string | null;
}

/**
 * Mapping suggestions for fields never received before. Segment messages come with the customer
 * data platform's own mapping (userId, event, timestamp…), whichever pushed source they reach;
 * names alone suggest the rest.
 */
function suggestedMapping(fresh: readonly string[], context: DeliveryContext): FieldMapping {
  const suggested = autoMap(fresh, context.kind);
  if (!context.segment || context.kind !== 'events') return suggested;
  const segment = Object.fromEntries(Object.entries(builtInMapping('segment')).filter(([field]) => fresh.includes(field)));
  const claimed = new Set(Object.values(segment));
  return { ...Object.fromEntries(Object.entries(suggested).filter(([field, target]) => !(field in segment) && !claimed.has(target))), ...segment };
}

/** Checks every item of a delivery: the records to store (with their message ids) and the refused ones. */
export function prepareDelivery(items: readonly unknown[], context: DeliveryContext): PreparedDelivery {
  const rejected: PreparedDelivery['rejected'] = [];
  const shaped: Array<{ index: number; record: Record<string, unknown> }> = [];
  items.forEach((item, index) => {
    // Before anything walks the record: nesting too deep for a recursive walk is refused here.
    const unstorable = findUnstorable(item);
    if (unstorable) {
      rejected.push({ index, error: describeUnstorable(unstorable) });
      return;
    }
    const flattened = context.segment ? flattenSegmentMessage(item, context.receivedAt, context.call) : { record: item };
    const problem = 'error' in flattened ? flattened.error : shapeProblem(flattened.record);
    if (problem) rejected.push({ index, error: problem });
    else shaped.push({ index, record: (flattened as { record: Record<string, unknown> }).record });
  });

  // Fields never received before, named like a unified field of the kind, are mapped to it.
  const known = new Set(context.fields);
  const fresh = [...new Set(shaped.flatMap(({ record }) => Object.keys(record)))].filter((field) => !known.has(field) && !(field in context.mapping));
  const taken = new Set(Object.values(context.mapping));
  const mappingAdditions = Object.fromEntries(
    Object.entries(fresh.length ? suggestedMapping(fresh, context) : {}).filter(([, target]) => !taken.has(target) && unifiedField(context.kind, target)),
  );
  const mapping = { ...context.mapping, ...mappingAdditions };

  const records: PreparedRecord[] = [];
  for (const { index, record } of shaped) {
    const messageId = messageIdOf(record);
    if (isObject(messageId)) {
      rejected.push({ index, error: messageId.error });
      continue;
    }
    if (context.keyField) {
      const key = record[context.keyField];
      if (key !== undefined && key !== null && (typeof key === 'object' ? JSON.stringify(key) : String(key)).length > INDEXED_TEXT_MAX) {
        rejected.push({ index, error: `The key field "${context.keyField}" is longer than ${INDEXED_TEXT_MAX} characters.` });
        continue;
      }
    }
    const { unified, problems } = unifyRow(context.kind, mapping, record);
    const problem = problems[0];
    if (problem) {
      rejected.push({ index, error: `"${problem.column}": ${problem.reason}` });
      continue;
    }
    const missing = requirementProblem(context.kind, mapping, unified);
    if (missing) {
      rejected.push({ index, error: missing });
      continue;
    }
    records.push({ index, record, messageId: messageId ?? (items.length === 1 ? context.webhookId : null) });
  }
  rejected.sort((a, b) => a.index - b.index);
  return { records, rejected, mappingAdditions };
}
