/**
 * The runs of a source as its history shows them: the one queued or running, the newest few, each
 * source's latest, and the pruning that keeps the history short. Each reads in a fork of the
 * EntityManager it is given, so it sees the rows as stored, not as an identity map holds them.
 */
import type { EntityManager } from '@mikro-orm/core';
import { SYNC_HISTORY_LIMIT, type SyncRunView } from '@domain/data/connectors';
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
export async function activeRun(em: EntityManager, sourceId: string): Promise<SyncRun | null> {
  return em.fork().findOne(SyncRun, { sourceId, status: { $in: ['queued', 'running'] } });
}

/** Keeps the newest SYNC_HISTORY_LIMIT runs of a source (queued and running ones always). */
export async function pruneRuns(em: EntityManager, sourceId: string): Promise<void> {
  const fork = em.fork();
  const old = await fork.find(
    SyncRun,
    { sourceId, status: { $in: ['succeeded', 'failed'] } },
    { orderBy: { createdAt: 'desc', id: 'desc' }, offset: SYNC_HISTORY_LIMIT, limit: 1000, fields: ['id'] },
  );
  if (old.length) await fork.nativeDelete(SyncRun, { id: { $in: old.map((run) => run.id) } });
}

export async function runHistory(em: EntityManager, sourceId: string): Promise<SyncRunView[]> {
  const runs = await em.fork().find(SyncRun, { sourceId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SYNC_HISTORY_LIMIT });
  return runs.map(presentRun);
}

/** Each source's newest run, in one query (history is pruned, so at most SYNC_HISTORY_LIMIT rows per source). */
export async function latestRuns(em: EntityManager, sourceIds: readonly string[]): Promise<Map<string, SyncRun>> {
  const latest = new Map<string, SyncRun>();
  if (!sourceIds.length) return latest;
  const runs = await em.fork().find(SyncRun, { sourceId: { $in: [...sourceIds] } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  for (const run of runs) if (!latest.has(run.sourceId)) latest.set(run.sourceId, run);
  return latest;
}
