/**
 * Pulling a connected source: Sync Now (a queued run that wakes this process's sync worker), the
 * source's sync history and its sync schedule. Imported files, pushed sources and sources without
 * a connector are never pulled.
 */
import type { EntityManager } from '@mikro-orm/core';
import { CONNECTOR_MESSAGES, SYNC_SCHEDULE_MS, type SyncRunView, type SyncSchedule } from '@domain/data/connectors';
import { FILE_UPLOAD_TYPE, type DataSource as DataSourceView } from '@domain/data/sources';
import type { DataSource } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { resolveCatalogue } from '../custom/resolve';
import { presentRun, type SyncQueue } from '../sync/queue';
import { presentSource, type SourceDeps } from './reads';

const fileRefusal = (source: DataSource) => `${source.name} is an imported file: import the updated file with Import Data to refresh its records.`;

/** Why a source cannot be pulled (files, pushed sources, sources without a connector), or null. */
async function pullRefusal(em: EntityManager, source: DataSource) {
  if (source.type === FILE_UPLOAD_TYPE) return apiError('sync_unavailable', { message: fileRefusal(source) });
  const resolved = await resolveCatalogue(em, source.companyId, source.catalogueId);
  const definition = resolved?.definition;
  if (definition?.kind === 'webhook') return apiError('connector_unavailable', { error: 'Nothing to pull', message: CONNECTOR_MESSAGES.pushedSource(source.name) });
  if (!definition || !resolved?.connector) return apiError('connector_unavailable', { message: CONNECTOR_MESSAGES.noConnector });
  return null;
}

/** Sync Now: queues a run (202) and wakes this process's sync worker; refused while one is queued or running. */
export async function syncNow(em: EntityManager, deps: SourceDeps, source: DataSource): Promise<SyncRunView> {
  const { logger, queue } = deps;
  const refusal = await pullRefusal(em, source);
  if (refusal) throw refusal;
  const { run, created } = await queue.enqueue(em, source, 'manual');
  if (!created) throw apiError('sync_unavailable', { error: CONNECTOR_MESSAGES.alreadySyncing(source.name), message: CONNECTOR_MESSAGES.alreadySyncing(source.name) });
  logger.info({ sourceId: source.id, runId: run.id }, 'Sync queued');
  deps.syncQueued();
  return presentRun(run);
}

export async function syncRuns(em: EntityManager, queue: SyncQueue, source: DataSource): Promise<SyncRunView[]> {
  return queue.history(em, source.id);
}

export async function setSchedule(em: EntityManager, deps: SourceDeps, source: DataSource, schedule: SyncSchedule): Promise<DataSourceView> {
  if (schedule !== 'off') {
    const refusal = await pullRefusal(em, source);
    if (refusal) throw refusal;
  }
  source.schedule = schedule;
  source.nextSyncAt = schedule === 'off' ? null : new Date(deps.clock().getTime() + SYNC_SCHEDULE_MS[schedule]);
  await em.flush();
  return presentSource(em, deps, source);
}
