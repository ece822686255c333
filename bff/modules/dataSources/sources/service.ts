/**
 * The data sources API's service: a company's connected sources (listed, tested, connected,
 * changed, removed), their sync runs and schedule, their stored records and the saved mapping
 * templates.
 *
 * The work lives in reads.ts, connecting.ts, writes.ts, syncing.ts and mappingTemplates.ts, over
 * sourceSettings.ts; this file binds it to the service's ORM, settings, logger, clock and the sync
 * queue it creates.
 */
import pino, { type Logger } from 'pino';
import type { SyncRunView, SyncSchedule } from '@domain/data/connectors';
import type { ConnectSourceInput, DataSource as DataSourceView, TestConnectionInput, UpdateSourceInput } from '@domain/data/sources';
import type { DataSource, ImportTemplate } from '../../../entities';
import type { Actor, Orm } from '../../../types';
import { createSyncQueue } from '../sync/queue';
import { connectSource, testConnection } from './connecting';
import { listTemplates, removeTemplate } from './mappingTemplates';
import { listSources, sourceRecords, type RecordPage, type SourceDeps } from './reads';
import { setSchedule, syncNow, syncRuns } from './syncing';
import { removeSource, updateSource } from './writes';

export { initialMapping } from './connecting';
export { TEMPLATE_NOT_FOUND } from './mappingTemplates';
export type { RecordPage } from './reads';

export interface DataSourceServiceOptions {
  orm: Orm;
  config: SourceDeps['config'];
  logger?: Logger;
  clock?: () => Date;
}

export function createDataSourceService({ orm, config, logger = pino({ level: 'silent' }), clock = () => new Date() }: DataSourceServiceOptions) {
  const queue = createSyncQueue({ orm, config, clock });
  const deps: SourceDeps = { orm, config, logger, clock, queue };
  return {
    queue,
    list: (companyId: string | undefined): Promise<DataSourceView[]> => listSources(deps, companyId),
    connect: (actor: Actor, input: ConnectSourceInput): Promise<DataSourceView> => connectSource(deps, actor, input),
    testConnection: (actor: Actor, input: TestConnectionInput): Promise<{ message: string }> => testConnection(deps, actor, input),
    update: (source: DataSource, input: UpdateSourceInput): Promise<DataSourceView> => updateSource(deps, source, input),
    sync: (source: DataSource): Promise<SyncRunView> => syncNow(deps, source),
    runs: (source: DataSource): Promise<SyncRunView[]> => syncRuns(queue, source),
    schedule: (source: DataSource, schedule: SyncSchedule): Promise<DataSourceView> => setSchedule(deps, source, schedule),
    remove: (source: DataSource): Promise<void> => removeSource(orm, source),
    records: (source: DataSource, page: number, limit: number): Promise<RecordPage> => sourceRecords(orm, source, page, limit),
    templates: (companyId: string | undefined) => listTemplates(orm, companyId),
    removeTemplate: (template: ImportTemplate): Promise<void> => removeTemplate(orm, template),
  };
}

export type DataSourceService = ReturnType<typeof createDataSourceService>;
