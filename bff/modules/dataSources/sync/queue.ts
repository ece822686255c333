/**
 * The durable job queue of sync runs, kept in sync_runs. A run is queued (by Sync Now or the
 * scheduler), claimed by one worker with a lease, renewed while it runs, and ends succeeded or
 * failed; a retryable failure goes back to the queue with a growing delay. A partial unique index
 * allows one queued or running run per source, so no source ever syncs twice at once. Claims go
 * through the job queue (platform/jobQueue.ts), so any number of worker processes share the
 * table on PostgreSQL. A worker that dies
 * leaves a lease that expires: the run is queued again and resumes from the cursor it stored.
 *
 * The queue's steps live beside this file: enqueue.ts, leases.ts (claim, renew, progress, a page
 * stored with its progress, release, reclaim), outcomes.ts (success, failure and retry) and
 * runHistory.ts; this file binds them to the database's kind, the clock and the queue's terms.
 */
import type { EntityManager } from '@mikro-orm/core';
import { SYNC_MAX_ATTEMPTS, SYNC_RETRY_BASE_MS, type SyncRunTrigger, type SyncRunView } from '@domain/data/connectors';
import type { Config } from '../../../config';
import type { DataSource, SyncRun } from '../../../entities';
import { enqueueRun } from './enqueue';
import { claimRun, commitPage, type ClaimFairness, reclaimExpired, releaseRun, renewLease, saveProgress, type RunProgress } from './leases';
import { failRun, succeedRun } from './outcomes';
import { activeRun, latestRuns, runHistory } from './runHistory';

export type { RunProgress } from './leases';
export { presentRun } from './runHistory';

/** How long a claimed run is left to its worker without a heartbeat. */
export const SYNC_LEASE_MS = 60_000;

export interface SyncQueueOptions {
  config: Pick<Config, 'database'>;
  clock?: () => Date;
  leaseMs?: number;
  retryBaseMs?: number;
  maxAttempts?: number;
}

/**
 * Each step takes the EntityManager it works in first: a request's (Sync Now, the history) or a
 * worker's own fork (claims, leases, outcomes); every step works in a fork of it.
 */
export function createSyncQueue({
  config,
  clock = () => new Date(),
  leaseMs = SYNC_LEASE_MS,
  retryBaseMs = SYNC_RETRY_BASE_MS,
  maxAttempts = SYNC_MAX_ATTEMPTS,
}: SyncQueueOptions) {
  const retries = { retryBaseMs, maxAttempts };
  return {
    leaseMs,
    active: (em: EntityManager, sourceId: string): Promise<SyncRun | null> => activeRun(em, sourceId),
    enqueue: (em: EntityManager, source: Pick<DataSource, 'id' | 'companyId'>, trigger: SyncRunTrigger): Promise<{ run: SyncRun; created: boolean }> => enqueueRun(em, clock, source, trigger),
    claim: (em: EntityManager, workerId: string, fairness?: ClaimFairness): Promise<SyncRun | null> => claimRun(em, config.database.kind, clock, leaseMs, workerId, fairness),
    renew: (em: EntityManager, runId: string, workerId: string): Promise<boolean> => renewLease(em, clock, leaseMs, runId, workerId),
    saveProgress: (em: EntityManager, runId: string, workerId: string, progress: RunProgress): Promise<boolean> => saveProgress(em, clock, leaseMs, runId, workerId, progress),
    commitPage: (em: EntityManager, runId: string, workerId: string, store: (tx: EntityManager) => Promise<RunProgress>): Promise<RunProgress | null> =>
      commitPage(em, clock, leaseMs, runId, workerId, store),
    succeed: (em: EntityManager, run: SyncRun, workerId: string, progress: RunProgress): Promise<boolean> => succeedRun(em, clock, run, workerId, progress),
    fail: (em: EntityManager, run: SyncRun, workerId: string, progress: RunProgress, error: { message: string; retryable: boolean }): Promise<'retrying' | 'failed' | 'lost'> =>
      failRun(em, clock, retries, run, workerId, progress, error),
    release: (em: EntityManager, runId: string, workerId: string, progress: RunProgress): Promise<void> => releaseRun(em, clock, runId, workerId, progress),
    reclaimExpired: (em: EntityManager): Promise<number> => reclaimExpired(em, clock),
    history: (em: EntityManager, sourceId: string): Promise<SyncRunView[]> => runHistory(em, sourceId),
    latestRuns: (em: EntityManager, sourceIds: readonly string[]): Promise<Map<string, SyncRun>> => latestRuns(em, sourceIds),
  };
}

export type SyncQueue = ReturnType<typeof createSyncQueue>;
