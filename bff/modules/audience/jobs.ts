/**
 * The jobs that rebuild a company's profiles, on the database-backed job queue
 * (platform/jobQueue.ts), and the refresher that queues them. A job is queued (POST /rebuild,
 * /reclassify, or the refresher), claimed by one process with a lease renewed while it runs, and
 * ends done or failed; a process that dies leaves a lease that expires, and the job runs again. A
 * unique index allows one queued or running job per company, so replicas never build one company
 * twice at once. Each process builds one job at a time, in a worker thread (builder.ts) that writes
 * each build as a new generation and switches to it at the end (build.ts). Besides the jobs asked
 * for, the refresher looks every AUDIENCE_REFRESH_SECONDS for companies whose records or survey
 * responses changed after their last build (imports, survey responses, prediction-API events) and
 * queues a refresh: a debounced full rebuild per company stands in for incremental updates.
 *
 * A refresh that fails is kept, failed, with its reason: the company's newest job, so its admin
 * sees why on the Audience Intelligence screen. The refresher then backs off that company (twice
 * the refresh period after the first failure, doubling up to REFRESH_BACKOFF_MAX_MS) rather than
 * run a build that fails every minute at full cost; a build that succeeds clears the failures.
 *
 * The build loop and the refresher work in EntityManagers of their own (the runtime's fork): one
 * per pass, and one per build; a job asked for on the screen is queued in a fork of its request's.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { AudienceJob as AudienceJobView, AudienceJobKind } from '@domain/audience/contract';
import type { Config } from '../../config';
import { AudienceJob } from '../../entities';
import { apiError } from '../../platform/errors';
import { claimDue, leaseEnd } from '../../platform/jobQueue';
import { repeatingJob, type Job, type RepeatingJob } from '../../platform/jobs';
import { timeOf } from '../../platform/sql';
import type { AudienceBuilder } from './builder';
import type { AudienceDb } from './reads';

/** How long a claimed job is left to its process without a heartbeat. */
export const AUDIENCE_LEASE_MS = 60_000;
const HEARTBEAT_MS = 10_000;
/** How often a process looks for jobs queued elsewhere (its own wake it at once). */
const BUILD_POLL_MS = 2_000;
/** The jobs the Audience Intelligence screen shows; refreshes are the server's own. */
const SCREEN_KINDS: AudienceJobKind[] = ['rebuild', 'reclassify'];
const ACTIVE = ['queued', 'running'] as const;
/** The longest wait between two refreshes of a company whose refreshes keep failing. */
export const REFRESH_BACKOFF_MAX_MS = 6 * 60 * 60_000;
/** Failed refreshes kept per company: enough to reach the longest wait, and no more rows than that. */
const FAILED_REFRESHES_KEPT = 10;
/** What the screen shows: the jobs asked for, and a refresh that failed (its reason is the admin's to see). */
const SCREEN_JOBS = { $or: [{ kind: { $in: SCREEN_KINDS } }, { kind: 'refresh' as const, status: 'failed' as const }] };

/** How long after its last failure a company's next refresh waits, after `failures` failures in a row. */
export function refreshBackoffMs(refreshMs: number, failures: number): number {
  return failures < 1 ? 0 : Math.min(REFRESH_BACKOFF_MAX_MS, refreshMs * 2 ** Math.min(failures, 30));
}

/** What the build jobs use, and the state they share: made once per service by buildJobs(). */
export interface BuildJobs {
  /** A new EntityManager, never a request's (the runtime's fork). */
  readonly fork: () => EntityManager;
  readonly config: Config;
  readonly logger: Logger;
  readonly now: () => Date;
  readonly builder: AudienceBuilder;
  readonly query: AudienceDb['query'];
  readonly workerId: string;
  /** The queue's drain under way in this process: builds run one at a time. */
  draining: Promise<void> | null;
  stopping: boolean;
}

export function buildJobs(uses: Pick<BuildJobs, 'fork' | 'config' | 'logger' | 'now' | 'builder' | 'query'>): BuildJobs {
  return { ...uses, workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, draining: null, stopping: false };
}

