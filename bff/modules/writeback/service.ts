/**
 * Write Back: a company's destinations (webhook endpoints with their own signing secrets) and the
 * jobs that push unified profiles to them. A job is written in one transaction with its deliveries,
 * one per destination and batch of at most WRITEBACK_LIMITS.batch profiles, as rows of the
 * completion webhooks' durable queue (webhook_deliveries with writeback_job_id and destination_id):
 * the same worker signs, sends, retries and guards them (bff/modules/webhooks). A job's status is
 * read from those rows, so it is "delivered" only once every destination answered 2xx.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import {
  WRITEBACK_DESTINATION_KINDS,
  WRITEBACK_DESTINATION_LABELS,
  type CreatedWritebackDestination,
  type WritebackDelivery as WritebackDeliveryView,
  type WritebackDestination as WritebackDestinationView,
  type WritebackDestinationKind,
  type WritebackJob as WritebackJobView,
} from '@domain/audience/contract';
import { NO_AUDIENCE_FILTERS } from '@domain/audience/contract';
import { WRITEBACK_LIMITS, WRITEBACK_MESSAGES, writebackJobStatus, type WritebackRequestInput } from '@domain/audience/writeback';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import { WebhookDelivery, WritebackDestination, WritebackJob, type WritebackJobDestination } from '../../entities';
import { apiError } from '../../platform/errors';
import { encryptSecret } from '../../platform/secrets';
import type { AudienceService } from '../audience';
import { timeOf } from '../../platform/rawRows';
import { hostRefusal } from '../../platform/addressGuard';
import { newWebhookSecret } from '../../platform/webhookSignature';
import { createProfileReader, WRITEBACK_EVENT, type WritebackProfileRecord } from './payload';

export interface WritebackServiceOptions {
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate' | 'database'>;
  audience: Pick<AudienceService, 'users'>;
  now: () => Date;
}

export interface DestinationInput {
  kind: WritebackDestinationKind;
  name: string;
  url: string;
  enabled?: boolean;
}

export interface DestinationChange {
  name?: string;
  url?: string;
  enabled?: boolean;
}

const destinationNotFound = () => apiError('not_found', { error: WRITEBACK_MESSAGES.destinationNotFound, message: 'No such destination exists in your reach.' });
const jobNotFound = () => apiError('not_found', { error: WRITEBACK_MESSAGES.jobNotFound, message: 'No such job exists in your reach.' });
const invalid = (field: string, message: string) => apiError('validation_failed', { error: message, message, fields: { [field]: message } });

/** What the jobs read of a delivery: never its payload. */
const DELIVERY_FIELDS = ['id', 'writebackJobId', 'destinationId', 'status', 'attempts', 'lastError', 'deliveredAt', 'updatedAt'] as const;
type DeliveryState = Pick<WebhookDelivery, (typeof DELIVERY_FIELDS)[number]>;

function destinationView(destination: WritebackDestination, lastDeliveryAt: string | null): WritebackDestinationView {
  return {
    id: destination.id,
    kind: destination.kind,
    name: destination.name,
    url: destination.url,
    enabled: destination.enabled,
    createdAt: destination.createdAt.toISOString(),
    lastDeliveryAt,
  };
}

/** One destination's batches as one line of the job: pending while any is, delivered when all are. */
function deliveryView(destination: WritebackJobDestination, batches: DeliveryState[]): WritebackDeliveryView {
  const delivered = batches.filter((batch) => batch.status === 'delivered');
  const status = batches.some((batch) => batch.status === 'pending') ? 'pending' : delivered.length === batches.length ? 'delivered' : 'failed';
  const withError = batches.filter((batch) => batch.lastError).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  const lastDelivered = status === 'delivered' ? Math.max(...delivered.map((batch) => batch.deliveredAt?.getTime() ?? 0)) : null;
  return {
    destinationId: destination.id,
    destinationName: destination.name,
    kind: destination.kind,
    status,
    attempts: batches.reduce((sum, batch) => sum + batch.attempts, 0),
    lastError: withError?.lastError ?? null,
    deliveredAt: lastDelivered ? new Date(lastDelivered).toISOString() : null,
    batches: batches.length,
    batchesDelivered: delivered.length,
  };
}

function jobView(job: WritebackJob, deliveries: DeliveryState[]): WritebackJobView {
  return {
    id: job.id,
    status: writebackJobStatus(deliveries),
    data: job.data,
    profileCount: job.profileCount,
    deliveries: job.destinations.map((destination) => deliveryView(destination, deliveries.filter((delivery) => delivery.destinationId === destination.id))),
    createdBy: job.createdById ?? null,
    createdAt: job.createdAt.toISOString(),
  };
}

