/**
 * The scheduler's pass: queues a run for each source whose hourly or daily schedule is due, and
 * moves its next time on. Only the process that moves a source's time on queues its run, so any
 * number of workers may run the scheduler.
 */
import type { EntityManager } from '@mikro-orm/core';
import { SYNC_SCHEDULE_MS, type SyncSchedule } from '@domain/data/connectors';
import { DataSource } from '../../../entities';
import type { Connector } from '../../connectors';
import { connectorOfSource } from '../custom/resolve';
import type { SyncQueue } from './queue';

const SCHEDULE_BATCH = 100;

export interface ScheduleDependencies {
  /** A new EntityManager of the scheduler's own (the runtime's fork): one per pass. */
  fork: () => EntityManager;
  clock: () => Date;
  queue: SyncQueue;
  connectors: (catalogueId: string) => Connector | undefined;
}

/** Queues a run for each source whose schedule is due, and moves its next time on. */
export async function scheduleDue({ fork, clock, queue, connectors }: ScheduleDependencies): Promise<number> {
  const now = clock();
  const em = fork();
  const due = await em.find(
    DataSource,
    { schedule: { $in: ['hourly', 'daily'] }, nextSyncAt: { $lte: now } },
    { orderBy: { nextSyncAt: 'asc', id: 'asc' }, limit: SCHEDULE_BATCH },
  );
  let queued = 0;
  for (const source of due) {
    const interval = SYNC_SCHEDULE_MS[source.schedule as Exclude<SyncSchedule, 'off'>];
    if (!interval) continue;
    const next = new Date(now.getTime() + interval);
    // Only the process that moves nextSyncAt on queues the run.
    const won = await em.nativeUpdate(DataSource, { id: source.id, nextSyncAt: source.nextSyncAt }, { nextSyncAt: next });
    if (won !== 1 || !(await connectorOfSource(em, source, connectors))) continue;
    const { created } = await queue.enqueue(em, source, 'schedule');
    if (created) queued += 1;
  }
  return queued;
}
