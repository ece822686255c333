/**
 * Queueing a sync run (Sync Now or the scheduler): one queued or running run per source, the
 * partial unique index settling a race between two callers.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { SyncRunTrigger } from '@domain/data/connectors';
import { DataSource, SyncRun } from '../../../entities';
import { activeRun } from './runHistory';

/**
 * Queues a run of `source` unless one is already queued or running (then `created` is false and
 * `run` is that one). The unique index settles a race between two callers. Works in forks of `em`.
 */
export async function enqueueRun(
  em: EntityManager,
  clock: () => Date,
  source: Pick<DataSource, 'id' | 'companyId'>,
  trigger: SyncRunTrigger,
): Promise<{ run: SyncRun; created: boolean }> {
  const existing = await activeRun(em, source.id);
  if (existing) return { run: existing, created: false };
  const now = clock();
  let run: SyncRun;
  try {
    run = await em.fork().transactional(async (tx) => {
      const queued = tx.create(SyncRun, {
        companyId: source.companyId,
        sourceId: source.id,
        status: 'queued',
        trigger,
        attempt: 1,
        runAfter: now,
        added: 0,
        updated: 0,
        failed: 0,
        processed: 0,
      });
      await tx.flush();
      await tx.nativeUpdate(DataSource, { id: source.id }, { status: 'syncing' });
      return queued;
    });
  } catch (failure) {
    if (!(failure instanceof UniqueConstraintViolationException)) throw failure;
    const winner = await activeRun(em, source.id);
    if (winner) return { run: winner, created: false };
    throw failure;
  }
  return { run, created: true };
}
