/**
 * The message ids of stored deliveries (ingest_messages): recorded with ON CONFLICT DO NOTHING in
 * the delivery's own transaction, so the unique index on (source_id, message_id) decides which
 * replica stores a message delivered twice at once, and cleared once older than the retention.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { Logger } from 'pino';
import type { DataSource } from '../../../entities';

/** Message ids are kept this long: a redelivery later than that is stored again. */
export const MESSAGE_RETENTION_MS = 7 * 86_400_000;
/** Each company's old message ids are cleared at most this often per process. */
const PRUNE_EVERY_MS = 3_600_000;

/** What the message ids are kept with: the database's time values, the clock, and when each company's were last cleared. */
export interface MessageLog {
  /** A date as the database keeps it (MikroORM keeps SQLite datetimes as epoch milliseconds). */
  timeValue: (date: Date) => Date | number;
  now: () => Date;
  logger: Logger;
  prunedAt: Map<string, number>;
}

/**
 * Clears the company's message ids older than the retention, in the background, at most hourly:
 * through the knex of `em`'s connection (its pool, not a transaction), which outlives the request.
 */
export function pruneMessageIds(log: MessageLog, em: SqlEntityManager, companyId: string): void {
  const time = log.now().getTime();
  if (time - (log.prunedAt.get(companyId) ?? 0) < PRUNE_EVERY_MS) return;
  log.prunedAt.set(companyId, time);
  const knex = em.getKnex();
  knex('ingest_messages')
    .where('company_id', companyId)
    .andWhere('created_at', '<', log.timeValue(new Date(time - MESSAGE_RETENTION_MS)))
    .delete()
    .catch((failure: unknown) => log.logger.warn({ err: failure }, 'Could not clear old ingestion message ids'));
}

/** The ids of `messageIds` this transaction recorded first; the others were stored before. */
export async function recordMessageIds(log: MessageLog, trx: Knex.Transaction, source: DataSource, messageIds: readonly string[]): Promise<Set<string>> {
  const created = log.timeValue(log.now());
  const rows = messageIds.map((messageId) => [randomUUID(), source.companyId, source.id, messageId, created]);
  const statement =
    `insert into ingest_messages (id, company_id, source_id, message_id, created_at) values ${rows.map(() => '(?, ?, ?, ?, ?)').join(', ')} ` +
    'on conflict (source_id, message_id) do nothing returning message_id';
  const result = (await trx.raw(statement, rows.flat())) as Array<{ message_id: string }> | { rows: Array<{ message_id: string }> };
  return new Set((Array.isArray(result) ? result : result.rows).map((row) => row.message_id));
}
