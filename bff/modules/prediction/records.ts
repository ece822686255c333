/**
 * Events and items sent to the prediction API, stored in the unified data model: records of two
 * per-company system sources ("Prediction API events" and "Prediction API items"), keyed by
 * event_id or item id. A unique index on (source_id, record_key) for API records makes a resent
 * event a no-op and a resent item an update, whatever replica receives it.
 *
 * The rows are written by the data sources' record store (dataSources/records/apiRecords.ts), the
 * one home of what writes data_records.
 */
import type { DatabaseKind } from '../../platform/sql';
import { timeOrderedId } from '../../platform/timeOrderedId';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { UnifiedValue } from '@domain/data/values';
import type { EventsResult, ItemsResult } from '@domain/prediction/contract';
import { parseIsoTimestamp, type ValidEvent } from '@domain/prediction/schemas';
import { DataRecord, DataSource } from '../../entities';
import { API_SOURCE_TYPE, columnsOf, insertApiRecords, updateSourceCount, type ApiRecordRow } from '../dataSources';
import { isOutcomeType, recordOutcomes, type OutcomeEvent } from './outcomes';

export const API_CATALOGUE_ID = 'prediction-api';
export const API_SOURCE_NAMES: Record<'events' | 'items', string> = {
  events: 'Prediction API events',
  items: 'Prediction API items',
};
const API_SOURCE_DESCRIPTIONS: Record<'events' | 'items', string> = {
  events: 'Interactions sent to POST /api/v1/events.',
  items: 'Catalogue items sent to PUT /api/v1/items.',
};
/** Rows per statement: well under both engines' limits on bound values (about 20 per row). */
const STATEMENT_ROWS = 250;
/** The unified item fields; every other attribute of an item stays in `data` only. */
const UNIFIED_ITEM_FIELDS = ['title', 'description', 'category', 'price', 'tags', 'created_at', 'available'] as const;


/** A catalogue item as validated: the known fields checked, any other field kept as sent. */
export type ValidItem = { id: string; title: string; created_at?: string } & Record<string, unknown>;

/**
 * The company's system source for API records of `kind`, created on first use. Creation runs in
 * its own short transaction; on PostgreSQL an advisory lock on the company and kind makes two
 * replicas' first requests agree on one source.
 */
export async function apiSource(em: EntityManager, kind: DatabaseKind, companyId: string, recordKind: 'events' | 'items'): Promise<string> {
  const where = { companyId, catalogueId: API_CATALOGUE_ID, recordKind, name: API_SOURCE_NAMES[recordKind] };
  const found = await em.fork().findOne(DataSource, where, { fields: ['id'], orderBy: { createdAt: 'asc' } });
  if (found) return found.id;
  return em.fork().transactional(async (tx) => {
    if (kind === 'postgresql') {
      await tx.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [`navout:api-source:${companyId}:${recordKind}`], 'all', tx.getTransactionContext());
    }
    const again = await tx.findOne(DataSource, where, { fields: ['id'], orderBy: { createdAt: 'asc' } });
    if (again) return again.id;
    const source = tx.create(DataSource, {
      companyId,
      name: API_SOURCE_NAMES[recordKind],
      description: API_SOURCE_DESCRIPTIONS[recordKind],
      type: 'API',
      catalogueId: API_CATALOGUE_ID,
      status: 'active',
      records: 0,
      lastSync: new Date(),
      config: {},
      recordKind,
      fields: [],
      mapping: {},
      keyField: recordKind === 'events' ? 'event_id' : 'id',
    });
    await tx.flush();
    return source.id;
  });
}

function eventRow(event: ValidEvent, index: number, receivedAt: Date): ApiRecordRow {
  const at = event.timestamp ? parseIsoTimestamp(event.timestamp)! : receivedAt;
  const value = event.value ?? null;
  const unified: Record<string, UnifiedValue> = {
    user_id: event.user_id,
    item_id: event.item_id,
    event_type: event.type,
    event_time: at.toISOString(),
  };
  if (value !== null && (event.type === 'purchase' || event.type === 'conversion')) unified.revenue = value;
  return {
    // Follows the time the event is stored (timeOrderedId): the inserts append to the id indexes.
    id: timeOrderedId(receivedAt.getTime()),
    key: event.event_id,
    data: { event_id: event.event_id, user_id: event.user_id, item_id: event.item_id, type: event.type, value, timestamp: at.toISOString() },
    unified,
    index,
    userId: event.user_id,
    eventType: event.type,
    eventTime: at,
    itemId: event.item_id,
  };
}

/**
 * Stores a batch of events in one transaction. A known event_id (sent before, or twice in this
 * batch) is ignored: `insert ... on conflict do nothing` against the API records' unique index.
 * `withResult` writes in the same transaction what goes with the answer (the request's Idempotency-Key).
 */
