/**
 * The claim of a database-backed job queue, written once for every queue table (sync runs,
 * webhook deliveries with their Write Back batches). A worker takes the due rows and marks them
 * leased to itself in the same step: on PostgreSQL with FOR UPDATE SKIP LOCKED inside a
 * transaction, so any number of processes share a table and never take the same row; on SQLite
 * (one writer) with an update conditioned on the row still being due, so even two loops of one
 * process cannot both take it. A worker that dies leaves a lease that expires, and the row is due
 * again: each queue's own `due` condition says when.
 */
import { LockMode, type EntityManager, type EntityName, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { DatabaseConfig } from '../config';

export interface ClaimOptions<Row extends { id: string }> {
  /** The rows that may be taken now (their lease, if any, has expired). */
  due: FilterQuery<Row>;
  orderBy: QueryOrderMap<Row>;
  limit: number;
  /** The columns that mark a row taken: its lease, its worker, a new status. */
  lease: (row: Row) => Partial<Row>;
}

/** Takes up to `limit` due rows and leases them, in a fork of `em`; the rows come back as leased. */
export async function claimDue<Row extends { id: string }>(db: EntityManager, kind: DatabaseConfig['kind'], entity: EntityName<Row>, options: ClaimOptions<Row>): Promise<Row[]> {
  const { due, orderBy, limit, lease } = options;
  if (kind === 'postgresql') {
    return db.fork().transactional(async (em) => {
      const rows = await em.find(entity, due, { orderBy, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
      for (const row of rows) em.assign(row, lease(row) as never);
      await em.flush();
      return rows;
    });
  }
  const em = db.fork();
  const candidates = await em.find(entity, due, { orderBy, limit });
  const taken: Row[] = [];
  for (const row of candidates) {
    const changes = lease(row);
    const updated = await em.nativeUpdate(entity, { $and: [{ id: row.id }, due] } as FilterQuery<Row>, changes as never);
    if (updated === 1) taken.push(Object.assign(row, changes));
  }
  return taken;
}

/** When a lease taken at `now` for `ms` ends. */
export const leaseEnd = (now: Date, ms: number): Date => new Date(now.getTime() + ms);
