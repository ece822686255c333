/**
 * Storing records that a connector pulled or the ingestion URL received: one batch, in one
 * transaction, through the same unified-model conversion and bulk writer as file imports. A record
 * whose key the source already holds replaces it in place (same id); the rest are added. A record
 * that is not an object, or whose key is too long, is refused with its reason and the rest stored.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { DataSource } from '../../../entities';
import { describeUnstorable, findUnstorable } from '../../../platform/storable';
import { dropSuppressed } from '../../suppression';
import { existingRecordIds, recordIds } from './store';
import type { SpooledRecord } from './spool';
import { INDEXED_TEXT_MAX, promotedColumns, unifyRow } from './unify';
import { recordWriter } from './writer';

export interface StoreRecordsOptions {
  /** Groups the records of one run or one delivery (data_records.import_id). */
  batchId: string;
  /** 'connector' for pulled records, 'webhook' for pushed ones (data_records.source_type). */
  sourceType: 'connector' | 'webhook';
  /** Shown as the records' origin (data_records.source_file): the run or the endpoint. */
  origin: string;
  /** The field identifying a record across runs; defaults to the source's key field. */
  keyField?: string | null;
}

export interface StoredRecords {
  added: number;
  updated: number;
  rejected: Array<{ index: number; error: string }>;
}

const keyOf = (record: Record<string, unknown>, field: string | null): string | null => {
  if (!field) return null;
  const value = record[field];
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface SpooledBatch {
  rejected: StoredRecords['rejected'];
  /** Each key's row in `spooled`. */
  byKey: Map<string, number>;
  spooled: SpooledRecord[];
  newFields: string[];
  /** The e-mail addresses a row's message carries only in its traits: suppression drops by them too. */
  traitEmails: Map<SpooledRecord, string[]>;
}

/**
 * The e-mail addresses a Segment message names its person by in its traits (an identify call's
 * `traits`, any call's `context.traits`): a suppressed person sent again under a new anonymous id
 * is known by them.
 */
function traitEmailsOf(record: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const traits of [record.traits, isRecord(record.context) ? record.context.traits : undefined]) {
    if (isRecord(traits) && typeof traits.email === 'string' && traits.email) found.push(traits.email);
  }
  return found;
}

/** A batch checked and turned into rows: each refusal by its index, one row per key (a later record wins), and the fields the source had not sent before. */
function spoolBatch(source: DataSource, keyField: string | null, records: readonly unknown[]): SpooledBatch {
  const rejected: StoredRecords['rejected'] = [];
  const byKey = new Map<string, number>();
  const spooled: SpooledRecord[] = [];
  const fields = new Set(source.fields);
  const newFields: string[] = [];
  const traitEmails = new Map<SpooledRecord, string[]>();
  const base = source.records;

  records.forEach((record, index) => {
    if (!isRecord(record)) {
      rejected.push({ index, error: 'A record must be a JSON object.' });
      return;
    }
    const unstorable = findUnstorable(record);
    if (unstorable) {
      rejected.push({ index, error: describeUnstorable(unstorable) });
      return;
    }
    const key = keyOf(record, keyField);
    if (key !== null && key.length > INDEXED_TEXT_MAX) {
      rejected.push({ index, error: `The key field "${keyField}" is longer than ${INDEXED_TEXT_MAX} characters.` });
      return;
    }
    for (const field of Object.keys(record)) {
      if (!fields.has(field)) {
        fields.add(field);
        newFields.push(field);
      }
    }
    const { unified } = unifyRow(source.recordKind, source.mapping, record);
    const promoted = promotedColumns(unified);
    const row: SpooledRecord = {
      index: base + index,
      key,
      userId: promoted.userId,
      email: promoted.email,
      anonymousId: promoted.anonymousId,
      eventType: promoted.eventType,
      eventTime: promoted.eventTime?.getTime() ?? null,
      itemId: promoted.itemId,
      data: JSON.stringify(record),
      unified: JSON.stringify(unified),
    };
    const named = traitEmailsOf(record);
    if (named.length) traitEmails.set(row, named);
    const earlier = key === null ? undefined : byKey.get(key);
    if (earlier !== undefined) {
      spooled[earlier] = row;
    } else {
      if (key !== null) byKey.set(key, spooled.length);
      spooled.push(row);
    }
  });
  return { rejected, byKey, spooled, newFields, traitEmails };
}

/**
 * Stores `records` into `sourceId` in one transaction and keeps the source's record count, field
 * list and last-sync time up to date. Within a batch, a later record with the same key wins.
 */
export async function storeSourceRecords(em: EntityManager, sourceId: string, records: readonly unknown[], options: StoreRecordsOptions): Promise<StoredRecords> {
  return em.fork().transactional((tx) => storeSourceRecordsIn(tx, sourceId, records, options));
}

/**
 * The same, inside a transaction the caller already runs (`tx`), so the ingestion URL can record
 * its message ids and the records they carry together.
 */
export async function storeSourceRecordsIn(tx: EntityManager, sourceId: string, records: readonly unknown[], options: StoreRecordsOptions): Promise<StoredRecords> {
  const sql = tx as SqlEntityManager;
  const source = await tx.findOneOrFail(DataSource, sourceId);
  const keyField = options.keyField === undefined ? source.keyField : options.keyField;
  const { rejected, byKey, spooled: unsuppressed, newFields, traitEmails } = spoolBatch(source, keyField, records);
  const spooled = await dropSuppressed(sql, source.companyId, source.id, unsuppressed, (row) => [row.userId, row.email, row.anonymousId, ...(traitEmails.get(row) ?? [])]);

  let added = 0;
  let updated = 0;
  if (spooled.length) {
    const now = new Date();
    const write = await recordWriter(sql, {
      now,
      companyId: source.companyId,
      sourceId: source.id,
      kind: source.recordKind,
      importId: options.batchId,
      sourceFile: options.origin.slice(0, INDEXED_TEXT_MAX),
      sourceType: options.sourceType,
    });
    const known = await existingRecordIds(sql, source.id, [...byKey.keys()]);
    const ids = recordIds(spooled, known);
    await write(spooled, ids, known.size > 0);
    updated = known.size;
    added = spooled.length - updated;
    // Counted in SQL, not from the loaded row: concurrent deliveries to one source would otherwise lose counts.
    if (added) await sql.getConnection().execute('update data_sources set records = records + ? where id = ?', [added, source.id], 'run', sql.getTransactionContext());
    source.lastSync = now;
  }
  // The mapping screen lists every field the source has sent; a field list stays bounded.
  if (newFields.length && source.fields.length < 500) source.fields = [...source.fields, ...newFields].slice(0, 500);
  await tx.flush();
  return { added, updated, rejected };
}
