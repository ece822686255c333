/**
 * Write Back jobs: starting one (the profiles read in batches, then the job and one delivery per
 * destination and batch written in one transaction, as rows of the webhooks' durable queue), and
 * the company's recent jobs with their deliveries' state.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { WRITEBACK_DESTINATION_KINDS, WRITEBACK_DESTINATION_LABELS, type WritebackJob as WritebackJobView } from '@domain/audience/contract';
import { WRITEBACK_LIMITS, WRITEBACK_MESSAGES, type WritebackRequestInput } from '@domain/audience/writeback';
import { record } from '../audit';
import { WebhookDelivery, WritebackDestination, WritebackJob } from '../../entities';
import { apiError } from '../../platform/errors';
import { WRITEBACK_EVENT, type WritebackProfileRecord } from './payload';
import { DELIVERY_FIELDS, jobView, type DeliveryState } from './present';
import { selectedProfiles, type SelectionDeps } from './selection';

export interface JobDeps extends SelectionDeps {
  /** The request's EntityManager: each operation works in a fork of it. */
  db: EntityManager;
  now: () => Date;
}

/** A job being queued: its row, where it goes, what it carries, and its profiles by batch. */
interface QueuedJob {
  companyId: string;
  job: WritebackJob;
  destinations: WritebackDestination[];
  data: WritebackJobView['data'];
  batches: WritebackProfileRecord[][];
  profileCount: number;
  queuedAt: Date;
}

const jobNotFound = () => apiError('not_found', { error: WRITEBACK_MESSAGES.jobNotFound, message: 'No such job exists in your reach.' });

function chunks<Value>(values: readonly Value[], size: number): Value[][] {
  const result: Value[][] = [];
  for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
  return result;
}

async function deliveriesOf(db: EntityManager, jobIds: string[]): Promise<DeliveryState[]> {
  if (!jobIds.length) return [];
  return (await db.fork().find(WebhookDelivery, { writebackJobId: { $in: jobIds } }, { fields: [...DELIVERY_FIELDS], orderBy: { createdAt: 'asc', id: 'asc' } })) as DeliveryState[];
}

/** Writes the job and its deliveries (one per destination and batch) with `tx`, the transaction's manager. */
async function queueDeliveries(tx: EntityManager, { companyId, job, destinations, data, batches, profileCount, queuedAt }: QueuedJob): Promise<void> {
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
}

/**
 * Queues a writeback: 409 when a chosen kind has no enabled destination, 400 when the profiles
 * cannot be chosen; otherwise the job, its deliveries queued in one transaction.
 */
export async function startWriteback(deps: JobDeps, companyId: string, input: WritebackRequestInput, createdById: string | null): Promise<WritebackJobView> {
  const { db, now, profiles } = deps;
  const kinds = WRITEBACK_DESTINATION_KINDS.filter((kind) => input.destinations.includes(kind));
  const destinations = await db.fork().find(WritebackDestination, { companyId, enabled: true, kind: { $in: kinds } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const missing = kinds.filter((kind) => !destinations.some((destination) => destination.kind === kind));
  if (missing.length) {
    const error = `No ${missing.map((kind) => WRITEBACK_DESTINATION_LABELS[kind]).join(' or ')} destination is configured`;
    throw apiError('destination_not_configured', { error, message: WRITEBACK_MESSAGES.notConfiguredDetail });
  }
  const data = [...new Set(input.data)] as WritebackJobView['data'];
  const ids = await selectedProfiles(deps, companyId, input);

  // Read outside the transaction (SQLite has one connection, which the transaction would hold).
  const batches: WritebackProfileRecord[][] = [];
  for (const slice of chunks(ids, WRITEBACK_LIMITS.batch)) batches.push(await profiles.records(companyId, slice, data));
  const profileCount = batches.reduce((sum, batch) => sum + batch.length, 0);

  const queuedAt = now();
  const em = db.fork();
  const job = em.create(WritebackJob, {
    companyId,
    data,
    profileCount,
    destinations: destinations.map(({ id, name, kind }) => ({ id, name, kind })),
    createdById,
  });
  await em.transactional(async (tx) => {
    record(tx, { action: 'writeback_started', companyId, target: { type: 'writeback_job', id: job.id, label: destinations.map(({ name }) => name).join(', ') }, changes: { after: { profiles: profileCount, data, destinations: kinds } } });
    await queueDeliveries(tx, { companyId, job, destinations, data, batches, profileCount, queuedAt });
  });
  return jobView(job, await deliveriesOf(db, [job.id]));
}

export async function listJobs({ db }: JobDeps, companyId: string): Promise<WritebackJobView[]> {
  const jobs = await db.fork().find(WritebackJob, { companyId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: WRITEBACK_LIMITS.jobs });
  const deliveries = await deliveriesOf(db, jobs.map((job) => job.id));
  return jobs.map((job) => jobView(job, deliveries.filter((delivery) => delivery.writebackJobId === job.id)));
}

export async function findJob({ db }: JobDeps, companyId: string, id: string): Promise<WritebackJobView> {
  const job = await db.fork().findOne(WritebackJob, { id, companyId });
  if (!job) throw jobNotFound();
  return jobView(job, await deliveriesOf(db, [job.id]));
}
