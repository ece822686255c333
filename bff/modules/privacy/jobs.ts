/**
 * Erasures on the database-backed job queue (platform/jobQueue.ts), as audience builds are: a job
 * is queued by the route, claimed by one process with a lease renewed while it runs, and ends done
 * or failed; a process that dies leaves a lease that expires, and the job is taken up again where
 * its steps stopped (erasure.ts). The identifiers it held are emptied when it ends. The loop works
 * in EntityManagers of its own (the runtime's fork), one per pass and one per erasure; the steps
 * write with the ORM's knex.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { Logger } from 'pino';
import { ERASURE_STEPS, type ErasureStep } from '@domain/privacy/contract';
import type { Config } from '../../config';
import { PrivacyErasure } from '../../entities';
import { logContextFields, withLogContext } from '../../logger';
import { claimDue, leaseEnd } from '../../platform/jobQueue';
import { repeatingJob, type RepeatingJob } from '../../platform/jobs';
import { knexOf, resultsDialect, rowsOf } from '../../platform/sql';
import type { Orm } from '../../types';
import { FINISH, linkedIdentifiers, STEPS, type StepContext } from './erasure';

export const ERASURE_LEASE_MS = 60_000;
const HEARTBEAT_MS = 10_000;
const POLL_MS = 2_000;

export interface ErasureJobs {
  /** The ORM whose knex the steps write with. */
  readonly orm: Orm;
  /** A new EntityManager, never a request's (the runtime's fork). */
  readonly fork: () => EntityManager;
  readonly config: Config;
  readonly logger: Logger;
  readonly now: () => Date;
  readonly workerId: string;
  readonly rebuildAudience: (companyId: string) => Promise<void>;
  /** Tests: the steps to stop after, as a process killed mid-way would. */
  stopAfter?: ErasureStep | null;
  draining: Promise<void> | null;
  stopping: boolean;
}

export function erasureJobs(uses: Pick<ErasureJobs, 'orm' | 'fork' | 'config' | 'logger' | 'now' | 'rebuildAudience'>): ErasureJobs {
  return { ...uses, workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, draining: null, stopping: false };
}

type Steps = PrivacyErasure['steps'];

/** The loop's name, as its log lines and metrics say it. */
export const ERASURE_JOB = 'Privacy erasures';

/**
 * Runs `work` so that every line it logs carries the erasure's id beside its run's (a run of the
 * loop, or one of its own when called outside the loop: runQueued).
 */
function inErasureLog<T>(erasureId: string, work: () => Promise<T>): Promise<T> {
  const current = logContextFields();
  const run = 'jobRunId' in current && current.job && current.jobRunId ? { job: current.job, jobRunId: current.jobRunId } : { job: ERASURE_JOB, jobRunId: randomUUID() };
  return withLogContext({ ...run, jobId: erasureId }, work);
}

/** Runs the job's steps not yet done; each batch commits with its step's count. */
function runErasure(jobs: ErasureJobs, claimed: PrivacyErasure): Promise<void> {
  return inErasureLog(claimed.id, () => runSteps(jobs, claimed));
}

