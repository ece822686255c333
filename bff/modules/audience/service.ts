/**
 * Audience Intelligence over the stored profiles: the reads of the current build (reads.ts), saved
 * views (views.ts) and the jobs that rebuild profiles (jobs.ts). This file binds them to the
 * service's database, clock and builder. The routes hand their request's EntityManager to the
 * views and jobs; the profiles are read with the ORM's knex (reads.ts), the builds run in the
 * runtime's forks.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { Logger } from 'pino';
import type {
  AudienceCategory,
  AudienceJob as AudienceJobView,
  AudienceJobKind,
  AudienceMetrics,
  AudienceQuery,
  AudienceUserDetail,
  AudienceUsersPage,
  AudienceView as AudienceViewShape,
  CategoryId,
} from '@domain/audience/contract';
import type { AudienceViewInput } from '@domain/audience/query';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import { knexOf, resultsDialect, rowsOf } from '../../platform/sql';
import { inProcessBuilder, startBuildWorker, WorkerAudienceBuilder, type AudienceBuilder } from './builder';
import { audienceBuilds, audienceRefresher, buildJobs, buildQueued, findJob, latestJob, queueRefresh, refreshStale, startJob } from './jobs';
import { audienceCategories, audienceMetrics, userDetail, usersPage, type AudienceDb } from './reads';
import { deleteView, listViews, saveView } from './views';

export interface AudienceServiceOptions {
  orm: Orm;
  /** A new EntityManager, never a request's (the runtime's fork): the build loop and the refresher work in them. */
  fork: () => EntityManager;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** Where builds run; by default the build worker (in process for an in-memory database). */
  builder?: AudienceBuilder;
}

export function createAudienceService({ orm, fork, config, logger, now, ...options }: AudienceServiceOptions) {
  const knex = knexOf(orm);
  const kind = config.database.kind;
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
  const db: AudienceDb = { query, kind, now, dialect: resultsDialect(kind) };
  const builder: AudienceBuilder =
    options.builder ??
    (config.database.kind === 'sqlite' && config.database.file === ':memory:'
      ? inProcessBuilder(knex, kind)
      : new WorkerAudienceBuilder(config.database, logger, (database) => startBuildWorker(database, config.audience.buildMemoryMb)));
  const jobs = buildJobs({ fork, config, logger, now, builder, query });
  const builds = audienceBuilds(jobs);

  return {
    metrics: (companyId: string, filters: AudienceQuery): Promise<AudienceMetrics> => audienceMetrics(db, companyId, filters),
    categories: (companyId: string, filters: AudienceQuery): Promise<AudienceCategory[]> => audienceCategories(db, companyId, filters),
    users: (companyId: string, filters: AudienceQuery, paging: { page: number; limit: number }, categoryId: CategoryId | null = null): Promise<AudienceUsersPage> =>
      usersPage(db, companyId, filters, paging, categoryId),
    user: (companyId: string, id: string): Promise<AudienceUserDetail> => userDetail(db, companyId, id),

    views: (em: EntityManager, companyId: string): Promise<AudienceViewShape[]> => listViews(em, companyId),
    saveView: (em: EntityManager, companyId: string, input: AudienceViewInput, createdById: string | null): Promise<AudienceViewShape> =>
      saveView(em, db, companyId, input, createdById),
    deleteView: (em: EntityManager, companyId: string, id: string): Promise<void> => deleteView(em, companyId, id),

    /** Queues a rebuild or reclassification; answers the job (the one already queued or running, if any). */
    startJob: (em: EntityManager, companyId: string, jobKind: AudienceJobKind, createdById: string | null): Promise<AudienceJobView> =>
      startJob(em, builds, companyId, jobKind, createdById),
    job: (em: EntityManager, companyId: string, id: string): Promise<AudienceJobView> => findJob(em, companyId, id),
    /** The company's newest job, or null before the first (answered as 204 No Content). */
    latestJob: (em: EntityManager, companyId: string): Promise<AudienceJobView | null> => latestJob(em, companyId),
    /**
     * Queues a refresh of the company whose records were deleted (its build reads them): the refresher sees only newer rows.
     * A background job's (retention's): queued in a fork of its own.
     */
    queueRefresh: (companyId: string): Promise<void> => queueRefresh(jobs, builds, companyId),
    /** Rebuilds every company whose data changed since its last build; answers when they are done. */
    refresh: (): Promise<void> => refreshStale(jobs),
    /** Builds the queued jobs in this process; answers when none is left (tests, without the build loop). */
    buildQueued: (): Promise<void> => buildQueued(jobs),
    /** The background jobs: the build loop (its stop stops the build worker) and the refresher. */
    builds,
    refresher: audienceRefresher(jobs, builds),
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;
