/**
 * A company's Write Back destinations: webhook endpoints (never a private or local address unless
 * the server allows it) with their own signing secret, shown once at creation; listed with their
 * last delivery, changed, and deleted (giving up their batches still waiting).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type {
  CreatedWritebackDestination,
  WritebackDestination as WritebackDestinationView,
  WritebackDestinationKind,
} from '@domain/audience/contract';
import { WRITEBACK_MESSAGES } from '@domain/audience/writeback';
import type { Config } from '../../config';
import { WebhookDelivery, WritebackDestination } from '../../entities';
import { apiError } from '../../platform/errors';
import { encryptSecret } from '../../platform/secrets';
import { timeOf } from '../../platform/sql';
import { hostRefusal } from '../../platform/addressGuard';
import { newWebhookSecret } from '../../platform/webhookSignature';
import { destinationView, invalid } from './present';

export interface DestinationDeps {
  /** The request's EntityManager: each operation works in a fork of it. */
  db: EntityManager;
  config: Pick<Config, 'credentialsKey' | 'webhookAllowPrivate'>;
  knex: Knex;
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

function checkUrl(config: DestinationDeps['config'], url: string): string {
  const trimmed = url.trim();
  if (hostRefusal(new URL(trimmed).hostname, { allowPrivate: config.webhookAllowPrivate })) throw invalid('url', WRITEBACK_MESSAGES.urlPrivate);
  return trimmed;
}

async function lastDeliveries(knex: Knex, ids: string[]): Promise<Map<string, string>> {
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

async function findDestination(db: EntityManager, companyId: string, id: string) {
  const em = db.fork();
  const destination = await em.findOne(WritebackDestination, { id, companyId });
  if (!destination) throw destinationNotFound();
  return { em, destination };
}

export async function listDestinations({ db, knex }: DestinationDeps, companyId: string): Promise<WritebackDestinationView[]> {
  const rows = await db.fork().find(WritebackDestination, { companyId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const last = await lastDeliveries(knex, rows.map((row) => row.id));
  return rows.map((row) => destinationView(row, last.get(row.id) ?? null));
}

/** A new destination and its signing secret, shown in this answer only. */
export async function createDestination({ db, config }: DestinationDeps, companyId: string, input: DestinationInput): Promise<CreatedWritebackDestination> {
  const url = checkUrl(config, input.url);
  const secret = newWebhookSecret();
  const em = db.fork();
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
}

export async function updateDestination({ db, config, knex }: DestinationDeps, companyId: string, id: string, change: DestinationChange): Promise<WritebackDestinationView> {
  const { em, destination } = await findDestination(db, companyId, id);
  if (change.name !== undefined) destination.name = change.name.trim();
  if (change.url !== undefined) destination.url = checkUrl(config, change.url);
  if (change.enabled !== undefined) destination.enabled = change.enabled;
  await em.flush();
  return destinationView(destination, (await lastDeliveries(knex, [destination.id])).get(destination.id) ?? null);
}

/** Deletes the destination; its batches still waiting are given up, so no job waits on it forever. */
export async function deleteDestination({ db }: DestinationDeps, companyId: string, id: string): Promise<void> {
  const { em } = await findDestination(db, companyId, id);
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(WebhookDelivery, { destinationId: id, status: 'pending' }, { status: 'failed', lastError: 'The destination was deleted', nextAttemptAt: null, lockedUntil: null });
    await tx.nativeDelete(WritebackDestination, { id, companyId });
  });
}
