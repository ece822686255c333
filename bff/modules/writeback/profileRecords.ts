/**
 * A profile as a delivery's body carries it: the identifiers a receiver matches on always (id,
 * user_id and email, kept as they were, and every identifier of the profile in `identifiers`),
 * then the fields of each chosen kind of data.
 */
import { categoriesOfMask } from '@domain/audience/categories';
import { CATEGORY_NAMES, type PredictedSegment, type WritebackData } from '@domain/audience/contract';
import { timeOf } from '../../platform/sql';
import { noIdentifiers, type ProfileIdentifiers } from './identifiers';
import type { Row } from './profileRows';
import type { WritebackEventRecord } from './profileEvents';

/** One profile in a delivery's body; keys are snake_case like the export's fields. */
export type WritebackProfileRecord = Record<string, unknown> & { id: string; user_id: string | null; email: string | null; identifiers: ProfileIdentifiers };

/** A stored JSON column's value, or `fallback` when it is empty; the dialect says how JSON comes back. */
export type JsonColumn = <Value>(value: unknown, fallback: Value) => Value;

const iso = (value: unknown): string | null => {
  const time = timeOf(value);
  return time === null ? null : new Date(time).toISOString();
};

function profileFields(row: Row, categories: ReturnType<typeof categoriesOfMask>, json: JsonColumn): Record<string, unknown> {
  return {
    name: (row.name as string | null) ?? null,
    account: (row.account as string | null) ?? null,
    ltv: Number(row.ltv),
    risk: row.risk,
    lifecycle: row.lifecycle,
    categories,
    coverage: Number(row.coverage),
    last_seen: iso(row.last_seen),
    attributes: json<Record<string, string | number | boolean>>(row.attributes, {}),
  };
}

/** One profile's record with the fields of `data`; `events` is its recent events when `data` asks for them. */
export function profileRecord(
  id: string,
  row: Row,
  data: readonly WritebackData[],
  identifiers: ProfileIdentifiers | undefined,
  events: WritebackEventRecord[] | undefined,
  json: JsonColumn,
): WritebackProfileRecord {
  const categories = categoriesOfMask(Number(row.category_mask));
  const segments = json<PredictedSegment[]>(row.segments, []);
  const record: WritebackProfileRecord = {
    id,
    user_id: (row.user_id as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    identifiers: identifiers ?? noIdentifiers(),
  };
  if (data.includes('profile')) Object.assign(record, profileFields(row, categories, json));
  if (data.includes('segments')) {
    record.segments = {
      categories: categories.map((category) => ({ id: category, name: CATEGORY_NAMES[category] })),
      predicted: segments.map((segment) => ({ id: segment.id, name: segment.name })),
    };
  }
  if (data.includes('events')) record.events = events ?? [];
  if (data.includes('predictions')) {
    record.predictions = {
      risk_score: Number(row.risk_score),
      segments: segments.map((segment) => ({ id: segment.id, name: segment.name, confidence: segment.confidence, because: segment.because })),
    };
  }
  return record;
}

/** The records of `ids` in their order, skipping an id without a row (a profile gone since the selection). */
export function profileRecords(
  ids: readonly string[],
  rows: readonly Row[],
  data: readonly WritebackData[],
  identifiers: Map<string, ProfileIdentifiers>,
  events: Map<string, WritebackEventRecord[]> | null,
  json: JsonColumn,
): WritebackProfileRecord[] {
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const records: WritebackProfileRecord[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) records.push(profileRecord(id, row, data, identifiers.get(id), events?.get(id), json));
  }
  return records;
}
