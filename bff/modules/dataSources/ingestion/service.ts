/**
 * The ingestion URL's work: who may deliver to a source (its secret or a Standard Webhooks
 * signature), and storing a delivery idempotently. A delivery's message ids are inserted first,
 * with ON CONFLICT DO NOTHING, in the same transaction as its records: the unique index on
 * (source_id, message_id) decides which replica stores a message delivered twice at once, and a
 * failed store leaves no id behind that would drop the retry.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { Logger } from 'pino';
import type { IngestEndpoint, IngestResult } from '@domain/data/connectors';
import type { Config } from '../../../config';
import type { Orm } from '../../../types';
import { Company, DataSource } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { encryptSecret } from '../../../platform/secrets';
import { storeSourceRecordsIn } from '../records/storeRecords';
import { itemsOf, prepareDelivery, type PreparedRecord } from './payload';
import { withBatchContext } from './segment';
import { ingestEndpointOf, isPushedSource, newIngestSecret, sameSecret, signatureMatches, storedIngestSecret, timestampProblem, type SignatureHeaders } from './secret';

/** Message ids are kept this long: a redelivery later than that is stored again. */
export const MESSAGE_RETENTION_MS = 7 * 86_400_000;
/** Each company's old message ids are cleared at most this often per process. */
const PRUNE_EVERY_MS = 3_600_000;

const REFUSAL = {
  error: 'Invalid ingestion credentials',
  message: 'Send the ingestion secret of this source in X-Navout-Ingest-Secret (or Authorization: Bearer), or sign the request with Standard Webhooks headers.',
};

export interface IngestCredentials {
  /** The secret as presented (header or bearer token). */
  secret: string | null;
  /** The three Standard Webhooks headers, when all are present. */
  signature: SignatureHeaders | null;
}

export interface IngestServiceOptions {
  /** Only its entity manager: the demo seed stores deliveries through the same service. */
  orm: Pick<Orm, 'em'>;
  config: Pick<Config, 'database' | 'credentialsKey' | 'publicUrl'>;
  logger: Logger;
  now: () => Date;
}

