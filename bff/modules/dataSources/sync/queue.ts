/**
 * The durable job queue of sync runs, kept in sync_runs. A run is queued (by Sync Now or the
 * scheduler), claimed by one worker with a lease, renewed while it runs, and ends succeeded or
 * failed; a retryable failure goes back to the queue with a growing delay. A partial unique index
 * allows one queued or running run per source, so no source ever syncs twice at once. Claims go
 * through the job queue (platform/jobQueue.ts), so any number of worker processes share the
 * table on PostgreSQL. A worker that dies
 * leaves a lease that expires: the run is queued again and resumes from the cursor it stored.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { SYNC_HISTORY_LIMIT, SYNC_MAX_ATTEMPTS, SYNC_RETRY_BASE_MS, type SyncRunTrigger, type SyncRunView } from '@domain/data/connectors';
import type { Config } from '../../../config';
import type { Orm } from '../../../types';
import { DataSource, SyncRun } from '../../../entities';
import { claimDue, leaseEnd } from '../../../platform/jobQueue';

/** How long a claimed run is left to its worker without a heartbeat. */
export const SYNC_LEASE_MS = 60_000;
const ERROR_LENGTH = 1000;

export interface SyncQueueOptions {
  orm: Orm;
  config: Pick<Config, 'database'>;
  clock?: () => Date;
  leaseMs?: number;
  retryBaseMs?: number;
  maxAttempts?: number;
}

export interface RunProgress {
  added: number;
  updated: number;
  failed: number;
  processed: number;
  cursor: string | null;
  firstError: string | null;
}

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

