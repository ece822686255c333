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
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
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

export type { DestinationChange, DestinationInput } from './destinations';

export interface WritebackServiceOptions {
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate' | 'database'>;
  audience: Pick<AudienceService, 'users'>;
  now: () => Date;
}

export function createWritebackService({ orm, config, audience, now }: WritebackServiceOptions) {
  const knex: Knex = (orm.em as SqlEntityManager).getKnex();
  const deps: DestinationDeps & JobDeps = { orm, config, knex, audience, now, profiles: createProfileReader(knex, config.database.kind) };
  return {
    destinations: (companyId: string): Promise<WritebackDestinationView[]> => listDestinations(deps, companyId),
    createDestination: (companyId: string, input: DestinationInput): Promise<CreatedWritebackDestination> => createDestination(deps, companyId, input),
    updateDestination: (companyId: string, id: string, change: DestinationChange): Promise<WritebackDestinationView> => updateDestination(deps, companyId, id, change),
    deleteDestination: (companyId: string, id: string): Promise<void> => deleteDestination(deps, companyId, id),
    start: (companyId: string, input: WritebackRequestInput, createdById: string | null): Promise<WritebackJobView> => startWriteback(deps, companyId, input, createdById),
    jobs: (companyId: string): Promise<WritebackJobView[]> => listJobs(deps, companyId),
    job: (companyId: string, id: string): Promise<WritebackJobView> => findJob(deps, companyId, id),
  };
}

export type WritebackService = ReturnType<typeof createWritebackService>;