export function createIngestService({ orm, config, logger, now }: IngestServiceOptions) {
  const sqlite = config.database.kind === 'sqlite';
  // MikroORM keeps SQLite datetimes as epoch milliseconds.
  const timeValue = (date: Date) => (sqlite ? date.getTime() : date);
  const prunedAt = new Map<string, number>();

  /** Clears the company's message ids older than the retention, in the background, at most hourly. */
  function prune(companyId: string): void {
    const time = now().getTime();
    if (time - (prunedAt.get(companyId) ?? 0) < PRUNE_EVERY_MS) return;
    prunedAt.set(companyId, time);
    const knex = (orm.em as SqlEntityManager).getKnex();
    knex('ingest_messages')
      .where('company_id', companyId)
      .andWhere('created_at', '<', timeValue(new Date(time - MESSAGE_RETENTION_MS)))
      .delete()
      .catch((failure: unknown) => logger.warn({ err: failure }, 'Could not clear old ingestion message ids'));
  }

  /** The ids of `messageIds` this transaction recorded first; the others were stored before. */
  async function recordMessageIds(trx: Knex.Transaction, source: DataSource, messageIds: readonly string[]): Promise<Set<string>> {
    const created = timeValue(now());
    const rows = messageIds.map((messageId) => [randomUUID(), source.companyId, source.id, messageId, created]);
    const statement =
      `insert into ingest_messages (id, company_id, source_id, message_id, created_at) values ${rows.map(() => '(?, ?, ?, ?, ?)').join(', ')} ` +
      'on conflict (source_id, message_id) do nothing returning message_id';
    const result = (await trx.raw(statement, rows.flat())) as Array<{ message_id: string }> | { rows: Array<{ message_id: string }> };
    return new Set((Array.isArray(result) ? result : result.rows).map((row) => row.message_id));
  }

  return {
    /**
     * The pushed source `id` if the credentials are its own. An unknown source, another kind of
     * source and a wrong secret get the same 401, so the answer tells nothing about which ids exist;
     * good credentials of a company that is not active get 403 company_inactive.
     */
    async authenticate(id: string, credentials: IngestCredentials, body: Buffer): Promise<DataSource> {
      if (!credentials.secret && credentials.signature) {
        const problem = timestampProblem(credentials.signature.timestamp, now().getTime());
        if (problem) throw apiError('authentication_required', { error: 'Signature refused', message: problem });
      }
      if (!credentials.secret && !credentials.signature) throw apiError('authentication_required', REFUSAL);
      const source = await orm.em.fork().findOne(DataSource, { id });
      const secret = source && isPushedSource(source) ? storedIngestSecret(source, config.credentialsKey) : null;
      const valid =
        secret !== null && (credentials.secret ? sameSecret(credentials.secret, secret) : signatureMatches(secret, credentials.signature!, body));
      if (!valid || !source) throw apiError('authentication_required', REFUSAL);
      // As for the prediction API's keys: a company that is not active takes in no data, and the
      // sender learns why (its credentials are good, so this tells it nothing new).
      const company = await orm.em.fork().findOne(Company, { id: source.companyId }, { fields: ['id', 'status'] });
      if (!company || company.status !== 'active') throw apiError('company_inactive');
      return source;
    },

    /** Stores a delivery's valid records once each; a record whose message id was stored before is a duplicate. */
    async ingest(source: DataSource, body: unknown, webhookId: string | null): Promise<IngestResult> {
      const segment = source.catalogueId === 'segment';
      const items = itemsOf(body);
      const delivery = prepareDelivery(segment ? withBatchContext(body, items) : items, {
        kind: source.recordKind,
        mapping: source.mapping,
        fields: source.fields,
        keyField: source.keyField,
        segment,
        webhookId,
      });
      let duplicates = 0;
      const seen = new Set<string>();
      const unique = delivery.records.filter((record) => {
        if (record.messageId === null) return true;
        if (seen.has(record.messageId)) {
          duplicates++;
          return false;
        }
        seen.add(record.messageId);
        return true;
      });
      prune(source.companyId);
      if (!unique.length) return { accepted: 0, duplicates, rejected: delivery.rejected };

      return orm.em.fork().transactional(async (tx) => {
        let toStore: PreparedRecord[] = unique;
        if (seen.size) {
          const fresh = await recordMessageIds((tx as SqlEntityManager).getTransactionContext<Knex.Transaction>()!, source, [...seen]);
          toStore = unique.filter((record) => record.messageId === null || fresh.has(record.messageId));
          duplicates += unique.length - toStore.length;
        }
        if (!toStore.length) return { accepted: 0, duplicates, rejected: delivery.rejected };
        const additions = Object.entries(delivery.mappingAdditions);
        if (additions.length) {
          // storeSourceRecordsIn reads the same row from this identity map, so it unifies with these.
          const current = await tx.findOneOrFail(DataSource, source.id);
          const taken = new Set(Object.values(current.mapping));
          const fitting = additions.filter(([field, target]) => !(field in current.mapping) && !taken.has(target));
          if (fitting.length) current.mapping = { ...current.mapping, ...Object.fromEntries(fitting) };
        }
        const stored = await storeSourceRecordsIn(
          tx,
          source.id,
          toStore.map((record) => record.record),
          { batchId: randomUUID(), sourceType: 'webhook', origin: `POST /api/ingest/${source.id}` },
        );
        const rejected = [...delivery.rejected, ...stored.rejected.map((refusal) => ({ index: toStore[refusal.index]!.index, error: refusal.error }))];
        rejected.sort((a, b) => a.index - b.index);
        return { accepted: stored.added + stored.updated, duplicates, rejected };
      });
    },

    /** Makes (or replaces) the source's secret; the answer is the only time it is shown. */
    async rotateSecret(source: DataSource): Promise<IngestEndpoint> {
      if (!isPushedSource(source)) {
        throw apiError('validation_failed', { error: 'No ingestion URL', message: `${source.name} does not receive pushed records, so it has no ingestion secret.` });
      }
      const secret = newIngestSecret();
      source.ingestSecret = encryptSecret(secret, config.credentialsKey);
      await orm.em.flush();
      return { ...ingestEndpointOf(source, config)!, secret };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