function chunks<Value>(values: readonly Value[], size: number): Value[][] {
  const result: Value[][] = [];
  for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
  return result;
}

export function createWritebackService({ orm, config, audience, now }: WritebackServiceOptions) {
  const knex: Knex = (orm.em as SqlEntityManager).getKnex();
  const profiles = createProfileReader(knex, config.database.kind);

  function checkUrl(url: string): string {
    const trimmed = url.trim();
    if (hostRefusal(new URL(trimmed).hostname, { allowPrivate: config.webhookAllowPrivate })) throw invalid('url', WRITEBACK_MESSAGES.urlPrivate);
    return trimmed;
  }

  async function lastDeliveries(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = (await knex('webhook_deliveries').whereIn('destination_id', ids).whereNotNull('delivered_at').groupBy('destination_id').select('destination_id').max({ last: 'delivered_at' })) as Array<{
      destination_id: string;
      last: unknown;
    }>;
    const last = new Map<string, string>();
    for (const row of rows) {
      const time = timeOf(row.last);
      if (time !== null) last.set(row.destination_id, new Date(time).toISOString());
    }
    return last;
  }

  async function findDestination(companyId: string, id: string) {
    const em = orm.em.fork();
    const destination = await em.findOne(WritebackDestination, { id, companyId });
    if (!destination) throw destinationNotFound();
    return { em, destination };
  }

  async function deliveriesOf(jobIds: string[]): Promise<DeliveryState[]> {
    if (!jobIds.length) return [];
    return (await orm.em.fork().find(WebhookDelivery, { writebackJobId: { $in: jobIds } }, { fields: [...DELIVERY_FIELDS], orderBy: { createdAt: 'asc', id: 'asc' } })) as DeliveryState[];
  }

  /** The profiles a request selects: its ids (each must be the company's), or the audience query's matches. */
  async function selectedProfiles(companyId: string, input: WritebackRequestInput): Promise<string[]> {
    if (input.profileIds) {
      const ids = [...new Set(input.profileIds)];
      const found = await profiles.existing(companyId, ids);
      const unknown = ids.length - found.size;
      if (unknown) throw invalid('profileIds', WRITEBACK_MESSAGES.unknownProfiles(unknown));
      return ids;
    }
    const query = input.query!;
    const filters = {
      ...NO_AUDIENCE_FILTERS,
      dataSource: query.dataSource ?? [],
      lifecycle: query.lifecycle ?? [],
      risk: query.risk ?? [],
      recency: query.recency ?? [],
      search: query.search ?? '',
    } as Parameters<AudienceService['users']>[1];
    // The Users table's own filter (bff/modules/audience); its total tells a query that selects too many.
    const page = await audience.users(companyId, filters, { page: 1, limit: WRITEBACK_LIMITS.profiles }, query.categoryId ?? null);
    if (page.total > WRITEBACK_LIMITS.profiles) throw invalid('query', WRITEBACK_MESSAGES.tooManyProfiles(page.total));
    if (!page.users.length) throw invalid('query', WRITEBACK_MESSAGES.noProfiles);
    return page.users.map((user) => user.id);
  }

  return {
    async destinations(companyId: string): Promise<WritebackDestinationView[]> {
      const rows = await orm.em.fork().find(WritebackDestination, { companyId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      const last = await lastDeliveries(rows.map((row) => row.id));
      return rows.map((row) => destinationView(row, last.get(row.id) ?? null));
    },

    /** A new destination and its signing secret, shown in this answer only. */
    async createDestination(companyId: string, input: DestinationInput): Promise<CreatedWritebackDestination> {
      const url = checkUrl(input.url);
      const secret = newWebhookSecret();
      const em = orm.em.fork();
      const destination = em.create(WritebackDestination, {
        companyId,
        kind: input.kind,
        name: input.name.trim(),
        url,
        enabled: input.enabled ?? true,
        secret: encryptSecret(secret, config.credentialsKey),
      });
      await em.flush();
      return { ...destinationView(destination, null), secret };
    },

    async updateDestination(companyId: string, id: string, change: DestinationChange): Promise<WritebackDestinationView> {
      const { em, destination } = await findDestination(companyId, id);
      if (change.name !== undefined) destination.name = change.name.trim();
      if (change.url !== undefined) destination.url = checkUrl(change.url);
      if (change.enabled !== undefined) destination.enabled = change.enabled;
      await em.flush();
      return destinationView(destination, (await lastDeliveries([destination.id])).get(destination.id) ?? null);
    },

    /** Deletes the destination; its batches still waiting are given up, so no job waits on it forever. */
    async deleteDestination(companyId: string, id: string): Promise<void> {
      const { em } = await findDestination(companyId, id);
      await em.transactional(async (tx) => {
        await tx.nativeUpdate(WebhookDelivery, { destinationId: id, status: 'pending' }, { status: 'failed', lastError: 'The destination was deleted', nextAttemptAt: null, lockedUntil: null });
        await tx.nativeDelete(WritebackDestination, { id, companyId });
      });
    },

    /**
     * Queues a writeback: 409 when a chosen kind has no enabled destination, 400 when the profiles
     * cannot be chosen; otherwise the job, its deliveries queued in one transaction.
     */
    async start(companyId: string, input: WritebackRequestInput, createdById: string | null): Promise<WritebackJobView> {
      const kinds = WRITEBACK_DESTINATION_KINDS.filter((kind) => input.destinations.includes(kind));
      const destinations = await orm.em.fork().find(WritebackDestination, { companyId, enabled: true, kind: { $in: kinds } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      const missing = kinds.filter((kind) => !destinations.some((destination) => destination.kind === kind));
      if (missing.length) {
        const error = `No ${missing.map((kind) => WRITEBACK_DESTINATION_LABELS[kind]).join(' or ')} destination is configured`;
        throw apiError('destination_not_configured', { error, message: WRITEBACK_MESSAGES.notConfiguredDetail });
      }
      const data = [...new Set(input.data)] as WritebackJobView['data'];
      const ids = await selectedProfiles(companyId, input);

      // Read outside the transaction (SQLite has one connection, which the transaction would hold).
      const batches: WritebackProfileRecord[][] = [];
      for (const slice of chunks(ids, WRITEBACK_LIMITS.batch)) batches.push(await profiles.records(companyId, slice, data));
      const profileCount = batches.reduce((sum, batch) => sum + batch.length, 0);

      const queuedAt = now();
      const em = orm.em.fork();
      const job = em.create(WritebackJob, {
        companyId,
        data,
        profileCount,
        destinations: destinations.map(({ id, name, kind }) => ({ id, name, kind })),
        createdById,
      });
      await em.transactional(async (tx) => {
        tx.persist(job);
        await tx.flush();
        for (const [index, batch] of batches.entries()) {
          // Inserted per batch: the bodies of every destination never sit in memory together.
          const rows = destinations.map((destination) => {
            const id = randomUUID();
            const payload = JSON.stringify({
              type: WRITEBACK_EVENT,
              timestamp: queuedAt.toISOString(),
              data: {
                companyId,
                jobId: job.id,
                destination: { id: destination.id, kind: destination.kind, name: destination.name },
                data,
                batch: { index: index + 1, count: batches.length, profiles: batch.length },
                totalProfiles: profileCount,
                profiles: batch,
              },
            });
            return {
              id,
              companyId,
              surveyId: null,
              responseId: null,
              // The column names the subject of a completion; a batch's is its destination.
              surveyName: destination.name,
              url: destination.url,
              payload,
              status: 'pending' as const,
              attempts: 0,
              lastStatusCode: null,
              lastError: null,
              nextAttemptAt: queuedAt,
              lockedUntil: null,
              deliveredAt: null,
              writebackJobId: job.id,
              destinationId: destination.id,
              createdAt: queuedAt,
              updatedAt: queuedAt,
            };
          });
          await tx.insertMany(WebhookDelivery, rows);
        }
      });
      return jobView(job, await deliveriesOf([job.id]));
    },

    async jobs(companyId: string): Promise<WritebackJobView[]> {
      const jobs = await orm.em.fork().find(WritebackJob, { companyId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: WRITEBACK_LIMITS.jobs });
      const deliveries = await deliveriesOf(jobs.map((job) => job.id));
      return jobs.map((job) => jobView(job, deliveries.filter((delivery) => delivery.writebackJobId === job.id)));
    },

    async job(companyId: string, id: string): Promise<WritebackJobView> {
      const job = await orm.em.fork().findOne(WritebackJob, { id, companyId });
      if (!job) throw jobNotFound();
      return jobView(job, await deliveriesOf([job.id]));
    },
  };
}

export type WritebackService = ReturnType<typeof createWritebackService>;
