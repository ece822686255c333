/**
 * One sync run, from its claim to its end: the source's connector pulls batches, each stored in one
 * transaction with the run's counts, cursor and checkpoint (where the read continues), so a run
 * that stops halfway, even killed, keeps what it stored and a run taken over continues after its
 * last stored page, counting each record once. On SQLite a large batch is stored in parts, each its
 * own short transaction (pageParts.ts), so the web server's writes never wait long behind it. A
 * heartbeat renews the lease; a lost lease aborts. Each run works in an EntityManager of its own,
 * the worker's fork, never a request's.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import type { Config } from '../../../config';
import { DataSource, type SyncRun } from '../../../entities';
import { ConnectorError, createConnectorFetch, settingsOf, type Connector, type ConnectorContext, type ConnectorFetchOptions } from '../../connectors';
import { connectorOfSource } from '../custom/resolve';
import { storeSourceRecordsIn } from '../records/storeRecords';
import type { RunProgress, SyncQueue } from './queue';
import { betweenParts, pageParts, partCheckpoint, readCheckpoint } from './pageParts';
import { readSecrets } from './secrets';

export interface SyncRunDependencies {
  /** A new EntityManager of the worker's own (the runtime's fork): one per run and per claim pass. */
  fork: () => EntityManager;
  config: Pick<Config, 'credentialsKey' | 'connectorAllowPrivate'>;
  logger: Logger;
  queue: SyncQueue;
  workerId: string;
  fetchOptions?: Partial<Omit<ConnectorFetchOptions, 'allowPrivate' | 'signal'>>;
  heartbeatMs: number;
  connectors: (catalogueId: string) => Connector | undefined;
  /** Whether the worker is stopping: an aborted run then goes back to the queue rather than failing. */
  stopping: () => boolean;
  /** Told when a run of this worker has ended, whichever way: its slot is free. */
  runEnded?: () => void;
  /** Records stored per transaction, and the pause between two of one batch (SQLite: pageParts.ts); without, a batch is one transaction. */
  pageParts?: { records: number; gapMs: number };
}

interface PreparedRun {
  source: DataSource;
  connector: Connector;
  secrets: Record<string, string>;
  progress: RunProgress;
}

/** What a run needs before it pulls, or null when the run already ended (source deleted, no connector, unreadable credentials). */
async function prepare(em: EntityManager, deps: SyncRunDependencies, claimed: SyncRun, log: Logger): Promise<PreparedRun | null> {
  const { config, queue, workerId, connectors } = deps;
  const source = await em.findOne(DataSource, { id: claimed.sourceId });
  const progress: RunProgress = {
    added: claimed.added,
    updated: claimed.updated,
    failed: claimed.failed,
    processed: claimed.processed,
    // A resumed run continues where it stored its last batch; a new one where the last success ended.
    cursor: claimed.cursor ?? source?.syncCursor ?? null,
    checkpoint: claimed.checkpoint ?? null,
    firstError: null,
  };
  // Deleted meanwhile: its runs were deleted with it.
  if (!source) return null;
  // A custom connector is read with the source's own company: never another company's definition.
  const connector = await connectorOfSource(em, source, connectors);
  if (!connector) {
    await queue.fail(em, claimed, workerId, progress, { message: CONNECTOR_MESSAGES.noConnector, retryable: false });
    return null;
  }
  try {
    return { source, connector, secrets: readSecrets(source.credentials, config.credentialsKey), progress };
  } catch {
    log.error('Stored credentials cannot be decrypted (was CREDENTIALS_KEY changed?)');
    await queue.fail(em, claimed, workerId, progress, { message: 'The stored credentials cannot be read: enter them again in the source settings.', retryable: false });
    return null;
  }
}

