/**
 * Storing an import: all of it in one transaction, or nothing.
 *
 * Rows are parsed and checked while the file arrives, and the records they become wait in a
 * spool file on disk (bounded memory, whatever the row count). Only once the whole file has been
 * received and checked does the transaction open, and the spool flows into data_records in
 * batches of STORE_BATCH_ROWS. So no transaction waits on a slow upload: on SQLite
 * the ORM has one connection, and an import holding it for the length of an upload would stall
 * every other request. A failure anywhere (a bad file half-way, a database error) leaves nothing.
 *
 * Records are written with bound parameters on the transaction's connection (writer.ts), never
 * through the unit of work: a hundred thousand entities in an identity map would cost
 * memory that grows with the file.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { importDescription, type ImportFileType } from '@domain/data/imports';
import { FILE_UPLOAD_TYPE } from '@domain/data/sources';
import type { FieldMapping } from '@domain/data/unifiedModel';
import { DataRecord, DataSource, type ImportTemplate } from '../../../entities';
import { timeOrderedId } from '../../../platform/timeOrderedId';
import type { ImportProgress } from '../imports/progress';
import { dropSuppressed } from '../../suppression';
import type { RecordSpool, SpooledRecord } from './spool';
import { saveTemplate } from '../imports/templates';
import { INDEXED_TEXT_MAX, promotedColumns, unifyRow } from './unify';
import type { ImportPlan } from '../imports/validate';
import { recordWriter, type RecordWriter } from './writer';

/** Records per batch: one key lookup (for upserts) and, on PostgreSQL, one INSERT each. */
export const STORE_BATCH_ROWS = 500;
const REMAP_BATCH_ROWS = 500;
export const FILE_SOURCE_TYPE = 'file_upload';

export interface StoreInput {
  companyId: string;
  /** The file source to upsert into; null creates a new one. */
  sourceId: string | null;
  fileName: string;
  fileType: ImportFileType;
  columns: readonly string[];
  /** Columns whose sampled values are all numbers: the Field Mapping panel types them Metric. */
  numericColumns: readonly string[];
  delimiter: string | null;
  plan: ImportPlan;
  spool: RecordSpool;
  progress: ImportProgress;
  createdById: string | null;
}

export interface StoreResult {
  importId: string;
  source: DataSource;
  template: ImportTemplate;
  added: number;
  updated: number;
}

const CATALOGUE_OF: Record<ImportFileType, string> = { csv: 'csv-upload', json: 'json-upload', xlsx: 'excel-upload', xls: 'excel-upload' };

const clip = (text: string) => (text.length > INDEXED_TEXT_MAX ? text.slice(0, INDEXED_TEXT_MAX) : text);

function fileConfig(input: StoreInput, importId: string): Record<string, unknown> {
  return { fileName: input.fileName, fileType: input.fileType, importId, delimiter: input.delimiter, numericColumns: [...input.numericColumns] };
}

function createSource(em: EntityManager, input: StoreInput, importId: string, now: Date): DataSource {
  return em.create(DataSource, {
    companyId: input.companyId,
    name: clip(input.fileName),
    description: importDescription(input.fileType, 0),
    type: FILE_UPLOAD_TYPE,
    catalogueId: CATALOGUE_OF[input.fileType],
    status: 'active',
    records: 0,
    lastSync: now,
    config: fileConfig(input, importId),
    recordKind: input.plan.kind,
    fields: [...input.columns],
    mapping: input.plan.mapping,
    keyField: input.plan.keyColumn,
    createdById: input.createdById,
  });
}

/** The source's mapping after an import: this file's columns as the import mapped them, other columns as they were. */
export function mergedMapping(previous: FieldMapping, columns: readonly string[], mapping: FieldMapping): FieldMapping {
  const merged: FieldMapping = { ...previous };
  for (const column of columns) {
    if (mapping[column]) merged[column] = mapping[column];
    else delete merged[column];
  }
  return merged;
}

function sameMapping(a: FieldMapping, b: FieldMapping): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The records of the source that already have these keys: key → record id. */
export async function existingRecordIds(em: SqlEntityManager, sourceId: string, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await em
    .createQueryBuilder(DataRecord)
    .select(['id', 'recordKey'])
    .where({ sourceId, recordKey: { $in: keys } })
    .execute<Array<{ id: string; recordKey: string }>>('all');
  return new Map(rows.map((row) => [row.recordKey, row.id]));
}

/**
 * Each record's id: the stored record's for a key the source already holds (`known`, from
 * existingRecordIds), so it is replaced in place; else a new one that follows the time it is
 * stored (timeOrderedId), so the inserts append to the id indexes.
 */
