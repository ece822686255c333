/**
 * SQLite's checkpoints, off the event loop. With write-ahead logging, a commit that leaves the log
 * over 1,000 pages copies the log into the database file there and then, in the connection that
 * committed: 5-13 ms in which a web process answers nothing, a few times a minute under the
 * prediction API's load (its call log commits every few tens of milliseconds).
 *
 * While this job runs, the process's connection does not checkpoint (`wal_autocheckpoint = 0`)
 * and a thread with a connection of its own does, every second (walCheckpointWorker.ts), without
 * waiting for or holding up anyone; past 10,000 pages, it starts the log again. It stays bounded
 * whatever happens to the thread: the connection stops checkpointing only once the thread is
 * ready, and checkpoints again as before once it ends, stopped or failed.
 *
 * Every process that serves requests runs it (a web process, the cluster's supervisor, which
 * answers its web processes' counts); each has its own thread, since each turns off its own
 * connection's checkpoints. Nothing to do on PostgreSQL or an in-memory database.
 */
import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../config';
import type { Orm } from '../types';
import type { Job } from './jobs';
import { startWorkerThread } from './workerThreads';

/** SQLite's default: the connection checkpoints once a commit leaves the log over this many pages. */
const AUTOCHECKPOINT_PAGES = 1_000;
/** How often the thread checkpoints: the log grows by a second's commits at most between two. */
const CHECKPOINT_EVERY_MS = 1_000;
/** The log's length past which the thread starts it again (about 40 MB of 4 KB pages). */
const LOG_LIMIT_PAGES = 10_000;

/** What the thread is given. */
export interface CheckpointWorkerData {
  file: string;
  everyMs: number;
  logLimitPages: number;
}

/** What the thread reports: ready once its connection is open, then each checkpoint's outcome. */
export type CheckpointReport =
  | { kind: 'ready' }
  | { kind: 'checkpoint'; startedAt: number; busy: boolean; logFrames: number; checkpointedFrames: number; restarted: boolean };

export interface WalCheckpointOptions {
  orm: Orm;
  database: DatabaseConfig;
  logger: Pick<Logger, 'error' | 'warn'>;
  everyMs?: number;
  logLimitPages?: number;
  /** Each checkpoint's outcome (tests wait for one). */
  onCheckpoint?: (report: Extract<CheckpointReport, { kind: 'checkpoint' }>) => void;
  /** Called once the connection has left its checkpoints to the thread (0) or taken them back (1,000). */
  onAutocheckpoint?: (pages: number) => void;
  /** Starts the thread; tests replace it. */
  startThread?: (data: CheckpointWorkerData) => Worker;
}

/** Starts the checkpoint thread (walCheckpointWorker.ts). */
export function startCheckpointThread(workerData: CheckpointWorkerData): Worker {
  return startWorkerThread('walCheckpointWorker', import.meta.url, { workerData });
}

export function walCheckpoints({ orm, database, logger, everyMs = CHECKPOINT_EVERY_MS, logLimitPages = LOG_LIMIT_PAGES, onCheckpoint, onAutocheckpoint, startThread = startCheckpointThread }: WalCheckpointOptions): Job {
  const name = 'SQLite checkpoints';
  const file = database.kind === 'sqlite' && database.file !== ':memory:' ? database.file : null;
  let thread: Worker | null = null;
  /** Set while the process's connection leaves checkpoints to the thread. */
  let handedOver: Promise<unknown> | null = null;

  const setAutocheckpoint = async (pages: number): Promise<void> => {
    await orm.config.getDriver().getConnection().execute(`pragma wal_autocheckpoint = ${pages}`);
    onAutocheckpoint?.(pages);
  };

  /** The connection checkpoints again, after the hand-over if it was under way. */
  const takeBack = async (): Promise<void> => {
    if (!handedOver) return;
    const pending = handedOver;
    handedOver = null;
    await pending.catch(() => undefined);
    // A closed database has nothing left to keep bounded.
    if (await orm.isConnected()) await setAutocheckpoint(AUTOCHECKPOINT_PAGES);
  };

  return {
    name,
    start() {
      if (!file || thread) return;
      const started = startThread({ file, everyMs, logLimitPages });
      thread = started;
      // The thread never keeps a process alive: stop() ends it, and so does the process's end.
      started.unref();
      started.on('message', (report: CheckpointReport) => {
        if (report.kind === 'ready') {
          if (thread === started) handedOver = setAutocheckpoint(0).catch((failure: unknown) => logger.error({ err: failure }, `${name}: the connection could not leave them to the thread`));
        } else onCheckpoint?.(report);
      });
      started.on('error', (failure) => logger.error({ err: failure }, `${name}: the thread failed; the connection checkpoints as before`));
      started.on('exit', (code) => {
        if (thread !== started) return;
        thread = null;
        logger.warn({ code }, `${name}: the thread ended; the connection checkpoints as before`);
        void takeBack().catch((failure: unknown) => logger.error({ err: failure }, `${name}: the connection could not take them back`));
      });
    },
    async stop() {
      const stopping = thread;
      thread = null;
      if (stopping) await stopping.terminate();
      await takeBack();
    },
  };
}