/** Runs a claimed run to its end: succeeded, failed, queued for a retry, or given back. */
export async function runSync(deps: SyncRunDependencies, claimed: SyncRun, controller: AbortController): Promise<void> {
  const { config, logger, queue, workerId, fetchOptions, heartbeatMs, stopping } = deps;
  const log = logger.child({ runId: claimed.id, sourceId: claimed.sourceId, workerId });
  const em = deps.fork();
  const prepared = await prepare(em, deps, claimed, log);
  if (!prepared) return;
  const { source, connector, secrets, progress } = prepared;

  let lost = false;
  const heartbeat = setInterval(() => {
    void queue.renew(em, claimed.id, workerId).then(
      (renewed) => {
        if (!renewed && !lost) {
          lost = true;
          controller.abort();
        }
      },
      (failure: unknown) => log.warn({ err: failure }, 'Sync lease renewal failed'),
    );
  }, heartbeatMs);
  // A run taken over mid-batch reads that batch again and skips the records stored of it.
  const resumedAt = readCheckpoint(progress.checkpoint);
  const context: ConnectorContext = {
    settings: settingsOf(source),
    secrets,
    cursor: progress.cursor,
    checkpoint: resumedAt.checkpoint,
    fetch: createConnectorFetch({ ...fetchOptions, allowPrivate: config.connectorAllowPrivate, signal: controller.signal }),
    signal: controller.signal,
    logger: log,
    allowPrivate: config.connectorAllowPrivate,
    // The wait the fetch retries with also spaces requests to a vendor's quota (tests inject one that does not sleep).
    sleep: fetchOptions?.sleep,
  };
  log.info({ catalogueId: source.catalogueId, attempt: claimed.attempt, resumed: claimed.cursor !== null || claimed.checkpoint !== null }, 'Sync run started');
  const partSize = deps.pageParts?.records ?? Infinity;
  let skip = resumedAt.stored;
  try {
    batches: for await (const batch of connector.pull(context)) {
      if (controller.signal.aborted) break;
      // Where this batch was read from: a run stopped after some of its parts starts it again there.
      const readFrom = readCheckpoint(progress.checkpoint).checkpoint;
      let storedOfBatch = Math.min(skip, batch.records.length);
      const parts = pageParts(storedOfBatch ? batch.records.slice(storedOfBatch) : batch.records, partSize);
      skip = 0;
      for (const [index, records] of parts.entries()) {
        const last = index === parts.length - 1;
        storedOfBatch += records.length;
        // The part's records and the progress after them are committed together, or neither is;
        // the batch's cursor and checkpoint only with its last part.
        const committed = await queue.commitPage(em, claimed.id, workerId, async (tx) => {
          const stored = await storeSourceRecordsIn(tx, source.id, records, { batchId: claimed.id, sourceType: 'connector', origin: `${source.name} sync` });
          const rejection = stored.rejected[0];
          return {
            added: progress.added + stored.added,
            updated: progress.updated + stored.updated,
            failed: progress.failed + stored.rejected.length,
            processed: progress.processed + records.length,
            cursor: last && batch.cursor !== undefined ? batch.cursor : progress.cursor,
            checkpoint: !last ? partCheckpoint(readFrom, storedOfBatch) : batch.checkpoint !== undefined ? batch.checkpoint : readFrom,
            firstError: progress.firstError ?? (rejection ? `Record ${progress.processed + rejection.index + 1}: ${rejection.error}` : null),
          };
        });
        if (!committed) {
          lost = true;
          break batches;
        }
        Object.assign(progress, committed);
        if (last) break;
        await betweenParts(deps.pageParts?.gapMs ?? 0, controller.signal);
        if (controller.signal.aborted) break batches;
      }
    }
    if (lost) log.warn('Sync run lease lost: another worker resumes it');
    else if (stopping() && controller.signal.aborted) await queue.release(em, claimed.id, workerId, progress);
    else if (await queue.succeed(em, claimed, workerId, progress)) log.info({ added: progress.added, updated: progress.updated, failed: progress.failed }, 'Sync run succeeded');
  } catch (failure) {
    if (lost) {
      log.warn('Sync run lease lost: another worker resumes it');
    } else if (stopping() && controller.signal.aborted) {
      await queue.release(em, claimed.id, workerId, progress);
    } else {
      const error =
        failure instanceof ConnectorError
          ? { message: failure.message, retryable: failure.retryable }
          : { message: `The sync failed unexpectedly: ${(failure as Error)?.message ?? String(failure)}`.slice(0, 300), retryable: true };
      if (!(failure instanceof ConnectorError)) log.error({ err: failure }, 'Sync run failed unexpectedly');
      const outcome = await queue.fail(em, claimed, workerId, progress, error);
      log.warn({ error: error.message, retryable: error.retryable, outcome }, 'Sync run failed');
    }
  } finally {
    clearInterval(heartbeat);
  }
}
