/**
 * Storing a delivery idempotently. A delivery's message ids are inserted first, in the same
 * transaction as its records: a failed store leaves no id behind that would drop the retry, and a
 * record whose message id was stored before (or earlier in the same delivery) is a duplicate.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { IngestResult } from '@domain/data/connectors';
import { DataSource } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { storeSourceRecordsIn } from '../records/storeRecords';
import { recordMessageIds, pruneMessageIds, type MessageLog } from './messageIds';
import { itemsOf, prepareDelivery, type PreparedRecord } from './payload';
import { segmentMessages, type SegmentType } from './segment';

/** The delivery's records without a second one of the same message id, the message ids kept, and how many were left out. */
function firstOfEachMessage(records: PreparedRecord[]): { unique: PreparedRecord[]; messageIds: Set<string>; duplicates: number } {
  let duplicates = 0;
  const messageIds = new Set<string>();
  const unique = records.filter((record) => {
    if (record.messageId === null) return true;
    if (messageIds.has(record.messageId)) {
      duplicates++;
      return false;
    }
    messageIds.add(record.messageId);
    return true;
  });
  return { unique, messageIds, duplicates };
}

export interface DeliveryOptions {
  /**
   * A call to one of Segment's paths: 'batch', or the single call whose type the path gives. Its
   * items are read as Segment messages whatever the source.
   */
  segmentCall?: SegmentType | 'batch';
  /** When the delivery arrived; the clock's time when not given. */
  receivedAt?: Date;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items of a delivery: one message for a single Segment call, else one record, an array or a batch. */
function deliveryItems(body: unknown, segmentCall: DeliveryOptions['segmentCall']): unknown[] {
  if (!segmentCall || segmentCall === 'batch') return itemsOf(body);
  if (!isObject(body)) throw apiError('invalid_body', { message: `A Segment ${segmentCall} call is one JSON object (send several to /v1/batch).` });
  return [body];
}

function withoutWriteKey(item: unknown): unknown {
  if (!isObject(item) || !('writeKey' in item)) return item;
  const { writeKey: _key, ...rest } = item;
  return rest;
}

/** Stores a delivery's valid records once each, in a transaction of a fork of `em`; a record whose message id was stored before is a duplicate. */
export async function storeDelivery(em: EntityManager, log: MessageLog, source: DataSource, body: unknown, webhookId: string | null, options: DeliveryOptions = {}): Promise<IngestResult> {
  const segment = source.catalogueId === 'segment' || options.segmentCall !== undefined;
  const items = deliveryItems(body, options.segmentCall);
  const call = options.segmentCall === 'batch' ? undefined : options.segmentCall;
  // A write key sent in each message (as analytics.js does) is the secret: never stored.
  const delivery = prepareDelivery(segment ? segmentMessages(body, items) : items.map(withoutWriteKey), {
    kind: source.recordKind,
    mapping: source.mapping,
    fields: source.fields,
    keyField: source.keyField,
    segment,
    call,
    receivedAt: options.receivedAt ?? log.now(),
    webhookId,
  });
  const { unique, messageIds: seen, duplicates: repeated } = firstOfEachMessage(delivery.records);
  let duplicates = repeated;
  pruneMessageIds(log, em as SqlEntityManager, source.companyId);
  if (!unique.length) return { accepted: 0, duplicates, rejected: delivery.rejected };

  return em.fork().transactional(async (tx) => {
    let toStore: PreparedRecord[] = unique;
    if (seen.size) {
      const fresh = await recordMessageIds(log, (tx as SqlEntityManager).getTransactionContext<Knex.Transaction>()!, source, [...seen]);
      toStore = unique.filter((record) => record.messageId === null || fresh.has(record.messageId));
      duplicates += unique.length - toStore.length;
    }
    if (!toStore.length) return { accepted: 0, duplicates, rejected: delivery.rejected };
    const additions = Object.entries(delivery.mappingAdditions);
    if (additions.length) {
      // storeSourceRecordsIn reads the same row from this identity map, so it unifies with these.
      const current = await tx.findOneOrFail(DataSource, source.id);
      const taken = new Set(Object.values(current.mapping));
      const fitting = additions.filter(([field, target]) => !(field in current.mapping) && !taken.has(target));
      if (fitting.length) current.mapping = { ...current.mapping, ...Object.fromEntries(fitting) };
    }
    const stored = await storeSourceRecordsIn(
      tx,
      source.id,
      toStore.map((record) => record.record),
      { batchId: randomUUID(), sourceType: 'webhook', origin: `POST /api/ingest/${source.id}` },
    );
    const rejected = [...delivery.rejected, ...stored.rejected.map((refusal) => ({ index: toStore[refusal.index]!.index, error: refusal.error }))];
    rejected.sort((a, b) => a.index - b.index);
    return { accepted: stored.added + stored.updated, duplicates, rejected };
  });
}
