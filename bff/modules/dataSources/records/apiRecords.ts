/**
 * The prediction API's records (events and catalogue items sent to /api/v1) as data_records rows:
 * written with bound parameters on the transaction's own connection, since a batch of a thousand
 * rows through the unit of work would cost more than the statements themselves. The caller gives
 * the conflict clause against the API records' unique index on (source_id, record_key): a resent
 * event is skipped, a resent item replaces its record. Files, connectors and the ingestion URL
 * write through writer.ts instead, which needs neither.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { RecordKind } from '@domain/data/unifiedModel';
import type { UnifiedValue } from '@domain/data/values';
import { DataRecord, DataSource } from '../../../entities';
import { bindTime, type DatabaseKind, rowsOf } from '../../../platform/sql';
import { dropSuppressed } from '../../suppression';

export const API_SOURCE_TYPE = 'api';

export interface Columns {
  table: string;
  column: (property: string) => string;
}

export function columnsOf(em: EntityManager): Columns {
  const meta = em.getMetadata().find(DataRecord.meta.className)!;
  return {
    table: meta.tableName,
    column: (property) => meta.properties[property as keyof typeof meta.properties].fieldNames[0]!,
  };
}

export interface ApiRecordRow {
  id: string;
  key: string;
  data: Record<string, unknown>;
  unified: Record<string, UnifiedValue>;
  index: number;
  userId: string | null;
  eventType: string | null;
  eventTime: Date | null;
  itemId: string | null;
}

const ROW_PROPERTIES = [
  'id', 'recordKey', 'data', 'unified', 'recordIndex', 'userId', 'email', 'anonymousId', 'eventType', 'eventTime', 'itemId',
  'createdAt', 'updatedAt', 'importedAt', 'companyId', 'sourceId', 'kind', 'importId', 'sourceFile', 'sourceType',
];

function insertStatement(columns: Columns, rows: number, suffix: string): string {
  const names = ROW_PROPERTIES.map(columns.column);
  const tuple = `(${names.map(() => '?').join(', ')})`;
  return `insert into ${columns.table} (${names.join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')} ${suffix}`;
}

function bindings(kind: DatabaseKind, rows: ApiRecordRow[], shared: { now: Date; companyId: string; sourceId: string; recordKind: RecordKind; requestId: string }): unknown[] {
  const now = bindTime(kind, shared.now);
  const values: unknown[] = [];
  for (const row of rows) {
    values.push(
      row.id, row.key, JSON.stringify(row.data), JSON.stringify(row.unified), row.index, row.userId, null, null, row.eventType,
      row.eventTime ? bindTime(kind, row.eventTime) : null, row.itemId,
      now, now, now, shared.companyId, shared.sourceId, shared.recordKind, shared.requestId, null, API_SOURCE_TYPE,
    );
  }
  return values;
}

/**
 * Writes `rows` in one statement on the transaction `trx` and answers the rows the statement
 * returns (those its `conflict` clause asks for).
 */
export async function insertApiRecords(
  trx: Knex.Transaction,
  kind: DatabaseKind,
  columns: Columns,
  rows: ApiRecordRow[],
  shared: { now: Date; companyId: string; sourceId: string; recordKind: RecordKind; requestId: string },
  conflict: string,
): Promise<Array<Record<string, unknown>>> {
  rows = await dropSuppressed(trx, shared.companyId, shared.sourceId, rows, (row) => [row.userId]);
  if (!rows.length) return [];
  return rowsOf<Record<string, unknown>>(await trx.raw(insertStatement(columns, rows.length, conflict), bindings(kind, rows, shared) as Knex.RawBinding[]));
}

/** Keeps the source's record count and last-sync time up to date after a batch added `added` records. */
export async function updateSourceCount(tx: SqlEntityManager, sourceId: string, added: number, now: Date): Promise<void> {
  if (!added) {
    await tx.nativeUpdate(DataSource, { id: sourceId }, { lastSync: now });
    return;
  }
  const source = await tx.findOneOrFail(DataSource, sourceId);
  source.records += added;
  source.lastSync = now;
  await tx.flush();
}