/** A job as the screen shows it (a refresh is shown only once it became a job asked for). */
function jobView(job: AudienceJob): AudienceJobView {
  return {
    id: job.id,
    kind: job.kind === 'refresh' ? 'rebuild' : job.kind,
    status: job.status,
    progress: job.progress,
    processed: job.processed,
    total: job.total,
    summary: job.summary ?? null,
    error: job.error ?? null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}

/** Runs a claimed job to its end: done, failed, or (the process stopping) given back to the queue. */
async function runBuild(jobs: BuildJobs, claimed: AudienceJob): Promise<void> {
  const { config, logger, now, builder, workerId } = jobs;
  const { companyId } = claimed;
  const em = jobs.fork();
  const job = await em.findOne(AudienceJob, { id: claimed.id });
  // Deleted meanwhile (its company was deleted).
  if (!job) return;
  const heartbeat = setInterval(() => {
    void jobs
      .fork()
      .nativeUpdate(AudienceJob, { id: job.id, status: 'running', lockedBy: workerId }, { lockedUntil: leaseEnd(now(), AUDIENCE_LEASE_MS) })
      .catch((failure: unknown) => logger.warn({ err: failure, companyId }, 'Audience build lease renewal failed'));
  }, HEARTBEAT_MS);
  // How long the event loop was held while the build ran (it should not be: the build is in a worker).
  const eventLoopDelay = monitorEventLoopDelay({ resolution: 10 });
  eventLoopDelay.enable();
  // Progress arrives as messages, not awaited by the worker: the job's writes go one after
  // another (one EntityManager never flushes twice at once), and the last before the outcome's.
  let progressWrites: Promise<void> = Promise.resolve();
  const writeProgress = (processed: number, total: number) => {
    progressWrites = progressWrites
      .then(async () => {
        if (job.status !== 'running') return;
        job.processed = processed;
        job.total = total;
        job.progress = total ? Math.min(1, processed / total) : 1;
        await em.flush();
      })
      .catch((failure: unknown) => logger.warn({ err: failure, companyId }, 'Could not record audience build progress'));
    return progressWrites;
  };
  try {
    const result = await builder.build({ companyId, now: now(), maxProfilesPerMerge: config.audience.maxProfilesPerMerge, onProgress: writeProgress });
    await progressWrites;
    for (const refused of result.refused) {
      logger.warn({ companyId, identifierKind: refused.kind, source: refused.source, profilesJoined: refused.profilesJoined }, 'Audience join refused: it would make one profile of too many people');
    }
    em.assign(job, { status: 'done', progress: 1, processed: job.total, summary: result.summary, finishedAt: now(), lockedBy: null, lockedUntil: null });
    await finish(em, job);
    logger.info(
      { companyId, profiles: result.profiles, generation: result.generation, kind: job.kind, eventLoopDelayMaxMs: Math.round(eventLoopDelay.max / 1e6) },
      'Audience profiles built',
    );
  } catch (failure) {
    await progressWrites;
    if (jobs.stopping) {
      // Another process (or this one's next start) builds it again.
      em.assign(job, { status: 'queued', lockedBy: null, lockedUntil: null });
      await em.flush();
      return;
    }
    logger.error({ err: failure, companyId }, 'Audience build failed');
    const error = failure instanceof Error ? failure.message.slice(0, 500) : 'The build failed';
    em.assign(job, { status: 'failed', error, finishedAt: now(), lockedBy: null, lockedUntil: null });
    await finish(em, job);
  } finally {
    clearInterval(heartbeat);
    eventLoopDelay.disable();
  }
}

/**
 * Records a job's outcome. A refresh, the server's own, leaves no row behind when it is done, and
 * takes the company's failed refreshes with it; a failed one stays for the screen and the back-off,
 * the newest FAILED_REFRESHES_KEPT of them. The kind is read in the database: a refresh asked for
 * on the screen meanwhile became a rebuild and stays.
 */
async function finish(em: EntityManager, job: AudienceJob): Promise<void> {
  await em.flush();
  const { companyId } = job;
  if (job.status === 'done') {
    await em.nativeDelete(AudienceJob, { companyId, kind: 'refresh', status: { $in: ['done', 'failed'] } });
    return;
  }
  const failed = await em.find(AudienceJob, { companyId, kind: 'refresh', status: 'failed' }, { orderBy: { finishedAt: 'desc', id: 'desc' }, offset: FAILED_REFRESHES_KEPT, fields: ['id'] });
  if (failed.length) await em.nativeDelete(AudienceJob, { id: { $in: failed.map((row) => row.id) } });
}

/**
 * Queues a build of the company unless one is queued or running: then that one answers (a
 * refresh becomes the job asked for, shown on the screen). The unique index settles a race
 * between two callers. `em` is the caller's new EntityManager, the queueing's alone.
 */
async function enqueue(em: EntityManager, companyId: string, kind: AudienceJob['kind'], createdById: string | null): Promise<AudienceJob> {
  const active = () => em.findOne(AudienceJob, { companyId, status: { $in: [...ACTIVE] } }, { refresh: true });
  const existing = await active();
  if (existing) {
    if (existing.kind === 'refresh' && kind !== 'refresh') {
      await em.nativeUpdate(AudienceJob, { id: existing.id }, { kind, createdById });
      em.assign(existing, { kind, createdById });
    }
    return existing;
  }
  try {
    const job = em.create(AudienceJob, { companyId, kind, status: 'queued', progress: 0, processed: 0, total: 0, summary: null, error: null, finishedAt: null, createdById });
    await em.flush();
    return job;
  } catch (failure) {
    if (!(failure instanceof UniqueConstraintViolationException)) throw failure;
    em.clear();
    const winner = await active();
    if (winner) return winner;
    throw failure;
  }
}

/** Queues again the jobs whose process stopped renewing its lease (it died mid-build). */
function reclaimExpired(jobs: BuildJobs, em: EntityManager): Promise<number> {
  return em.nativeUpdate(AudienceJob, { status: 'running', lockedUntil: { $lt: jobs.now() } }, { status: 'queued', lockedBy: null, lockedUntil: null });
}

/** Builds queued jobs one after another until none is left (or the process stops). */
async function buildUntilEmpty(jobs: BuildJobs): Promise<void> {
  const em = jobs.fork();
  await reclaimExpired(jobs, em);
  while (!jobs.stopping) {
    const now = jobs.now();
    const [claimed] = await claimDue(em, jobs.config.database.kind, AudienceJob, {
      due: { status: 'queued' },
      orderBy: { createdAt: 'asc', id: 'asc' },
      limit: 1,
      lease: () => ({ status: 'running' as const, lockedBy: jobs.workerId, lockedUntil: leaseEnd(now, AUDIENCE_LEASE_MS) }),
    });
    if (!claimed) return;
    await runBuild(jobs, claimed);
  }
}

/** Builds every queued job in this process, one at a time; a caller during a drain shares it. */
export function buildQueued(jobs: BuildJobs): Promise<void> {
  jobs.draining ??= buildUntilEmpty(jobs).finally(() => {
    jobs.draining = null;
  });
  return jobs.draining;
}

/** Per company, its failed refreshes since its last successful build and when the last one ended. */
async function refreshFailures(em: EntityManager): Promise<Map<string, { failures: number; last: Date }>> {
  const failed = await em.find(AudienceJob, { kind: 'refresh', status: 'failed' }, { fields: ['companyId', 'finishedAt', 'createdAt'] });
  const byCompany = new Map<string, { failures: number; last: Date }>();
  for (const job of failed) {
    const seen = byCompany.get(job.companyId);
    const ended = job.finishedAt ?? job.createdAt;
    byCompany.set(job.companyId, { failures: (seen?.failures ?? 0) + 1, last: seen && seen.last > ended ? seen.last : ended });
  }
  return byCompany;
}

/**
 * Companies whose records or responses changed after their last build, or that have data and no
 * build, less those whose refreshes keep failing and whose back-off has not run out.
 */
async function staleCompanies(jobs: BuildJobs, em: EntityManager): Promise<string[]> {
  const { query } = jobs;
  const builds = new Map<string, number | null>();
  for (const row of await query('select company_id, watermark from audience_builds', [])) builds.set(String(row.company_id), timeOf(row.watermark));
  const changed = new Map<string, number>();
  for (const table of ['data_records', 'survey_responses']) {
    for (const row of await query(`select company_id, max(updated_at) as changed from ${table} group by company_id`, [])) {
      const time = timeOf(row.changed) ?? 0;
      const id = String(row.company_id);
      changed.set(id, Math.max(changed.get(id) ?? 0, time));
    }
  }
  const failures = await refreshFailures(em);
  const now = jobs.now().getTime();
  const waiting = (companyId: string) => {
    const failing = failures.get(companyId);
    return failing !== undefined && now < failing.last.getTime() + refreshBackoffMs(jobs.config.audience.refreshMs, failing.failures);
  };
  return [...changed]
    .filter(([companyId, time]) => (!builds.has(companyId) || time > (builds.get(companyId) ?? -Infinity)) && !waiting(companyId))
    .map(([companyId]) => companyId);
}

/** Queues a rebuild or reclassification, in a fork of `em`; the build loop starts it (at once in this process). */
export async function startJob(em: EntityManager, builds: RepeatingJob, companyId: string, jobKind: AudienceJobKind, createdById: string | null): Promise<AudienceJobView> {
  const job = await enqueue(em.fork(), companyId, jobKind, createdById);
  builds.wake();
  return jobView(job);
}

/**
 * Queues a refresh of the company as the refresher would, for data it cannot see change: rows
 * deleted (the retention job's) leave no newer updated_at behind.
 */
export async function queueRefresh(jobs: BuildJobs, builds: RepeatingJob, companyId: string): Promise<void> {
  await enqueue(jobs.fork(), companyId, 'refresh', null);
  builds.wake();
}

export async function findJob(em: EntityManager, companyId: string, id: string): Promise<AudienceJobView> {
  const job = await em.fork().findOne(AudienceJob, { id, companyId, ...SCREEN_JOBS });
  if (!job) throw apiError('not_found', { error: 'Audience job not found', message: 'No such job exists in your reach.' });
  return jobView(job);
}

/** The company's newest job, or null before the first (answered as 204 No Content). */
export async function latestJob(em: EntityManager, companyId: string): Promise<AudienceJobView | null> {
  const job = await em.fork().findOne(AudienceJob, { companyId, ...SCREEN_JOBS }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return job ? jobView(job) : null;
}

/** Queues a refresh of every company whose data changed since its last build. */
export async function queueStale(jobs: BuildJobs): Promise<number> {
  const em = jobs.fork();
  const stale = await staleCompanies(jobs, em);
  for (const companyId of stale) await enqueue(em.fork(), companyId, 'refresh', null);
  return stale.length;
}

/** Queues the stale companies' refreshes and builds them; answers when they are done (tests, a one-off refresh). */
export async function refreshStale(jobs: BuildJobs): Promise<void> {
  await queueStale(jobs);
  // A drain under way may have looked before these were queued: build after it.
  while (jobs.draining) await jobs.draining;
  await buildQueued(jobs);
}

/** The build loop, a background job: builds queued jobs, woken at once by this process's own. */
export function audienceBuilds(jobs: BuildJobs): RepeatingJob {
  const loop = repeatingJob({ name: 'Audience builds', everyMs: BUILD_POLL_MS, run: () => buildQueued(jobs), logger: jobs.logger, runOnStart: true });
  return {
    ...loop,
    start() {
      jobs.stopping = false;
      loop.start();
    },
    /** Stops claiming and the build worker: a build under way goes back to the queue. */
    async stop() {
      jobs.stopping = true;
      await jobs.builder.stop();
      await loop.stop();
      await jobs.draining;
    },
  };
}

/** The refresher, a background job: queues the refreshes of companies whose data changed, and wakes the build loop. */
export function audienceRefresher(jobs: BuildJobs, builds: RepeatingJob): Job {
  return repeatingJob({
    name: 'Audience refresh',
    everyMs: jobs.config.audience.refreshMs,
    run: async () => {
      if (await queueStale(jobs)) builds.wake();
    },
    logger: jobs.logger,
  });
}
