/**
 * The sync worker: claims queued runs (queue.ts), runs each through its source's connector
 * (runSync.ts), and queues the runs of sources whose schedule is due (schedule.ts), as two
 * repeating jobs started and stopped together. The web process runs one (SYNC_WORKER), and
 * `npm run worker` runs more beside it (bff/worker.ts). Besides polling, a worker wakes when Sync
 * Now queues a run in its own process (nudge.ts). The runs it holds are kept in inFlight.ts.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Config } from '../../../config';
import type { Orm } from '../../../types';
import { connectorFor, type Connector, type ConnectorFetchOptions } from '../../connectors';
import { jobGroup, repeatingJob } from '../../../platform/jobs';
import { companyShare, fillFreeSlots, runAllDue, stopInFlight, type InFlightRuns } from './inFlight';
import { onSyncQueued } from './nudge';
import { PAGE_PART_GAP_MS, PAGE_PART_RECORDS } from './pageParts';
import { createSyncQueue, type SyncQueue, type SyncQueueOptions } from './queue';
import type { SyncRunDependencies } from './runSync';
import { scheduleDue as scheduleDueSources } from './schedule';

export const HEARTBEAT_MS = 10_000;
/** Runs one process works on at once (SYNC_CONCURRENCY): one company holds two, and the third is left to the rest. */
export const SYNC_CONCURRENCY = 3;

export interface SyncWorkerDependencies {
  /** The database whose Sync Now wakes this worker in this process (nudge.ts). */
  orm: Orm;
  /** A new EntityManager of the worker's own (the runtime's fork): one per run, claim pass and scheduler pass. */
  fork: () => EntityManager;
  config: Pick<Config, 'database' | 'credentialsKey' | 'connectorAllowPrivate' | 'sync'>;
  logger: Logger;
  clock?: () => Date;
  workerId?: string;
  queue?: Omit<SyncQueueOptions, 'config' | 'clock'>;
  /** Replaces parts of the connectors' fetch (tests: DNS, retry waits, size limit). */
  fetch?: Partial<Omit<ConnectorFetchOptions, 'allowPrivate' | 'signal'>>;
  heartbeatMs?: number;
  /** Runs one process works on at once. */
  concurrency?: number;
  /** Of those, the most one company may hold (default: all but one, at least one). */
  companyConcurrency?: number;
  /** How a large batch is stored (default: in parts on SQLite, whole on PostgreSQL; pageParts.ts). */
  pageParts?: SyncRunDependencies['pageParts'];
  connectors?: (catalogueId: string) => Connector | undefined;
}

export function createSyncWorker({
  orm,
  fork,
  config,
  logger,
  clock = () => new Date(),
  workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  queue: queueOptions,
  fetch: fetchOptions,
  heartbeatMs = HEARTBEAT_MS,
  concurrency = SYNC_CONCURRENCY,
  companyConcurrency = companyShare(concurrency),
  pageParts = config.database.kind === 'sqlite' ? { records: PAGE_PART_RECORDS, gapMs: PAGE_PART_GAP_MS } : undefined,
  connectors = connectorFor,
}: SyncWorkerDependencies) {
  const queue: SyncQueue = createSyncQueue({ config, clock, ...queueOptions });
  const inFlight: InFlightRuns = new Map();
  let stopping = false;
  let stopListening: (() => void) | null = null;
  const runDependencies: SyncRunDependencies = { fork, config, logger, queue, workerId, fetchOptions, heartbeatMs, connectors, pageParts, stopping: () => stopping };
  const scheduleDue = () => scheduleDueSources({ fork, clock, queue, connectors });
  const runDue = () => runAllDue(runDependencies, inFlight);
  const poll = () => fillFreeSlots(runDependencies, inFlight, { concurrency, perCompany: Math.min(companyConcurrency, concurrency) });

  // Runs left queued by an earlier start begin at once.
  const claimLoop = repeatingJob({ name: 'Sync poll', everyMs: config.sync.pollMs, run: poll, logger, runOnStart: true });
  // A slot freed by a run's end is filled at once, not at the next poll.
  runDependencies.runEnded = () => claimLoop.wake();
  const scheduler = repeatingJob({ name: 'Sync scheduler', everyMs: config.sync.scheduleMs, run: scheduleDue, logger, runOnStart: true });
  // The runs in flight are stopped and given back to the queue: they resume from their cursor.
  const jobs = jobGroup('Sync worker', [claimLoop, scheduler], () => stopInFlight(inFlight));

  return {
    workerId,
    queue,
    runDue,
    scheduleDue,
    poll,
    name: jobs.name,

    start(): void {
      stopping = false;
      // Sync Now in this process starts its run at once rather than at the next poll.
      stopListening ??= onSyncQueued(orm, () => claimLoop.wake());
      jobs.start();
    },

    /** Stops claiming, stops the runs in flight and gives them back to the queue (they resume from their cursor). */
    async stop(): Promise<void> {
      stopping = true;
      stopListening?.();
      stopListening = null;
      await jobs.stop();
    },
  };
}

export type SyncWorker = ReturnType<typeof createSyncWorker>;