export function recordIds(records: ReadonlyArray<{ key: string | null }>, known: ReadonlyMap<string, string>): string[] {
  return records.map((record) => (record.key !== null && known.get(record.key)) || timeOrderedId());
}

/** One batch: new records inserted, records with a known key replaced in place (same id). */
async function writeBatch(em: SqlEntityManager, write: RecordWriter, sourceId: string, batch: SpooledRecord[], checkExisting: boolean) {
  const keys = batch.map((record) => record.key).filter((key): key is string => key !== null);
  const known = checkExisting ? await existingRecordIds(em, sourceId, keys) : new Map<string, string>();
  const ids = recordIds(batch, known);
  await write(batch, ids, known.size > 0);
  return { added: batch.length - known.size, updated: known.size };
}

/**
 * Stores the spooled records into a new file source, or upserts them into `input.sourceId` by the
 * key column, with the source's counts and the header's template, in one transaction.
 */
export async function storeImport(em: EntityManager, input: StoreInput): Promise<StoreResult> {
  return em.transactional(async (tx) => {
    const sql = tx as SqlEntityManager;
    const importId = randomUUID();
    const now = new Date();
    const existing = input.sourceId ? await tx.findOneOrFail(DataSource, input.sourceId) : null;
    const source = existing ?? createSource(tx, input, importId, now);
    // The source row must exist before the records that refer to it.
    if (!existing) await tx.flush();

    const write = await recordWriter(sql, {
      now,
      companyId: input.companyId,
      sourceId: source.id,
      kind: input.plan.kind,
      importId,
      sourceFile: clip(input.fileName),
      sourceType: FILE_SOURCE_TYPE,
    });
    const upserting = existing !== null && input.plan.keyColumn !== null;
    let added = 0;
    let updated = 0;
    input.progress.enter('storing');
    // One batch is written while the next is read from the spool: the database's time and ours overlap.
    let writing: Promise<void> = Promise.resolve();
    for await (const batch of input.spool.batches(STORE_BATCH_ROWS)) {
      await writing;
      writing = writeBatch(sql, write, source.id, await dropSuppressed(sql, input.companyId, source.id, batch, (row) => [row.userId, row.email, row.anonymousId]), upserting).then((counts) => {
        added += counts.added;
        updated += counts.updated;
        input.progress.stored(batch.length);
      });
      // Awaited on the next turn or below; this only keeps a failure meanwhile from counting as unhandled.
      writing.catch(() => undefined);
    }
    await writing;
    input.progress.settle();

    let remap = false;
    if (existing) {
      const mapping = mergedMapping(existing.mapping, input.columns, input.plan.mapping);
      remap = !sameMapping(mapping, existing.mapping);
      existing.mapping = mapping;
      existing.fields = [...new Set([...existing.fields, ...input.columns])];
      existing.keyField = input.plan.keyColumn ?? existing.keyField;
      existing.config = { ...existing.config, ...fileConfig(input, importId) };
      existing.status = 'active';
    }
    source.records = existing ? await tx.count(DataRecord, { sourceId: source.id }) : added;
    source.description = importDescription(input.fileType, source.records);
    source.lastSync = now;
    const template = await saveTemplate(tx, input.companyId, clip(input.fileName), input.columns, input.plan);
    await tx.flush();
    // Records of earlier imports were unified with the old mapping.
    if (remap) await remapSource(tx, source.id);
    return { importId, source, template, added, updated };
  });
}

async function remapInBatches(em: EntityManager, sourceId: string): Promise<number> {
  const source = await em.findOneOrFail(DataSource, sourceId);
  const { recordKind: kind, mapping } = source;
  let after = '';
  let count = 0;
  for (;;) {
    const records = await em.find(DataRecord, { sourceId, id: { $gt: after } }, { orderBy: { id: 'asc' }, limit: REMAP_BATCH_ROWS });
    if (!records.length) return count;
    for (const record of records) {
      const { unified } = unifyRow(kind, mapping, record.data);
      Object.assign(record, { kind, unified, ...promotedColumns(unified) });
    }
    await em.flush();
    // Each batch leaves the identity map: memory stays flat however many records the source has.
    em.clear();
    after = records[records.length - 1]!.id;
    count += records.length;
  }
}

/**
 * Recomputes the unified values and promoted columns of every record of a source from its
 * current mapping and record kind, in batches; call it after the mapping changed (and was
 * flushed). Runs in the caller's transaction when there is one (in an identity map of its own,
 * so the caller's loaded entities stay as they are), otherwise in one of its own. Answers the
 * number of records.
 */
export async function remapSource(em: EntityManager, sourceId: string): Promise<number> {
  const run = (tx: EntityManager) => remapInBatches(tx.fork({ keepTransactionContext: true, clear: true }), sourceId);
  return em.isInTransaction() ? run(em) : em.transactional(run);
}
