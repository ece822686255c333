/**
 * What the data sources API reads: a company's sources (each with its latest sync run and, for
 * pushed sources, its ingestion URL) and a page of a source's stored records; and SourceDeps,
 * what the data source functions share (the ORM, settings, logger, clock and sync queue).
 */
import type { Logger } from 'pino';
import type { DataSource as DataSourceView } from '@domain/data/sources';
import type { Config } from '../../../config';
import { DataRecord, DataSource } from '../../../entities';
import type { Orm } from '../../../types';
import { customDefinitionsOf } from '../custom/resolve';
import { ingestEndpointOf } from '../ingestion/secret';
import type { SyncQueue } from '../sync/queue';
import { presentDataSource } from './present';

export interface SourceDeps {
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'connectorAllowPrivate' | 'database' | 'publicUrl'>;
  logger: Logger;
  clock: () => Date;
  queue: SyncQueue;
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
export async function presentSources({ orm, queue, config }: SourceDeps, sources: DataSource[]): Promise<DataSourceView[]> {
  const latest = await queue.latestRuns(sources.map((source) => source.id));
  const custom = await customDefinitionsOf(orm.em, sources);
  return sources.map((source) =>
    presentDataSource(source, { lastRun: latest.get(source.id) ?? null, ingest: ingestEndpointOf(source, config), custom: custom.get(`${source.companyId}/${source.catalogueId}`) ?? null }),
  );
}

export async function presentSource(deps: SourceDeps, source: DataSource): Promise<DataSourceView> {
  return (await presentSources(deps, [source]))[0]!;
}

export async function listSources(deps: SourceDeps, companyId: string | undefined): Promise<DataSourceView[]> {
  const sources = await deps.orm.em.find(DataSource, companyId ? { companyId } : {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return presentSources(deps, sources);
}

export async function sourceRecords(orm: Orm, source: DataSource, page: number, limit: number): Promise<RecordPage> {
  const [rows, total] = await orm.em.findAndCount(
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