export async function storeEvents(
  em: EntityManager,
  kind: DatabaseKind,
  companyId: string,
  events: ValidEvent[],
  receivedAt = new Date(),
  withResult?: (trx: Knex.Transaction, result: EventsResult) => Promise<void>,
): Promise<EventsResult> {
  const sourceId = await apiSource(em, kind, companyId, 'events');
  const columns = columnsOf(em);
  const rows = events.map((event, index) => eventRow(event, index, receivedAt));
  const requestId = randomUUID();
  const stored = await em.fork().transactional(async (tx) => {
    const trx = (tx as SqlEntityManager).getTransactionContext<Knex.Transaction>()!;
    let inserted = 0;
    const outcomes: OutcomeEvent[] = [];
    for (let start = 0; start < rows.length; start += STATEMENT_ROWS) {
      const chunk = rows.slice(start, start + STATEMENT_ROWS);
      const conflict = `on conflict do nothing returning ${columns.column('id')}`;
      const result = await insertApiRecords(trx, kind, columns, chunk, { now: receivedAt, companyId, sourceId, recordKind: 'events', requestId }, conflict);
      inserted += result.length;
      // Only rows really inserted count for the dashboard: a resent event is not an outcome twice.
      if (chunk.some((row) => isOutcomeType(row.eventType))) {
        const insertedIds = new Set(result.map((row) => String(row[columns.column('id')])));
        for (const row of chunk) if (isOutcomeType(row.eventType) && insertedIds.has(row.id)) outcomes.push({ userId: row.userId, itemId: row.itemId, type: row.eventType, at: row.eventTime ?? receivedAt });
      }
    }
    await recordOutcomes(trx, kind, companyId, outcomes);
    await updateSourceCount(tx as SqlEntityManager, sourceId, inserted, receivedAt);
    const result: EventsResult = { received: events.length, stored: inserted, duplicates: events.length - inserted };
    await withResult?.(trx, result);
    return result;
  });
  return stored;
}

function itemRow(item: ValidItem, index: number, now: Date, previousCreatedAt: UnifiedValue | undefined): ApiRecordRow {
  const data: Record<string, unknown> = { ...item };
  const unified: Record<string, UnifiedValue> = { item_id: item.id };
  for (const field of UNIFIED_ITEM_FIELDS) {
    const value = item[field];
    if (value === undefined || value === null) continue;
    if (field === 'created_at') unified.created_at = parseIsoTimestamp(String(value))!.toISOString();
    else unified[field] = value as UnifiedValue;
  }
  // An item is "new" from when it was first sent, unless the integrator says otherwise.
  unified.created_at ??= previousCreatedAt ?? now.toISOString();
  return { id: timeOrderedId(now.getTime()), key: item.id, data, unified, index, userId: null, eventType: null, eventTime: null, itemId: item.id };
}

/**
 * Upserts a batch of items by id in one transaction: new ids are inserted, known ones replaced
 * (their record keeps its id and creation time). The last of two items with one id in a batch wins.
 */
export async function upsertItems(em: EntityManager, kind: DatabaseKind, companyId: string, items: ValidItem[], now = new Date()): Promise<ItemsResult> {
  const sourceId = await apiSource(em, kind, companyId, 'items');
  const columns = columnsOf(em);
  const latest = new Map<string, { item: ValidItem; index: number }>();
  items.forEach((item, index) => latest.set(item.id, { item, index }));
  const requestId = randomUUID();
  const c = columns.column;
  const conflict =
    `on conflict (${c('sourceId')}, ${c('recordKey')}) where ${c('sourceType')} = '${API_SOURCE_TYPE}' do update set ` +
    ['data', 'unified', 'itemId', 'updatedAt', 'importedAt', 'importId', 'recordIndex'].map((property) => `${c(property)} = excluded.${c(property)}`).join(', ');

  const created = await em.fork().transactional(async (tx) => {
    const trx = (tx as SqlEntityManager).getTransactionContext<Knex.Transaction>()!;
    const keys = [...latest.keys()];
    const known = new Map<string, UnifiedValue | undefined>();
    for (let start = 0; start < keys.length; start += STATEMENT_ROWS) {
      const found = await tx.find(
        DataRecord,
        { sourceId, recordKey: { $in: keys.slice(start, start + STATEMENT_ROWS) } },
        { fields: ['recordKey', 'unified'], disableIdentityMap: true },
      );
      for (const record of found) known.set(record.recordKey!, record.unified?.created_at);
    }
    const rows = [...latest.values()].map(({ item, index }) => itemRow(item, index, now, known.get(item.id)));
    for (let start = 0; start < rows.length; start += STATEMENT_ROWS) {
      const chunk = rows.slice(start, start + STATEMENT_ROWS);
      await insertApiRecords(trx, kind, columns, chunk, { now, companyId, sourceId, recordKind: 'items', requestId }, conflict);
    }
    const added = rows.length - [...latest.keys()].filter((key) => known.has(key)).length;
    await updateSourceCount(tx as SqlEntityManager, sourceId, added, now);
    return added;
  });
  return { received: items.length, created, updated: items.length - created };
}
