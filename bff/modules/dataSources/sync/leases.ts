/**
 * A running sync run's lease: claimed by one worker through the job queue (platform/jobQueue.ts),
 * renewed with each heartbeat and stored batch, given back when the worker stops, and taken back
 * from a worker that stopped renewing it (it died mid-run) so the run resumes from its cursor.
 * Every write names the worker: one whose lease was lost changes nothing. Each step works in a
 * fork of the EntityManager it is given (the worker's own, never a request's).
 */
import type { EntityManager } from '@mikro-orm/core';
import { SyncRun } from '../../../entities';
import { claimDue, leaseEnd } from '../../../platform/jobQueue';
import type { DatabaseKind } from '../../../platform/sql';

/** The longest first error a run keeps. */
export const ERROR_LENGTH = 1000;

export interface RunProgress {
  added: number;
  updated: number;
  failed: number;
  processed: number;
  cursor: string | null;
  /** Where the read continues after the last stored page (ConnectorBatch.checkpoint); absent or null: from the cursor. */
  checkpoint?: string | null;
  firstError: string | null;
}

/** The run's columns of `progress`. */
export const progressColumns = (progress: RunProgress) => ({ ...progress, checkpoint: progress.checkpoint ?? null, firstError: progress.firstError?.slice(0, ERROR_LENGTH) ?? null });

/** What a claim passes over whatever else is due. */
export interface ClaimFairness {
  /** Companies whose runs this worker may not take now: its share of its slots for them is used up. */
  excluded: readonly string[];
}

/** The companies with a run in progress anywhere in the deployment (its lease still running). */
export async function companiesInProgress(em: EntityManager, now: Date): Promise<Set<string>> {
  const running = await em.fork().find(SyncRun, { status: 'running', lockedUntil: { $gte: now } }, { fields: ['companyId'] });
  return new Set(running.map((run) => run.companyId));
}

/**
 * Takes a due queued run for `workerId`, or null when none is due. Fair between companies: the
 * oldest due run of a company with no run in progress comes first, so one company's long pull
 * (or many queued runs) never keeps another company's run waiting while a slot is free; a second
 * run of a busy company is taken only when no other company's run is due. Companies in
 * `fairness.excluded` are passed over (the worker's own share for them is used up).
 */
export async function claimRun(em: EntityManager, kind: DatabaseKind, clock: () => Date, leaseMs: number, workerId: string, fairness: ClaimFairness = { excluded: [] }): Promise<SyncRun | null> {
  const now = clock();
  const take = async (passedOver: readonly string[]) => {
    const [run] = await claimDue(em, kind, SyncRun, {
      due: { status: 'queued', runAfter: { $lte: now }, ...(passedOver.length ? { companyId: { $nin: [...passedOver] } } : {}) },
      orderBy: { runAfter: 'asc', id: 'asc' },
      limit: 1,
      lease: (row) => ({ status: 'running' as const, lockedBy: workerId, lockedUntil: leaseEnd(now, leaseMs), startedAt: row.startedAt ?? now }),
    });
    return run ?? null;
  };
  const busy = [...(await companiesInProgress(em, now))].filter((companyId) => !fairness.excluded.includes(companyId));
  const idleFirst = await take([...busy, ...fairness.excluded]);
  if (idleFirst || !busy.length) return idleFirst;
  return take(fairness.excluded);
}

/** Extends the lease; false when the run is no longer this worker's (expired and reclaimed, or the source deleted). */
export async function renewLease(em: EntityManager, clock: () => Date, leaseMs: number, runId: string, workerId: string): Promise<boolean> {
  const renewed = await em.fork().nativeUpdate(SyncRun, { id: runId, status: 'running', lockedBy: workerId }, { lockedUntil: leaseEnd(clock(), leaseMs) });
  return renewed === 1;
}

/** Stores the counts and cursor (and renews the lease); false when the run is no longer this worker's. */
export async function saveProgress(em: EntityManager, clock: () => Date, leaseMs: number, runId: string, workerId: string, progress: RunProgress): Promise<boolean> {
  const saved = await em.fork().nativeUpdate(SyncRun, { id: runId, status: 'running', lockedBy: workerId }, { ...progressColumns(progress), lockedUntil: leaseEnd(clock(), leaseMs) });
  return saved === 1;
}

/**
 * Stores one page in one transaction: `store` writes its records and answers the progress after
 * them, saved (counts, cursor, checkpoint) with the lease renewed before the transaction commits.
 * The run's row is claimed first (on PostgreSQL it stays locked until the commit), so a worker
 * whose lease was lost stores nothing: the answer is then null. A worker killed mid-page leaves
 * neither the records nor the progress, and the run taken over reads that page again.
 */
export async function commitPage(
  em: EntityManager,
  clock: () => Date,
  leaseMs: number,
  runId: string,
  workerId: string,
  store: (tx: EntityManager) => Promise<RunProgress>,
): Promise<RunProgress | null> {
  return em.fork().transactional(async (tx) => {
    const mine = { id: runId, status: 'running' as const, lockedBy: workerId };
    if ((await tx.nativeUpdate(SyncRun, mine, { lockedUntil: leaseEnd(clock(), leaseMs) })) !== 1) return null;
    const progress = await store(tx);
    await tx.nativeUpdate(SyncRun, mine, progressColumns(progress));
    return progress;
  });
}

/** Gives a run back to the queue as it is (the worker stops): another worker resumes it from its cursor. */
export async function releaseRun(em: EntityManager, clock: () => Date, runId: string, workerId: string, progress: RunProgress): Promise<void> {
  await em
    .fork()
    .nativeUpdate(SyncRun, { id: runId, status: 'running', lockedBy: workerId }, { ...progressColumns(progress), status: 'queued', runAfter: clock(), lockedBy: null, lockedUntil: null });
}

/** Queues again the runs whose worker stopped renewing its lease (it died mid-run). */
export async function reclaimExpired(em: EntityManager, clock: () => Date): Promise<number> {
  const now = clock();
  return em
    .fork()
    .nativeUpdate(SyncRun, { status: 'running', lockedUntil: { $lt: now } }, { status: 'queued', runAfter: now, lockedBy: null, lockedUntil: null });
}
