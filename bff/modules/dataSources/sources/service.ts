/**
 * The data sources API's service: a company's connected sources (listed, tested, connected,
 * changed, removed), their sync runs and schedule, their stored records and the saved mapping
 * templates.
 *
 * The work lives in reads.ts, connecting.ts, writes.ts, syncing.ts and mappingTemplates.ts, over
 * sourceSettings.ts; this file binds it to the service's settings, logger, clock and the sync
 * queue it creates. Each operation works in the EntityManager it is given first (the request's).
 */
import type { EntityManager } from '@mikro-orm/core';
import pino, { type Logger } from 'pino';
import type { SyncRunView, SyncSchedule } from '@domain/data/connectors';
import type { ConnectSourceInput, DataSource as DataSourceView, TestConnectionInput, UpdateSourceInput } from '@domain/data/sources';
import type { DataSource, ImportTemplate } from '../../../entities';
import type { Actor, Orm } from '../../../types';
import { syncQueued } from '../sync/nudge';
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
  /** The database whose sync workers Sync Now wakes in this process (nudge.ts). */
  orm: Orm;
  config: SourceDeps['config'];
  logger?: Logger;
  clock?: () => Date;
}

export function createDataSourceService({ orm, config, logger = pino({ level: 'silent' }), clock = () => new Date() }: DataSourceServiceOptions) {
  const queue = createSyncQueue({ config, clock });
  const deps: SourceDeps = { config, logger, clock, queue, syncQueued: () => syncQueued(orm) };
  return {
    queue,
    list: (em: EntityManager, companyId: string | undefined): Promise<DataSourceView[]> => listSources(em, deps, companyId),
    connect: (em: EntityManager, actor: Actor, input: ConnectSourceInput): Promise<DataSourceView> => connectSource(em, deps, actor, input),
    testConnection: (em: EntityManager, actor: Actor, input: TestConnectionInput): Promise<{ message: string }> => testConnection(em, deps, actor, input),
    update: (em: EntityManager, source: DataSource, input: UpdateSourceInput): Promise<DataSourceView> => updateSource(em, deps, source, input),
    sync: (em: EntityManager, source: DataSource): Promise<SyncRunView> => syncNow(em, deps, source),
    runs: (em: EntityManager, source: DataSource): Promise<SyncRunView[]> => syncRuns(em, queue, source),
    schedule: (em: EntityManager, source: DataSource, schedule: SyncSchedule): Promise<DataSourceView> => setSchedule(em, deps, source, schedule),
    remove: (em: EntityManager, source: DataSource): Promise<void> => removeSource(em, source),
    records: (em: EntityManager, source: DataSource, page: number, limit: number): Promise<RecordPage> => sourceRecords(em, source, page, limit),
    templates: (em: EntityManager, companyId: string | undefined) => listTemplates(em, companyId),
    removeTemplate: (em: EntityManager, template: ImportTemplate): Promise<void> => removeTemplate(em, template),
  };
}

export type DataSourceService = ReturnType<typeof createDataSourceService>;
