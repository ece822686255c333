/**
 * The sync worker: claims queued runs (queue.ts), runs each through its source's connector, and
 * queues the runs of sources whose schedule is due. Each batch a connector yields is stored in its
 * own transaction, then the run's counts and cursor are saved with it: a run that stops halfway
 * keeps what it stored and resumes after it. The web process runs one (SYNC_WORKER), and
 * `npm run worker` runs more beside it (bff/worker.ts). Besides polling, a worker wakes when Sync
 * Now queues a run in its own process (nudge.ts).
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { CONNECTOR_MESSAGES, SYNC_SCHEDULE_MS, type SyncSchedule } from '@domain/data/connectors';
import type { Config } from '../../../config';
import type { Orm } from '../../../types';
import { DataSource, type SyncRun } from '../../../entities';
import { createConnectorFetch, type ConnectorFetchOptions } from '../connectors/http';
import { connectorFor } from '../connectors/registry';
import { settingsOf } from '../connectors/settings';
import { storeSourceRecords } from '../records/storeRecords';
import { ConnectorError, type Connector, type ConnectorContext } from '../connectors/types';
import { onSyncQueued } from './nudge';
import { createSyncQueue, type RunProgress, type SyncQueue, type SyncQueueOptions } from './queue';
import { readSecrets } from './secrets';

export const HEARTBEAT_MS = 10_000;
const DEFAULT_CONCURRENCY = 2;
const SCHEDULE_BATCH = 100;

export interface SyncWorkerDependencies {
  orm: Orm;
  config: Pick<Config, 'database' | 'credentialsKey' | 'connectorAllowPrivate' | 'sync'>;
  logger: Logger;
  clock?: () => Date;
  workerId?: string;
  queue?: Omit<SyncQueueOptions, 'orm' | 'config' | 'clock'>;
  /** Replaces parts of the connectors' fetch (tests: DNS, retry waits, size limit). */
  fetch?: Partial<Omit<ConnectorFetchOptions, 'allowPrivate' | 'signal'>>;
  heartbeatMs?: number;
  /** Runs one process works on at once. */
  concurrency?: number;
  connectors?: (catalogueId: string) => Connector | undefined;
}

