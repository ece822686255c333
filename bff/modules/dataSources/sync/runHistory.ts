/**
 * The runs of a source as its history shows them: the one queued or running, the newest few, each
 * source's latest, and the pruning that keeps the history short.
 */
import { SYNC_HISTORY_LIMIT, type SyncRunView } from '@domain/data/connectors';
import type { Orm } from '../../../types';
import { SyncRun } from '../../../entities';

export function presentRun(run: SyncRun): SyncRunView {
  return {
    id: run.id,
    sourceId: run.sourceId,
    status: run.status,
    trigger: run.trigger,
    attempt: run.attempt,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    runAfter: run.runAfter.toISOString(),
    added: run.added,
    updated: run.updated,
    failed: run.failed,
    processed: run.processed,
    firstError: run.firstError,
  };
}

/** The source's queued or running run (the unique index allows one). */
export async function activeRun(orm: Orm, sourceId: string): Promise<SyncRun | null> {
  return orm.em.fork().findOne(SyncRun, { sourceId, status: { $in: ['queued', 'running'] } });
}

/** Keeps the newest SYNC_HISTORY_LIMIT runs of a source (queued and running ones always). */
export async function pruneRuns(orm: Orm, sourceId: string): Promise<void> {
  const em = orm.em.fork();
  const old = await em.find(
    SyncRun,
    { sourceId, status: { $in: ['succeeded', 'failed'] } },
    { orderBy: { createdAt: 'desc', id: 'desc' }, offset: SYNC_HISTORY_LIMIT, limit: 1000, fields: ['id'] },
  );
  if (old.length) await em.nativeDelete(SyncRun, { id: { $in: old.map((run) => run.id) } });
}

export async function runHistory(orm: Orm, sourceId: string): Promise<SyncRunView[]> {
  const runs = await orm.em.fork().find(SyncRun, { sourceId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SYNC_HISTORY_LIMIT });
  return runs.map(presentRun);
}

/** Each source's newest run, in one query (history is pruned, so at most SYNC_HISTORY_LIMIT rows per source). */
export async function latestRuns(orm: Orm, sourceIds: readonly string[]): Promise<Map<string, SyncRun>> {
  const latest = new Map<string, SyncRun>();
  if (!sourceIds.length) return latest;
  const runs = await orm.em.fork().find(SyncRun, { sourceId: { $in: [...sourceIds] } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  for (const run of runs) if (!latest.has(run.sourceId)) latest.set(run.sourceId, run);
  return latest;
}