async function runSteps(jobs: ErasureJobs, claimed: PrivacyErasure): Promise<void> {
  const { orm, config, logger, now, workerId } = jobs;
  const kind = config.database.kind;
  const knex = knexOf(orm);
  const dialect = resultsDialect(kind);
  const em = jobs.fork();
  const heartbeat = setInterval(() => {
    void jobs
      .fork()
      .nativeUpdate(PrivacyErasure, { id: claimed.id, status: 'running', lockedBy: workerId }, { lockedUntil: leaseEnd(now(), ERASURE_LEASE_MS) })
      .catch((failure: unknown) => logger.warn({ err: failure, erasureId: claimed.id }, 'Erasure lease renewal failed'));
  }, HEARTBEAT_MS);
  const readSteps = async (trx: Knex | Knex.Transaction): Promise<Steps> => {
    const row = rowsOf<{ steps: unknown }>(await trx.raw('select steps from privacy_erasures where id = ?', [claimed.id]))[0];
    return dialect.parsedJson<Steps>(row?.steps) ?? {};
  };
  const writeSteps = (trx: Knex | Knex.Transaction, steps: Steps) =>
    trx.raw('update privacy_erasures set steps = ?, updated_at = ? where id = ?', [JSON.stringify(steps), kind === 'postgresql' ? now() : now().getTime(), claimed.id]);
  try {
    let identifiers = claimed.identifiers;
    for (const step of ERASURE_STEPS) {
      if ((await readSteps(knex))[step]?.done) continue;
      if (step === 'suppress') {
        // The person as the data links them, resolved once (a job taken up again keeps them).
        identifiers = await linkedIdentifiers(knex, kind, claimed.companyId, identifiers[0]!);
        await knex.raw('update privacy_erasures set identifiers = ? where id = ?', [JSON.stringify(identifiers), claimed.id]);
      }
      const context: StepContext = {
        orm,
        kind,
        companyId: claimed.companyId,
        erasureId: claimed.id,
        identifierHint: claimed.identifierHint,
        now,
        identifiers,
        rebuildAudience: jobs.rebuildAudience,
        batch: (work) =>
          knex.transaction(async (trx) => {
            const count = await work(trx);
            const steps = await readSteps(trx);
            steps[step] = { done: false, count: (steps[step]?.count ?? 0) + count };
            await writeSteps(trx, steps);
            return count;
          }),
      };
      await STEPS[step](context);
      await knex.transaction(async (trx) => {
        const steps = await readSteps(trx);
        const count = steps[step]?.count ?? 0;
        await FINISH[step]?.(context, trx, count);
        steps[step] = { done: true, count };
        await writeSteps(trx, steps);
      });
      if (jobs.stopAfter === step) throw new Error(`Stopped after ${step}`);
    }
    await em.nativeUpdate(PrivacyErasure, { id: claimed.id }, { status: 'done', identifiers: [], finishedAt: now(), lockedBy: null, lockedUntil: null, error: null });
    logger.info({ companyId: claimed.companyId, erasureId: claimed.id }, 'Person erased');
  } catch (failure) {
    if (jobs.stopping || jobs.stopAfter) {
      await em.nativeUpdate(PrivacyErasure, { id: claimed.id }, { status: 'queued', lockedBy: null, lockedUntil: null });
      return;
    }
    logger.error({ err: failure, companyId: claimed.companyId, erasureId: claimed.id }, 'Erasure failed');
    const error = failure instanceof Error ? failure.message.slice(0, 500) : 'The erasure failed';
    await em.nativeUpdate(PrivacyErasure, { id: claimed.id }, { status: 'failed', error, finishedAt: now(), lockedBy: null, lockedUntil: null });
  } finally {
    clearInterval(heartbeat);
  }
}

function reclaimExpired(jobs: ErasureJobs, em: EntityManager): Promise<number> {
  return em.nativeUpdate(PrivacyErasure, { status: 'running', lockedUntil: { $lt: jobs.now() } }, { status: 'queued', lockedBy: null, lockedUntil: null });
}

async function eraseUntilEmpty(jobs: ErasureJobs): Promise<void> {
  const em = jobs.fork();
  await reclaimExpired(jobs, em);
  while (!jobs.stopping) {
    const now = jobs.now();
    const [claimed] = await claimDue(em, jobs.config.database.kind, PrivacyErasure, {
      due: { status: 'queued' },
      orderBy: { createdAt: 'asc', id: 'asc' },
      limit: 1,
      lease: () => ({ status: 'running' as const, lockedBy: jobs.workerId, lockedUntil: leaseEnd(now, ERASURE_LEASE_MS) }),
    });
    if (!claimed) return;
    await runErasure(jobs, claimed);
    if (jobs.stopAfter) return;
  }
}

/** Runs every queued erasure in this process, one at a time; a caller during a drain shares it. */
export function eraseQueued(jobs: ErasureJobs): Promise<void> {
  jobs.draining ??= eraseUntilEmpty(jobs).finally(() => {
    jobs.draining = null;
  });
  return jobs.draining;
}

/** The erasure loop, a deployment job: runs queued erasures, woken at once by this process's own. */
export function erasureLoop(jobs: ErasureJobs): RepeatingJob {
  const loop = repeatingJob({ name: ERASURE_JOB, everyMs: POLL_MS, run: () => eraseQueued(jobs), logger: jobs.logger, runOnStart: true });
  return {
    ...loop,
    start() {
      jobs.stopping = false;
      loop.start();
    },
    async stop() {
      jobs.stopping = true;
      await loop.stop();
      await jobs.draining;
    },
  };
}
