/**
 * Write Back as the API shows it: a destination (never its secret), a job with one line per
 * destination summing that destination's batches, and the 400 a refused field gets. A job reads
 * its deliveries' state only (DELIVERY_FIELDS), never their payloads.
 */
import type {
  WritebackDelivery as WritebackDeliveryView,
  WritebackDestination as WritebackDestinationView,
  WritebackJob as WritebackJobView,
} from '@domain/audience/contract';
import { writebackJobStatus } from '@domain/audience/writeback';
import type { WebhookDelivery, WritebackDestination, WritebackJob, WritebackJobDestination } from '../../entities';
import { apiError } from '../../platform/errors';

export const invalid = (field: string, message: string) => apiError('validation_failed', { error: message, message, fields: { [field]: message } });

/** What the jobs read of a delivery: never its payload. */
export const DELIVERY_FIELDS = ['id', 'writebackJobId', 'destinationId', 'status', 'attempts', 'lastError', 'deliveredAt', 'updatedAt'] as const;
export type DeliveryState = Pick<WebhookDelivery, (typeof DELIVERY_FIELDS)[number]>;

export function destinationView(destination: WritebackDestination, lastDeliveryAt: string | null): WritebackDestinationView {
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

export function jobView(job: WritebackJob, deliveries: DeliveryState[]): WritebackJobView {
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
