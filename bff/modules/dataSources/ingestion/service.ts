/**
 * The ingestion URL's work: who may deliver to a source (its secret or a Standard Webhooks
 * signature), and storing a delivery idempotently. A delivery's message ids are inserted first,
 * with ON CONFLICT DO NOTHING, in the same transaction as its records: the unique index on
 * (source_id, message_id) decides which replica stores a message delivered twice at once, and a
 * failed store leaves no id behind that would drop the retry.
 *
 * The steps live beside this file: authenticate.ts, delivery.ts over messageIds.ts, and the
 * secrets in secret.ts; this file binds them to the configuration and the clock. Each operation
 * works in the EntityManager it is given first (the request's; the demo seed's own).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { IngestEndpoint, IngestResult } from '@domain/data/connectors';
import type { Config } from '../../../config';
import type { DataSource } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { encryptSecret } from '../../../platform/secrets';
import { authenticateDelivery, type IngestCredentials } from './authenticate';
import { storeDelivery, type DeliveryOptions } from './delivery';
import type { MessageLog } from './messageIds';
import { ingestEndpointOf, isPushedSource, newIngestSecret } from './secret';

export type { IngestCredentials } from './authenticate';
export type { DeliveryOptions } from './delivery';
export { MESSAGE_RETENTION_MS } from './messageIds';

export interface IngestServiceOptions {
  config: Pick<Config, 'database' | 'credentialsKey' | 'publicUrl'>;
  logger: Logger;
  now: () => Date;
}

export function createIngestService({ config, logger, now }: IngestServiceOptions) {
  const sqlite = config.database.kind === 'sqlite';
  // MikroORM keeps SQLite datetimes as epoch milliseconds.
  const messages: MessageLog = { now, logger, timeValue: (date: Date) => (sqlite ? date.getTime() : date), prunedAt: new Map<string, number>() };

  return {
    authenticate: (em: EntityManager, id: string, credentials: IngestCredentials, body: Buffer): Promise<DataSource> =>
      authenticateDelivery(em, config.credentialsKey, now, id, credentials, body),

    ingest: (em: EntityManager, source: DataSource, body: unknown, webhookId: string | null, options?: DeliveryOptions): Promise<IngestResult> =>
      storeDelivery(em, messages, source, body, webhookId, options),

    /** Makes (or replaces) the source's secret; the answer is the only time it is shown. */
    async rotateSecret(em: EntityManager, source: DataSource): Promise<IngestEndpoint> {
      if (!isPushedSource(source)) {
        throw apiError('validation_failed', { error: 'No ingestion URL', message: `${source.name} does not receive pushed records, so it has no ingestion secret.` });
      }
      const secret = newIngestSecret();
      source.ingestSecret = encryptSecret(secret, config.credentialsKey);
      await em.flush();
      return { ...ingestEndpointOf(source, config)!, secret };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