export function createSyncWorker({
  orm,
  config,
  logger,
  clock = () => new Date(),
  workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  queue: queueOptions,
  fetch: fetchOptions,
  heartbeatMs = HEARTBEAT_MS,
  concurrency = DEFAULT_CONCURRENCY,
  connectors = connectorFor,
}: SyncWorkerDependencies) {
  const queue: SyncQueue = createSyncQueue({ orm, config, clock, ...queueOptions });
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopping = false;
  let pollTimer: NodeJS.Timeout | null = null;
  let scheduleTimer: NodeJS.Timeout | null = null;
  let polling: Promise<unknown> | null = null;
  let scheduling: Promise<unknown> | null = null;
  /** A wake-up came while a poll was under way (it may have looked before the run was queued). */
  let pollAgain = false;
  let stopListening: (() => void) | null = null;

  /** Runs a claimed run to its end: succeeded, failed, queued for a retry, or given back. */
  async function run(claimed: SyncRun, controller: AbortController): Promise<void> {
    const log = logger.child({ runId: claimed.id, sourceId: claimed.sourceId, workerId });
    const source = await orm.em.fork().findOne(DataSource, { id: claimed.sourceId });
    const progress: RunProgress = {
      added: claimed.added,
      updated: claimed.updated,
      failed: claimed.failed,
      processed: claimed.processed,
      // A resumed run continues where it stored its last batch; a new one where the last success ended.
      cursor: claimed.cursor ?? source?.syncCursor ?? null,
      firstError: null,
    };
    // Deleted meanwhile: its runs were deleted with it.
    if (!source) return;
    const connector = connectors(source.catalogueId);
    if (!connector) {
      await queue.fail(claimed, workerId, progress, { message: CONNECTOR_MESSAGES.noConnector, retryable: false });
      return;
    }
    let secrets: Record<string, string>;
    try {
      secrets = readSecrets(source.credentials, config.credentialsKey);
    } catch {
      log.error('Stored credentials cannot be decrypted (was CREDENTIALS_KEY changed?)');
      await queue.fail(claimed, workerId, progress, { message: 'The stored credentials cannot be read: enter them again in the source settings.', retryable: false });
      return;
    }

    let lost = false;
    const heartbeat = setInterval(() => {
      void queue.renew(claimed.id, workerId).then(
        (renewed) => {
          if (!renewed && !lost) {
            lost = true;
            controller.abort();
          }
        },
        (failure: unknown) => log.warn({ err: failure }, 'Sync lease renewal failed'),
      );
    }, heartbeatMs);
    const context: ConnectorContext = {
      settings: settingsOf(source),
      secrets,
      cursor: progress.cursor,
      fetch: createConnectorFetch({ ...fetchOptions, allowPrivate: config.connectorAllowPrivate, signal: controller.signal }),
      signal: controller.signal,
      logger: log,
      allowPrivate: config.connectorAllowPrivate,
    };
    log.info({ catalogueId: source.catalogueId, attempt: claimed.attempt, resumed: claimed.cursor !== null }, 'Sync run started');
    try {
      for await (const batch of connector.pull(context)) {
        if (controller.signal.aborted) break;
        const stored = await storeSourceRecords(orm.em, source.id, batch.records, { batchId: claimed.id, sourceType: 'connector', origin: `${source.name} sync` });
        const rejection = stored.rejected[0];
        if (rejection && !progress.firstError) progress.firstError = `Record ${progress.processed + rejection.index + 1}: ${rejection.error}`;
        progress.added += stored.added;
        progress.updated += stored.updated;
        progress.failed += stored.rejected.length;
        progress.processed += batch.records.length;
        if (batch.cursor !== undefined) progress.cursor = batch.cursor;
        if (!(await queue.saveProgress(claimed.id, workerId, progress))) {
          lost = true;
          break;
        }
      }
      if (lost) log.warn('Sync run lease lost: another worker resumes it');
      else if (stopping && controller.signal.aborted) await queue.release(claimed.id, workerId, progress);
      else if (await queue.succeed(claimed, workerId, progress)) log.info({ added: progress.added, updated: progress.updated, failed: progress.failed }, 'Sync run succeeded');
    } catch (failure) {
      if (lost) {
        log.warn('Sync run lease lost: another worker resumes it');
      } else if (stopping && controller.signal.aborted) {
        await queue.release(claimed.id, workerId, progress);
      } else {
        const error =
          failure instanceof ConnectorError
            ? { message: failure.message, retryable: failure.retryable }
            : { message: `The sync failed unexpectedly: ${(failure as Error)?.message ?? String(failure)}`.slice(0, 300), retryable: true };
        if (!(failure instanceof ConnectorError)) log.error({ err: failure }, 'Sync run failed unexpectedly');
        const outcome = await queue.fail(claimed, workerId, progress, error);
        log.warn({ error: error.message, retryable: error.retryable, outcome }, 'Sync run failed');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Claims one due run and starts it; its end (wrapped: an async function would flatten a promise), or null when none was due. */
  async function startNext(): Promise<{ done: Promise<void> } | null> {
    const claimed = await queue.claim(workerId);
    if (!claimed) return null;
    const controller = new AbortController();
    const done = run(claimed, controller)
      .catch((failure: unknown) => logger.error({ err: failure, runId: claimed.id }, 'Sync run could not be recorded'))
      .finally(() => inFlight.delete(claimed.id));
    inFlight.set(claimed.id, { controller, done });
    return { done };
  }

  /** Reclaims expired leases, then runs due runs until none is left (tests; the loop uses poll). */
  async function runDue(): Promise<number> {
    await queue.reclaimExpired();
    let count = 0;
    for (;;) {
      const started = await startNext();
      if (!started) return count;
      await started.done;
      count += 1;
    }
  }

  /** One pass of the claim loop: fills this process's free slots with due runs. */
  async function poll(): Promise<void> {
    await queue.reclaimExpired();
    while (!stopping && inFlight.size < concurrency) {
      if (!(await startNext())) return;
    }
  }

  /** Queues a run for each source whose schedule is due, and moves its next time on. */
  async function scheduleDue(): Promise<number> {
    const now = clock();
    const em = orm.em.fork();
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
      if (won !== 1 || !connectors(source.catalogueId)) continue;
      const { created } = await queue.enqueue(source, 'schedule');
      if (created) queued += 1;
    }
    return queued;
  }

  const guard = (what: string) => (failure: unknown) => logger.error({ err: failure }, `Sync ${what} failed`);

  return {
    workerId,
    queue,
    runDue,
    scheduleDue,
    poll,

    start(): void {
      if (pollTimer) return;
      stopping = false;
      const tickPoll = () => {
        if (polling) {
          pollAgain = true;
          return;
        }
        pollAgain = false;
        polling = poll()
          .catch(guard('poll'))
          .finally(() => {
            polling = null;
            if (pollAgain && !stopping) tickPoll();
          });
      };
      const tickSchedule = () => {
        if (scheduling) return;
        scheduling = scheduleDue()
          .catch(guard('scheduler'))
          .finally(() => (scheduling = null));
      };
      pollTimer = setInterval(tickPoll, config.sync.pollMs);
      scheduleTimer = setInterval(tickSchedule, config.sync.scheduleMs);
      // Sync Now in this process starts its run at once rather than at the next poll.
      stopListening = onSyncQueued(orm, tickPoll);
      // Runs left queued by an earlier start begin at once.
      tickSchedule();
      tickPoll();
    },

    /** Stops claiming, stops the runs in flight and gives them back to the queue (they resume from their cursor). */
    async stop(): Promise<void> {
      stopping = true;
      stopListening?.();
      stopListening = null;
      if (pollTimer) clearInterval(pollTimer);
      if (scheduleTimer) clearInterval(scheduleTimer);
      pollTimer = scheduleTimer = null;
      await Promise.allSettled([polling, scheduling]);
      for (const { controller } of inFlight.values()) controller.abort();
      await Promise.allSettled([...inFlight.values()].map((each) => each.done));
    },
  };
}

export type SyncWorker = ReturnType<typeof createSyncWorker>;
