/**
 * What the data sources API reads: a company's sources (each with its latest sync run and, for
 * pushed sources, its ingestion URL) and a page of a source's stored records; and SourceDeps,
 * what the data source functions share (settings, logger, clock, sync queue and the wake-up of
 * this process's sync workers). Each function works in the EntityManager it is given first.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { DataSource as DataSourceView } from '@domain/data/sources';
import type { Config } from '../../../config';
import { DataRecord, DataSource } from '../../../entities';
import { customDefinitionsOf } from '../custom/resolve';
import { ingestEndpointOf } from '../ingestion/secret';
import type { SyncQueue } from '../sync/queue';
import { presentDataSource } from './present';

export interface SourceDeps {
  config: Pick<Config, 'credentialsKey' | 'connectorAllowPrivate' | 'database' | 'publicUrl'>;
  logger: Logger;
  clock: () => Date;
  queue: SyncQueue;
  /** Wakes this process's sync workers: a run was just queued (nudge.ts). */
  syncQueued: () => void;
}

export interface RecordPage {
  records: Array<{
    id: string;
    data: Record<string, unknown>;
    unified: Record<string, unknown>;
    _import_metadata: { importId: string | null; sourceFile: string | null; sourceType: string; importedAt: string; recordIndex: number };
  }>;
  total: number;
  page: number;
  limit: number;
}

/** Each source with its latest run (one query for all) and, for pushed sources, its ingestion URL. */
export async function presentSources(em: EntityManager, { queue, config }: SourceDeps, sources: DataSource[]): Promise<DataSourceView[]> {
  const latest = await queue.latestRuns(em, sources.map((source) => source.id));
  const custom = await customDefinitionsOf(em, sources);
  return sources.map((source) =>
    presentDataSource(source, { lastRun: latest.get(source.id) ?? null, ingest: ingestEndpointOf(source, config), custom: custom.get(`${source.companyId}/${source.catalogueId}`) ?? null }),
  );
}

export async function presentSource(em: EntityManager, deps: SourceDeps, source: DataSource): Promise<DataSourceView> {
  return (await presentSources(em, deps, [source]))[0]!;
}

export async function listSources(em: EntityManager, deps: SourceDeps, companyId: string | undefined): Promise<DataSourceView[]> {
  const sources = await em.find(DataSource, companyId ? { companyId } : {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return presentSources(em, deps, sources);
}

export async function sourceRecords(em: EntityManager, source: DataSource, page: number, limit: number): Promise<RecordPage> {
  const [rows, total] = await em.findAndCount(
    DataRecord,
    { sourceId: source.id },
    { orderBy: { recordIndex: 'asc', id: 'asc' }, limit, offset: (page - 1) * limit },
  );
  return {
    records: rows.map((row) => ({
      id: row.id,
      data: row.data,
      unified: row.unified,
      _import_metadata: {
        importId: row.importId,
        sourceFile: row.sourceFile,
        sourceType: row.sourceType,
        importedAt: row.importedAt.toISOString(),
        recordIndex: row.recordIndex,
      },
    })),
    total,
    page,
    limit,
  };
}
