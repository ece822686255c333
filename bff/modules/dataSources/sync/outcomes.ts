/**
 * How a sync run ends: succeeded (the source keeps its cursor), failed for good (the source shows
 * the error), or queued again after a retryable failure with a growing delay. Records stored so
 * far stay either way, and the history is pruned once a run is done.
 */
import type { EntityManager } from '@mikro-orm/core';
import { DataSource, SyncRun } from '../../../entities';
import { ERROR_LENGTH, progressColumns, type RunProgress } from './leases';
import { pruneRuns } from './runHistory';

export interface RetryPolicy {
  /** The first retry's delay; each next one waits twice as long. */
  retryBaseMs: number;
  maxAttempts: number;
}

/** The run succeeded: the source is active again and keeps the run's cursor for the next one. */
export async function succeedRun(em: EntityManager, clock: () => Date, run: SyncRun, workerId: string, progress: RunProgress): Promise<boolean> {
  const now = clock();
  const done = await em.fork().transactional(async (tx) => {
    const updated = await tx.nativeUpdate(
      SyncRun,
      { id: run.id, status: 'running', lockedBy: workerId },
      // Read to its end: nothing left to continue.
      { ...progressColumns(progress), checkpoint: null, status: 'succeeded', finishedAt: now, lockedBy: null, lockedUntil: null },
    );
    if (updated !== 1) return false;
    await tx.nativeUpdate(DataSource, { id: run.sourceId }, { status: 'active', syncCursor: progress.cursor, lastSync: now });
    return true;
  });
  if (done) await pruneRuns(em, run.sourceId);
  return done;
}

/**
 * The run failed. A retryable failure before the last attempt queues it again after
 * retryBaseMs·2^(attempt−1); otherwise it fails for good and the source shows the error.
 * Records stored so far stay.
 */
export async function failRun(
  em: EntityManager,
  clock: () => Date,
  { retryBaseMs, maxAttempts }: RetryPolicy,
  run: SyncRun,
  workerId: string,
  progress: RunProgress,
  error: { message: string; retryable: boolean },
): Promise<'retrying' | 'failed' | 'lost'> {
  const now = clock();
  const retry = error.retryable && run.attempt < maxAttempts;
  const firstError = (progress.firstError ?? error.message).slice(0, ERROR_LENGTH);
  const outcome = await em.fork().transactional(async (tx) => {
    const mine = { id: run.id, status: 'running' as const, lockedBy: workerId };
    if (retry) {
      const updated = await tx.nativeUpdate(SyncRun, mine, {
        // The checkpoint is kept: the retry continues after the last stored page.
        ...progressColumns(progress),
        // The latest reason, so the history says why it is waiting.
        firstError: error.message.slice(0, ERROR_LENGTH),
        status: 'queued',
        attempt: run.attempt + 1,
        runAfter: new Date(now.getTime() + retryBaseMs * 2 ** (run.attempt - 1)),
        lockedBy: null,
        lockedUntil: null,
      });
      return updated === 1 ? 'retrying' : 'lost';
    }
    const updated = await tx.nativeUpdate(SyncRun, mine, { ...progressColumns(progress), firstError, status: 'failed', finishedAt: now, lockedBy: null, lockedUntil: null });
    if (updated !== 1) return 'lost';
    await tx.nativeUpdate(DataSource, { id: run.sourceId }, { status: 'error' });
    return 'failed';
  });
  if (outcome === 'failed') await pruneRuns(em, run.sourceId);
  return outcome;
}