export function createSyncQueue({
  orm,
  config,
  clock = () => new Date(),
  leaseMs = SYNC_LEASE_MS,
  retryBaseMs = SYNC_RETRY_BASE_MS,
  maxAttempts = SYNC_MAX_ATTEMPTS,
}: SyncQueueOptions) {
  const leaseFrom = (now: Date) => leaseEnd(now, leaseMs);

  async function active(sourceId: string): Promise<SyncRun | null> {
    return orm.em.fork().findOne(SyncRun, { sourceId, status: { $in: ['queued', 'running'] } });
  }

  /** Keeps the newest SYNC_HISTORY_LIMIT runs of a source (queued and running ones always). */
  async function prune(sourceId: string): Promise<void> {
    const em = orm.em.fork();
    const old = await em.find(
      SyncRun,
      { sourceId, status: { $in: ['succeeded', 'failed'] } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, offset: SYNC_HISTORY_LIMIT, limit: 1000, fields: ['id'] },
    );
    if (old.length) await em.nativeDelete(SyncRun, { id: { $in: old.map((run) => run.id) } });
  }

  return {
    leaseMs,

    active,

    /**
     * Queues a run of `source` unless one is already queued or running (then `created` is false and
     * `run` is that one). The unique index settles a race between two callers.
     */
    async enqueue(source: Pick<DataSource, 'id' | 'companyId'>, trigger: SyncRunTrigger): Promise<{ run: SyncRun; created: boolean }> {
      const existing = await active(source.id);
      if (existing) return { run: existing, created: false };
      const now = clock();
      let run: SyncRun;
      try {
        run = await orm.em.fork().transactional(async (tx) => {
          const queued = tx.create(SyncRun, {
            companyId: source.companyId,
            sourceId: source.id,
            status: 'queued',
            trigger,
            attempt: 1,
            runAfter: now,
            added: 0,
            updated: 0,
            failed: 0,
            processed: 0,
          });
          await tx.flush();
          await tx.nativeUpdate(DataSource, { id: source.id }, { status: 'syncing' });
          return queued;
        });
      } catch (failure) {
        if (!(failure instanceof UniqueConstraintViolationException)) throw failure;
        const winner = await active(source.id);
        if (winner) return { run: winner, created: false };
        throw failure;
      }
      return { run, created: true };
    },

    /** Takes the oldest due queued run for `workerId`, or null when none is due. */
    async claim(workerId: string): Promise<SyncRun | null> {
      const now = clock();
      const [run] = await claimDue(orm, config.database.kind, SyncRun, {
        due: { status: 'queued', runAfter: { $lte: now } },
        orderBy: { runAfter: 'asc', id: 'asc' },
        limit: 1,
        lease: (row) => ({ status: 'running' as const, lockedBy: workerId, lockedUntil: leaseFrom(now), startedAt: row.startedAt ?? now }),
      });
      return run ?? null;
    },

    /** Extends the lease; false when the run is no longer this worker's (expired and reclaimed, or the source deleted). */
    async renew(runId: string, workerId: string): Promise<boolean> {
      const renewed = await orm.em.fork().nativeUpdate(SyncRun, { id: runId, status: 'running', lockedBy: workerId }, { lockedUntil: leaseFrom(clock()) });
      return renewed === 1;
    },

    /** Stores the counts and cursor after a stored batch (and renews the lease); false when the run is no longer this worker's. */
    async saveProgress(runId: string, workerId: string, progress: RunProgress): Promise<boolean> {
      const saved = await orm.em
        .fork()
        .nativeUpdate(
          SyncRun,
          { id: runId, status: 'running', lockedBy: workerId },
          { ...progress, firstError: progress.firstError?.slice(0, ERROR_LENGTH) ?? null, lockedUntil: leaseFrom(clock()) },
        );
      return saved === 1;
    },

    /** The run succeeded: the source is active again and keeps the run's cursor for the next one. */
    async succeed(run: SyncRun, workerId: string, progress: RunProgress): Promise<boolean> {
      const now = clock();
      const done = await orm.em.fork().transactional(async (em) => {
        const updated = await em.nativeUpdate(
          SyncRun,
          { id: run.id, status: 'running', lockedBy: workerId },
          { ...progress, firstError: progress.firstError?.slice(0, ERROR_LENGTH) ?? null, status: 'succeeded', finishedAt: now, lockedBy: null, lockedUntil: null },
        );
        if (updated !== 1) return false;
        await em.nativeUpdate(DataSource, { id: run.sourceId }, { status: 'active', syncCursor: progress.cursor, lastSync: now });
        return true;
      });
      if (done) await prune(run.sourceId);
      return done;
    },

    /**
     * The run failed. A retryable failure before the last attempt queues it again after
     * retryBaseMs·2^(attempt−1); otherwise it fails for good and the source shows the error.
     * Records stored so far stay.
     */
    async fail(run: SyncRun, workerId: string, progress: RunProgress, error: { message: string; retryable: boolean }): Promise<'retrying' | 'failed' | 'lost'> {
      const now = clock();
      const retry = error.retryable && run.attempt < maxAttempts;
      const firstError = (progress.firstError ?? error.message).slice(0, ERROR_LENGTH);
      const outcome = await orm.em.fork().transactional(async (em) => {
        const mine = { id: run.id, status: 'running' as const, lockedBy: workerId };
        if (retry) {
          const updated = await em.nativeUpdate(SyncRun, mine, {
            ...progress,
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
        const updated = await em.nativeUpdate(SyncRun, mine, { ...progress, firstError, status: 'failed', finishedAt: now, lockedBy: null, lockedUntil: null });
        if (updated !== 1) return 'lost';
        await em.nativeUpdate(DataSource, { id: run.sourceId }, { status: 'error' });
        return 'failed';
      });
      if (outcome === 'failed') await prune(run.sourceId);
      return outcome;
    },

    /** Gives a run back to the queue as it is (the worker stops): another worker resumes it from its cursor. */
    async release(runId: string, workerId: string, progress: RunProgress): Promise<void> {
      await orm.em
        .fork()
        .nativeUpdate(SyncRun, { id: runId, status: 'running', lockedBy: workerId }, { ...progress, status: 'queued', runAfter: clock(), lockedBy: null, lockedUntil: null });
    },

    /** Queues again the runs whose worker stopped renewing its lease (it died mid-run). */
    async reclaimExpired(): Promise<number> {
      const now = clock();
      return orm.em
        .fork()
        .nativeUpdate(SyncRun, { status: 'running', lockedUntil: { $lt: now } }, { status: 'queued', runAfter: now, lockedBy: null, lockedUntil: null });
    },

    async history(sourceId: string): Promise<SyncRunView[]> {
      const runs = await orm.em.fork().find(SyncRun, { sourceId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SYNC_HISTORY_LIMIT });
      return runs.map(presentRun);
    },

    /** Each source's newest run, in one query (history is pruned, so at most SYNC_HISTORY_LIMIT rows per source). */
    async latestRuns(sourceIds: readonly string[]): Promise<Map<string, SyncRun>> {
      const latest = new Map<string, SyncRun>();
      if (!sourceIds.length) return latest;
      const runs = await orm.em.fork().find(SyncRun, { sourceId: { $in: [...sourceIds] } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
      for (const run of runs) if (!latest.has(run.sourceId)) latest.set(run.sourceId, run);
      return latest;
    },
  };
}

export type SyncQueue = ReturnType<typeof createSyncQueue>;
