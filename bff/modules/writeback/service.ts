/**
 * Write Back: a company's destinations (webhook endpoints with their own signing secrets) and the
 * jobs that push unified profiles to them. A job is written in one transaction with its deliveries,
 * one per destination and batch of at most WRITEBACK_LIMITS.batch profiles, as rows of the
 * completion webhooks' durable queue (webhook_deliveries with writeback_job_id and destination_id):
 * the same worker signs, sends, retries and guards them (bff/modules/webhooks). A job's status is
 * read from those rows, so it is "delivered" only once every destination answered 2xx.
 *
 * The work lives in destinations.ts and jobs.ts, over selection.ts, payload.ts and present.ts;
 * this file binds it to the service's ORM, settings, audience reads, clock and profile reader.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type {
  CreatedWritebackDestination,
  WritebackDestination as WritebackDestinationView,
  WritebackJob as WritebackJobView,
} from '@domain/audience/contract';
import type { WritebackRequestInput } from '@domain/audience/writeback';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import type { AudienceService } from '../audience';
import {
  createDestination,
  deleteDestination,
  listDestinations,
  updateDestination,
  type DestinationChange,
  type DestinationDeps,
  type DestinationInput,
} from './destinations';
import { findJob, listJobs, startWriteback, type JobDeps } from './jobs';
import { createProfileReader } from './payload';
import { knexOf } from '../../platform/sql';

export type { DestinationChange, DestinationInput } from './destinations';

export interface WritebackServiceOptions {
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate' | 'database'>;
  audience: Pick<AudienceService, 'users'>;
  now: () => Date;
}

export function createWritebackService({ orm, config, audience, now }: WritebackServiceOptions) {
  const knex: Knex = knexOf(orm);
  const profiles = createProfileReader(knex, config.database.kind);
  const deps = (db: EntityManager): DestinationDeps & JobDeps => ({ db, config, knex, audience, now, profiles });
  return {
    destinations: (em: EntityManager, companyId: string): Promise<WritebackDestinationView[]> => listDestinations(deps(em), companyId),
    createDestination: (em: EntityManager, companyId: string, input: DestinationInput): Promise<CreatedWritebackDestination> => createDestination(deps(em), companyId, input),
    updateDestination: (em: EntityManager, companyId: string, id: string, change: DestinationChange): Promise<WritebackDestinationView> => updateDestination(deps(em), companyId, id, change),
    deleteDestination: (em: EntityManager, companyId: string, id: string): Promise<void> => deleteDestination(deps(em), companyId, id),
    start: (em: EntityManager, companyId: string, input: WritebackRequestInput, createdById: string | null): Promise<WritebackJobView> => startWriteback(deps(em), companyId, input, createdById),
    jobs: (em: EntityManager, companyId: string): Promise<WritebackJobView[]> => listJobs(deps(em), companyId),
    job: (em: EntityManager, companyId: string, id: string): Promise<WritebackJobView> => findJob(deps(em), companyId, id),
  };
}

export type WritebackService = ReturnType<typeof createWritebackService>;
