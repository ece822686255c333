/**
 * Where a claimed delivery goes and with which secret: a survey completion to its company's webhook
 * with the company's current signing secret (a rotation applies to the next attempt), a Write Back
 * batch to its destination's current address with the destination's secret. An unreadable secret
 * is logged and the delivery refused without touching the network.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { CompanySurveySettings, WebhookDelivery, WritebackDestination } from '../../entities';
import { decryptSecret } from '../../platform/secrets';

/** What reading the secrets needs. */
export interface SecretReader {
  em: EntityManager;
  credentialsKey: Config['credentialsKey'];
  logger: Pick<Logger, 'error'>;
}

/** A Write Back destination as a delivery needs it; `secret` is null when it cannot be decrypted. */
export interface DestinationTarget {
  url: string;
  enabled: boolean;
  secret: string | null;
}

/** Where and with which secret a delivery goes; `refusal` ends it without an attempt on the network. */
export interface Target {
  url: string;
  secret: string | undefined;
  refusal?: { error: string; final: boolean };
}

/** Each company's current signing secret. */
export async function companySecrets({ em, credentialsKey, logger }: SecretReader, companyIds: string[]): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  if (!companyIds.length) return secrets;
  const rows = await em.fork().find(CompanySurveySettings, { companyId: { $in: [...new Set(companyIds)] } }, { fields: ['companyId', 'webhookSecret'] });
  for (const row of rows) {
    if (!row.webhookSecret) continue;
    try {
      secrets.set(row.companyId, decryptSecret(row.webhookSecret, credentialsKey));
    } catch (failure) {
      logger.error({ err: failure, companyId: row.companyId }, 'Webhook signing secret cannot be decrypted (was CREDENTIALS_KEY changed?)');
    }
  }
  return secrets;
}

/** The Write Back destinations of the claimed batches, with their secrets decrypted. */
export async function destinationTargets({ em, credentialsKey, logger }: SecretReader, ids: string[]): Promise<Map<string, DestinationTarget>> {
  const destinations = new Map<string, DestinationTarget>();
  if (!ids.length) return destinations;
  const rows = await em.fork().find(WritebackDestination, { id: { $in: [...new Set(ids)] } }, { fields: ['id', 'url', 'enabled', 'secret'] });
  for (const row of rows) {
    let secret: string | null = null;
    try {
      secret = decryptSecret(row.secret, credentialsKey);
    } catch (failure) {
      logger.error({ err: failure, destinationId: row.id }, 'Write Back signing secret cannot be decrypted (was CREDENTIALS_KEY changed?)');
    }
    destinations.set(row.id, { url: row.url, enabled: row.enabled, secret });
  }
  return destinations;
}

export function targetOf(delivery: WebhookDelivery, secrets: Map<string, string>, destinations: Map<string, DestinationTarget>): Target {
  if (!delivery.destinationId) return { url: delivery.url, secret: secrets.get(delivery.companyId) };
  const destination = destinations.get(delivery.destinationId);
  if (!destination) return { url: delivery.url, secret: undefined, refusal: { error: 'The destination was deleted', final: true } };
  if (!destination.enabled) return { url: destination.url, secret: undefined, refusal: { error: 'The destination is disabled', final: true } };
  if (!destination.secret) return { url: destination.url, secret: undefined, refusal: { error: 'The destination has no readable signing secret', final: false } };
  return { url: destination.url, secret: destination.secret };
}
